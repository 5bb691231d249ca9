import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AppRequest, AppResponse } from './http.js';
import { RememberedAnswers } from './remembered-answers.js';
import { document } from './resource.js';

const page = document('/tags/x/', 200, 'text/html; charset=utf-8', 'no-cache', '<p>x</p>');
const answer = { status: 200, headers: { etag: page.etag }, body: page.body };

function request(url: string, method = 'GET', headers: AppRequest['headers'] = {}): AppRequest {
  return { method, url, headers };
}

describe('remembered answers', () => {
  it('replays the answer to a plain GET of a document’s own path, and HEAD beside it', () => {
    const answers = new RememberedAnswers();
    answers.remember(request('/tags/x/'), page, answer);
    assert.deepEqual(answers.lookup(request('/tags/x/')), answer);
    assert.deepEqual(answers.lookup(request('/tags/x/', 'HEAD')), {
      status: 200,
      headers: answer.headers,
    });
    assert.equal(answers.lookup(request('/tags/x/', 'POST')), undefined);
  });

  it('keeps each encoding apart, read from Accept-Encoding', () => {
    const answers = new RememberedAnswers();
    answers.remember(request('/tags/x/', 'GET', { 'accept-encoding': 'gzip, br' }), page, answer);
    assert.ok(answers.lookup(request('/tags/x/', 'GET', { 'accept-encoding': 'br' })));
    assert.equal(
      answers.lookup(request('/tags/x/', 'GET', { 'accept-encoding': 'gzip' })),
      undefined,
    );
    assert.equal(answers.lookup(request('/tags/x/')), undefined);
  });

  it('never answers a conditional request', () => {
    const answers = new RememberedAnswers();
    answers.remember(request('/tags/x/'), page, answer);
    assert.equal(answers.lookup(request('/tags/x/', 'GET', { 'if-none-match': '"a"' })), undefined);
  });

  it('keeps only answers it may give again as they are', () => {
    const answers = new RememberedAnswers();
    const cases: [AppRequest, AppResponse][] = [
      [request('/tags/x/', 'HEAD'), answer],
      [request('/tags/x/', 'GET', { 'if-none-match': '"a"' }), answer],
      [request('/tags/x/?ref=feed'), answer],
      [request('/tags/%78/'), answer],
      [request('/tags/x/'), { status: 304, headers: {} }],
      [request('/tags/x/'), { status: 200, headers: {} }],
    ];
    for (const [asked, given] of cases) answers.remember(asked, page, given);
    answers.remember(request('/missing/'), { ...page, status: 404, path: '\u0000404' }, answer);
    assert.equal(answers.size, 0);
  });

  it('forgets everything on clear', () => {
    const answers = new RememberedAnswers();
    answers.remember(request('/tags/x/'), page, answer);
    answers.clear();
    assert.equal(answers.lookup(request('/tags/x/')), undefined);
  });
});
