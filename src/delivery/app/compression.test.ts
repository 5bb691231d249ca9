import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { CompressedForms, encoded } from './compression.js';
import { document } from './resource.js';

const page = document('/', 200, 'text/html; charset=utf-8', 'no-cache', 'hello, '.repeat(200));

describe('compressed forms of a document', () => {
  it('gives the bytes as they are for identity, with the document’s validator', () => {
    const form = encoded(page, 'identity', new CompressedForms(10));
    assert.equal(form.body, page.body);
    assert.equal(form.etag, page.etag);
    assert.equal(form.length, page.body.length);
    assert.equal(form.varies, true);
  });

  it('compresses with brotli or gzip, under a validator of its own', () => {
    const forms = new CompressedForms(10);
    for (const [encoding, decompress] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const form = encoded(page, encoding, forms);
      assert.ok(Buffer.isBuffer(form.body));
      assert.deepEqual(decompress(form.body), page.body);
      assert.equal(form.length, form.body.length);
      assert.ok(form.length < page.body.length);
      assert.equal(form.etag, `${page.etag.slice(0, -1)}-${encoding}"`);
      assert.equal(form.encoding, encoding);
    }
  });

  it('compresses each version once per encoding, until cleared', () => {
    const forms = new CompressedForms(10);
    const first = encoded(page, 'br', forms).body;
    assert.equal(encoded(page, 'br', forms).body, first);
    encoded(page, 'gzip', forms);
    assert.deepEqual(forms.stats, { name: 'compressed forms', hits: 1, misses: 2 });
    const edited = document('/', 200, 'text/html; charset=utf-8', 'no-cache', 'edited');
    encoded(edited, 'br', forms);
    assert.equal(forms.stats.misses, 3);
    forms.clear();
    encoded(page, 'br', forms);
    assert.equal(forms.stats.misses, 4);
  });
});
