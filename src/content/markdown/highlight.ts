// Load: syntax highlighting of fenced code at render time, so pages need no script to show it.
import hljs from 'highlight.js/lib/common';
import { Memo } from '../../memo/memo.js';

/**
 * The highlighted HTML of a code block, with `hljs-*` classes the theme colours; an empty string
 * for a missing or unknown language, which tells the Markdown renderer to escape the code as
 * plain text, so that a typo in a language name never fails a build.
 */
export function highlightCode(code: string, language: string): string {
  const name = language.trim().toLowerCase();
  if (!name || !hljs.getLanguage(name)) return '';
  // A language hljs knows has no line break in its name: the first one ends it in the key.
  return highlightedBlocks.get(`${name}\n${code}`, highlightKey);
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
