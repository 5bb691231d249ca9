// Load: the typography the engines a blog comes from gave its Markdown — `---` and `--` as dashes,
// `...` as an ellipsis, and, by markdown-it's own rule, curly quotes — without markdown-it's other
// replacements (`(c)` as ©, `+-` as ±), which Hugo, Jekyll and Hexo never made.
import type MarkdownIt from 'markdown-it';
import type StateCore from 'markdown-it/lib/rules_core/state_core.mjs';
import type Token from 'markdown-it/lib/token.mjs';

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

// A letter of Korean, Chinese or Japanese, which may follow a closing quote with no space between
// (`'채권'이라도`, `"…"에`: a particle) or come before an opening one.
const CJK_LETTER = /[\p{Script=Hangul}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
// What such a letter stands as while markdown-it's quote rule looks: punctuation, beside which a
// quote may open or close, as kramdown and Hexo's renderers read it.
const STAND_IN = '!';

/**
 * Around markdown-it's rule of curly quotes: a quote between two letters is an apostrophe to it
 * (`Yihui's`), so that of `'채권'이라도` it made `'채권’이라도`. While it looks, each Korean,
 * Chinese or Japanese letter beside a quote stands as punctuation; its letters come back after,
 * the quotes it curled kept (one character each for one, at the same places).
 */
function quoteCjkAsPunctuation(markdown: MarkdownIt): void {
  const hidden = new WeakMap<Token, string>();
  markdown.core.ruler.before('smartquotes', 'cjk_quotes_stand_in', (state: StateCore) => {
    if (!state.md.options.typographer) return;
    for (const block of state.tokens) {
      if (block.type !== 'inline' || !block.children) continue;
      for (const token of block.children) {
        const text = token.content;
        if (token.type !== 'text' || !/['"]/.test(text) || !CJK_LETTER.test(text)) continue;
        const chars = [...text];
        let changed = false;
        chars.forEach((char, i) => {
          if (char !== "'" && char !== '"') return;
          for (const at of [i - 1, i + 1]) {
            if (CJK_LETTER.test(chars[at] ?? '')) {
              chars[at] = STAND_IN;
              changed = true;
            }
          }
        });
        if (!changed) continue;
        hidden.set(token, text);
        token.content = chars.join('');
      }
    }
  });
  markdown.core.ruler.after('smartquotes', 'cjk_quotes_letters_back', (state: StateCore) => {
    for (const block of state.tokens) {
      if (block.type !== 'inline' || !block.children) continue;
      for (const token of block.children) {
        const original = hidden.get(token);
        if (original === undefined) continue;
        const curled = [...token.content];
        const letters = [...original];
        token.content =
          curled.length === letters.length
            ? letters.map((char, i) => (char === "'" || char === '"' ? curled[i] : char)).join('')
            : original;
      }
    }
  });
}

/**
 * With markdown-it's `typographer` on, replaces its rule of replacements by one of dashes and the
 * ellipsis alone. Text inside an autolink is its address, and stays as written.
 */
export function useTypography(markdown: MarkdownIt): void {
  quoteCjkAsPunctuation(markdown);
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
