// Load: the one Markdown parser, CommonMark with the GFM extensions (tables, strikethrough, autolinks).
import MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';

// Raw HTML stays on: the author is trusted, and their HTML is theirs to write.
const markdown = new MarkdownIt('default', { html: true, linkify: true, typographer: false });

/** Parses a post body once; both the excerpt and the page body are derived from these tokens. */
export function parseMarkdown(body: string): Token[] {
  return markdown.parse(body, {});
}

export function renderTokens(tokens: Token[]): string {
  return markdown.renderer.render(tokens, markdown.options, {});
}
