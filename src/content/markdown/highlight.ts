// Load: syntax highlighting of fenced code at render time, so pages need no script to show it.
import hljs from 'highlight.js/lib/common';

/**
 * The highlighted HTML of a code block, with `hljs-*` classes the theme colours; an empty string
 * for a missing or unknown language, which tells the Markdown renderer to escape the code as
 * plain text, so that a typo in a language name never fails a build.
 */
export function highlightCode(code: string, language: string): string {
  const name = language.trim().toLowerCase();
  if (!name || !hljs.getLanguage(name)) return '';
  return hljs.highlight(code, { language: name, ignoreIllegals: true }).value;
}
