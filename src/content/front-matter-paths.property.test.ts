// Property: the quick reading of front matter and the exact one agree, values and lines — the
// exact one is taken by adding a key Folio does not know, which the quick one never reads.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parsePost } from './parse-post.js';

const FILE = 'content/posts/hello.md';
const CONTEXT = { timezone: 'Asia/Seoul', excerptLength: 200, imageSize: () => undefined };

/** A key as authors write it: plain, quoted either way, or with a space before the colon. */
const keyStyle = (key: string): fc.Arbitrary<string> =>
  fc.constantFrom(`${key}:`, `"${key}":`, `'${key}':`, `${key} :`);

const entry = (key: string, value: string): fc.Arbitrary<string[]> =>
  fc
    .tuple(keyStyle(key), fc.boolean(), fc.boolean())
    .map(([written, comment, blank]) => [
      ...(comment ? ['# a note'] : []),
      ...(blank ? [''] : []),
      `${written} ${value}`,
    ]);

const frontMatter = fc
  .tuple(
    entry('title', 'Hello'),
    entry('date', '2024-03-15 09:30'),
    entry('tags', '[rust, go]'),
    fc.option(entry('category', 'Go'), { nil: undefined }),
    fc.option(entry('slug', 'hello-again'), { nil: undefined }),
  )
  .map((entries) => entries.filter((lines) => lines !== undefined))
  .chain((entries) => fc.shuffledSubarray(entries, { minLength: entries.length }))
  .map((entries) => entries.flat());

const file = (lines: readonly string[]): string => ['---', ...lines, '---', '', 'Body.'].join('\n');

describe('the quick and the exact reading of front matter', () => {
  it('give the same post, with every key at the same line', () => {
    fc.assert(
      fc.property(frontMatter, (lines) => {
        const quick = parsePost(file(lines), FILE, 'hello', CONTEXT);
        const exact = parsePost(file([...lines, 'folio-unknown: 1']), FILE, 'hello', CONTEXT);
        assert.ok(quick.post && exact.post, JSON.stringify([quick.diagnostics, exact.diagnostics]));
        assert.deepEqual(quick.post.lines, exact.post.lines, lines.join('\n'));
        assert.deepEqual(quick.claim, exact.claim);
        for (const key of ['slug', 'title', 'date', 'category', 'tags', 'draft'] as const) {
          assert.deepEqual(quick.post[key], exact.post[key], key);
        }
      }),
      { numRuns: 500 },
    );
  });
});
