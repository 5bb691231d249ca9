import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { navigationPages } from './page.js';
import { parsePage } from './parse-page.js';

const FILE = 'content/pages/about.md';
const parse = (front: string, fileSlug = 'about') =>
  parsePage(`---\n${front}\n---\n\nHello.\n`, FILE, fileSlug);

describe('parsePage', () => {
  it('reads a page at /<file name>/, out of the navigation unless it asks', () => {
    const { page, body, diagnostics } = parse('title: About me');
    assert.deepEqual(diagnostics, []);
    assert.equal(page?.path, '/about/');
    assert.equal(page?.title, 'About me');
    assert.equal(page?.nav, false);
    assert.equal(page?.draft, false);
    assert.equal(body, '\nHello.\n');
  });

  it('takes its slug, order and navigation from the front matter', () => {
    const { page } = parse('title: 소개\nslug: 소개\nnav: true\norder: -2');
    assert.equal(page?.path, `/${encodeURIComponent('소개')}/`);
    assert.equal(page?.nav, true);
    assert.equal(page?.order, -2);
  });

  it('reports a missing title and an order that is no number, each at its line', () => {
    const { page, diagnostics } = parse('nav: true\norder: first');
    assert.equal(page, undefined);
    const found = diagnostics.map((d) => `${d.severity} ${d.line}: ${d.message}`);
    assert.ok(
      found.some((line) => /^error 2: .*no `title`/.test(line)),
      found.join('\n'),
    );
    assert.ok(
      found.some((line) => /^error 3: .*order.*whole number/.test(line)),
      found.join('\n'),
    );
  });

  it('warns about keys of posts that mean nothing on a page, and still reads it', () => {
    const { page, diagnostics } = parse('title: About\ndate: 2024-01-01\ntags: [x]');
    assert.ok(page);
    assert.deepEqual(
      diagnostics.map((d) => `${d.severity} ${d.code} ${d.line}`),
      ['warning front-matter-unknown-key 3', 'warning front-matter-unknown-key 4'],
    );
  });

  it('refuses a slug that cannot stand in a URL', () => {
    const { page, diagnostics } = parse('title: About\nslug: "a/b"');
    assert.equal(page, undefined);
    assert.equal(diagnostics[0]?.code, 'post-slug');
  });
});

describe('navigationPages', () => {
  it('orders the pages that ask by their order, then by title', () => {
    const pages = [
      'title: Now\nnav: true',
      'title: About\nnav: true',
      'title: Uses\nnav: true\norder: -1',
      'title: Hidden',
    ]
      .map((front, i) => parse(front, `p${i}`).page)
      .filter((page) => page !== undefined);
    assert.deepEqual(
      navigationPages(pages).map((page) => page.title),
      ['Uses', 'About', 'Now'],
    );
  });
});
