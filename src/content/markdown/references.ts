// Load: the site-relative links and images of a body, with the file line each stands on.
import type { Token } from 'markdown-it';
import type { Reference } from '../post.js';
import { isRelativeTarget } from './markdown.js';

/**
 * Links and images whose target starts with a single `/`, and images with a relative path
 * (`dog.png`), which the checks warn of — those of raw HTML (`<img src>`, `<a href>`) too, as
 * imported posts are full of them; `bodyLine` is the body's first line.
 */
export function collectReferences(tokens: readonly Token[], bodyLine: number): Reference[] {
  const references: Reference[] = [];
  for (const block of tokens) {
    if (!block.map) continue;
    const line = block.map[0] + bodyLine;
    if (block.type === 'html_block') references.push(...rawReferences(block.content, line));
    if (block.type !== 'inline') continue;
    // A paragraph's lines are told apart by its line breaks: a link on its fifth line is on the
    // fifth line of the file's paragraph, as an author who wraps lines looks for it.
    let at = line;
    for (const child of block.children ?? []) {
      if (child.type === 'softbreak' || child.type === 'hardbreak') at++;
      const reference =
        child.type === 'html_inline' ? rawReferences(child.content, at)[0] : referenceOf(child, at);
      if (reference) references.push(reference);
      if (child.type === 'html_inline') at += countLines(child.content, child.content.length);
    }
  }
  return references;
}

// `<img … src="…">` and `<a … href="…">`, the value quoted either way or bare.
const RAW_REFERENCE = /<(img|a)\b[^>]*?\s(src|href)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;

/** The references of raw HTML starting on `line`, each on the line it stands on. */
function rawReferences(html: string, line: number): Reference[] {
  const references: Reference[] = [];
  for (const match of html.matchAll(RAW_REFERENCE)) {
    const [, element = '', attribute = '', double, single, bare] = match;
    const image = element.toLowerCase() === 'img';
    if (attribute.toLowerCase() !== (image ? 'src' : 'href')) continue;
    const target = (double ?? single ?? bare ?? '').replace(/&amp;/g, '&');
    const at = line + countLines(html, match.index);
    if (isSitePath(target)) references.push({ kind: image ? 'image' : 'link', target, line: at });
    else if (image && (target.trim() === '' || isRelativeTarget(target)))
      references.push({ kind: 'image', target, line: at });
  }
  return references;
}

function countLines(text: string, end: number): number {
  let lines = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < end; i = text.indexOf('\n', i + 1)) lines++;
  return lines;
}

function referenceOf(token: Token, line: number): Reference | undefined {
  if (token.type === 'link_open') {
    const target = token.attrGet('href');
    return target !== null && isSitePath(target) ? { kind: 'link', target, line } : undefined;
  }
  if (token.type === 'image') {
    const target = token.attrGet('src');
    // An image of no path shows nothing, and is told too.
    const checked =
      target !== null && (target.trim() === '' || isSitePath(target) || isRelativeTarget(target));
    return checked ? { kind: 'image', target, line } : undefined;
  }
  return undefined;
}

function isSitePath(target: string): boolean {
  return target.startsWith('/') && !target.startsWith('//');
}
