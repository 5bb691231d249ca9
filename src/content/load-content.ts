// Load: a site folder → its config and every post, with every problem found on the way.
import { loadConfig } from '../config/load-config.js';
import { DEFAULT_PERMALINK } from '../urls/url-paths.js';
import type { ConfigResult } from '../config/parse-config.js';
import type { EquationNumbers, Locale, SiteConfig } from '../config/schema.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { SlugClaim } from './front-matter/fields.js';
import { parsePost, type PostContext, type PostResult } from './parse-post.js';
import type { ImageSize } from './markdown/markdown.js';
import type { MarkdownDocument, Post } from './post.js';
import type { Page } from './page.js';
import { parsePage, type PageResult } from './parse-page.js';
import {
  isWithin,
  listPageFiles,
  listPostFiles,
  postHash,
  readStaticAssets,
  textHash,
  updatePostFiles,
  type PostFile,
  type PostFilesResult,
  type StaticAssets,
} from './read-sources.js';
import { POSTS_DIR, STATIC_DIR } from './site-layout.js';
import { readTextFile } from '../text/read-text-file.js';

export interface LoadedContent {
  /** Present only when the config is free of errors. */
  readonly config: SiteConfig | undefined;
  /** Every post that parsed, drafts and scheduled ones included. */
  readonly posts: readonly Post[];
  /** Every page under content/pages that parsed, drafts included. */
  readonly pages: readonly Page[];
  /**
   * The body of each post and page parsed by this load (not those it kept from the load before),
   * unless told not to keep them.
   */
  readonly bodies: ReadonlyMap<MarkdownDocument, string>;
  /** The slug of every post file, broken ones included, to find two files with one slug. */
  readonly claims: readonly SlugClaim[];
  readonly assets: StaticAssets;
  /** The settings bodies are read with. */
  readonly settings: ReadSettings;
  /** Where the config is, to point at its lines in problems found later. */
  readonly configSource: Pick<ConfigResult, 'file' | 'lineOf' | 'text'>;
  readonly diagnostics: readonly Diagnostic[];
  /** What this load read, for the next load of the same folder to reuse. */
  readonly folder: ReadFolder;
}

/** What a load read of a folder: the files listed, and each file's result by its stamp. */
export interface ReadFolder {
  readonly listing: PostFilesResult;
  readonly pageListing: PostFilesResult;
  readonly assets: StaticAssets;
  readonly settings: ReadSettings;
  readonly results: ReadResults<PostResult>;
  readonly pageResults: ReadResults<PageResult>;
}

/** What parsing a file gave, with the stamp the file had then and a hash of its text. */
export interface ReadEntry<Result> {
  readonly stamp: string;
  readonly result: Result;
  /**
   * A hash of the text read: what a build keys the documents showing the file's body by, known
   * without reading the file again while its stamp stands.
   */
  readonly hash: string;
}

/** What parsing each file gave, by file. */
type ReadResults<Result> = ReadonlyMap<string, ReadEntry<Result>>;

/**
 * The hash of `post` written out (`postHash`): the one made as its file was read, when the read
 * gave this very post, or one made now.
 */
export function frontHash(results: ReadResults<PostResult>, post: Post): string | undefined {
  const read = results.get(post.file)?.result;
  return read?.post === post && read.front !== undefined ? read.front : postHash(post);
}

/** What reading each file gave, and the settings it was read with: all a load reuses of another. */
export type KnownReads = Pick<ReadFolder, 'settings' | 'results' | 'pageResults'>;

/** The settings that reading a post, or showing its body, depends on. */
export interface ReadSettings {
  readonly timezone: string;
  readonly permalink: string;
  readonly excerptLength: number;
  /** The language of the words bodies' markup carries (alert titles, footnote labels). */
  readonly locale: Locale;
  /** Whether posts open with a table of contents unless their own `toc` says otherwise. */
  readonly toc: boolean;
  /** Whether posts are read with math unless their own `math` says otherwise. */
  readonly math: boolean;
  /** Whether a line break inside a paragraph is kept as one. */
  readonly lineBreaks: boolean;
  /** Whether `---`, `--`, `...` and straight quotes are read as dashes, an ellipsis and curly quotes. */
  readonly typographer: boolean;
  /** Which display equations get a number. */
  readonly equationNumbers: EquationNumbers;
  /** Sizes of the images under `static/`, by URL path. */
  readonly imageSizes: ReadonlyMap<string, ImageSize>;
}

/** Called as posts are read: how many of how many are done. */
export type Progress = (done: number, total: number) => void;

