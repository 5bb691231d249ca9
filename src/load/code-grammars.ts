// Load: highlight.js's grammar of a language, read from the package the first time a post uses
// the language — so that starting Folio loads none of the 192, and a site pays for those it uses.
import { createRequire } from 'node:module';
import type { LanguageFn } from 'highlight.js';
import { CODE_LANGUAGES } from '../content/markdown/code-languages.js';

const require = createRequire(import.meta.url);
const GRAMMAR_FILES = new Set(Object.values(CODE_LANGUAGES));

/** The grammar defined in `file`, one of the names of `CODE_LANGUAGES`' values. */
export function codeGrammar(file: string): LanguageFn | undefined {
  if (!GRAMMAR_FILES.has(file)) return undefined;
  return require(`highlight.js/lib/languages/${file}`) as LanguageFn;
}
