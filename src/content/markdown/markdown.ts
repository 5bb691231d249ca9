// Load: the one Markdown parser, CommonMark with the GFM extensions (tables, strikethrough,
// autolinks) and the technical writing of technical-writing.ts.
import MarkdownIt, { type Token } from 'markdown-it';
import anchor from 'markdown-it-anchor';
import cjkFriendly from 'markdown-it-cjk-friendly';
import { slugify } from '../slugify.js';
import { FIRST_SUFFIX, useHeadingAttributes, withUniqueSuffix } from './heading-ids.js';
import { useCodeBlocks } from './code-blocks.js';
import { useImageCaptions } from './image-captions.js';
import type { GrammarSource } from './highlight.js';
import { linkLikeGitHub, skipTextWithoutLinks } from './linkify-guard.js';
import { tableOfContents, useHeadings } from './headings.js';
import { noteFeature, useTechnicalWriting, type MarkupEnv } from './technical-writing.js';
import type { EquationNumbers, Locale } from '../../config/schema.js';
import type { EquationEnv } from './equation-numbers.js';
import type { BodyFeature } from '../post.js';
import { sourceElements, type ResponsiveImage } from '../responsive-image.js';
import { useTypography } from './typography.js';

/** Width and height of an image in pixels. */
export interface ImageSize {
  readonly width: number;
  readonly height: number;
}

/** What rendering a body needs from outside it. */
export interface RenderEnv {
  /** The size of a site image by its URL path, when the file is there and readable. */
  readonly imageSize: (src: string) => ImageSize | undefined;
  /** The variants of a site image by its URL path, for the images Folio resizes. */
  readonly responsive?: ((src: string) => ResponsiveImage | undefined) | undefined;
  /**
   * The path of the post's page: relative links and images are written from the site's root
   * against it, as the page resolves them, so that feeds and excerpts read elsewhere keep them.
   */
  readonly base?: string | undefined;
  /** The language of the words the body's markup carries: alert titles, footnote labels. */
  readonly locale?: Locale | undefined;
  /** Whether the body opens with a table of contents, unless `[[toc]]` places it. */
  readonly toc?: boolean | undefined;
  /** Whether a line break inside a paragraph is kept as one (`<br>`), not read as a space. */
  readonly lineBreaks?: boolean | undefined;
  /** highlight.js's grammars, loaded as code blocks name their languages; none, no highlighting. */
  readonly grammars?: GrammarSource | undefined;
}

/** A body's HTML, and what it uses that its page must load for. */
export interface RenderedBody {
  readonly html: string;
  readonly features: readonly BodyFeature[];
}

