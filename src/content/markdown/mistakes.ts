// Load: what an author most likely got wrong in a body's Markdown — math KaTeX cannot typeset or
// never closed, a footnote with no note, an alert of no known type, a table of contents with
// nothing to list, a misspelt code language — each with its file line.
// Each still renders something sensible; these are the checks' warnings.
import type { Token } from 'markdown-it';
import type { BodyMistake } from '../post.js';
import { editDistance } from '../../diagnostics/did-you-mean.js';
import { parseCodeInfo } from './code-blocks.js';
import { CODE_LANGUAGES } from './code-languages.js';
import { grammarFileOf, PLAIN_TEXT } from './highlight.js';
import { ALERT_TYPES } from './markup-labels.js';
import { renderMath } from './math.js';
import { equationProblems, writtenTex, type EquationProblem } from './equation-numbers.js';

const FOOTNOTE_REFERENCE = /\[\^([^\]\s]+)\]/g;
// What a footnote's label looks like: a number, a word, or words joined by dashes. A regular
// expression's class in running text (`[^0-9]`, `[^a-z]`) is none.
const FOOTNOTE_LABEL = /^(?:[\p{L}\p{N}_]+|[\p{L}\p{N}_]{2,}(?:-[\p{L}\p{N}_]{2,})+)$/u;
const ALERT_MARKER = /^\[!(\w+)\]([^\n]*)/;
const CLOSING_DELIMITER = /(?:\$\$|\\\])\s*$/;

/** The mistakes of a body; `bodyLine` is its first line in the file, `body` its text. */
export function collectMistakes(
  tokens: readonly Token[],
  bodyLine: number,
  body: string,
): BodyMistake[] {
  const mistakes: BodyMistake[] = [];
  let lines: string[] | undefined;
  const lineOf = (index: number): string => (lines ??= body.split('\n'))[index] ?? '';
  const hasSections = tokens.some(
    (token) => token.type === 'heading_open' && (token.tag === 'h2' || token.tag === 'h3'),
  );
  tokens.forEach((token, index) => {
    const line = (token.map?.[0] ?? 0) + bodyLine;
    if (token.type === 'toc' && !hasSections) {
      mistakes.push({
        code: 'toc-empty',
        line,
        message: '[[toc]] has no headings to list: the post has no ## or ### heading',
        hint: 'add section headings, or remove the [[toc]] line',
      });
    }
    if (token.type === 'math_block' && token.map) {
      if (!CLOSING_DELIMITER.test(lineOf(token.map[1] - 1))) {
        mistakes.push({
          code: 'math-unclosed',
          line,
          message: `this ${token.markup === '$$' ? '$$' : '\\['} block is never closed: the rest of the post is read as math`,
          hint: `end the formula with a line of ${token.markup === '$$' ? '$$' : '\\]'}`,
        });
        return;
      }
      mathMistake(token, true, line, mistakes);
    } else if (token.type === 'inline') {
      for (const child of token.children ?? []) {
        if (child.type === 'math_inline') mathMistake(child, false, line, mistakes);
        else if (child.type === 'text') footnoteMistakes(child.content, line, mistakes);
      }
    } else if (token.type === 'fence') {
      const { language } = parseCodeInfo(token.info);
      const near = misspeltLanguage(language);
      if (near !== undefined) {
        mistakes.push({
          code: 'code-language-unknown',
          line,
          message: `the code language "${language}" is not one Folio knows: the block shows as plain text`,
          hint: `did you mean ${near}?`,
        });
      }
    } else if (token.type === 'blockquote_open') {
      const first = tokens[index + 2];
      const marker = first?.type === 'inline' ? ALERT_MARKER.exec(first.content) : null;
      const name = marker?.[1]?.toLowerCase();
      if (name !== undefined && !(ALERT_TYPES as readonly string[]).includes(name)) {
        mistakes.push({
          code: 'alert-unknown',
          line,
          message: `[!${marker?.[1] ?? ''}] is no alert type: it shows as a plain quote`,
          hint: `use one of ${ALERT_TYPES.map((type) => `[!${type.toUpperCase()}]`).join(', ')}`,
        });
      } else if (name !== undefined && (marker?.[2] ?? '').trim() !== '') {
        // Hugo's and Obsidian's titled alerts, `> [!NOTE] Title`: GitHub's, which Folio reads,
        // have the marker alone.
        mistakes.push({
          code: 'alert-title',
          line,
          message: `[!${marker?.[1] ?? ''}] has words after it on its line: it shows as a plain quote`,
          hint: 'put the marker alone on the first line of the quote, and the words on the next',
        });
      }
    }
  });
  return mistakes;
}

