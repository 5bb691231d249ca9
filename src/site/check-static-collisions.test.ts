import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formatDiagnostic } from '../diagnostics/diagnostic.js';
import { checkStaticCollisions } from './check-static-collisions.js';
import { makeConfig, makePost } from '../../test/support/site-fixtures.js';

const config = makeConfig({ pageSize: 2 });
const posts = [
  makePost('hello', { category: 'Algorithm', tags: ['Binary Search'] }),
  makePost('second'),
  makePost('third'),
  makePost('draft', { draft: true }),
];
const check = (...paths: string[]): string[] =>
  checkStaticCollisions(config, posts, paths, 'site/static').map((d) => formatDiagnostic(d));

describe('static files in the way of generated ones', () => {
  it('reports a file at the path of a feed, the sitemap or the front page, naming both', () => {
    const problems = check('/feed.xml', '/index.html', '/robots.txt', '/images/feed.xml');
    assert.equal(problems.length, 3);
    assert.match(problems[0] ?? '', /^site\/static\/feed\.xml:1: .*the RSS feed \(\/feed\.xml\)/);
    assert.match(problems[1] ?? '', /^site\/static\/index\.html:1: .*featured listing/);
  });

  it("reports a file at a post's page, naming the post file, drafts included", () => {
    const [published, draft, ...rest] = check(
      '/posts/hello/index.html',
      '/posts/draft/index.html',
      '/posts/hello/photo.jpg',
    );
    assert.match(
      published ?? '',
      /site\/static\/posts\/hello\/index\.html:1: .*content\/posts\/hello\.md/,
    );
    assert.match(draft ?? '', /content\/posts\/draft\.md/);
    assert.deepEqual(rest, []);
  });

  it('reports the compressed copies the export writes beside each document', () => {
    const problems = check('/feed.xml.gz', '/posts/second/index.html.br');
    assert.equal(problems.length, 2);
    assert.match(problems[0] ?? '', /the compressed copy of the RSS feed/);
  });

  it('reports category and tag pages and feeds by their slugs, case aside', () => {
    const problems = check(
      '/categories/algorithm/index.html',
      '/categories/algorithm/feed.xml',
      '/tags/Binary-Search/index.html',
      '/tags/binary-search/feed.xml',
    );
    assert.equal(problems.length, 4);
    assert.match(problems[2] ?? '', /the tag "Binary Search" \(of content\/posts\/hello\.md\)/);
    assert.match(problems[3] ?? '', /the feed of the tag "Binary Search"/);
  });

  it('reports listing pages only as far as the posts fill them', () => {
    assert.equal(check('/page/2/index.html').length, 1);
    assert.equal(check('/page/3/index.html').length, 0);
    assert.equal(check('/page/1/index.html').length, 0);
  });

  it('ignores case, as many disks do', () => {
    assert.equal(check('/Feed.xml', '/Robots.txt', '/Posts/Hello/index.html').length, 3);
  });

  it('leaves every other file alone', () => {
    assert.deepEqual(
      check('/images/avatar.png', '/favicon.ico', '/about/index.html', '/CNAME'),
      [],
    );
  });
});

describe('folders of static/ in the way of generated files', () => {
  it("reports a folder where Folio writes a file, once, naming Folio's file", () => {
    const problems = check(
      '/robots.txt/robots.txt',
      '/robots.txt/more.txt',
      '/feed.xml/a.txt',
      '/posts/hello/index.html/x.png',
      '/images/robots.txt',
    );
    assert.equal(problems.length, 3);
    assert.match(
      problems[0] ?? '',
      /^site\/static\/robots\.txt\/robots\.txt:1: .*the folder robots\.txt\/, at the path of robots\.txt \(\/robots\.txt\)/,
    );
    assert.match(problems[1] ?? '', /the folder feed\.xml\/, at the path of the RSS feed/);
    assert.match(problems[2] ?? '', /posts\/hello\/index\.html\/, at the path of the page of/);
  });
});
