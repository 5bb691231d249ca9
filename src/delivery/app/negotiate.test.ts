import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { chooseEncoding, etagMatches } from './negotiate.js';

describe('choosing a compression', () => {
  const cases: [string | undefined, string][] = [
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0.1, gzip;q=1', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0, br;q=0', 'identity'],
    ['*', 'br'],
    ['identity', 'identity'],
    ['GZIP', 'gzip'],
  ];
  for (const [header, expected] of cases) {
    it(`answers ${expected} to Accept-Encoding: ${String(header)}`, () => {
      assert.equal(chooseEncoding(header), expected);
    });
  }
});

describe('matching If-None-Match', () => {
  it('matches a listed tag, weak or strong, and the wildcard', () => {
    assert.ok(etagMatches('"abc"', '"abc"'));
    assert.ok(etagMatches('W/"abc"', '"abc"'));
    assert.ok(etagMatches('"x", "abc"', '"abc"'));
    assert.ok(etagMatches('*', '"abc"'));
  });

  it('does not match other tags or a missing header', () => {
    assert.ok(!etagMatches('"abd"', '"abc"'));
    assert.ok(!etagMatches(undefined, '"abc"'));
  });
});
