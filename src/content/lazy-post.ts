// Load: a post whose body is parsed only when its excerpt, HTML or links are first asked for.
import type { Token } from 'markdown-it';
import { excerptOf, excerptOfBody } from './excerpt.js';
import type { SplitPost } from './front-matter/split.js';
import { parseMarkdown, renderTokens } from './markdown/markdown.js';
import { collectReferences } from './markdown/references.js';
import type { PostContext } from './parse-post.js';
import type { Post, PostLines, Reference } from './post.js';

type BodyParts = Pick<Post, 'excerpt' | 'html' | 'references'>;

/**
 * A post whose body is parsed the first time its excerpt, HTML or links are asked for: a server
 * can then start on thousands of posts and parse only those its pages show. A body never makes a
 * post invalid, so nothing is missed by waiting. A class, so that every post has one shape and
 * code that walks thousands of them (ordering, grouping) reads their fields at full speed.
 */
export class LazyPost implements Post {
  readonly file: string;
  readonly slug: string;
  readonly title: string;
  readonly date: number;
  readonly category: string | undefined;
  readonly tags: readonly string[];
  readonly draft: boolean;
  readonly description: string | undefined;
  readonly lines: PostLines;
  readonly #ctx: PostContext;
  readonly #bodyLine: number;
  // Only the body is kept, and only until it is parsed: holding the split file would keep more.
  #source: string | undefined;
  #excerpt: string | undefined;
  #references: readonly Reference[] | undefined;
  #html: string | undefined;

  constructor(
    fields: Omit<Post, keyof BodyParts>,
    split: Pick<SplitPost, 'body' | 'bodyLine'>,
    ctx: PostContext,
  ) {
    this.file = fields.file;
    this.slug = fields.slug;
    this.title = fields.title;
    this.date = fields.date;
    this.category = fields.category;
    this.tags = fields.tags;
    this.draft = fields.draft;
    this.description = fields.description;
    this.lines = fields.lines;
    this.#ctx = ctx;
    this.#bodyLine = split.bodyLine;
    this.#source = ctx.readBody ? undefined : split.body;
  }

  get excerpt(): string {
    // A listing needs only the start of each body; parsing it whole can wait for its page.
    this.#excerpt ??= excerptOfBody(this.#body(), this.#ctx.excerptLength);
    return this.#excerpt;
  }

  get references(): readonly Reference[] {
    // Parsed only, not rendered: checking every body would otherwise render (and keep) the HTML
    // of posts whose pages no one may ask for.
    if (this.#references === undefined) this.#tokens();
    return this.#references ?? [];
  }

  get html(): string {
    if (this.#html !== undefined) return this.#html;
    if (!this.#ctx.readBody) {
      this.#parseAll();
      return this.#html ?? '';
    }
    // Not kept: the page that shows it is rendered once and kept by the server.
    return renderTokens(this.#tokens(), this.#ctx);
  }

  #body(): string {
    return this.#source ?? this.#ctx.readBody?.(this.file) ?? '';
  }

  #tokens(): Token[] {
    const parsed = parseMarkdown(this.#body());
    this.#excerpt ??= excerptOf(parsed, this.#ctx.excerptLength);
    this.#references ??= collectReferences(parsed, this.#bodyLine);
    return parsed;
  }

  #parseAll(): void {
    this.#html = renderTokens(this.#tokens(), this.#ctx);
    this.#source = undefined;
  }
}
