import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import MarkdownIt from 'markdown-it';
import { skipTextWithoutLinks } from './linkify-guard.js';
import { run, show } from '../../../test/support/text-arbitraries.js';

// The guard may only save work: on any text, the guarded linkify answers what linkify-it does.

const RUNS = 20_000;

const reference = new MarkdownIt({ linkify: true }).linkify;
const guarded = new MarkdownIt({ linkify: true }).linkify;
skipTextWithoutLinks(guarded);

// Pieces of links and of the prose around them, so that generated text holds links often.
const piece = fc.oneof(
  { arbitrary: run(fc.constantFrom(...'abcxyzABC0123456789-_'), 6), weight: 3 },
  {
    arbitrary: fc.constantFrom(
      ...' \t\n.,;:!?()[]<>"\'/@#%&=+~|',
      '\u00a0',
      '\u3000',
      '\uff5c',
      '\uff0e',
      '。',
      '..',
      '. ',
    ),
    weight: 3,
  },
  {
    arbitrary: fc.constantFrom(
      'www.',
      'localhost',
      'https://',
      'mailto:',
      'ftp:',
      '//',
      '.com',
      '.org',
      '.рф',
      '.io',
      '.de',
      'xn--p1ai',
      'пример',
      '例子',
      '127.0.0.1',
      ':8080',
      'user@',
    ),
    weight: 3,
  },
);
const text = fc.array(piece, { maxLength: 24 }).map((pieces) => pieces.join(''));

describe('linkify guard', () => {
  it('finds a link in exactly the texts where linkify-it finds one', () => {
    let withLinks = 0;
    fc.assert(
      fc.property(text, (sample) => {
        if (reference.test(sample)) withLinks += 1;
        assert.equal(guarded.test(sample), reference.test(sample), show(sample));
        // `pretest` is a quick filter before `test`: it may be looser, never stricter.
        if (reference.test(sample)) assert.ok(guarded.pretest(sample), show(sample));
      }),
      { numRuns: RUNS },
    );
    // Both kinds of text must be common, or the property says little.
    assert.ok(withLinks > RUNS / 20 && withLinks < RUNS / 2, `${withLinks} of ${RUNS} with links`);
  });

  it('passes over prose without scheme, @ or inner dot, and still finds the links in prose', () => {
    assert.equal(guarded.test('A sentence. Another one, ending here.'), false);
    assert.equal(guarded.test('see example.com for more'), true);
    assert.equal(guarded.test('mail me at me@example.org.'), true);
    assert.equal(guarded.test('or //localhost:8080 instead'), true);
  });
});
