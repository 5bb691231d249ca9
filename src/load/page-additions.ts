// Load: reads the snippets and custom stylesheet the author adds to every page.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CUSTOM_CSS,
  FOOTER_SNIPPET,
  HEAD_SNIPPET,
  SNIPPETS_DIR,
  type PageAdditions,
} from '../content/page-additions.js';
import { STATIC_DIR } from '../content/site-layout.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { readTextFile } from '../text/read-text-file.js';
import { contentHash } from '../urls/hashed-path.js';

/**
 * The additions of a site folder, read on every load: they are a few small files, and reading
 * them each time is what makes an edit to one show on the next page a watching server sends.
 * A snippet that is not UTF-8 (or cannot be read) is an error naming its file.
 */
export function readPageAdditions(siteDir: string): {
  readonly additions: PageAdditions;
  readonly diagnostics: readonly Diagnostic[];
} {
  const diagnostics: Diagnostic[] = [];
  const snippet = (name: string): string => {
    const file = join(siteDir, SNIPPETS_DIR, name);
    const text = readTextFile(file);
    if (typeof text === 'string') return text.replace(/^\uFEFF/, '');
    if (text.code !== 'file-unreadable' || text.message !== 'the file does not exist') {
      diagnostics.push(text);
    }
    return '';
  };
  const head = snippet(HEAD_SNIPPET);
  const footer = snippet(FOOTER_SNIPPET);
  let customCss: string | undefined;
  try {
    const bytes = readFileSync(join(siteDir, STATIC_DIR, CUSTOM_CSS));
    customCss = `/${CUSTOM_CSS}?v=${contentHash(bytes)}`;
  } catch {
    // No custom stylesheet: pages link the theme's alone.
  }
  return { additions: { head, footer, customCss }, diagnostics };
}