// Posts are still checked when the config is broken, so that one run lists every problem.
const FALLBACK_SETTINGS = {
  timezone: 'UTC',
  excerptLength: 200,
  permalink: DEFAULT_PERMALINK,
  locale: 'en',
  toc: false,
  math: true,
  lineBreaks: false,
  typographer: false,
  equationNumbers: 'ams',
} as const;

export interface LoadContentOptions {
  /** What an earlier load of the folder read: only post files that changed are read again. */
  readonly previous?: ReadFolder | undefined;
  readonly onProgress?: Progress | undefined;
  /** Paths a watcher saw change since the load that read `previous`. */
  readonly changed?: readonly string[] | undefined;
  /**
   * What an earlier run read, when there is no `previous`: files whose stamp is unchanged are not
   * read again. The folders are listed anew, but for `listed`.
   */
  readonly known?: KnownReads | undefined;
  /**
   * The post files as an earlier load of this process listed them, with the paths a watcher saw
   * change since it began: the listing is brought up to date from those paths rather than walked
   * again (a build run again and again, `folio build --watch`). Only without `previous`.
   */
  readonly listed?: ListedPostFiles | undefined;
  /**
   * Hash each post as its file is read (`PostResult.front`), for a build that keys its documents
   * by what they show and keeps what was read for the next build.
   */
  readonly hashPosts?: boolean;
  /**
   * Hand back the body of each post read (default true). Without, each text is let go as soon as
   * its front matter is read, so that a load of thousands of posts never holds them all at once.
   */
  readonly keepBodies?: boolean;
  /**
   * Loads of the same folder running side by side, which split reading its post files with this
   * one. Only for a load that does not keep bodies: the others hand over no texts.
   */
  readonly share?: ReadShare | undefined;
}

/** The post files an earlier load listed, and the paths a watcher saw change since it began. */
export interface ListedPostFiles {
  readonly listing: PostFilesResult;
  readonly changed: readonly string[];
}

/**
 * How loads of one folder running side by side, each on a thread of its own, split reading its
 * post files: each reads and parses its part, and takes the rest from what the others read.
 * Parsing front matter is most of a load, and every thread of an export needs every post.
 */
export interface ReadShare {
  /** Whether this load reads the post file at `index` of the listing itself. */
  readonly reads: (index: number) => boolean;
  /** Hands the others what this load read of its part; answers what each of them read. */
  readonly swap: (read: KnownReads) => Promise<readonly KnownReads[]>;
}

/**
 * Loads a site folder. Given what an earlier load read, only posts whose files changed are read
 * and parsed again; given the paths a watcher saw change, the folders are not even listed again
 * unless the change is outside content/posts.
 */
export async function loadContent(
  siteDir: string,
  options: LoadContentOptions = {},
): Promise<LoadedContent> {
  const { previous, onProgress, changed, keepBodies = true, hashPosts = false } = options;
  const before: KnownReads | undefined = previous ?? options.known;
  const configResult = loadConfig(siteDir);
  const within = (folder: string) => (path: string) => isWithin(siteDir, folder, path);
  const { listed } = options;
  const listing =
    (previous && changed?.every(within(POSTS_DIR))
      ? updatePostFiles(siteDir, previous.listing, changed)
      : undefined) ??
    (!previous && listed?.changed.every(within(POSTS_DIR))
      ? updatePostFiles(siteDir, listed.listing, listed.changed)
      : undefined) ??
    (await listPostFiles(siteDir));
  const assets =
    previous && changed && !changed.some(within(STATIC_DIR))
      ? previous.assets
      : await readStaticAssets(siteDir);
  const pageListing =
    previous && changed?.every(within(POSTS_DIR))
      ? previous.pageListing
      : await listPageFiles(siteDir);
  const config = configResult.config;
  const read = config ?? FALLBACK_SETTINGS;
  const settings: ReadSettings = {
    timezone: read.timezone,
    excerptLength: read.excerptLength,
    permalink: read.permalink,
    locale: read.locale,
    toc: read.toc,
    math: read.math,
    lineBreaks: read.lineBreaks,
    typographer: read.typographer,
    equationNumbers: read.equationNumbers,
    imageSizes: assets.imageSizes,
  };
  const reusable = before && sameSettings(before.settings, settings) ? before.results : undefined;
  const context: PostContext = { timezone: read.timezone, permalink: read.permalink };

  const diagnostics: Diagnostic[] = [
    ...configResult.diagnostics,
    ...listing.diagnostics,
    ...pageListing.diagnostics,
    ...assets.diagnostics,
  ];
  const bodies = new Map<MarkdownDocument, string>();
  const keep = (document: MarkdownDocument | undefined, body: string | undefined): void => {
    if (keepBodies && document && body !== undefined) bodies.set(document, body);
  };
  const readPost = (text: string, file: PostFile): PostResult => {
    const {
      post,
      body,
      diagnostics: problems,
      claim,
    } = parsePost(text, file.file, file.fileSlug, context);
    // The body goes to the body store; the result is kept for the next load without it.
    keep(post, body);
    const front = hashPosts && post ? postHash(post) : undefined;
    return { post, diagnostics: problems, claim, front };
  };
  const share = keepBodies ? undefined : options.share;
  const known = share
    ? await sharedReads(share, listing.files, reusable, settings, readPost, onProgress)
    : reusable;
  const results = readEach(
    listing.files,
    known,
    diagnostics,
    share ? undefined : onProgress,
    readPost,
  );
  const pageResults = readEach(
    pageListing.files,
    reusable && before?.pageResults,
    diagnostics,
    undefined,
    (text, file) => {
      const { page, body, diagnostics: problems } = parsePage(text, file.file, file.fileSlug);
      keep(page, body);
      return { page, diagnostics: problems };
    },
  );
  const posts: Post[] = [];
  const claims: SlugClaim[] = [];
  for (const { result } of results.values()) {
    claims.push(result.claim);
    if (result.post) posts.push(result.post);
  }
  const pages = [...pageResults.values()].flatMap(({ result }) => result.page ?? []);
  return {
    config,
    posts,
    pages,
    bodies,
    claims,
    assets,
    settings,
    configSource: configResult,
    diagnostics,
    folder: { listing, pageListing, assets, settings, results, pageResults },
  };
}

