// Load: numbers a body's display equations and resolves `\label`, `\eqref` and `\ref`, which
// KaTeX does not know, as LaTeX and MathJax do: math blogs brought from MathJax cross-reference
// their equations, and KaTeX's own numbering (a stylesheet counter) neither survives a feed
// nor lets a reference name a number.
import type MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';
import { escapeHtml } from 'markdown-it/lib/common/utils.mjs';
import type { EquationNumbers } from '../../config/schema.js';
import { ownLevelMarks, withKatexEnvironments } from './math.js';

/** What the reader is handed with a body, for the rule below. */
export interface EquationEnv {
  readonly equationNumbers?: EquationNumbers | undefined;
}

/** What was wrong with a formula's references, kept on its token for the checks. */
export interface EquationProblem {
  readonly kind: 'unknown' | 'unnumbered' | 'duplicate';
  readonly label: string;
}

/** The problems the rule below found in `token`'s formula. */
export function equationProblems(token: Token): readonly EquationProblem[] {
  return (token.meta as { equationProblems?: EquationProblem[] } | null)?.equationProblems ?? [];
}

/**
 * The TeX `token`'s formula was written with, for the text that search, excerpts and contents
 * read: the numbers and links put in for the page are no words of the author's.
 */
export function writtenTex(token: Token): string {
  return (token.meta as { tex?: string } | null)?.tex ?? token.content;
}

/** Keeps the TeX as written before `token`'s is rewritten. */
function keepWritten(token: Token): void {
  const meta = (token.meta ?? {}) as { tex?: string };
  meta.tex ??= token.content;
  token.meta = meta;
}

/** The element id of the equation labelled `label`: letters, digits, `_` and `-` only. */
function equationId(label: string): string {
  return `eq-${label.trim().replace(/[^A-Za-z0-9_-]+/g, '-')}`;
}

