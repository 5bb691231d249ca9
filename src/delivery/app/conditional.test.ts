import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { describe, it } from 'node:test';
import { answerConditionally, type Representation } from './conditional.js';

const body = Buffer.from('compressed bytes');
const form: Representation = {
  status: 200,
  contentType: 'text/html; charset=utf-8',
  cacheControl: 'public, max-age=0, must-revalidate',
  etag: '"abc-br"',
  varies: true,
  encoding: 'br',
  length: body.length,
  body,
};

const request = (method: string, ifNoneMatch?: string) => ({
  method,
  url: '/',
  headers: { 'if-none-match': ifNoneMatch },
});

describe('answering conditionally', () => {
  it('sends the whole form, its headers in a fixed order', () => {
    const response = answerConditionally(form, request('GET'));
    assert.equal(response.status, 200);
    assert.deepEqual(Object.entries(response.headers), [
      ['content-type', 'text/html; charset=utf-8'],
      ['cache-control', 'public, max-age=0, must-revalidate'],
      ['etag', '"abc-br"'],
      ['vary', 'Accept-Encoding'],
      ['content-encoding', 'br'],
      ['content-length', String(body.length)],
    ]);
    assert.equal(response.body, body);
  });

  it('answers 304 with the headers that describe the form when its validator is named', () => {
    for (const ifNoneMatch of ['"abc-br"', 'W/"abc-br"', '"x", "abc-br"', '*']) {
      const response = answerConditionally(form, request('GET', ifNoneMatch));
      assert.equal(response.status, 304, ifNoneMatch);
      assert.deepEqual(Object.keys(response.headers), [
        'content-type',
        'cache-control',
        'etag',
        'vary',
      ]);
      assert.equal(response.body, undefined);
    }
  });

  it('sends the whole form when another validator is named', () => {
    assert.equal(answerConditionally(form, request('GET', '"abc"')).status, 200);
  });

  it('never answers 304 for an error page', () => {
    const notFound = { ...form, status: 404 };
    assert.equal(answerConditionally(notFound, request('GET', '"abc-br"')).status, 404);
  });

  it('answers HEAD with the headers of GET and no body', () => {
    const head = answerConditionally(form, request('HEAD'));
    assert.deepEqual(head.headers, answerConditionally(form, request('GET')).headers);
    assert.equal(head.body, undefined);
  });

  it('reads a body from disk only when it is sent', () => {
    let opened = 0;
    const file: Representation = {
      ...form,
      varies: false,
      encoding: 'identity',
      body: () => {
        opened++;
        return Readable.from([body]);
      },
    };
    answerConditionally(file, request('HEAD'));
    answerConditionally(file, request('GET', '"abc-br"'));
    assert.equal(opened, 0);
    const response = answerConditionally(file, request('GET'));
    assert.equal(opened, 1);
    assert.ok(response.body instanceof Readable);
    assert.equal(response.headers.vary, undefined);
    assert.equal(response.headers['content-encoding'], undefined);
  });
});
