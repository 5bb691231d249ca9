// Load: GitHub's emoji shortcodes (`:tada:` → 🎉), as GitHub reads them: a shortcode is a word of
// its own, so `a:b:c`, `std::vector` and `:)` stay as written, and code is never touched.
import type MarkdownIt from 'markdown-it';
import EMOJI from 'markdown-it-emoji/lib/data/full.mjs';

const SHORTCODE = /^:([a-z0-9_+-]{1,40}):/;
const WORD_CHARACTER = /[\p{L}\p{N}_]/u;

export function useEmoji(markdown: MarkdownIt): void {
  markdown.inline.ruler.push('emoji', (state, silent) => {
    const start = state.pos;
    if (state.src.charCodeAt(start) !== 0x3a /* : */) return false;
    if (start > 0 && WORD_CHARACTER.test(state.src.charAt(start - 1))) return false;
    const match = SHORTCODE.exec(state.src.slice(start, start + 43));
    const name = match?.[1];
    const emoji = name === undefined ? undefined : EMOJI[name];
    if (!match || emoji === undefined) return false;
    if (WORD_CHARACTER.test(state.src.charAt(start + match[0].length))) return false;
    if (!silent) {
      const token = state.push('emoji', '', 0);
      token.markup = name ?? '';
      token.content = emoji;
    }
    state.pos += match[0].length;
    return true;
  });
  markdown.renderer.rules.emoji = (tokens, index) => tokens[index]?.content ?? '';
}
