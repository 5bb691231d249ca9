import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { CompressedForms, encoded } from './compression.js';
import { document } from './resource.js';

const page = document('/', 200, 'text/html; charset=utf-8', 'no-cache', 'hello, '.repeat(200));

describe('compressed forms of a document', () => {
  it('gives the bytes as they are for identity, with the document’s validator', async () => {
    const form = await encoded(page, 'identity', new CompressedForms(10));
    assert.equal(form.body, page.body);
    assert.equal(form.etag, page.etag);
    assert.equal(form.length, page.body.length);
    assert.equal(form.varies, true);
  });

  it('compresses with brotli or gzip, under a validator of its own', async () => {
    const forms = new CompressedForms(10);
    for (const [encoding, decompress] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const form = await encoded(page, encoding, forms);
      assert.ok(Buffer.isBuffer(form.body));
      assert.deepEqual(decompress(form.body), page.body);
      assert.equal(form.length, form.body.length);
      assert.ok(form.length < page.body.length);
      assert.equal(form.etag, `${page.etag.slice(0, -1)}-${encoding}"`);
      assert.equal(form.encoding, encoding);
    }
  });

  it('gives back the very bytes of bodies smaller and larger than every window brotli may take', async () => {
    const forms = new CompressedForms(10);
    // Text that repeats at a long distance, so that a window too small would lose it.
    const unit = Buffer.from(
      Array.from({ length: 1500 }, (_, i) => String.fromCharCode(32 + ((i * 7919) % 95))).join(''),
    );
    for (const length of [0, 1, 1023, 1024, 1025, 70_000, (16 << 20) + 3]) {
      const body = Buffer.alloc(length);
      for (let at = 0; at < length; at += unit.length) unit.copy(body, at);
      const large = document('/large/', 200, 'text/html', 'no-cache', body.toString('ascii'));
      const form = await encoded(large, 'br', forms);
      assert.ok(Buffer.isBuffer(form.body));
      assert.ok(brotliDecompressSync(form.body).equals(body), `${length} bytes`);
      if (length > 70_000) assert.ok(form.length < length / 100, `${length} bytes: ${form.length}`);
    }
  });

  it('compresses each version once per encoding, until cleared', async () => {
    const forms = new CompressedForms(10);
    // Asked for twice while it is being made: made once, and both get the same bytes.
    const [first, again] = await Promise.all([
      encoded(page, 'br', forms),
      encoded(page, 'br', forms),
    ]);
    assert.equal(again.body, first.body);
    // Once made, it comes at once, without a promise.
    const made = encoded(page, 'br', forms);
    assert.ok(!(made instanceof Promise));
    assert.equal(made.body, first.body);
    await encoded(page, 'gzip', forms);
    assert.deepEqual(forms.stats, { name: 'compressed forms', hits: 2, misses: 2 });
    const edited = document('/', 200, 'text/html; charset=utf-8', 'no-cache', 'edited');
    await encoded(edited, 'br', forms);
    assert.equal(forms.stats.misses, 3);
    forms.clear();
    await encoded(page, 'br', forms);
    assert.equal(forms.stats.misses, 4);
  });
});
