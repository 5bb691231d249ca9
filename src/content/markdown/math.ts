// Load: TeX → HTML with MathML, by KaTeX at render time, so that pages need no script for math.
import katex from 'katex';
// `\ce` and `\pu` of chemistry, which MathJax loads as soon as a formula names them.
import 'katex/contrib/mhchem';
import { Memo } from '../../memo/memo.js';
import { escapeHtml } from 'markdown-it/lib/common/utils.mjs';

/** Math as a page shows it, and what was wrong with the TeX when it could not be rendered. */
export interface RenderedMath {
  readonly html: string;
  readonly error?: string | undefined;
}

/**
 * KaTeX's HTML (for the eye) and MathML (for assistive technology) of `tex`. TeX that KaTeX
 * cannot read is shown as its source, marked, never as a broken page; `error` says why. The
 * source shown is `written`, the TeX as its author wrote it, where Folio put numbers in.
 */
export function renderMath(tex: string, display: boolean, written = tex): RenderedMath {
  const math = renderedMath.get(`${display ? 'D' : 'I'}${tex}`, renderKey);
  if (math.error === undefined || written === tex) return math;
  return { html: mathErrorHtml(written, display, math.error), error: math.error };
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
    return { html: typeset(tex, display) };
  } catch (cause) {
    const message =
      cause instanceof Error ? cause.message.replace(/^KaTeX parse error: /, '') : String(cause);
    // MathJax, which most math blogs were written for, reads some TeX KaTeX refuses; each such
    // reading is tried once, where KaTeX's error names what it lacked.
    let read = tex;
    for (const reading of MATHJAX_READINGS) {
      if (!reading.error.test(message)) continue;
      read = reading.read(read);
      try {
        return { html: typeset(read, display) };
      } catch {
        // That was not all it lacked: the first error tells.
      }
    }
    return { html: mathErrorHtml(tex, display, message), error: message };
  }
}

/** TeX that could not be typeset, shown as its source and marked, `message` saying why. */
function mathErrorHtml(tex: string, display: boolean, message: string): string {
  const source = display ? `$$${tex}$$` : `$${tex}$`;
  const element = display ? 'pre' : 'code';
  return `<${element} class="math-error" title="${escapeHtml(message)}">${escapeHtml(source)}</${element}>`;
}

function typeset(tex: string, display: boolean): string {
  return withoutMetricsNotices(() =>
    katex.renderToString(tex, {
      displayMode: display,
      throwOnError: true,
      output: 'htmlAndMathml',
      // Commands that reach outside the formula (\href, \url, \includegraphics) stay off; an
      // equation's number carries the id that references lead to (see `equation-numbers.ts`).
      trust: withinPage,
      strict: 'ignore',
      maxExpand: 1000,
      maxSize: 50,
    }),
  );
}

const MATHJAX_READINGS: readonly { error: RegExp; read: (tex: string) => string }[] = [
  // `x_\mathrm{max}` for `x_{\mathrm{max}}`.
  {
    error: /^Got function '\\[A-Za-z]+' with no arguments as (?:sub|super)script/,
    read: withBracedScripts,
  },
  // A `split` with more than one `&` to a row, which MathJax lays out as `aligned` does.
  {
    error: /^Too many tab characters/,
    read: (tex) => tex.replace(/\\(begin|end)\s*\{split\}/g, '\\$1{aligned}'),
  },
  // `\text{PARALLEL_SEARCH}` and `\mbox{…}`: MathJax shows a `_` or `^` of text as it stands.
  {
    error: /^(?:Expected 'EOF', got '[_^]'|Undefined control sequence: \\mbox\b)/,
    read: withLiteralText,
  },
];

/**
 * `tex` with the environments MathJax has and KaTeX lacks written as those KaTeX has that lay out
 * alike, numbered as LaTeX numbers them: `eqnarray`'s rows (`a &=& b`) as `align`'s (`a &= b`),
 * `multline` as one equation of centred lines, `flalign` as `align`. Read before equations are
 * numbered, so that each is numbered as its author saw it.
 */
export function withKatexEnvironments(tex: string): string {
  if (!/\\begin\s*\{(?:eqnarray|multline|flalign)\*?\}/.test(tex)) return tex;
  return tex
    .replace(/\\(begin|end)\s*\{flalign(\*?)\}/g, '\\$1{align$2}')
    .replace(/\\begin\s*\{multline(\*?)\}/g, '\\begin{equation$1}\\begin{gathered}')
    .replace(/\\end\s*\{multline(\*?)\}/g, '\\end{gathered}\\end{equation$1}')
    .replace(
      /\\begin\s*\{eqnarray(\*?)\}([^]*?)\\end\s*\{eqnarray\1\}/g,
      (_all, star: string, rows: string) =>
        `\\begin{align${star}}${withAlignColumns(rows)}\\end{align${star}}`,
    );
}

