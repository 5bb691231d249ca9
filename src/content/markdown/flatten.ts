// Load: Markdown tokens → plain running text, for excerpts and descriptions.
import { Parser } from 'htmlparser2';
import type { Token } from 'markdown-it';
import { writtenTex } from './equation-numbers.js';

// Elements whose content is not reading text: it vanishes with the tags.
const HIDDEN = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'svg',
  'math',
  'iframe',
  'object',
  'textarea',
]);
// Elements that flow inside a line; any other tag separates words.
const INLINE = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'cite',
  'code',
  'data',
  'del',
  'dfn',
  'em',
  'i',
  'ins',
  'kbd',
  'mark',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'var',
  'wbr',
]);

/**
 * Flattens a token stream to words separated by single spaces: headings, emphasis, link texts,
 * lists, tables, inline code and code blocks keep their text, math its TeX source; raw HTML tags,
 * comments and images vanish (the text between tags stays, unless it is a script or a style).
 */
export function flattenTokens(tokens: readonly Token[]): string {
  return tidySpaces(runningText(tokens)).trim();
}

/** Each run of white space as a single space. */
export function tidySpaces(text: string): string {
  return text.replace(/\s+/gu, ' ');
}

/**
 * The text of a token stream as `flattenTokens` reads it, its white space left as it is: what a
 * reader of words alone (search) takes, without the cost of tidying spaces no one sees.
 */
export function runningText(tokens: readonly Token[]): string {
  const parts: string[] = [];
  let inFootnotes = false;
  for (const token of tokens) {
    // Footnotes are read where they are referred to, not as more running text.
    if (token.type === 'footnote_block_open') inFootnotes = true;
    if (token.type === 'footnote_block_close') inFootnotes = false;
    if (inFootnotes) continue;
    if (token.type === 'inline') flattenInline(token.children ?? [], parts);
    else if (token.type === 'fence' || token.type === 'code_block') parts.push(token.content);
    else if (token.type === 'math_block') parts.push(writtenTex(token));
    else if (token.type === 'html_block') parts.push(htmlText(token.content));
    else continue;
    parts.push(' ');
  }
  return parts.join('');
}

function flattenInline(children: readonly Token[], parts: string[]): void {
  let hiddenDepth = 0;
  for (const child of children) {
    if (child.type === 'html_inline') {
      const tag = /^<(\/?)([a-zA-Z][\w-]*)/.exec(child.content);
      const name = tag?.[2]?.toLowerCase() ?? '';
      if (HIDDEN.has(name)) hiddenDepth = Math.max(0, hiddenDepth + (tag?.[1] ? -1 : 1));
      else if (name && !INLINE.has(name)) parts.push(' ');
    } else if (hiddenDepth > 0) {
      continue;
    } else if (
      child.type === 'text' ||
      child.type === 'code_inline' ||
      // Math as its TeX source, and an emoji as the character it stands for.
      child.type === 'math_inline' ||
      child.type === 'equation_reference' ||
      child.type === 'emoji'
    ) {
      parts.push(writtenTex(child));
    } else if (child.type === 'softbreak' || child.type === 'hardbreak') {
      parts.push(' ');
    }
  }
}

function htmlText(markup: string): string {
  const parts: string[] = [];
  let hiddenDepth = 0;
  const boundary = (name: string): void => {
    if (!INLINE.has(name)) parts.push(' ');
  };
  const parser = new Parser(
    {
      onopentagname(name) {
        if (HIDDEN.has(name)) hiddenDepth++;
        boundary(name);
      },
      onclosetag(name) {
        if (HIDDEN.has(name)) hiddenDepth = Math.max(0, hiddenDepth - 1);
        boundary(name);
      },
      ontext(text) {
        if (hiddenDepth === 0) parts.push(text);
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.end(markup);
  return parts.join('');
}
