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
  const key = `${name}\n${code}`;
  let html = highlighted.get(key);
  if (html === undefined) {
    html = hljs.highlight(code, { language: name, ignoreIllegals: true }).value;
    remember(key, html);
  }
  return html;
}

// Highlighting is the costliest step of rendering a body. A blog repeats its snippets (install
// commands, configuration, the same function explained twice), and a live reload renders an
// edited post again with most of its blocks unchanged: each distinct block is highlighted once,
// found again by its language and text. The memory it may take is bounded.
const REMEMBERED_CHARACTERS = 4_000_000;
const highlighted = new Map<string, string>();
let rememberedCharacters = 0;

function remember(key: string, html: string): void {
  const size = key.length + html.length;
  if (size > REMEMBERED_CHARACTERS / 16) return;
  if (rememberedCharacters + size > REMEMBERED_CHARACTERS) {
    highlighted.clear();
    rememberedCharacters = 0;
  }
  highlighted.set(key, html);
  rememberedCharacters += size;
}
