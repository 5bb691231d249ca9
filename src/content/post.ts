// Load: the post, as the loader hands it to the index.

/** One Markdown file, parsed and validated. */
export interface Post {
  /** The file it came from, as the loader was given it. */
  readonly file: string;
  /** Identifier in URLs: `slug` from the front matter, or the file name without `.md`. */
  readonly slug: string;
  readonly title: string;
  /** Publication instant, epoch milliseconds. */
  readonly date: number;
  readonly category: string | undefined;
  /** One or more tags, without repeats, in the order the author wrote them. */
  readonly tags: readonly string[];
  readonly draft: boolean;
  /** Overrides the excerpt in meta descriptions. */
  readonly description: string | undefined;
  /** Plain text shown in listings. */
  readonly excerpt: string;
  /** The body rendered to HTML. */
  readonly html: string;
  /** Site-relative links and images, and relative images, in the body: to check they lead somewhere. */
  readonly references: readonly Reference[];
  /** Lines of front matter keys, for problems found later across posts. */
  readonly lines: PostLines;
}

export interface PostLines {
  readonly slug: number;
  readonly category: number;
  readonly tags: number;
}

/** A link or image in a body whose target is a path on this site (`/…`), or an image's relative path. */
export interface Reference {
  readonly kind: 'link' | 'image';
  readonly target: string;
  /** Line in the post file. */
  readonly line: number;
}