const LANGUAGE_NAMES = Object.keys(CODE_LANGUAGES);

/**
 * The language a code block most likely meant, when the name it gives is no language but one
 * letter off one (`pyton`, `jave`; two in a long name: `javscritp`). Names of three letters or
 * fewer are close to too many to guess, and a name further off (`conf`, `hocon`, `fish`) is more
 * likely a language highlight.js does not have than a typo: it is shown as plain text, unnamed.
 */
function misspeltLanguage(language: string): string | undefined {
  const name = language.toLowerCase();
  if (name.length < 4 || grammarFileOf(name) !== undefined || PLAIN_TEXT.has(name))
    return undefined;
  if (name === 'mermaid') return undefined;
  const limit = name.length >= 9 ? 2 : 1;
  let best: { name: string; distance: number; canonical: boolean } | undefined;
  for (const candidate of LANGUAGE_NAMES) {
    if (Math.abs(candidate.length - name.length) > limit) continue;
    const distance = editDistance(name, candidate);
    // Among equally near names, a language's own name (`python`) before an alias (`pycon`).
    const canonical = CODE_LANGUAGES[candidate] === candidate;
    if (
      distance <= limit &&
      (!best ||
        distance < best.distance ||
        (distance === best.distance && canonical && !best.canonical))
    ) {
      best = { name: candidate, distance, canonical };
    }
  }
  return best?.name;
}

function mathMistake(token: Token, display: boolean, line: number, mistakes: BodyMistake[]): void {
  for (const { kind, label } of equationProblems(token))
    mistakes.push(equationMistake(kind, label, line));
  const { error } = renderMath(token.content, display);
  if (error === undefined) return;
  const tex = writtenTex(token);
  const source = display ? `$$${tex.trim()}$$` : `$${tex}$`;
  mistakes.push({
    code: 'math-invalid',
    line,
    message: `the math ${shorten(source)} cannot be typeset: ${error}`,
    hint: 'correct the TeX; until then readers see its source',
  });
}

function equationMistake(kind: EquationProblem['kind'], label: string, line: number): BodyMistake {
  const named = `\\label{${label}}`;
  if (kind === 'duplicate')
    return {
      code: 'math-label-duplicate',
      line,
      message: `${named} names an equation before this one: references lead to the first`,
      hint: 'give each equation a label of its own',
    };
  if (kind === 'unnumbered')
    return {
      code: 'math-reference-unnumbered',
      line,
      message: `the equation of ${named} has no number: the reference shows (??)`,
      hint: 'give it a \\tag{…}, or number equations with `equationNumbers: ams` in folio.config.yaml',
    };
  return {
    code: 'math-reference-unknown',
    line,
    message: `no equation of this post has ${named}: the reference shows (??)`,
    hint: `add ${named} to the equation it names, or correct the name`,
  };
}

// A reference whose note was written is a footnote already: what is left as text has no note.
function footnoteMistakes(text: string, line: number, mistakes: BodyMistake[]): void {
  // Almost no text has one: the search below costs a regular expression's copy per text.
  if (!text.includes('[^')) return;
  for (const match of text.matchAll(FOOTNOTE_REFERENCE)) {
    if (!FOOTNOTE_LABEL.test(match[1] ?? '')) continue;
    mistakes.push({
      code: 'footnote-missing',
      line,
      message: `the footnote [^${match[1] ?? ''}] has no note`,
      hint: `add a line "[^${match[1] ?? ''}]: the note" to the post, or remove the reference`,
    });
  }
}

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > 60 ? `${flat.slice(0, 57)}...` : flat;
}
