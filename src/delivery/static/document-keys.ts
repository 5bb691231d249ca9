// Deliver: what each document of an export is made from, as one hash — the site's settings and
// the categories every page's header names, and all of each post and body the document shows — so
// that a build into its own output keeps the files of a document whose key the last build
// recorded, rather than rendering it again to find the same bytes.
import { createHash, hash as hashText } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import type { MarkdownDocument, Post } from '../../content/post.js';
import { isImageFile, statOrUndefined, textHash } from '../../content/read-sources.js';
import { stampOf, STATIC_DIR } from '../../content/site-layout.js';
import { frontHash, type ReadFolder } from '../../content/load-content.js';
import { readTextFile } from '../../text/read-text-file.js';
import type { BodyStore } from '../../load/body-store.js';
import type { SiteContent } from '../../load/load-site.js';
import type { Site } from '../../site/build-site.js';
import { listRoutes, pathOf, resolveExported, type Route } from '../../site/routes.js';
import { bodiesShownBy, postsShownBy } from '../../views/render-route.js';
import type { DocumentFrame } from './build-manifest.js';

/** Raised whenever what goes into a key changes: keys of older builds then never match. */
const KEY_FORMAT = 5;

/** What a site's documents are rendered from besides its content: the code and the settings. */
export interface KeyedBuild {
  readonly siteDir: string;
  /**
   * What loading read of each post and page file (the hash of its text, as of its stamp), and the
   * files of `static/` it found, by the path each is served at.
   */
  readonly read: Pick<ReadFolder, 'results' | 'pageResults' | 'assets'>;
  /** The code that renders (`rendererFingerprint`). */
  readonly renderer: string;
  readonly precompress: boolean;
}

export class DocumentKeys {
  readonly #site: Site;
  readonly #siteKey: string;
  readonly #siteDir: string;
  readonly #posts: readonly Post[];
  // A hash of each body known so far: most are shown by several documents.
  readonly #bodies = new Map<MarkdownDocument, string | undefined>();
  // A hash of each post's front matter known so far, as loading read it.
  readonly #postHashes = new Map<Post, string | undefined>();
  readonly #read: KeyedBuild['read'];
  // What listings show of bodies, from the cache of what was found of each, or read now.
  readonly #listed: Pick<BodyStore, 'excerpt' | 'readingMinutes'>;
  // Worked out once asked for; null when a post cannot be written out whole.
  #frame: DocumentFrame | null | undefined;

  private constructor(
    site: Site,
    siteKey: string,
    build: KeyedBuild,
    content: Pick<SiteContent, 'posts' | 'bodies'>,
  ) {
    const { posts, bodies } = content;
    this.#listed = bodies;
    this.#site = site;
    this.#siteKey = siteKey;
    this.#siteDir = build.siteDir;
    this.#read = build.read;
    this.#posts = posts;
  }

  /**
   * The keys of the documents of `site`, built from `content`; none when the site cannot be
   * described whole, and then every document is rendered.
   */
  static of(content: SiteContent, site: Site, build: KeyedBuild): DocumentKeys | undefined {
    const { config, posts, pages, additions } = content;
    const hash = createHash('sha256').update(
      `${KEY_FORMAT}\n${build.renderer}\n${build.precompress}\n`,
    );
    try {
      // Settings, and the categories every page's header links. Posts are in the key of each
      // document that shows anything of them — a post page its neighbours, a listing its entries —
      // so that a new post or an edited one renders again those documents alone.
      const categories = site.categories.map(({ slug, name, title }) => [slug, name, title]);
      hash.update(JSON.stringify({ config, pages, additions, categories }, canonical));
    } catch {
      return undefined;
    }
    // The images pages may show the size or smaller versions of, by their stamp. Any other file
    // is only copied or linked: one added to static/ renders no page again.
    for (const file of shownImages(build.siteDir, build.read.assets.paths, posts)) {
      // A link that leads nowhere, or round a loop, is no image a page shows (the load warns).
      const info = statOrUndefined(file);
      hash.update(`${file}\0${info ? stampOf(info) : ''}\n`);
    }
    return new DocumentKeys(site, hash.digest('base64url'), build, content);
  }

