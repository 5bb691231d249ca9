import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { slugify } from './slugify.js';
import { char, run, show } from '../../test/support/text-arbitraries.js';

// Properties of category and tag slugs (docs/rules.md, "URLs"): lower-case, white space to
// `-`, other ASCII punctuation dropped, letters of other scripts kept as they are.

const RUNS = 5_000;

const ASCII_PUNCTUATION_BUT_DASH = '!"#$%&\'()*+,./:;<=>?@[\\]^_`{|}~';
const CJK_LETTERS = /[\p{Script=Hangul}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu;
// White space as Unicode defines it, and as JavaScript's `\s` does (which leaves out U+0085).
const WHITE_SPACE = /[\s\p{White_Space}]/u;

const piece = fc.oneof(
  {
    arbitrary: run(
      fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'),
      8,
    ),
    weight: 6,
  },
  { arbitrary: fc.constantFrom(...ASCII_PUNCTUATION_BUT_DASH, '-', '--', '+++', '...'), weight: 4 },
  {
    arbitrary: fc.constantFrom(
      ...' \t\n\r\v\f',
      '  ',
      '\u0085',
      '\u00a0',
      '\u1680',
      '\u2003',
      '\u2028',
      '\u2029',
      '\u202f',
      '\u205f',
      '\u3000',
      '\ufeff',
    ),
    weight: 4,
  },
  { arbitrary: run(char(0xac00, 0xd7a3), 4), weight: 2 },
  { arbitrary: run(char(0x4e00, 0x9fff), 4), weight: 2 },
  { arbitrary: run(fc.oneof(char(0x3041, 0x3096), char(0x30a1, 0x30fa)), 4), weight: 2 },
  // Conjoining jamo, which compose into syllables.
  {
    arbitrary: fc.tuple(char(0x1100, 0x1112), char(0x1161, 0x1175)).map(([l, v]) => l + v),
    weight: 1,
  },
  // Letters that change under case mapping or composition in unusual ways.
  {
    arbitrary: fc.constantFrom(
      'İ',
      'I',
      'ı',
      'K',
      'Ω',
      'Å',
      'ẞ',
      'ß',
      'Σ',
      'ς',
      'ﬁ',
      'Ǆ',
      'ǅ',
      'Ⅻ',
      'Ａ',
      '！',
      'é',
      'e\u0301',
      'A\u030a',
      '\u0301',
      '\u0327',
      '\u0308',
    ),
    weight: 3,
  },
  {
    arbitrary: fc.constantFrom('👨‍👩‍👧', '👍🏽', '🇰🇷', 'café', 'Ελλάδα', 'привет', 'C++', 'Node.js'),
    weight: 1,
  },
  { arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 3 }), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 3 }), weight: 1 },
);
const name = fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join(''));

describe('slugify (properties)', () => {
  it('is idempotent', () => {
    fc.assert(
      fc.property(name, (input) => {
        const slug = slugify(input);
        const again = slugify(slug);
        assert.ok(again === slug, `${show(input)} → ${show(slug)} → ${show(again)}`);
      }),
      { numRuns: RUNS, includeErrorInReport: true },
    );
  });

  it('is lower-case', () => {
    fc.assert(
      fc.property(name, (input) => {
        const slug = slugify(input);
        const where = `${show(input)} → ${show(slug)}`;
        assert.ok(!/[A-Z]/.test(slug), `${where} keeps upper-case ASCII`);
        assert.equal(slug.toLowerCase(), slug, `${where} is not lower-case`);
      }),
      { numRuns: RUNS, includeErrorInReport: true },
    );
  });

  it('keeps no ASCII punctuation but -', () => {
    fc.assert(
      fc.property(name, (input) => {
        const slug = slugify(input);
        const where = `${show(input)} → ${show(slug)}`;
        for (const mark of ASCII_PUNCTUATION_BUT_DASH) {
          assert.ok(!slug.includes(mark), `${where} keeps ${JSON.stringify(mark)}`);
        }
      }),
      { numRuns: RUNS, includeErrorInReport: true },
    );
  });

  it('keeps no white space', () => {
    fc.assert(
      fc.property(name, (input) => {
        const slug = slugify(input);
        const where = `${show(input)} → ${show(slug)}`;
        assert.ok(!WHITE_SPACE.test(slug), `${where} keeps white space`);
      }),
      { numRuns: RUNS, includeErrorInReport: true },
    );
  });

  it('has no - at either end and never two in a row', () => {
    fc.assert(
      fc.property(name, (input) => {
        const slug = slugify(input);
        const where = `${show(input)} → ${show(slug)}`;
        assert.ok(!slug.startsWith('-') && !slug.endsWith('-'), `${where}: - at an end`);
        assert.ok(!slug.includes('--'), `${where}: --`);
      }),
      { numRuns: RUNS, includeErrorInReport: true },
    );
  });

  it('round-trips through percent-encoding', () => {
    fc.assert(
      fc.property(name, (input) => {
        const slug = slugify(input);
        const where = `${show(input)} → ${show(slug)}`;
        assert.equal(decodeURIComponent(encodeURIComponent(slug)), slug, where);
      }),
      { numRuns: RUNS, includeErrorInReport: true },
    );
  });

  // Request paths are decoded and composed to NFC before a slug is looked up, so a slug in any
  // other form names a page that no request reaches.
  it('is composed to NFC, the form request paths are read in', () => {
    fc.assert(
      fc.property(name, (input) => {
        const slug = slugify(input);
        const where = `${show(input)} → ${show(slug)}`;
        assert.equal(slug.normalize('NFC'), slug, `${where} is not in NFC`);
      }),
      { numRuns: RUNS, includeErrorInReport: true },
    );
  });

  it('is non-empty for every name with a letter or a digit', () => {
    fc.assert(
      fc.property(name, (input) => {
        fc.pre(/[\p{L}\p{N}]/u.test(input));
        assert.notEqual(slugify(input), '', show(input));
      }),
      { numRuns: RUNS, includeErrorInReport: true },
    );
  });

  it('keeps every Korean, Chinese and Japanese letter, in order', () => {
    fc.assert(
      fc.property(name, (input) => {
        const slug = slugify(input);
        const letters = (text: string): string[] => text.normalize('NFC').match(CJK_LETTERS) ?? [];
        assert.deepEqual(letters(slug), letters(input), show(input));
      }),
      { numRuns: RUNS, includeErrorInReport: true },
    );
  });
});
