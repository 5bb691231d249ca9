// Load + check: a site folder → everything the pages are built from, or every problem found.
import { readdirSync, realpathSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { pathKey } from '../urls/url-paths.js';
import type { SiteConfig } from '../config/schema.js';
import {
  type ListedPostFiles,
  loadContent,
  type Progress,
  type ReadFolder,
  type ReadShare,
} from '../content/load-content.js';
import type { ImageSize } from '../content/markdown/markdown.js';
import type { CoverImage, MarkdownDocument, Post, Reference } from '../content/post.js';
import type { Page } from '../content/page.js';
import { sitePath } from '../content/site-path.js';
import { isInside, readImageSize } from '../content/read-sources.js';
import { STATIC_DIR } from '../content/site-layout.js';
import { servedBesidePost } from '../site/routes.js';
import { hasErrors, sortDiagnostics, warning, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { CollisionCheck } from '../site/check-collisions.js';
import { checkFronts } from './front-checks.js';
import { codeGrammar } from './code-grammars.js';
import type { BodyCache } from './body-cache.js';
import type { ReadCache } from './read-cache.js';
import { checkReferences } from '../site/check-references.js';
import { BodyStore, type KnownFacts } from './body-store.js';
import type { BodyFacts } from './body-facts.js';
import type { PageAdditions } from '../content/page-additions.js';
import { readPageAdditions } from './page-additions.js';
import { basePathOf, withoutBase } from '../urls/base-path.js';
import { ImageStore } from './image-store.js';
import {
  responsiveImage,
  shownImageSizes,
  type ResponsiveImage,
} from '../content/responsive-image.js';

/** A site folder's validated config, posts and pages (drafts and scheduled posts included). */
export interface SiteContent {
  readonly config: SiteConfig;
  readonly posts: readonly Post[];
  /** The pages under content/pages, drafts included. */
  readonly pages: readonly Page[];
  /** What the bodies of posts and pages show, parsed when first asked for. */
  readonly bodies: BodyStore;
  /** The snippets and stylesheet the author adds to every page. */
  readonly additions: PageAdditions;
}

export interface LoadResult {
  /** Present only when there is no error; warnings may still be listed. */
  readonly content: SiteContent | undefined;
  readonly diagnostics: readonly Diagnostic[];
  /**
   * Checks the links and images of every body, or of the posts and pages `include` picks, now
   * (parsing bodies not parsed yet), for a caller that loaded with `checkBodies: false` and wants
   * the warnings later, once pages are written.
   */
  readonly checkBodies: (include?: (document: MarkdownDocument) => boolean) => Diagnostic[];
  /** What this load found, for the next load of the same folder to start from. */
  readonly reusable: ReusableLoad;
}

/** What one load hands the next load of the same folder, so that only changes cost anything. */
export interface ReusableLoad {
  readonly folder: ReadFolder;
  readonly collisions: CollisionCheck;
  readonly bodies: BodyStore;
  readonly images: ImageStore;
}

export interface LoadOptions {
  /** What the load before found: only what changed since is read and checked again. */
  readonly previous?: ReusableLoad | undefined;
  /** Paths a watcher saw change since the load that found `previous`. */
  readonly changed?: readonly string[] | undefined;
  /** Without `previous`, the post files an earlier load listed and what changed since. */
  readonly listed?: ListedPostFiles | undefined;
  readonly onProgress?: Progress | undefined;
  /**
   * Also check every post body's links and images (default true). Bodies are otherwise parsed
   * only when a page first needs them, which lets a server start on a large site at once.
   */
  readonly checkBodies?: boolean;
  /**
   * Keep each body in memory even when bodies are not checked up front, instead of reading it
   * again when a page needs it: under a watcher the file may already hold the next edit, and a
   * page would show the old title over the new body, or no body once the file is gone.
   */
  readonly keepBodies?: boolean;
  /**
   * The store of image variants pages name; by default the one of the load before, or a new one
   * on the site's cache folder.
   */
  readonly images?: ImageStore | undefined;
  /** Where rendered bodies are kept from one load to the next; none by default. */
  readonly bodyCache?: BodyCache | undefined;
  /**
   * What checks and listings read of bodies, kept by an earlier run: a body whose file's text and
   * settings are those it was kept for is not read for them. Only for a load that reads bodies
   * again when pages need them, which knows each file by its stamp.
   */
  readonly bodyFacts?: ReadonlyMap<string, BodyFacts> | undefined;
  /**
   * Where what reading each file gave is kept from one run to the next, when there is no
   * `previous`: files whose stamp is unchanged are not read again. Only for a load that reads
   * bodies again when pages need them (`checkBodies: false`, `keepBodies` not set), as a file not
   * read leaves no body to keep. The caller keeps what this load read (`ReadCache.write`, with
   * `reusable.folder`) when it sees fit.
   */
  readonly readCache?: ReadCache | undefined;
  /**
   * Loads of the same folder on other threads that split reading the post files with this one;
   * only for a load that reads bodies again when pages need them, as `readCache`.
   */
  readonly share?: ReadShare | undefined;
}

/** The files in the folder of a post written as `slug/index.md`, each folder listed once. */
function filesBesidePosts(): (post: MarkdownDocument) => ReadonlySet<string> {
  const listed = new Map<string, ReadonlySet<string>>();
  return (post) => {
    const folder = dirname(post.file);
    let files = listed.get(folder);
    if (!files) {
      files = new Set(listFolder(folder));
      listed.set(folder, files);
    }
    return files;
  };
}

function listFolder(folder: string): string[] {
  try {
    return readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(folder, join(entry.parentPath, entry.name)).split(sep).join('/'));
  } catch {
    return [];
  }
}

/**
 * Whether `file`, its links followed, lies in `folder`, as the export's copy of a post's folder
 * follows them; a file that is not there is taken to lie where its path says (nothing is read).
 */
function isInsideFolder(file: string, folder: string): boolean {
  let real: string;
  try {
    real = realpathSync(file);
  } catch {
    return true;
  }
  try {
    return isInside(realpathSync(folder), real);
  } catch {
    return false;
  }
}

/** How pages find a site's images: their files, their sizes, and their variants. */
interface SiteImages {
  /** The file of an image of the site by the path pages find it at, when the site has it. */
  readonly fileOf: (src: string) => string | undefined;
  readonly imageSize: (src: string) => ImageSize | undefined;
  readonly responsive: (src: string) => ResponsiveImage | undefined;
}

/**
 * The images of the site by the path pages find them at: a file under static/, whose size was
 * read as the site loaded, or a file beside a post written as `slug/index.md`, whose size is read
 * when first asked for. Variants are named for the files the store can resize.
 */
function siteImages(
  siteDir: string,
  staticSizes: ReadonlyMap<string, ImageSize>,
  staticPaths: ReadonlySet<string>,
  posts: readonly Post[],
  images: ImageStore,
  sizes: string,
): SiteImages {
  const folders = new Map(
    posts.filter((post) => post.ownFolder).map((post) => [pathKey(post.path) ?? post.path, post]),
  );
  const staticRoot = join(siteDir, STATIC_DIR);
  // A file beside a post is read only where the export copies it from: a link out of the post's
  // folder is left out of the export (the load warns), and what it leads to is never measured.
  const inOwnFolder = new Map<string, boolean>();
  const staysInside = (file: string, folder: string): boolean => {
    let inside = inOwnFolder.get(file);
    if (inside === undefined) {
      inside = isInsideFolder(file, folder);
      inOwnFolder.set(file, inside);
    }
    return inside;
  };
  const fileOf = (src: string): string | undefined => {
    if (!src.startsWith('/')) return undefined;
    const path = sitePath(src);
    if (staticPaths.has(path)) return join(staticRoot, ...path.split('/'));
    const key = pathKey(src.split(/[?#]/)[0] ?? src) ?? src;
    // The post whose folder holds it: the longest path of a post that starts the image's path.
    for (let end = key.lastIndexOf('/'); end > 0; end = key.lastIndexOf('/', end - 1)) {
      const post = folders.get(key.slice(0, end + 1));
      if (!post) continue;
      const inFolder = key.slice(end + 1);
      if (!servedBesidePost(inFolder)) return undefined;
      const folder = dirname(post.file);
      const file = join(folder, ...inFolder.split('/'));
      return staysInside(file, folder) ? file : undefined;
    }
    return undefined;
  };
  const beside = new Map<string, ImageSize | null>();
  return {
    fileOf,
    imageSize: (src) => {
      const known = staticSizes.get(sitePath(src));
      if (known || folders.size === 0) return known;
      const file = fileOf(src);
      if (file === undefined) return undefined;
      let size = beside.get(file);
      if (size === undefined) {
        size = readImageSize(file) ?? null;
        beside.set(file, size);
      }
      return size ?? undefined;
    },
    responsive: (src) => {
      const file = fileOf(src);
      const source = file === undefined ? undefined : images.source(file, src);
      return source && responsiveImage(source, sizes);
    },
  };
}

/**
 * Warnings for the images of a document that are served as they are, because something is wrong
 * with their files: not images at all, too large to resize, or not decodable.
 */
function imageProblems(
  document: MarkdownDocument,
  references: readonly Reference[],
  fileOf: (src: string) => string | undefined,
  images: ImageStore,
): Diagnostic[] {
  return references.flatMap((reference) => {
    if (reference.kind !== 'image' || /^[a-z][a-z\d+.-]*:/i.test(reference.target)) return [];
    const src = reference.target.startsWith('/')
      ? reference.target
      : new URL(reference.target, `http://site.invalid${document.path}`).pathname;
    const file = fileOf(src);
    const problem = file === undefined ? undefined : images.problem(file);
    return problem
      ? [warning(problem.code, document.file, reference.line, problem.message, problem.hint)]
      : [];
  });
}

/** A cover written in front matter, checked as a body's image is: it must be there. */
function coverReference(image: CoverImage): Reference[] {
  return /^https?:/i.test(image.written)
    ? []
    : [{ kind: 'image', target: image.written, line: image.line }];
}

/** Loads and checks a site folder. */
export async function loadSite(siteDir: string, options: LoadOptions = {}): Promise<LoadResult> {
  const { previous } = options;
  // A server that does not check bodies up front reads them when pages need them.
  const reread = options.checkBodies === false && options.keepBodies !== true;
  const readCache = reread && !previous ? options.readCache : undefined;
  // The texts read go to the body store; the closures below hold `loaded`, which must not hold
  // every text for as long as the load is online.
  const { bodies: texts, ...loaded } = await loadContent(siteDir, {
    keepBodies: !reread,
    previous: previous?.folder,
    known: readCache?.read(),
    // A build that keeps what it read keys its documents by each post's hash, kept with it.
    hashPosts: readCache !== undefined,
    onProgress: options.onProgress,
    changed: options.changed,
    listed: options.listed,
    share: reread && !previous ? options.share : undefined,
  });
  const { excerptLength, imageSizes, locale, toc, math, lineBreaks, typographer, equationNumbers } =
    loaded.settings;
  // Stamps, not texts, are what a store that reads bodies again keeps of each file.
  const { listing, pageListing } = loaded.folder;
  const stamps = reread
    ? new Map([...listing.files, ...pageListing.files].map(({ file, stamp }) => [file, stamp]))
    : undefined;
  // Facts are known by the hash of each file's text, as this load read it.
  const facts: KnownFacts | undefined =
    options.bodyFacts && reread
      ? {
          known: options.bodyFacts,
          hashes: new Map(
            [...loaded.folder.results, ...loaded.folder.pageResults].map(([file, { hash }]) => [
              file,
              hash,
            ]),
          ),
        }
      : undefined;
  const images = options.images ?? previous?.images ?? new ImageStore(siteDir);
  const { fileOf, imageSize, responsive } = siteImages(
    siteDir,
    imageSizes,
    loaded.assets.paths,
    loaded.posts,
    images,
    shownImageSizes(loaded.config?.theme.contentWidth),
  );
  const bodies = new BodyStore(
    {
      excerptLength,
      locale,
      toc,
      math,
      equationNumbers,
      lineBreaks,
      typographer,
      imageSize,
      responsive,
      grammars: codeGrammar,
    },
    { reread, stamps, cache: options.bodyCache, facts },
    previous?.bodies,
  );
  for (const [post, text] of texts) bodies.keep(post, text);
  const documents: readonly MarkdownDocument[] = [...loaded.posts, ...loaded.pages];
  // Posts' covers are checked as their bodies' images are; pages have none.
  const covers = new Map<MarkdownDocument, CoverImage>(
    loaded.posts.flatMap((post) => (post.image ? [[post, post.image] as const] : [])),
  );
  // A body's link written with the site's base path already leads where the one without does.
  const base = loaded.config ? basePathOf(loaded.config.url) : '';
  const readFromRoot = (references: readonly Reference[]): readonly Reference[] =>
    base === ''
      ? references
      : references.map((reference) => ({
          ...reference,
          target: withoutBase(base, reference.target),
        }));
  const checkBodies = (
    include: (document: MarkdownDocument) => boolean = () => true,
  ): Diagnostic[] => {
    const references = new Map<MarkdownDocument, readonly Reference[]>();
    const mistakes: Diagnostic[] = [];
    for (const post of documents) {
      if (!include(post)) continue;
      const inBody = readFromRoot(bodies.references(post));
      const cover = covers.get(post);
      const found = cover ? [...coverReference(cover), ...inBody] : inBody;
      references.set(post, found);
      mistakes.push(...imageProblems(post, found, fileOf, images));
      for (const mistake of bodies.mistakes(post))
        mistakes.push(
          warning(mistake.code, post.file, mistake.line, mistake.message, mistake.hint),
        );
    }
    return [
      ...mistakes,
      ...checkReferences(documents, references, {
        staticPaths: loaded.assets.paths,
        permalink: loaded.settings.permalink,
        redirects: new Set(
          [
            ...Object.keys(loaded.config?.redirects ?? {}),
            ...documents.flatMap((document) => document.aliases),
          ].map((path) => pathKey(path) ?? path),
        ),
        filesBeside: filesBesidePosts(),
      }),
    ];
  };
  const fronts = checkFronts(siteDir, loaded, previous?.collisions, {
    keyed: readCache !== undefined,
    kept: readCache?.keptChecks(),
  });
  if (fronts.key !== undefined) {
    readCache?.keepChecks({ key: fronts.key, diagnostics: fronts.diagnostics });
  }
  const { additions, diagnostics: additionProblems } = readPageAdditions(siteDir);
  const diagnostics = sortDiagnostics([
    ...loaded.diagnostics,
    ...additionProblems,
    ...fronts.diagnostics,
    ...(options.checkBodies === false ? [] : checkBodies()),
  ]);
  const content =
    loaded.config && !hasErrors(diagnostics)
      ? { config: loaded.config, posts: loaded.posts, pages: loaded.pages, bodies, additions }
      : undefined;
  return {
    content,
    diagnostics,
    checkBodies: (include) => sortDiagnostics(checkBodies(include)),
    reusable: { folder: loaded.folder, collisions: fronts.collisions, bodies, images },
  };
}
