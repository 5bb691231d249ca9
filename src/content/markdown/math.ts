// Load: TeX → HTML with MathML, by KaTeX at render time, so that pages need no script for math.
import katex from 'katex';
import { Memo } from '../../memo/memo.js';
import { escapeHtml } from 'markdown-it/lib/common/utils.mjs';

/** Math as a page shows it, and what was wrong with the TeX when it could not be rendered. */
export interface RenderedMath {
  readonly html: string;
  readonly error?: string | undefined;
}

/**
 * KaTeX's HTML (for the eye) and MathML (for assistive technology) of `tex`. TeX that KaTeX
 * cannot read is shown as its source, marked, never as a broken page; `error` says why.
 */
export function renderMath(tex: string, display: boolean): RenderedMath {
  return renderedMath.get(`${display ? 'D' : 'I'}${tex}`, renderKey);
}

// A post is rendered again on every edit, and a check renders its math to find mistakes: each
// formula is typeset once, within a bound on the characters kept.
const renderedMath = new Memo<string, RenderedMath>('rendered math', 2_000_000, {
  weigh: (key, math) => key.length + math.html.length,
});

function renderKey(key: string): RenderedMath {
  const display = key.startsWith('D');
  const tex = key.slice(1);
  try {
    return {
      html: withoutMetricsNotices(() =>
        katex.renderToString(tex, {
          displayMode: display,
          throwOnError: true,
          output: 'htmlAndMathml',
          // Commands that reach outside the formula (\href, \url, \includegraphics) stay off.
          trust: false,
          strict: 'ignore',
          maxExpand: 1000,
          maxSize: 50,
        }),
      ),
    };
  } catch (cause) {
    const message =
      cause instanceof Error ? cause.message.replace(/^KaTeX parse error: /, '') : String(cause);
    const source = display ? `$$${tex}$$` : `$${tex}$`;
    const element = display ? 'pre' : 'code';
    return {
      html: `<${element} class="math-error" title="${escapeHtml(message)}">${escapeHtml(source)}</${element}>`,
      error: message,
    };
  }
}

/**
 * `typeset()`, without the console line KaTeX writes, unasked, for each character its fonts do not
 * measure (a zero-width space pasted into a formula): the formula is typeset all the same, and one
 * blog's 150 such lines on every check and build buried the problems the command reported.
 */
function withoutMetricsNotices<T>(typeset: () => T): T {
  const { warn } = console;
  console.warn = (...args: unknown[]): void => {
    if (typeof args[0] !== 'string' || !args[0].startsWith('No character metrics')) warn(...args);
  };
  try {
    return typeset();
  } finally {
    console.warn = warn;
  }
}
