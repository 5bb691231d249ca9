import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { EquationNumbers } from '../../config/schema.js';
import { parseMarkdown, renderTokens } from './markdown.js';
import { collectMistakes } from './mistakes.js';
import { runningText } from './flatten.js';

const render = (body: string, equationNumbers?: EquationNumbers) =>
  renderTokens(parseMarkdown(body, { equationNumbers }), { imageSize: () => undefined }).html;
const mistakesOf = (body: string, equationNumbers?: EquationNumbers) =>
  collectMistakes(parseMarkdown(body, { equationNumbers }), 1, body).map(({ code, line }) => [
    code,
    line,
  ]);
// The numbers a reader sees beside equations, in the order of the page: an align's are in one
// column of tags.
const numbersShown = (html: string) =>
  html
    .split('<span class="tag">')
    .slice(1)
    .flatMap(
      (after) =>
        after
          .split(/<math|katex-display|<p>/)[0]
          ?.replace(/<[^>]+>/g, '')
          .match(/\([^()]*\)/g) ?? [],
    );

const ALIGNED = [
  'As $\\eqref{second}$ and $\\ref{first}$ say:',
  '',
  '$$',
  '\\begin{align}',
  'a &= b \\label{first}\\\\',
  'c &= d \\label{second}\\\\',
  '\\end{align}',
  '$$',
  '',
  '$$ e = f $$',
  '',
  '$$ g = h \\label{third} $$',
  '',
  'Then $x = \\eqref{third} + 1$.',
  '',
].join('\n');