  /**
   * Everything the documents' keys are made of but the bodies they show — the site's key and all
   * of each post, published or not, in the site's order — with a hash of each body file as read;
   * none when a post cannot be written out whole. Two builds of the same frame have the same
   * documents, each showing the same posts, and a document's key changes only with a body it
   * shows: a later build takes each other document's key from the last (`unchangedSince`).
   */
  frame(): DocumentFrame | undefined {
    if (this.#frame === undefined) this.#frame = this.#frameOfSite() ?? null;
    return this.#frame ?? undefined;
  }

  #frameOfSite(): DocumentFrame | undefined {
    const parts = [this.#siteKey];
    for (const posts of [this.#site.posts, this.#posts]) {
      parts.push(String(posts.length));
      for (const post of posts) {
        const front = this.#postHash(post);
        if (front === undefined) return undefined;
        parts.push(front);
      }
    }
    const bodies = new Map<string, string>();
    for (const [file, { hash: body }] of this.#reads()) bodies.set(this.#inSite(file), body);
    return { key: hashText('sha256', parts.join('\n'), 'base64url'), bodies };
  }

  /** The hash of the text of `document`'s file as the build of `frame` read it, if it did. */
  bodyHashIn(frame: DocumentFrame, document: MarkdownDocument): string | undefined {
    return this.#hashIn(frame, document.file);
  }

  /** The hash of the text of `file` as the build of `frame` read it, if it did. */
  #hashIn(frame: DocumentFrame, file: string): string | undefined {
    return frame.bodies.get(this.#inSite(file));
  }

  /** What loading read of each post and page file, by file. */
  *#reads(): Generator<[string, { readonly hash: string }]> {
    yield* this.#read.results;
    yield* this.#read.pageResults;
  }

  /** What loading read of the post or page file `file`, if it read it. */
  #readOf(file: string): { readonly hash: string } | undefined {
    return this.#read.results.get(file) ?? this.#read.pageResults.get(file);
  }

  /** The path of `file` in the site folder. */
  #inSite(file: string): string {
    const folder = this.#siteDir + sep;
    return file.startsWith(folder) ? file.slice(folder.length) : relative(this.#siteDir, file);
  }

  /**
   * Whether the document at `path` is made from what it was made from in the build whose frame
   * was `last`, each body it shows read the same: then its key is the one that build recorded.
   * Answers for every path `false` unless this build's frame is `last`'s.
   */
  unchangedSince(last: DocumentFrame): (path: string) => boolean {
    const now = this.frame();
    if (now?.key !== last.key) return () => false;
    // The files whose text changed, by their path, as bodies name them.
    const changed = new Set<string>();
    for (const [file, { hash }] of this.#reads()) {
      if (this.#hashIn(last, file) !== hash) changed.add(file);
    }
    // Nothing any document shows changed, whatever it shows.
    if (changed.size === 0) return () => true;
    const showsChanged = (route: Route): boolean => {
      const shown = bodiesShownBy(this.#site, route);
      for (const documents of [shown.html, shown.excerpts, shown.minutes ?? []]) {
        for (const { file } of documents) {
          // A body no file was read for is read now, for its key: it may have changed.
          if (changed.has(file) || !this.#readOf(file)) return true;
        }
      }
      return false;
    };
    // The site's pages, looked through once: at 10,000 posts, resolving each path on its own
    // cost more than the keys saved.
    const pages = new Map(listRoutes(this.#site).map((route) => [pathOf(route), route]));
    const changedPages = new Set(
      [...pages].filter(([, route]) => showsChanged(route)).map(([path]) => path),
    );
    return (path) => {
      if (pages.has(path)) return !changedPages.has(path);
      const resolution = resolveExported(this.#site, path);
      return resolution.type !== 'page' || !showsChanged(resolution.route);
    };
  }

  /**
   * The key of the document at `path`: the site's, where a redirect points, all of each post a
   * page shows, a hash of each body it shows whole, and the excerpt and minutes of each body it
   * shows only those of. Undefined when a post or body it shows cannot be read: the document is
   * then rendered, and its error found.
   */
  keyOf(path: string): string | undefined {
    const hash = createHash('sha256').update(`${this.#siteKey}\n${path}\n`);
    const resolution = resolveExported(this.#site, path);
    if (resolution.type === 'redirect') hash.update(`${resolution.location}\n`);
    if (resolution.type === 'page') {
      // A page of the featured listing links as many pages as the listing has.
      if (resolution.route.kind === 'featured') hash.update(`${this.#site.pageCount}\n`);
      for (const post of postsShownBy(this.#site, resolution.route)) {
        const front = this.#postHash(post);
        if (front === undefined) return undefined;
        hash.update(`${front}\n`);
      }
      const shown = bodiesShownBy(this.#site, resolution.route);
      const whole = new Set(shown.html);
      for (const document of whole) {
        const body = this.bodyHash(document);
        if (body === undefined) return undefined;
        hash.update(`${body}\n`);
      }
      // Of a body the document does not show whole, what it shows: an edit past a post's excerpt
      // renders its page again, not the listings of its category and tags, which show the same.
      const listed = this.#listed;
      try {
        for (const document of shown.excerpts) {
          if (whole.has(document)) continue;
          const excerpt = listed.excerpt(document);
          hash.update(`e${excerpt.length}:${excerpt}\n`);
        }
        for (const document of shown.minutes ?? []) {
          if (!whole.has(document)) hash.update(`m${listed.readingMinutes(document)}\n`);
        }
      } catch {
        // A body that cannot be read now: rendering the document tells why.
        return undefined;
      }
    }
    return hash.digest('base64url');
  }

  /** A hash of all `post`'s loading gave, or undefined when it cannot be written out whole. */
  #postHash(post: Post): string | undefined {
    if (this.#postHashes.has(post)) return this.#postHashes.get(post);
    // Made as the file was read, by this build or the one that kept what it read.
    const known = frontHash(this.#read.results, post);
    this.#postHashes.set(post, known);
    return known;
  }

  /**
   * A hash of the text of the file `document`'s body is written in, or undefined when it cannot
   * be read: its text, front matter and all, which changes whenever the body does. Loading hashed
   * it as it read the file, or an earlier build did, as the file's stamp tells; a file read now
   * would be read only for it.
   */
  bodyHash(document: MarkdownDocument): string | undefined {
    const { file } = document;
    const read = this.#readOf(file);
    if (read) return read.hash;
    if (this.#bodies.has(document)) return this.#bodies.get(document);
    const text = readTextFile(file);
    const body = typeof text === 'string' ? textHash(text) : undefined;
    this.#bodies.set(document, body);
    return body;
  }
}

/**
 * Writes what JSON alone would lose or write as `{}` — a `Map`, a `Set`, a pattern — as what it
 * holds, so that a change in one changes the key. (`node:v8`'s serializer keeps them, but writes
 * the same number or string in more than one way, as the engine happens to hold it.)
 */
function canonical(_key: string, value: unknown): unknown {
  if (value instanceof Map) return { map: [...value] };
  if (value instanceof Set) return { set: [...value] };
  if (value instanceof RegExp) return { pattern: String(value) };
  return value;
}

/**
 * The images of `static/` and of posts' own folders, sorted, as pages find them: `static/` by the
 * paths it is served at, its links within it followed; in a post's folder, its images and every
 * link. Their stamps are those of what the links lead to, whose bytes pages measure.
 */
function shownImages(
  siteDir: string,
  staticPaths: ReadonlySet<string>,
  posts: readonly { file: string; ownFolder: boolean }[],
): string[] {
  const staticRoot = join(siteDir, STATIC_DIR);
  const files = [...staticPaths]
    .filter((path) => isImageFile(path))
    .map((path) => join(staticRoot, ...path.split('/')));
  for (const post of posts) {
    if (!post.ownFolder) continue;
    try {
      const folder = dirname(post.file);
      for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
        // A link, whatever its name, may lead to a folder of images inside the post's folder:
        // stamped through it, it changes the key when it is pointed elsewhere.
        if (entry.isSymbolicLink() || (entry.isFile() && isImageFile(entry.name))) {
          files.push(join(entry.parentPath, entry.name));
        }
      }
    } catch {
      // No such folder: nothing shown from it.
    }
  }
  return files.sort();
}
