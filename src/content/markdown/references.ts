// Load: the site-relative links and images of a body, with the file line each stands on.
import type { Token } from 'markdown-it';
import type { Reference } from '../post.js';
import { isRelativeTarget } from './markdown.js';

/**
 * Links and images whose target starts with a single `/`, and images with a relative path
 * (`dog.png`), which the checks warn of; `bodyLine` is the body's first line.
 */
export function collectReferences(tokens: readonly Token[], bodyLine: number): Reference[] {
  const references: Reference[] = [];
  for (const block of tokens) {
    if (block.type !== 'inline' || !block.map) continue;
    const line = block.map[0] + bodyLine;
    for (const child of block.children ?? []) {
      const reference = referenceOf(child, line);
      if (reference) references.push(reference);
    }
  }
  return references;
}

function referenceOf(token: Token, line: number): Reference | undefined {
  if (token.type === 'link_open') {
    const target = token.attrGet('href');
    return target !== null && isSitePath(target) ? { kind: 'link', target, line } : undefined;
  }
  if (token.type === 'image') {
    const target = token.attrGet('src');
    const checked = target !== null && (isSitePath(target) || isRelativeTarget(target));
    return checked ? { kind: 'image', target, line } : undefined;
  }
  return undefined;
}

function isSitePath(target: string): boolean {
  return target.startsWith('/') && !target.startsWith('//');
}
