import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { normalizeSitePath, pathKey, permalinkProblem } from '../urls/url-paths.js';
import { permalinkPath } from './permalink.js';

const at = (iso: string): number => Date.parse(iso);

describe('post URLs by the permalink pattern', () => {
  it('fills the date in the site time zone, the slug and the category slug', () => {
    const fields = { slug: 'rnn', category: 'Machine Learning', date: at('2015-05-20T23:30:00Z') };
    assert.equal(permalinkPath('/:year/:month/:day/:slug/', fields, 'UTC'), '/2015/05/20/rnn/');
    // Already the next day in Seoul.
    assert.equal(
      permalinkPath('/:year/:month/:day/:slug/', fields, 'Asia/Seoul'),
      '/2015/05/21/rnn/',
    );
    assert.equal(permalinkPath('/:category/:slug/', fields, 'UTC'), '/machine-learning/rnn/');
  });

  it('leaves out the category segment of a post without one, as Jekyll does', () => {
    const fields = { slug: 'hello', category: undefined, date: 0 };
    assert.equal(permalinkPath('/blog/:category/:slug/', fields, 'UTC'), '/blog/hello/');
  });

  it('percent-encodes slugs in other scripts', () => {
    const fields = { slug: '알고리즘', category: undefined, date: 0 };
    assert.equal(
      permalinkPath('/posts/:slug/', fields, 'UTC'),
      '/posts/%EC%95%8C%EA%B3%A0%EB%A6%AC%EC%A6%98/',
    );
  });

  it('refuses patterns that cannot name every post, saying why', () => {
    assert.equal(permalinkProblem('/:year/:slug/'), undefined);
    assert.match(permalinkProblem('/:year/:month/') ?? '', /must hold :slug/);
    assert.match(permalinkProblem('/:year/:title/') ?? '', /unknown token :title/);
    assert.match(permalinkProblem(':slug') ?? '', /start and end with \//);
    assert.match(permalinkProblem('/tags/:slug/') ?? '', /must not start with \/tags\//);
    assert.match(permalinkProblem('/a b/:slug/') ?? '', /only letters/);
  });
});

describe('paths authors write', () => {
  it('are one path whether written encoded or not', () => {
    assert.equal(
      normalizeSitePath('/옛/하나/'),
      normalizeSitePath('/%EC%98%9B/%ED%95%98%EB%82%98/'),
    );
    assert.equal(normalizeSitePath('/my post.html'), '/my%20post.html');
    assert.equal(pathKey('/%EC%98%9B/'), '/옛/');
  });

  it('are matched decoded and in NFC, plain ASCII as written', () => {
    assert.equal(pathKey('/posts/hello-world/'), '/posts/hello-world/');
    assert.equal(pathKey('/a b/'), '/a b/');
    assert.equal(pathKey('/caf%C3%A9/'), '/café/');
    assert.equal(pathKey('/cafe\u0301/'), '/café/');
    assert.equal(pathKey('/%41/'), '/A/');
    assert.equal(pathKey('/%E0%A4%A/'), undefined);
    assert.equal(pathKey('/100%/'), undefined);
  });

  it('are refused when they are no path of this site', () => {
    for (const bad of [
      'old/',
      'https://x.com/',
      '//x.com/',
      '/a?b',
      '/a#b',
      '/../etc/',
      '/%E0%A4%A/',
    ]) {
      assert.equal(normalizeSitePath(bad), undefined, bad);
    }
  });
});
