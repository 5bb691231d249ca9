// Load: the typography the engines a blog comes from gave its Markdown — `---` and `--` as dashes,
// `...` as an ellipsis, and, by markdown-it's own rule, curly quotes — without markdown-it's other
// replacements (`(c)` as ©, `+-` as ±), which Hugo, Jekyll and Hexo never made.
import type MarkdownIt from 'markdown-it';
import type StateCore from 'markdown-it/lib/rules_core/state_core.mjs';

// The longest first: `---` is one dash, not an en dash and a hyphen. Arrows (`-->`, `<--`,
// `<-->`) are read first, and stay as written.
const MARKS = /<-{2,3}>?|-{2,3}>|---|--|\.\.\./g;
const REPLACEMENTS: Readonly<Record<string, string>> = {
  '---': '\u2014', // em dash
  '--': '\u2013', // en dash
  '...': '\u2026', // ellipsis
};

/** `text` with its dashes and ellipses. */
function typesetText(text: string): string {
  return text.includes('--') || text.includes('...')
    ? text.replace(MARKS, (mark) => REPLACEMENTS[mark] ?? mark)
    : text;
}

/**
 * With markdown-it's `typographer` on, replaces its rule of replacements by one of dashes and the
 * ellipsis alone. Text inside an autolink is its address, and stays as written.
 */
export function useTypography(markdown: MarkdownIt): void {
  markdown.core.ruler.at('replacements', (state: StateCore) => {
    if (!state.md.options.typographer) return;
    for (const block of state.tokens) {
      if (block.type !== 'inline' || !block.children) continue;
      let inAutolink = false;
      for (const token of block.children) {
        if (token.type === 'link_open' && token.info === 'auto') inAutolink = true;
        else if (token.type === 'link_close' && token.info === 'auto') inAutolink = false;
        else if (token.type === 'text' && !inAutolink) token.content = typesetText(token.content);
      }
    }
  });
}