/**
 * What this load and those sharing its reading (`share`) read of the post files between them, or
 * took from `known`: the entries a load then takes each file from, as from an earlier run's, while
 * its stamp is the one they were read at. What another load read under other settings (a config
 * changed between their reads) is left out, and read again.
 */
async function sharedReads(
  share: ReadShare,
  files: readonly PostFile[],
  known: ReadResults<PostResult> | undefined,
  settings: ReadSettings,
  parse: (text: string, file: PostFile) => PostResult,
  onProgress: Progress | undefined,
): Promise<ReadResults<PostResult>> {
  // A file of this part that cannot be read is told once all are read, as any other's.
  const own = readEach(files, known, [], onProgress, parse, share.reads);
  // The others took what an earlier run read from the same cache: only what was parsed goes over.
  const parsed = new Map([...own].filter(([file, entry]) => entry !== known?.get(file)));
  const theirs = await share.swap({ settings, results: parsed, pageResults: new Map() });
  const all = new Map([...(known ?? []), ...own]);
  for (const other of theirs) {
    if (!sameSettings(other.settings, settings)) continue;
    for (const [file, entry] of other.results) all.set(file, entry);
  }
  return all;
}

/**
 * Reads and parses each listed file, in order (or those `only` picks by their index), or takes
 * what the load before made of it when its stamp is unchanged; a file that cannot be read is one
 * more problem.
 */
function readEach<Result extends { readonly diagnostics: readonly Diagnostic[] }>(
  files: readonly PostFile[],
  known: ReadResults<Result> | undefined,
  diagnostics: Diagnostic[],
  onProgress: Progress | undefined,
  parse: (text: string, file: PostFile) => Result,
  only?: (index: number) => boolean,
): Map<string, ReadEntry<Result>> {
  const results = new Map<string, ReadEntry<Result>>();
  files.forEach((listed, index) => {
    onProgress?.(index + 1, files.length);
    if (only && !only(index)) return;
    const { file, stamp } = listed;
    const before = known?.get(file);
    let entry = before && stamp !== '' && before.stamp === stamp ? before : undefined;
    if (!entry) {
      const text = readTextFile(file);
      if (typeof text !== 'string') {
        diagnostics.push(text);
        return;
      }
      entry = { stamp, result: parse(text, listed), hash: textHash(text) };
    }
    results.set(file, entry);
    diagnostics.push(...entry.result.diagnostics);
  });
  return results;
}

function sameSettings(a: ReadSettings, b: ReadSettings): boolean {
  if (
    a.timezone !== b.timezone ||
    a.excerptLength !== b.excerptLength ||
    a.permalink !== b.permalink ||
    a.locale !== b.locale ||
    a.toc !== b.toc ||
    a.math !== b.math ||
    a.lineBreaks !== b.lineBreaks ||
    a.typographer !== b.typographer ||
    a.equationNumbers !== b.equationNumbers
  ) {
    return false;
  }
  if (a.imageSizes === b.imageSizes) return true;
  if (a.imageSizes.size !== b.imageSizes.size) return false;
  for (const [path, size] of a.imageSizes) {
    const other = b.imageSizes.get(path);
    if (other?.width !== size.width || other.height !== size.height) return false;
  }
  return true;
}
