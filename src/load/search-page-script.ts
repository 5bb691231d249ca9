// Load: the script of an exported site's search page, as Folio's own build bundled it
// (`npm run build`: src/search/page-script.ts with the search core, for the browser).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { folioRoot } from './folio-package.js';

const BUNDLE = join(folioRoot(), 'dist', 'search-page.js');

let script: string | undefined;

/** The search page's script; an error that says how to make it when Folio was not built. */
export function searchPageScript(): string {
  if (!script) {
    let text: string;
    try {
      text = readFileSync(BUNDLE, 'utf8');
    } catch (cause) {
      throw new Error(
        `the search page's script is missing (${BUNDLE}): run \`npm run build\` in Folio's folder`,
        { cause },
      );
    }
    script = text.trim();
  }
  return script;
}