const NUMBERED_ENVIRONMENTS = new Set(['equation', 'align', 'gather', 'alignat']);
// Of those, the ones that number each row rather than the whole.
const ROW_ENVIRONMENTS = new Set(['align', 'gather', 'alignat']);
const MATH_WORDS = /\\(?:label|eqref|ref|tag|begin)\b/;
const LABEL = /\\label\s*\{([^{}]*)\}/g;
const TAG = /\\tag(\*?)\s*\{((?:[^{}]|\{[^{}]*\})*)\}/;
const NO_NUMBER = /\\(?:nonumber|notag)\b/;
// An environment with none nested in it.
const NESTED_ENVIRONMENT = /\\begin\s*\{[^{}]*\}(?:(?!\\begin\s*\{)[^])*?\\end\s*\{[^{}]*\}/g;
const SOLE_REFERENCE = /^\s*\\(eqref|ref)\s*\{([^{}]*)\}\s*$/;
const REFERENCE = /\\(eqref|ref)\s*\{([^{}]*)\}/g;

/** The rule, after inline parsing: a body's equations are numbered in the order they stand. */
export function useEquationNumbers(markdown: MarkdownIt): void {
  markdown.core.ruler.push('equation_numbers', (state) => {
    const mode = (state.env as EquationEnv | undefined)?.equationNumbers ?? 'ams';
    const formulas: { token: Token; display: boolean }[] = [];
    for (const token of state.tokens) {
      if (token.type === 'math_block') formulas.push({ token, display: true });
      else if (token.type === 'inline')
        for (const child of token.children ?? [])
          if (child.type === 'math_inline') formulas.push({ token: child, display: false });
    }
    const needed = formulas.some(
      ({ token, display }) => MATH_WORDS.test(token.content) || (display && mode === 'all'),
    );
    if (!needed) return;
    const labels = new Map<string, { id: string; text: string }>();
    const unnumbered = new Set<string>();
    const counter = { next: 1 };
    for (const { token, display } of formulas) {
      if (!display) continue;
      const read = withKatexEnvironments(token.content);
      if (read !== token.content) {
        keepWritten(token);
        token.content = read;
      }
      const numbered = numberDisplay(token.content, mode, counter);
      if (numbered.tex !== token.content) keepWritten(token);
      token.content = numbered.tex;
      for (const [label, text] of numbered.labels) {
        if (labels.has(label)) addProblem(token, { kind: 'duplicate', label });
        else labels.set(label, { id: equationId(label), text });
      }
      for (const label of numbered.unnumbered) unnumbered.add(label);
    }
    const shown = (command: string, text: string): string =>
      command === 'eqref' ? `(${text})` : text;
    for (const { token, display } of formulas) {
      if (!token.content.includes('ref')) continue;
      // A formula that is one reference, as most are, is a link of the page: KaTeX's markup is
      // hidden from screen readers, and a link in it could be reached but not read.
      const alone = display ? null : SOLE_REFERENCE.exec(token.content);
      const target = alone ? labels.get((alone[2] ?? '').trim()) : undefined;
      if (alone && target) {
        token.type = 'equation_reference';
        token.meta = { href: `#${target.id}`, text: shown(alone[1] ?? '', target.text) };
        continue;
      }
      keepWritten(token);
      token.content = token.content.replace(REFERENCE, (_all, command: string, name: string) => {
        const label = labels.get(name.trim());
        if (!label) {
          const kind = unnumbered.has(name.trim()) ? 'unnumbered' : 'unknown';
          addProblem(token, { kind, label: name.trim() });
        }
        return `\\textup{${shown(command, label?.text ?? '??')}}`;
      });
    }
    // MathJax reads a reference in the text, outside `$…$`, as one inside (Chirpy's guide writes
    // them so): one to a label of the post is the same link; any other stays text.
    if (labels.size === 0) return;
    for (const token of state.tokens) {
      if (token.type !== 'inline' || !token.content.includes('ref')) continue;
      let linkDepth = 0;
      token.children = (token.children ?? []).flatMap((child) => {
        if (child.type === 'link_open') linkDepth++;
        else if (child.type === 'link_close') linkDepth--;
        if (child.type !== 'text' || linkDepth > 0 || !child.content.includes('ref'))
          return [child];
        const parts: Token[] = [];
        let from = 0;
        const text = (end: number): void => {
          if (end <= from) return;
          const part = new state.Token('text', '', 0);
          part.content = child.content.slice(from, end);
          parts.push(part);
        };
        for (const match of child.content.matchAll(REFERENCE)) {
          const [written, command = '', name = ''] = match;
          const target = labels.get(name.trim());
          if (!target) continue;
          text(match.index);
          const reference = new state.Token('equation_reference', '', 0);
          reference.content = written;
          reference.meta = { href: `#${target.id}`, text: shown(command, target.text) };
          parts.push(reference);
          from = match.index + written.length;
        }
        text(child.content.length);
        return parts;
      });
    }
  });
  markdown.renderer.rules.equation_reference = (tokens, index) => {
    const { href, text } = tokens[index]?.meta as { href: string; text: string };
    return `<a href="${escapeHtml(href)}" class="equation-reference">${escapeHtml(text)}</a>`;
  };
}

function addProblem(token: Token, problem: EquationProblem): void {
  const meta = (token.meta ?? {}) as { equationProblems?: EquationProblem[] };
  (meta.equationProblems ??= []).push(problem);
  token.meta = meta;
}

/** A stretch of a formula that takes one number: a row, an environment, or all of it. */
interface Unit {
  readonly start: number;
  readonly end: number;
  /** Whether the mode numbers it when it has no `\tag` and no `\nonumber`. */
  readonly inEnvironment: boolean;
}

/**
 * `tex` with a `\tag` on each of its units the mode numbers (from `counter`), its labels taken
 * out, and the text each label stands for.
 */
function numberDisplay(
  tex: string,
  mode: EquationNumbers,
  counter: { next: number },
): { tex: string; labels: [string, string][]; unnumbered: string[] } {
  const units = unitsOf(tex);
  const labels: [string, string][] = [];
  const edits: { start: number; end: number; text: string }[] = [];
  for (const unit of units.length > 0 ? units : wholeFormula(tex)) {
    const text = tex.slice(unit.start, unit.end);
    const label = [...text.matchAll(LABEL)][0]?.[1]?.trim();
    // A `\tag` or `\notag` of a nested environment (`aligned`, `cases`) is not the unit's.
    const own = ownLevel(text);
    const tag = TAG.test(own) ? TAG.exec(text) : null;
    const unnumbered = NO_NUMBER.test(own);
    let rewritten = text;
    if (tag) {
      if (label !== undefined) {
        labels.push([label, tag[2] ?? '']);
        rewritten = text.replace(
          TAG,
          (_all, star: string, shown: string) =>
            `\\tag${star}{\\htmlId{${equationId(label)}}{${shown}}}`,
        );
      }
    } else if (!unnumbered) {
      const numbers = unit.inEnvironment
        ? mode !== 'none'
        : mode === 'all' || (mode === 'ams' && label !== undefined);
      if (numbers) {
        const n = String(counter.next++);
        if (label !== undefined) labels.push([label, n]);
        const shown = label === undefined ? n : `\\htmlId{${equationId(label)}}{${n}}`;
        rewritten = withEnding(text, `\\tag{${shown}}`);
      } else if (unit.inEnvironment) {
        // KaTeX would number the row itself, by a counter of the page's stylesheet.
        rewritten = withEnding(text, '\\notag');
      }
    }
    if (rewritten !== text) edits.push({ start: unit.start, end: unit.end, text: rewritten });
  }
  let result = tex;
  for (const edit of edits.reverse()) {
    result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  }
  // Labels go, KaTeX refusing a formula for one; a label on no number names nothing.
  const numbered = new Set(labels.map(([label]) => label));
  const unnumbered = [...result.matchAll(LABEL)]
    .map((match) => (match[1] ?? '').trim())
    .filter((label) => !numbered.has(label));
  return { tex: result.replace(LABEL, ''), labels, unnumbered };
}

/** `text` with `command` put after its last character, before the spaces that end it. */
function withEnding(text: string, command: string): string {
  const end = text.trimEnd().length;
  return `${text.slice(0, end)} ${command}${text.slice(end)}`;
}

/** `text` without the environments nested in it. */
function ownLevel(text: string): string {
  if (!text.includes('\\begin')) return text;
  let outer = text;
  for (let inner = ''; inner !== outer;) {
    inner = outer;
    outer = outer.replace(NESTED_ENVIRONMENT, ' ');
  }
  return outer;
}

/** All of a formula that has no numbered environment: one unit, unless it is a starred one. */
function wholeFormula(tex: string): Unit[] {
  // A starred environment is numbered by none of the modes.
  if (/\\begin\s*\{(?:equation|align|gather|alignat)\*\}/.test(tex)) return [];
  return [{ start: 0, end: tex.trimEnd().length, inEnvironment: false }];
}

/**
 * The units of the numbered environments of `tex`, outermost only: each row of an `align`,
 * `gather` or `alignat`, the whole of an `equation`. Rows end at a `\\` of the environment itself,
 * not of one nested in it (`cases`, `aligned`) or in braces; an empty last row is none.
 */
function unitsOf(tex: string): Unit[] {
  const units: Unit[] = [];
  const environment = /\\(begin|end)\s*\{([^{}]*)\}/g;
  let open: { name: string; bodyStart: number; depth: number } | undefined;
  let depth = 0;
  for (let match = environment.exec(tex); match; match = environment.exec(tex)) {
    const [whole, kind, name = ''] = match;
    if (kind === 'begin') {
      if (!open && NUMBERED_ENVIRONMENTS.has(name)) {
        open = { name, bodyStart: match.index + whole.length, depth };
      }
      depth++;
      continue;
    }
    depth--;
    if (open && name === open.name && depth === open.depth) {
      const body = { start: open.bodyStart, end: match.index };
      if (ROW_ENVIRONMENTS.has(open.name)) units.push(...rowsOf(tex, body));
      else units.push({ ...body, inEnvironment: true });
      open = undefined;
    }
  }
  return units;
}

/** The rows of the environment body `tex[start, end)`. */
function rowsOf(tex: string, body: { start: number; end: number }): Unit[] {
  const rows: Unit[] = [];
  let rowStart = body.start;
  for (const rowEnd of ownLevelMarks(tex, body.start, body.end).rowEnds) {
    rows.push({ start: rowStart, end: rowEnd, inEnvironment: true });
    rowStart = rowEnd + 2;
  }
  rows.push({ start: rowStart, end: body.end, inEnvironment: true });
  return rows.filter((row) => tex.slice(row.start, row.end).trim() !== '');
}