/** A relative link or image target resolved against `base`, the path of the page it is on. */
function fromRoot(target: string, base: string | undefined): string {
  if (base === undefined || !isRelativeTarget(target)) return target;
  const url = new URL(target, `http://site.invalid${base}`);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Not a path on another site (`https:`, `data:`), not a fragment or query, not rooted. */
export function isRelativeTarget(target: string): boolean {
  return target !== '' && !/^(?:[a-z][a-z\d+.-]*:|[/#?])/i.test(target);
}

/**
 * The Markdown reader, with math (`$…$`, `$$…$$`, `\(…\)`, `\[…\]`) or without, for sites and
 * posts whose dollars are prices and shell variables, and with the engines' typography or
 * without (see `typography.ts`). All render alike.
 */
function markdownWith(math: boolean, typographer: boolean): MarkdownIt {
  // Raw HTML stays on: the author is trusted, and their HTML is theirs to write.
  const markdown = new MarkdownIt('default', { html: true, linkify: true, typographer });
  useTypography(markdown);
  // `**「強調」**です` and `。**根据经验。**如果` are emphasis, as Chinese, Japanese and Korean
  // writers mean them: CommonMark reads no closing `**` between a full stop and a letter.
  markdown.use(cjkFriendly);
  linkLikeGitHub(markdown.linkify);
  skipTextWithoutLinks(markdown.linkify);
  // markdown-it rewrites every line ending of every body; most bodies have none to rewrite.
  markdown.core.ruler.at('normalize', (state) => {
    if (state.src.includes('\r')) state.src = state.src.replace(/\r\n?/g, '\n');
    if (state.src.includes('\0')) state.src = state.src.replaceAll('\0', '\uFFFD');
  });
  useTechnicalWriting(markdown, { math });

  // Stable ids on headings so that links to a section keep working: the author's own, else one
  // made from the heading's text. An id written twice is made unique as a made one is.
  useHeadingAttributes(markdown);
  markdown.use(anchor, {
    slugifyWithState: withUniqueSuffix((text) => slugify(text) || 'section'),
    uniqueSlugStartIndex: FIRST_SUFFIX,
    failOnNonUnique: false,
    tabIndex: false,
  });

  // A link beside each heading, and `[[toc]]`, once the headings have their ids.
  useHeadings(markdown);

  useCodeBlocks(markdown);
  useImageCaptions(markdown);

  // Code blocks and tables may scroll sideways; a tab stop lets keyboard users scroll them too.
  const renderCodeBlock = markdown.renderer.rules.code_block;
  markdown.renderer.rules.code_block = (tokens, index, options, env, self) => {
    noteFeature(env, 'code');
    return (renderCodeBlock?.(tokens, index, options, env, self) ?? '').replace(
      /^<pre>/,
      '<pre tabindex="0">',
    );
  };
  markdown.renderer.rules.table_open = (tokens, index, options, _env, self) => {
    tokens[index]?.attrSet('tabindex', '0');
    return self.renderToken(tokens, index, options);
  };

  const renderLinkOpen = markdown.renderer.rules.link_open;
  markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
    const token = tokens[index];
    const href = token?.attrGet('href');
    if (token && href) token.attrSet('href', fromRoot(href, (env as RenderEnv | undefined)?.base));
    return renderLinkOpen
      ? renderLinkOpen(tokens, index, options, env, self)
      : self.renderToken(tokens, index, options);
  };

  const renderImage = markdown.renderer.rules.image;
  markdown.renderer.rules.image = (tokens, index, options, env, self) => {
    const token = tokens[index];
    const written = token?.attrGet('src');
    const src = written ? fromRoot(written, (env as RenderEnv | undefined)?.base) : undefined;
    if (token && src) token.attrSet('src', src);
    const size = src ? (env as RenderEnv | undefined)?.imageSize(src) : undefined;
    if (token && size) {
      token.attrSet('width', String(size.width));
      token.attrSet('height', String(size.height));
    }
    // Only an image of known size gets variants: its width and height keep the page still.
    const responsive = size && src ? (env as RenderEnv | undefined)?.responsive?.(src) : undefined;
    if (token && responsive) {
      token.attrSet('srcset', responsive.srcset);
      token.attrSet('sizes', responsive.sizes);
    }
    token?.attrSet('loading', 'lazy');
    token?.attrSet('decoding', 'async');
    const image = renderImage
      ? renderImage(tokens, index, options, env, self)
      : self.renderToken(tokens, index, options);
    return responsive ? `<picture>${sourceElements(responsive)}${image}</picture>` : image;
  };
  return markdown;
}

const markdown = markdownWith(true, false);
// The readers of the sites that ask for them, made when one first does.
const readers = new Map<string, MarkdownIt>([['math', markdown]]);

function readerFor(math: boolean, typographer: boolean): MarkdownIt {
  const key = `${math ? 'math' : 'plain'}${typographer ? ' typographer' : ''}`;
  let reader = readers.get(key);
  if (!reader) {
    reader = markdownWith(math, typographer);
    readers.set(key, reader);
  }
  return reader;
}

/** How a body's Markdown is read, which changes its text as well as its HTML. */
export interface BodyReading {
  /** Whether dollars and `\(…\)` are math; they are unless this is false. */
  readonly math?: boolean | undefined;
  /** Dashes, an ellipsis and curly quotes for `---`, `--`, `...` and straight quotes. */
  readonly typographer?: boolean | undefined;
}

/** Parses a post body once; both the excerpt and the page body are derived from these tokens. */
export function parseMarkdown(
  body: string,
  options: BodyReading & { readonly equationNumbers?: EquationNumbers | undefined } = {},
): Token[] {
  const reader = readerFor(options.math !== false, options.typographer === true);
  if (options.math === false) return reader.parse(body, {});
  const env: EquationEnv = { equationNumbers: options.equationNumbers };
  return reader.parse(body, env);
}

export function renderTokens(tokens: Token[], env: RenderEnv): RenderedBody {
  const state: RenderEnv & MarkupEnv = {
    imageSize: env.imageSize,
    responsive: env.responsive,
    base: env.base,
    locale: env.locale,
    grammars: env.grammars,
  };
  const placed = tokens.some((token) => token.type === 'toc');
  const contents = env.toc === true && !placed ? tableOfContents(tokens, state) : '';
  const options = env.lineBreaks ? { ...markdown.options, breaks: true } : markdown.options;
  const html = contents + markdown.renderer.render(tokens, options, state);
  return { html, features: [...(state.features ?? [])].sort() };
}
