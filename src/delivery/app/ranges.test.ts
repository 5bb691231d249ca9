import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AppRequest } from './http.js';
import { requestedRange } from './ranges.js';

const STRONG = '"abc"';
const ask = (
  range: string | undefined,
  more: Partial<AppRequest['headers']> = {},
  method = 'GET',
) => ({ method, url: '/v.mp4', headers: { range, ...more } }) satisfies AppRequest;

describe('the range a request asks for', () => {
  it('is one range, from its first to its last byte, cut at the end of the file', () => {
    assert.deepEqual(requestedRange(ask('bytes=0-99'), 1000, STRONG), { start: 0, end: 99 });
    assert.deepEqual(requestedRange(ask('bytes=900-'), 1000, STRONG), { start: 900, end: 999 });
    assert.deepEqual(requestedRange(ask('bytes=-100'), 1000, STRONG), { start: 900, end: 999 });
    assert.deepEqual(requestedRange(ask('bytes=990-5000'), 1000, STRONG), { start: 990, end: 999 });
    assert.deepEqual(requestedRange(ask('bytes=-5000'), 1000, STRONG), { start: 0, end: 999 });
  });

  it('cannot be met when it starts past the end, or asks for no bytes', () => {
    for (const range of ['bytes=1000-', 'bytes=5000-6000', 'bytes=-0']) {
      assert.equal(requestedRange(ask(range), 1000, STRONG), 'unsatisfiable', range);
    }
    assert.equal(requestedRange(ask('bytes=0-'), 0, STRONG), 'unsatisfiable');
  });

  it('is the whole file for several ranges, other units, bad syntax, HEAD, or none', () => {
    for (const range of ['bytes=0-1,5-6', 'items=0-1', 'bytes=5-1', 'bytes=-', 'bytes=a-b']) {
      assert.equal(requestedRange(ask(range), 1000, STRONG), undefined, range);
    }
    assert.equal(requestedRange(ask(undefined), 1000, STRONG), undefined);
    assert.equal(requestedRange(ask('bytes=0-1', {}, 'HEAD'), 1000, STRONG), undefined);
  });

  it('holds under If-Range only for the same strong validator', () => {
    const range = 'bytes=0-9';
    assert.deepEqual(requestedRange(ask(range, { 'if-range': STRONG }), 100, STRONG), {
      start: 0,
      end: 9,
    });
    assert.equal(requestedRange(ask(range, { 'if-range': '"other"' }), 100, STRONG), undefined);
    const weak = 'W/"abc"';
    assert.equal(requestedRange(ask(range, { 'if-range': weak }), 100, weak), undefined);
    const date = 'Tue, 24 Nov 2026 10:00:00 GMT';
    assert.equal(requestedRange(ask(range, { 'if-range': date }), 100, STRONG), undefined);
  });
});
