import assert from 'node:assert/strict';
import { describe, it, mock } from 'node:test';
import { parseMarkdown } from './markdown.js';

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
