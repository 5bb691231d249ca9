// Load: a link beside each heading of a body, to share a section, and a table of contents built
// from the headings — where the author writes `[[toc]]`, or at the top when the post asks.
import type MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';
import { escapeHtml } from 'markdown-it/lib/common/utils.mjs';
import { MARKUP_LABELS } from './markup-labels.js';
import { writtenTex } from './equation-numbers.js';
import type { MarkupEnv } from './technical-writing.js';

/** The headings a table of contents lists: sections and their subsections. */
const CONTENTS_LEVELS = new Set(['h2', 'h3']);
const TOC_MARKER = /^\[\[toc\]\]$/i;

export function useHeadings(markdown: MarkdownIt): void {
  // `[[toc]]` alone in a paragraph marks where the table of contents goes.
  markdown.core.ruler.push('toc_marker', (state) => {
    const { tokens } = state;
    for (let index = 0; index < tokens.length; index++) {
      const inline = tokens[index + 1];
      if (
        tokens[index]?.type !== 'paragraph_open' ||
        inline?.type !== 'inline' ||
        !TOC_MARKER.test(inline.content.trim()) ||
        tokens[index + 2]?.type !== 'paragraph_close'
      ) {
        continue;
      }
      const toc = new state.Token('toc', 'nav', 0);
      toc.block = true;
      toc.map = tokens[index]?.map ?? null;
      tokens.splice(index, 3, toc);
    }
  });

  // Each top-level heading with an id (markdown-it-anchor's) is written in a wrapper with the
  // link to it: at render time, so that parsing a body makes no token more.
  const rules = markdown.renderer.rules;
  const linked = (token: Token | undefined): string | null =>
    token?.level === 0 ? token.attrGet('id') : null;
  rules.heading_open = (tokens, index, options, _env, self) => {
    const open = self.renderToken(tokens, index, options);
    return linked(tokens[index]) === null ? open : `<div class="heading">\n${open}`;
  };
  rules.heading_close = (tokens, index, options, env, self) => {
    const close = self.renderToken(tokens, index, options);
    const id = linked(tokens[index - 2]);
    if (id === null) return close;
    const title = headingText(tokens[index - 1]);
    const label =
      MARKUP_LABELS[(env as MarkupEnv | undefined)?.locale ?? 'en'].linkToSection(title);
    return `${close}<a class="heading-link" href="#${escapeHtml(encodeURIComponent(id))}" aria-label="${escapeHtml(label)}">#</a>\n</div>\n`;
  };
  rules.toc = (tokens, _index, _options, env) =>
    tableOfContents(tokens, env as MarkupEnv | undefined);
}

/** The plain text of a heading, as a table of contents and a link's name read it. */
function headingText(inline: Token | undefined): string {
  return (inline?.children ?? [])
    .filter((child) =>
      ['text', 'code_inline', 'emoji', 'math_inline', 'equation_reference'].includes(child.type),
    )
    .map(writtenTex)
    .join('')
    .trim();
}

/**
 * The sections (h2) and subsections (h3) of a body as nested lists of links to them; nothing
 * when it has none. A subsection before any section is listed at the top level.
 */
export function tableOfContents(tokens: readonly Token[], env: MarkupEnv | undefined): string {
  const entries: { level: number; id: string; title: string }[] = [];
  tokens.forEach((token, index) => {
    const id = token.type === 'heading_open' && token.level === 0 ? token.attrGet('id') : null;
    if (id === null || !CONTENTS_LEVELS.has(token.tag)) return;
    entries.push({ level: token.tag === 'h2' ? 0 : 1, id, title: headingText(tokens[index + 1]) });
  });
  if (entries.length === 0) return '';
  const title = escapeHtml(MARKUP_LABELS[env?.locale ?? 'en'].contents);
  let html = `<nav class="toc" aria-labelledby="toc-title">\n<p class="toc-title" id="toc-title">${title}</p>\n<ol>\n`;
  let open = 0;
  for (const [i, entry] of entries.entries()) {
    const level = i === 0 ? 0 : Math.min(entry.level, open + 1);
    while (open > level) {
      html += '</li>\n</ol>\n';
      open--;
    }
    if (level > open) {
      html += '\n<ol>\n';
      open++;
    } else if (i > 0) html += '</li>\n';
    html += `<li><a href="#${escapeHtml(encodeURIComponent(entry.id))}">${escapeHtml(entry.title)}</a>`;
  }
  while (open > 0) {
    html += '</li>\n</ol>\n';
    open--;
  }
  return `${html}</li>\n</ol>\n</nav>\n`;
}

const HEADING_LINK = /<a class="heading-link" [^>]*>#<\/a>\n/g;

/** A body's HTML without the links beside its headings: in a feed reader they are only noise. */
export function withoutHeadingLinks(html: string): string {
  return html.replace(HEADING_LINK, '');
}
