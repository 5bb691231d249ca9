import assert from 'node:assert/strict';
import { describe, it, mock } from 'node:test';
import { parseMarkdown, renderTokens } from './markdown.js';

const idsOf = (body: string) =>
  parseMarkdown(body)
    .filter((token) => token.type === 'heading_open')
    .map((token) => token.attrGet('id'));

/**
 * Runs `parse` counting the lookups in the table of ids already given (markdown-it-anchor asks it
 * with `Object.prototype.hasOwnProperty`) of keys that start with `prefix`; past `most`, throws,
 * so that quadratic work fails at once instead of running for seconds.
 */
function countingLookups<T>(prefix: string, most: number, parse: () => T) {
  let lookups = 0;
  const spy = mock.method(
    Object.prototype,
    'hasOwnProperty',
    function (this: object, key: PropertyKey) {
      if (typeof key === 'string' && key.startsWith(prefix) && ++lookups > most) {
        throw new Error(`more than ${most} lookups of heading ids`);
      }
      return Object.hasOwn(this, key);
    },
  );
  try {
    return { result: parse(), lookups };
  } finally {
    spy.mock.restore();
  }
}

describe('heading ids', () => {
  it('are the ids markdown-it-anchor has always given, collisions with written suffixes included', () => {
    const headings = [
      '# Example',
      '## Example 1',
      '## Example',
      '## Example',
      '### Example-1',
      '## Example 2',
      '## Example',
      '## example-1-1',
      '## Example 1',
      '## !!!',
      '##',
      '## Section',
      '## ???',
      '## Café',
      '## Café',
      '## Example 10',
      ...Array<string>(10).fill('## Example'),
    ];
    assert.deepEqual(idsOf(headings.join('\n')), [
      'example',
      'example-1',
      'example-2',
      'example-3',
      'example-1-1',
      'example-2-1',
      'example-4',
      'example-1-1-1',
      'example-1-2',
      'section',
      'section-1',
      'section-2',
      'section-3',
      'café',
      'café-1',
      'example-10',
      'example-5',
      'example-6',
      'example-7',
      'example-8',
      'example-9',
      'example-11',
      'example-12',
      'example-13',
      'example-14',
      'example-15',
    ]);
  });

  it('start again in every body', () => {
    assert.deepEqual(idsOf('## Example\n## Example'), ['example', 'example-1']);
    assert.deepEqual(idsOf('## Example\n## Example'), ['example', 'example-1']);
  });

  it('take a few lookups per heading however many headings share one text', () => {
    const count = 20_000;
    const most = 4 * count;
    const { result: ids, lookups } = countingLookups('example', most, () =>
      idsOf('## Example\n\n'.repeat(count)),
    );
    assert.deepEqual(
      ids,
      Array.from({ length: count }, (_, i) => (i === 0 ? 'example' : `example-${i}`)),
    );
    // The count saw the plugin's own checks: one at least per heading.
    assert.ok(lookups >= count && lookups <= most, `${lookups} lookups`);
  });
});

describe('ids written at the end of a heading', () => {
  const render = (body: string) =>
    renderTokens(parseMarkdown(body), { imageSize: () => undefined }).html;

  it("become the heading's id, and leave its text, its link and its table of contents", () => {
    const html = render('[[toc]]\n\n## Getting started {#install}\n\nSee [above](#install).\n');
    assert.match(html, /<h2 id="install">Getting started<\/h2>/);
    assert.match(html, /<a href="#install">Getting started<\/a>/);
    assert.match(html, /href="#install" aria-label="Link to the section “Getting started”"/);
    assert.doesNotMatch(html, /\{#/);
  });

  it('are read with classes and other attributes, which are left out, as Hugo and Pandoc write them', () => {
    assert.deepEqual(
      idsOf(
        [
          '## One {#first .lead}',
          '## Two{#second}',
          '### Three {.unnumbered}',
          "## Four {#fourth lang=en title='a b'}",
          '## Five {-}',
        ].join('\n'),
      ),
      ['first', 'second', 'three', 'fourth', 'five'],
    );
    assert.doesNotMatch(render('### Three {.unnumbered}\n\n## Five {-}\n'), /\{/);
  });

  it("keep braces that hold no attributes, or that end code, as the heading's text", () => {
    assert.match(render('## A set {x y}\n'), /<h2 id="a-set-x-y">A set \{x y\}<\/h2>/);
    assert.match(render('## `f() {#x}`\n'), /<code>f\(\) \{#x\}<\/code>/);
    assert.match(render('## Empty {}\n'), /Empty \{\}<\/h2>/);
  });

  it('are kept where a heading before would make the same id from its text', () => {
    assert.deepEqual(idsOf('## Intro\n\n## Overview {#intro}\n'), ['intro-1', 'intro']);
    assert.deepEqual(idsOf('## Overview {#intro}\n\n## Intro\n'), ['intro', 'intro-1']);
  });

  it('hold what Markdown would read as emphasis or a dash, as written', () => {
    const tokens = parseMarkdown('### Using `__TIME__` {#using-__time__--__date__}\n', {
      typographer: true,
    });
    assert.equal(tokens[0]?.attrGet('id'), 'using-__time__--__date__');
    assert.match(
      renderTokens(tokens, { imageSize: () => undefined }).html,
      /<h3 id="using-__time__--__date__">Using <code>__TIME__<\/code><\/h3>/,
    );
  });

  it('are text where the brace is escaped', () => {
    assert.match(render('## Braces \\{#x}\n'), /<h2 id="braces-x">Braces \{#x\}<\/h2>/);
  });

  it('written twice are made unique as made ids are, rather than failing the page', () => {
    assert.deepEqual(idsOf('## A {#same}\n\n## B {#same}\n'), ['same', 'same-1']);
  });
});
