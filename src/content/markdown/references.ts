// Load: the site-relative links and images of a body, with the file line each stands on.
import type { Token } from 'markdown-it';
import type { Reference } from '../post.js';

/** Links and images whose target starts with a single `/`; `bodyLine` is the body's first line. */
export function collectReferences(tokens: readonly Token[], bodyLine: number): Reference[] {
  const references: Reference[] = [];
  for (const block of tokens) {
    if (block.type !== 'inline' || !block.map) continue;
    const line = block.map[0] + bodyLine;
    for (const child of block.children ?? []) {
      const target =
        child.type === 'link_open'
          ? child.attrGet('href')
          : child.type === 'image'
            ? child.attrGet('src')
            : null;
      if (typeof target === 'string' && target.startsWith('/') && !target.startsWith('//')) {
        references.push({ kind: child.type === 'image' ? 'image' : 'link', target, line });
      }
    }
  }
  return references;
}
