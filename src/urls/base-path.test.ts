import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { basePathOf, carriesBase, linkTo, originOf, withinBase, withoutBase } from './base-path.js';

describe('the base path of a site', () => {
  it('is the path of its address, without the slash at its end', () => {
    assert.equal(basePathOf('https://jane.github.io/blog'), '/blog');
    assert.equal(basePathOf('https://jane.github.io/blog/'), '/blog');
    assert.equal(basePathOf('https://example.com:8443/a/b'), '/a/b');
    assert.equal(basePathOf('http://[::1]:4000/notes'), '/notes');
  });

  it('is empty for a site at the root of its host', () => {
    assert.equal(basePathOf('https://blog.example.com'), '');
    assert.equal(basePathOf('https://blog.example.com/'), '');
  });

  it('is percent-encoded as browsers send it when written in other scripts', () => {
    assert.equal(basePathOf('https://x.dev/블로그'), '/%EB%B8%94%EB%A1%9C%EA%B7%B8');
    assert.equal(basePathOf('https://x.dev/%EB%B8%94'), '/%EB%B8%94');
    assert.equal(basePathOf('https://블로그.example.com/notes'), '/notes');
  });

  it('leaves the origin of the address', () => {
    assert.equal(originOf('https://jane.github.io/blog'), 'https://jane.github.io');
    assert.equal(originOf('https://blog.example.com'), 'https://blog.example.com');
  });
});

describe('a site path as a page links it', () => {
  it('starts with the base', () => {
    assert.equal(linkTo('/blog', '/posts/x/'), '/blog/posts/x/');
    assert.equal(linkTo('/blog', '/'), '/blog/');
    assert.equal(linkTo('/blog', '/search/?q=a'), '/blog/search/?q=a');
    assert.equal(linkTo('https://x.dev/blog', '/feed.xml'), 'https://x.dev/blog/feed.xml');
  });

  it('is the path itself at the root of a host', () => {
    assert.equal(linkTo('', '/posts/x/'), '/posts/x/');
    assert.equal(linkTo('', '/'), '/');
  });

  it("leaves other sites' URLs, fragments and relative paths as they are", () => {
    for (const url of ['https://github.com/jane', '//cdn.example.com/a.js', '#main', 'a.png', '']) {
      assert.equal(linkTo('/blog', url), url);
    }
  });
});

describe('a request under the base', () => {
  it('is read from the site root, its query kept', () => {
    assert.equal(withinBase('/blog', '/blog/'), '/');
    assert.equal(withinBase('/blog', '/blog/posts/x/?a=1'), '/posts/x/?a=1');
    assert.equal(withinBase('', '/posts/x/'), '/posts/x/');
  });

  it('is outside when it does not start with the base and a slash', () => {
    for (const target of ['/', '/posts/x/', '/blog', '/blog?x', '/blogger/', '/Blog/']) {
      assert.equal(withinBase('/blog', target), undefined, target);
    }
  });
});

describe('a path an author wrote with the base already', () => {
  it('is recognised as carrying it, and read from the site root', () => {
    assert.equal(carriesBase('/blog', '/blog/posts/x/'), true);
    assert.equal(carriesBase('/blog', '/blog'), true);
    assert.equal(carriesBase('/blog', '/blog#top'), true);
    assert.equal(withoutBase('/blog', '/blog/posts/x/'), '/posts/x/');
    assert.equal(withoutBase('/blog', '/blog'), '/');
  });

  it('is not mistaken for one whose first segment only begins like the base', () => {
    assert.equal(carriesBase('/blog', '/blogroll/'), false);
    assert.equal(carriesBase('/blog', '/posts/blog/'), false);
    assert.equal(carriesBase('', '/posts/x/'), false);
    assert.equal(withoutBase('/blog', '/blogroll/'), '/blogroll/');
  });
});