/**
 * The rows of an `eqnarray` with the second `&` of each left out, where a row has two: its three
 * columns, right, centre and left, become `align`'s two around the relation.
 */
function withAlignColumns(rows: string): string {
  const { rowEnds, columns } = ownLevelMarks(rows, 0, rows.length);
  let result = '';
  let from = 0;
  let column = 0;
  for (const rowEnd of [...rowEnds, rows.length]) {
    const inRow: number[] = [];
    for (; (columns[column] ?? Infinity) < rowEnd; column++) inRow.push(columns[column] ?? 0);
    const second = inRow[1];
    if (inRow.length !== 2 || second === undefined) continue;
    result += rows.slice(from, second);
    from = second + 1;
  }
  return result + rows.slice(from);
}

/**
 * Where the rows (`\\`) and columns (`&`) of the environment body `tex[start, end)` end, at its
 * own level: not in braces, in an environment nested in it (`cases`), or in a `%` comment.
 */
export function ownLevelMarks(
  tex: string,
  start: number,
  end: number,
): { readonly rowEnds: number[]; readonly columns: number[] } {
  const rowEnds: number[] = [];
  const columns: number[] = [];
  let braces = 0;
  let nested = 0;
  for (let i = start; i < end; i++) {
    const c = tex[i];
    if (c === '\\') {
      if (tex[i + 1] === '\\' && braces === 0 && nested === 0) rowEnds.push(i);
      else if (tex.startsWith('begin', i + 1)) nested++;
      else if (tex.startsWith('end', i + 1)) nested--;
      i++;
    } else if (c === '{') braces++;
    else if (c === '}') braces--;
    else if (c === '&' && braces === 0 && nested === 0) columns.push(i);
    else if (c === '%') {
      const lineEnd = tex.indexOf('\n', i);
      i = lineEnd === -1 ? end : lineEnd;
    }
  }
  return { rowEnds, columns };
}

// Commands whose argument is text; KaTeX knows `\mbox` by the name `\text`.
const TEXT_COMMAND = /\\(text(?:rm|bf|it|sf|tt|up|md|normal)?|mbox|hbox)\s*(?=\{)/g;

/** `tex` with the `_` and `^` of each text argument escaped, outside `$…$` within it. */
function withLiteralText(tex: string): string {
  let result = '';
  let from = 0;
  for (const match of tex.matchAll(TEXT_COMMAND)) {
    if (match.index < from) continue;
    const open = match.index + match[0].length;
    const close = closingBrace(tex, open);
    if (close === -1) continue;
    const command = match[1] === 'mbox' ? 'text' : (match[1] ?? 'text');
    const text = tex
      .slice(open + 1, close)
      .split(/((?<!\\)\$[^$]*(?<!\\)\$)/)
      .map((part, i) =>
        i % 2 === 1
          ? part
          : part.replace(/(?<!\\)_/g, '\\_').replace(/(?<!\\)\^/g, '\\textasciicircum{}'),
      )
      .join('');
    result += `${tex.slice(from, match.index)}\\${command}{${text}}`;
    from = close + 1;
  }
  return result + tex.slice(from);
}

/** `tex` with each command that takes arguments after `_` or `^` braced, with its arguments. */
function withBracedScripts(tex: string): string {
  let result = '';
  let from = 0;
  for (const match of tex.matchAll(/[_^]\s*(\\[A-Za-z]+)\s*/g)) {
    const start = match.index + match[0].length;
    let end = start;
    while (tex[end] === '{') {
      const close = closingBrace(tex, end);
      if (close === -1) break;
      end = close + 1;
    }
    // A command alone (`\tau_\max = 1`) is braced alone; one that may take what follows as its
    // argument (`x_\frac12`) is left as it is.
    const bare = end === start && !/^[A-Za-z0-9]/.test(tex.slice(start));
    if ((end === start && !bare) || match.index < from) continue;
    const script = match[0].charAt(0);
    result += `${tex.slice(from, match.index)}${script}{${match[1] ?? ''}${tex.slice(start, end)}}`;
    from = end;
  }
  return result + tex.slice(from);
}

/** Where the group opened at `tex[open]` closes, or -1. */
function closingBrace(tex: string, open: number): number {
  let depth = 0;
  for (let i = open; i < tex.length; i++) {
    const c = tex[i];
    if (c === '\\') i++;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  return -1;
}

function withinPage(context: { command: string; id?: string }): boolean {
  return context.command === '\\htmlId' && context.id?.startsWith('eq-') === true;
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
