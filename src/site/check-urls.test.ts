import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { makeConfig, makePost } from '../../test/support/site-fixtures.js';
import { checkUrls } from './check-urls.js';
import { parsePage } from '../content/parse-page.js';

const place = { file: 'folio.config.yaml', lineOf: () => 9 };
const codes = (found: ReturnType<typeof checkUrls>): string[] =>
  found.map((d) => `${d.code} ${d.file}:${d.line}`);

describe('URLs claimed twice', () => {
  it('finds two posts at one URL, whatever the case, and names both files', () => {
    const found = checkUrls(makeConfig(), place, [
      makePost('a', {
        path: '/2015/Hello/',
        lines: { slug: 1, path: 4, aliases: 1, category: 2, tags: 3 },
      }),
      makePost('b', { path: '/2015/hello/' }),
    ]);
    assert.deepEqual(codes(found), [
      'post-url-duplicate content/posts/b.md:1',
      'post-url-duplicate content/posts/a.md:4',
    ]);
    assert.match(found[0]?.message ?? '', /content\/posts\/a\.md:4/);
  });

  it("finds a post where Folio's own pages are", () => {
    const found = checkUrls(makeConfig(), place, [makePost('a', { path: '/tags/a/' })]);
    assert.deepEqual(codes(found), ['post-url-reserved content/posts/a.md:1']);
  });

  it('finds a post under /series/, and an alias at the page of a series', () => {
    const found = checkUrls(makeConfig(), place, [
      makePost('a', { path: '/series/a/' }),
      makePost('b', {
        aliases: ['/series/learning-rust/'],
        series: { name: 'Learning Rust', order: undefined, line: 5, orderLine: 5 },
      }),
    ]);
    assert.deepEqual(codes(found), [
      'post-url-reserved content/posts/a.md:1',
      'redirect-shadowed content/posts/b.md:1',
    ]);
    assert.match(found[1]?.message ?? '', /the page of the series "Learning Rust"/);
  });

  it('finds an alias that is a post, another alias, a redirect of the config or a page of Folio', () => {
    const config = makeConfig({ redirects: { '/old/': '/posts/a/' } });
    const found = checkUrls(config, place, [
      makePost('a', { aliases: ['/posts/b/', '/old/'] }),
      makePost('b', { aliases: ['/tags/notes/', '/feed.xml', '/page/1/'] }),
    ]);
    assert.deepEqual(codes(found), [
      'redirect-duplicate content/posts/a.md:1',
      'redirect-duplicate content/posts/b.md:1',
      'redirect-duplicate content/posts/a.md:1',
      'redirect-duplicate folio.config.yaml:9',
      'redirect-shadowed content/posts/b.md:1',
      'redirect-shadowed content/posts/b.md:1',
      'redirect-shadowed content/posts/b.md:1',
    ]);
  });

  it('lets an old path differ only in case from a page: it still redirects', () => {
    const config = makeConfig({ redirects: { '/tags/Notes/': '/tags/notes/' } });
    assert.deepEqual(checkUrls(config, place, [makePost('a')]), []);
  });
});

describe('URLs of pages', () => {
  const page = (slug: string) => {
    const parsed = parsePage(`---\ntitle: ${slug}\n---\n\nx\n`, `content/pages/${slug}.md`, slug);
    assert.ok(parsed.page);
    return parsed.page;
  };

  it("finds a page at one of Folio's sections, or where the permalink puts posts, and names it", () => {
    const found = checkUrls(makeConfig(), place, [], [page('archives'), page('posts'), page('me')]);
    assert.deepEqual(codes(found), [
      'page-url-reserved content/pages/archives.md:1',
      'page-url-reserved content/pages/posts.md:1',
    ]);
    assert.match(found[0]?.message ?? '', /the archive of every post \(\/archives\/\)/);
    assert.match(found[1]?.message ?? '', /permalink \/posts\/:slug\//);
  });

  it("finds a page or a post named as a file Folio writes at the site's root, and names the file", () => {
    const config = makeConfig({ permalink: '/:slug/' });
    const found = checkUrls(
      config,
      place,
      [makePost('feed.xml', { path: '/feed.xml/' })],
      [
        page('robots.txt'),
        page('Sitemap.XML'),
        page('404.html'),
        page('_redirects'),
        page('feeds'),
      ],
    );
    assert.deepEqual(codes(found), [
      'page-url-reserved content/pages/robots.txt.md:1',
      'page-url-reserved content/pages/Sitemap.XML.md:1',
      'page-url-reserved content/pages/404.html.md:1',
      'page-url-reserved content/pages/_redirects.md:1',
      'post-url-reserved content/posts/feed.xml.md:1',
    ]);
    assert.match(found[0]?.message ?? '', /the robots\.txt file \(\/robots\.txt\)/);
  });

  it('finds an old path at a file Folio writes, written with a slash or in other case', () => {
    const post = makePost('a', {
      tags: ['notes'],
      aliases: ['/feed.xml/', '/Atom.XML', '/_redirects', '/tags/notes/feed.xml/'],
    });
    const found = checkUrls(makeConfig(), place, [post]);
    assert.deepEqual(
      found.map((diagnostic) => diagnostic.code),
      ['redirect-shadowed', 'redirect-shadowed', 'redirect-shadowed', 'redirect-shadowed'],
    );
    assert.match(found[3]?.message ?? '', /the feed of the tag "notes"/);
  });

  it('finds a page and a post at one URL, and a page at an old path of a post', () => {
    const config = makeConfig({ permalink: '/:slug/' });
    const found = checkUrls(
      config,
      place,
      [makePost('about', { path: '/about/' }), makePost('b', { path: '/b/', aliases: ['/me/'] })],
      [page('about'), page('me')],
    );
    assert.deepEqual(codes(found).sort(), [
      'post-url-duplicate content/pages/about.md:1',
      'post-url-duplicate content/posts/about.md:1',
      'redirect-duplicate content/pages/me.md:1',
      'redirect-duplicate content/posts/b.md:1',
    ]);
  });
});
