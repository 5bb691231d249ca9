import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { contentHash, hashedPath } from './hashed-path.js';

describe('content-hashed names', () => {
  it('names a file by eight hex digits of its content', () => {
    assert.match(hashedPath('folio', 'css', 'body{}'), /^\/assets\/folio\.[0-9a-f]{8}\.css$/);
    assert.equal(contentHash('body{}'), contentHash('body{}'));
  });

  it('names a text and its UTF-8 bytes alike, wherever the bytes sit in their buffer', () => {
    const text = '알고리즘 — 検索 search';
    const bytes = new TextEncoder().encode(text);
    assert.equal(contentHash(bytes), contentHash(text));
    // The same bytes one byte into a larger buffer, as a slice of a pooled buffer may be.
    const padded = new Uint8Array(bytes.length + 1);
    padded.set(bytes, 1);
    assert.equal(contentHash(padded.subarray(1)), contentHash(text));
  });

  it('changes with any one byte, the length, and the last bytes past a whole word', () => {
    const base = new Uint8Array(37).map((_, i) => i * 7);
    const names = new Set([contentHash(base)]);
    for (let i = 0; i < base.length; i++) {
      const changed = base.slice();
      changed[i] = (changed[i] ?? 0) ^ 1;
      names.add(contentHash(changed));
    }
    for (let length = 0; length < base.length; length++) {
      names.add(contentHash(base.subarray(0, length)));
    }
    names.add(contentHash(new Uint8Array(37)));
    names.add(contentHash(new Uint8Array(38)));
    assert.equal(names.size, 1 + 37 + 37 + 2);
  });
});
