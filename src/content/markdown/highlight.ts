// Load: syntax highlighting of fenced code at render time, so pages need no script to show it.
import hljs from 'highlight.js/lib/core';
import type { LanguageFn } from 'highlight.js';
import { Memo } from '../../memo/memo.js';
import { CODE_LANGUAGES } from './code-languages.js';

/** The grammar of a language by its file name in highlight.js, loaded on first use. */
export type GrammarSource = (file: string) => LanguageFn | undefined;

// Names highlight.js does not know, read as the language they mean: a Vue, Svelte or Astro
// component is HTML whose script and style parts are highlighted as such; `python3` is Python.
// The rest are the names Jekyll's Rouge and Hugo's Chroma give a language that highlight.js knows
// by another (NASM's assembly is `x86asm`, Jinja's templates `django`), or its nearest kin.
const RELATIVES: Readonly<Record<string, string>> = {
  vue: 'xml',
  svelte: 'xml',
  astro: 'xml',
  python3: 'python',
  py3: 'python',
  nasm: 'x86asm',
  asm: 'x86asm',
  masm: 'x86asm',
  jinja2: 'django',
  j2: 'django',
  sass: 'scss',
  cuda: 'cpp',
  cu: 'cpp',
  mdx: 'markdown',
  'shell-session': 'shell',
  'sh-session': 'shell',
  dotenv: 'bash',
  // A crontab's lines are a schedule and a shell command.
  cron: 'bash',
  crontab: 'bash',
};

/** Names a code block gives to say it is no language at all. */
export const PLAIN_TEXT = new Set([
  'text',
  'txt',
  'plain',
  'plaintext',
  'none',
  'output',
  'console',
  'code',
]);

/** The grammar file of a language name as a code block writes it, if highlight.js has one. */
export function grammarFileOf(language: string): string | undefined {
  const name = language.trim().toLowerCase();
  return CODE_LANGUAGES[name] ?? RELATIVES[name];
}

/**
 * The highlighted HTML of a code block, with `hljs-*` classes the theme colours; an empty string
 * for a missing or unknown language, which tells the renderer to escape the code as plain text,
 * so that a typo in a language name never fails a build.
 */
export function highlightCode(code: string, language: string, grammars: GrammarSource): string {
  const file = grammarFileOf(language);
  if (file === undefined || !registered(file, grammars)) return '';
  // A grammar's file name has no line break: the first one ends it in the key.
  return highlightedBlocks.get(`${file}\n${code}`, highlightKey);
}

/**
 * Registers the grammar of `file`, and the grammars it embeds (HTML's scripts and styles,
 * Markdown's code), once; false when there is none.
 */
function registered(file: string, grammars: GrammarSource): boolean {
  if (hljs.getLanguage(file)) return true;
  const grammar = grammars(file);
  if (!grammar) return false;
  hljs.registerLanguage(file, grammar);
  for (const embedded of embeddedLanguages(hljs.getLanguage(file))) {
    const embeddedFile = grammarFileOf(embedded);
    if (embeddedFile !== undefined) registered(embeddedFile, grammars);
  }
  return true;
}

/** The `subLanguage`s a grammar names anywhere in its modes. */
function embeddedLanguages(language: unknown): Set<string> {
  const found = new Set<string>();
  const seen = new Set<unknown>();
  const visit = (mode: unknown): void => {
    if (typeof mode !== 'object' || mode === null || seen.has(mode)) return;
    seen.add(mode);
    const { subLanguage, contains, variants, starts } = mode as Record<string, unknown>;
    for (const name of [subLanguage].flat()) if (typeof name === 'string') found.add(name);
    for (const child of [contains, variants].flat()) visit(child);
    visit(starts);
  };
  visit(language);
  return found;
}

/**
 * Highlighting is the costliest step of rendering a body. A blog repeats its snippets (install
 * commands, configuration, the same function explained twice), and a live reload renders an
 * edited post again with most of its blocks unchanged: each distinct block is highlighted once,
 * found again by its language and text, within a bound on the characters kept.
 */
export const highlightedBlocks = new Memo<string, string>('highlighted code blocks', 4_000_000, {
  weigh: (key, html) => key.length + html.length,
});

function highlightKey(key: string): string {
  const end = key.indexOf('\n');
  const language = key.slice(0, end);
  return hljs.highlight(key.slice(end + 1), { language, ignoreIllegals: true }).value;
}
