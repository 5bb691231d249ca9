// Load: the post, as the loader hands it to the index: its front matter, as plain data.
import type { ImageSize } from './markdown/markdown.js';
import type { ResponsiveImage } from './responsive-image.js';

/**
 * What any Markdown file of the site is to the loading, the body store and the checks: a post or
 * a page, with its file, the path of its page, and how its body is read.
 */
export interface MarkdownDocument {
  readonly file: string;
  /** The path of its page, percent-encoded. */
  readonly path: string;
  /** Old paths that lead to it, percent-encoded as `path`. */
  readonly aliases: readonly string[];
  /** Whether it is a folder's `index.md`, whose other files are served beside its page. */
  readonly ownFolder: boolean;
  readonly title: string;
  readonly draft: boolean;
  /** Whether it opens with a table of contents; undefined leaves it to the site's `toc`. */
  readonly toc: boolean | undefined;
  /** Whether it is read with math; undefined leaves it to the site's `math`. */
  readonly math: boolean | undefined;
  /** Overrides the excerpt in meta descriptions. */
  readonly description: string | undefined;
  /** Lines of the keys that claim URLs, for problems found across files. */
  readonly lines: DocumentLines;
  /** Line in the file where the body starts; the body itself is kept by a body store. */
  readonly bodyLine: number;
}

/** Where a document's URL claims are written. */
export interface DocumentLines {
  readonly slug: number;
  /** The `url` key, or the slug's line when the path comes from the slug. */
  readonly path: number;
  readonly aliases: number;
}

/**
 * One Markdown file's front matter, validated. What its body shows (excerpt, HTML, links) comes
 * from a body store on the loading side, so that the core never holds a way to read a file.
 */
export interface Post extends MarkdownDocument {
  /** The file it came from, as the loader was given it. */
  readonly file: string;
  /**
   * The post's identifier: `slug` from the front matter, or the file name without `.md` (the
   * folder's name for a post written as `slug/index.md`).
   */
  readonly slug: string;
  /** The path of its page, percent-encoded: its own `url`, or the config's `permalink` filled in. */
  readonly path: string;
  /** Old paths that lead to it, percent-encoded as `path`. */
  readonly aliases: readonly string[];
  /** Whether it is a folder's `index.md`, whose other files are served beside its page. */
  readonly ownFolder: boolean;
  readonly title: string;
  /** Publication instant, epoch milliseconds. */
  readonly date: number;
  /** The last meaningful change, epoch milliseconds: shown and told to feeds, never ordered by. */
  readonly updated: number | undefined;
  readonly category: string | undefined;
  /** One or more tags, without repeats, in the order the author wrote them. */
  readonly tags: readonly string[];
  readonly draft: boolean;
  /** Whether it stands at the top of the featured listing's first page, before newer posts. */
  readonly pinned: boolean;
  /** Whether the post opens with a table of contents; undefined leaves it to the site's `toc`. */
  readonly toc: boolean | undefined;
  /** Whether the post is read with math; undefined leaves it to the site's `math`. */
  readonly math: boolean | undefined;
  /** Overrides the excerpt in meta descriptions. */
  readonly description: string | undefined;
  /** The series the post is a part of, from `series` and `seriesOrder`. */
  readonly series: PostSeries | undefined;
  /** Its cover image: shown at the top of its page, on social cards, and where entries show it. */
  readonly image: CoverImage | undefined;
  /** Lines of front matter keys, for problems found later across posts. */
  readonly lines: PostLines;
  /** Line in the file where the body starts; the body itself is kept by a body store. */
  readonly bodyLine: number;
}

/**
 * What a body may use that needs more than the theme: math (KaTeX's stylesheet), code (the copy
 * button's script), diagrams (Mermaid's script).
 */
export type BodyFeature = 'math' | 'code' | 'diagram';

/** What some bodies show, by post or page: what one document is rendered with. */
export interface BodyParts {
  readonly excerpts: ReadonlyMap<MarkdownDocument, string>;
  readonly html: ReadonlyMap<MarkdownDocument, string>;
  /** What each shown body uses that its page must load for: math, code, diagrams. */
  readonly features?: ReadonlyMap<MarkdownDocument, readonly BodyFeature[]>;
  /** Whole minutes each body takes to read, where the page shows it. */
  readonly readingMinutes?: ReadonlyMap<MarkdownDocument, number>;
  /** The file a page using math (KaTeX's stylesheet) or diagrams (Mermaid's script) links. */
  readonly packaged?: (feature: 'math' | 'diagram') => string;
  /** The size of an image of the site by the path pages find it at (a cover's), when known. */
  readonly imageSize?: (src: string) => ImageSize | undefined;
  /** The variants of an image of the site (a cover's), for the images Folio resizes. */
  readonly responsive?: ((src: string) => ResponsiveImage | undefined) | undefined;
}

/** A post's cover image, from its `image` and `imageAlt` keys. */
export interface CoverImage {
  /** As written: a path under static/, a file beside the post, or an http(s) URL. */
  readonly written: string;
  /**
   * Where pages find it: a path from the site's root, percent-encoded — a file beside the post
   * resolved against its page, as a body's image is — or the URL as written.
   */
  readonly src: string;
  /** What it shows, for readers who cannot see it; empty when it only decorates. */
  readonly alt: string;
  /** The line of `image` in the post file. */
  readonly line: number;
}

/** A post's place in a named series of posts. */
export interface PostSeries {
  readonly name: string;
  /** Its part number from `seriesOrder`; undefined leaves its place to its date. */
  readonly order: number | undefined;
  /** Lines of the `series` key and of `seriesOrder` (the `series` line without it). */
  readonly line: number;
  readonly orderLine: number;
}

export interface PostLines extends DocumentLines {
  readonly category: number;
  readonly tags: number;
}

/** A likely mistake in a body's Markdown, which still renders: a warning of the checks. */
export interface BodyMistake {
  readonly code: string;
  /** Line in the post file. */
  readonly line: number;
  readonly message: string;
  readonly hint: string;
}

/** A link or image in a body whose target is a path on this site (`/…`), or an image's relative path. */
export interface Reference {
  readonly kind: 'link' | 'image';
  readonly target: string;
  /** Line in the post file. */
  readonly line: number;
}
