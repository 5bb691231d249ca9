import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isUsableSlug, slugify } from './slugify.js';

describe('slugify', () => {
  const cases: [string, string][] = [
    ['Algorithm', 'algorithm'],
    ['Node.js', 'nodejs'],
    ['C++', 'c'],
    ['Machine Learning', 'machine-learning'],
    ['알고리즘', '알고리즘'],
    ['算法', '算法'],
    ['アルゴリズム', 'アルゴリズム'],
    ['Rust 러스트', 'rust-러스트'],
  ];
  for (const [name, slug] of cases) {
    it(`turns "${name}" into "${slug}"`, () => {
      assert.equal(slugify(name), slug);
    });
  }

  it('collapses runs of spaces and drops spaces at the ends', () => {
    assert.equal(slugify('  Deep   Learning  '), 'deep-learning');
  });

  it('gives one slug for a name typed with a decomposed or a composed accent', () => {
    assert.equal(slugify('Cafe\u0301'), slugify('Caf\u00e9'));
    assert.equal(slugify('Cafe\u0301'), 'caf\u00e9');
  });

  it('drops what a reader cannot see and a URL cannot carry', () => {
    assert.equal(slugify('Go\u202Elang'), 'golang', 'a right-to-left override');
    assert.equal(slugify('zero\u200Bwidth\u2066'), 'zerowidth', 'a zero width, an isolate');
    assert.equal(slugify('Go\uD800'), 'go', 'half of a surrogate pair');
    assert.equal(slugify('emoji \u{1F600}'), 'emoji-\u{1F600}', 'a whole pair stays');
  });
});

describe('isUsableSlug', () => {
  it('accepts plain and non-Latin slugs', () => {
    for (const slug of ['hello-world', 'post_2024', '알고리즘-입문', '算法']) {
      assert.ok(isUsableSlug(slug), slug);
    }
  });

  const rejected: [string, string][] = [
    ['a space', 'my post'],
    ['a slash', 'a/b'],
    ['a question mark', 'what?'],
    ['a hash', 'c#'],
    ['a parent folder', '..'],
    ['nothing', ''],
    ['a right-to-left override', 'invoice\u202Egpj.exe'],
    ['a zero-width space', 'pay\u200Bpal'],
    ['half of a surrogate pair', 'post\uDC00'],
  ];
  for (const [what, slug] of rejected) {
    it(`rejects a slug with ${what}`, () => {
      assert.equal(isUsableSlug(slug), false);
    });
  }
});
