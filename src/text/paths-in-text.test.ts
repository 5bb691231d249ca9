import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { replacePathsIn } from './paths-in-text.js';

const upper = (rest: string) => (rest === '' ? 'SITE' : `site/${rest.toUpperCase()}`);

describe('the paths a message names below a folder', () => {
  it('are replaced with the folder itself, wherever a path may start and end', () => {
    assert.equal(
      replacePathsIn(
        '/a/blog/x.md:3 is also the slug of "/a/blog/y.md" (see /a/blog). Is /a/blog a site?',
        '/a/blog',
        '/',
        upper,
      ),
      'site/X.MD:3 is also the slug of "site/Y.MD" (see SITE). Is SITE a site?',
    );
  });

  it('leave alone other folders that start alike, a file beside the folder, and refused names', () => {
    const text = '/a/blogs/x.md and /a/blog.md and /a/blog/kept.md';
    assert.equal(
      replacePathsIn(text, '/a/blog', '/', (rest) => (rest === 'kept.md' ? undefined : 'R')),
      text,
    );
  });

  it('below the root, name every path and never the root alone', () => {
    assert.equal(
      replacePathsIn('at / and /x/y.md', '/', '/', (rest) => rest || 'ROOT'),
      'at / and x/y.md',
    );
  });
});