describe('equation numbers', () => {
  it('links a reference written in the text to its equation, as MathJax reads it', () => {
    const body =
      '$$ a = b \\label{eq:one} $$\n\nBy \\eqref{eq:one}, and \\ref{eq:one}; not \\ref{fig} nor [\\eqref{eq:one}](/x/).\n';
    const html = render(body);
    assert.match(
      html,
      /By <a href="#eq-eq-one" class="equation-reference">\(1\)<\/a>, and <a href="#eq-eq-one" class="equation-reference">1<\/a>; not \\ref\{fig\} nor <a href="\/x\/">\\eqref\{eq:one\}<\/a>\./,
    );
    assert.deepEqual(mistakesOf(body), []);
    assert.match(runningText(parseMarkdown(body)), /By \\eqref\{eq:one\}, and \\ref\{eq:one\}/);
  });

  it("numbers MathJax's eqnarray, multline and flalign, which KaTeX lacks, as LaTeX does", () => {
    const body = [
      '$$\\begin{eqnarray}',
      'f(x) &=& \\sum_{j} c_j \\label{sum} \\\\',
      '&=& \\begin{cases} 1 & x > 0 \\\\ 0 & x \\le 0 \\end{cases} \\nonumber',
      '\\end{eqnarray}$$',
      '',
      '$$\\begin{eqnarray*} a &\\le& b \\end{eqnarray*}$$',
      '',
      '$$\\begin{multline} a + b + c \\\\ + d + e \\label{long} \\end{multline}$$',
      '',
      '$$\\begin{flalign} x &= y \\end{flalign}$$',
      '',
      'See $\\eqref{sum}$ and $\\eqref{long}$.',
      '',
    ].join('\n');
    const html = render(body);
    assert.doesNotMatch(html, /math-error/);
    assert.deepEqual(numbersShown(html), ['(1)', '(2)', '(3)']);
    assert.match(html, /<a href="#eq-sum" class="equation-reference">\(1\)<\/a>/);
    assert.match(html, /<a href="#eq-long" class="equation-reference">\(2\)<\/a>/);
    assert.deepEqual(mistakesOf(body), []);
    // Search reads them as written.
    assert.match(runningText(parseMarkdown(body)), /f\(x\) &=& \\sum_\{j\}/);
  });

  it('numbers the rows of align as LaTeX does, and links each reference to its equation', () => {
    const html = render(ALIGNED);
    // The plain display has no number; the labelled one takes the next.
    assert.deepEqual(numbersShown(html), ['(1)', '(2)', '(3)']);
    assert.match(html, /id="eq-first"/);
    assert.match(html, /id="eq-second"/);
    assert.match(html, /<a href="#eq-second" class="equation-reference">\(2\)<\/a>/);
    assert.match(html, /<a href="#eq-first" class="equation-reference">1<\/a>/);
    // Within a formula, a reference is its number: KaTeX's markup is hidden from screen readers.
    assert.match(html, /<mtext>\(3\)<\/mtext>/);
    assert.doesNotMatch(html, /<a href="#eq-third"/);
    // KaTeX's own numbers come from a counter of the stylesheet, which a feed reader lacks.
    assert.doesNotMatch(html, /class="eqn-num"/);
    assert.deepEqual(mistakesOf(ALIGNED), []);
    // Search and excerpts read the TeX as written, not the numbers put in for the page.
    const text = runningText(parseMarkdown(ALIGNED));
    assert.match(text, /a &= b \\label\{first\}/);
    assert.match(text, /As \\eqref\{second\}/);
    assert.doesNotMatch(text, /htmlId|\\tag/);
  });

  it("numbers every display equation with equationNumbers: all, as MathJax's tags: 'all'", () => {
    const body = [
      '$$ a = b $$',
      '',
      '$$',
      '\\begin{aligned} x &= 1 \\notag\\\\ y &= 2 \\end{aligned} \\label{pair}',
      '$$',
      '',
      '$$ \\begin{align*} p &= q \\end{align*} $$',
      '',
      '$$ \\begin{align} r &= s \\nonumber\\\\ t &= u \\end{align} $$',
      '',
      'See $\\eqref{pair}$.',
    ].join('\n');
    const html = render(body, 'all');
    // A \notag inside `aligned` is not the equation's; a starred environment has no number.
    assert.deepEqual(numbersShown(html), ['(1)', '(2)', '(3)']);
    assert.match(html, /<a href="#eq-pair" class="equation-reference">\(2\)<\/a>/);
    assert.deepEqual(mistakesOf(body, 'all'), []);
  });

  it('keeps a tag written by hand, and numbers nothing else with equationNumbers: none', () => {
    const body =
      '$$ a = b \\tag{A}\\label{ab} $$\n\n$$ \\begin{equation} c \\end{equation} $$\n\nBy $\\eqref{ab}$.\n';
    const html = render(body, 'none');
    assert.deepEqual(numbersShown(html), ['(A)']);
    assert.match(html, /<a href="#eq-ab" class="equation-reference">\(A\)<\/a>/);
    assert.doesNotMatch(html, /class="eqn-num"/);
  });

  it('names a reference to no label, a label on no number and a label used twice', () => {
    const body = [
      '$$ a \\label{x} $$',
      '',
      '$$ b \\label{x} $$',
      '',
      '$$ \\begin{equation*} c \\label{starred} \\end{equation*} $$',
      '',
      'See $\\eqref{y}$ and $\\eqref{starred}$.',
    ].join('\n');
    assert.deepEqual(mistakesOf(body), [
      ['math-label-duplicate', 3],
      ['math-reference-unknown', 7],
      ['math-reference-unnumbered', 7],
    ]);
    const html = render(body);
    assert.match(html, /\(\?\?\)/);
    // A label KaTeX does not know never keeps the formula from being typeset.
    assert.doesNotMatch(html, /math-error/);
  });

  it('shows a formula KaTeX refuses as its author wrote it, not with the number put in', () => {
    const body = '$$ \\nosuchcommand x \\label{bad} $$\n';
    const html = render(body, 'all');
    assert.match(
      html,
      /<pre class="math-error"[^>]*>\$\$ \\nosuchcommand x \\label\{bad\}\s*\$\$<\/pre>/,
    );
    const [mistake] = collectMistakes(parseMarkdown(body, { equationNumbers: 'all' }), 1, body);
    assert.match(
      mistake?.message ?? '',
      /^the math \$\$\\nosuchcommand x \\label\{bad\}\$\$ cannot be typeset/,
    );
  });

  it('numbers each post from 1', () => {
    const body = '$$ a \\label{a} $$\n';
    assert.deepEqual(numbersShown(render(body)), ['(1)']);
    assert.deepEqual(numbersShown(render(body)), ['(1)']);
  });
});
