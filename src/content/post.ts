// Load: the post, as the loader hands it to the index: its front matter, as plain data.

/**
 * One Markdown file's front matter, validated. What its body shows (excerpt, HTML, links) comes
 * from a body store on the loading side, so that the core never holds a way to read a file.
 */
export interface Post {
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
  /** Whole minutes its body takes to read, at least 1: counted once, as the post is read. */
  readonly readingMinutes: number;
  /** Lines of front matter keys, for problems found later across posts. */
  readonly lines: PostLines;
  /** Line in the file where the body starts; the body itself is kept by a body store. */
  readonly bodyLine: number;
}

/** What some posts' bodies show, by post: what one document is rendered with. */
/**
 * What a body may use that needs more than the theme: math (KaTeX's stylesheet), code (the copy
 * button's script), diagrams (Mermaid's script).
 */
export type BodyFeature = 'math' | 'code' | 'diagram';

export interface BodyParts {
  readonly excerpts: ReadonlyMap<Post, string>;
  readonly html: ReadonlyMap<Post, string>;
  /** What each shown body uses that its page must load for: math, code, diagrams. */
  readonly features?: ReadonlyMap<Post, readonly BodyFeature[]>;
  /** The file a page using math (KaTeX's stylesheet) or diagrams (Mermaid's script) links. */
  readonly packaged?: (feature: 'math' | 'diagram') => string;
}

export interface PostLines {
  readonly slug: number;
  /** The `url` key, or the slug's line when the path comes from the pattern. */
  readonly path: number;
  readonly aliases: number;
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
