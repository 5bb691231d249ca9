// `folio import` brings over the files each engine publishes beside its pages, hidden ones
// included: a domain's `.well-known/` files come over and answer, and a hidden file Folio does not
// publish (`.htaccess`) is named in the report rather than dropped without a word.
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { importAndServe, writeBlog } from './support/import-blog.js';

const POST = '---\ntitle: A first post\ndate: 2024-01-02\n---\n\nHello.\n';
const SECURITY = 'Contact: mailto:security@example.org\n';
const HTACCESS_LEFT_OUT =
  /\.htaccess:1`: left out: Folio publishes no hidden file but those in \.well-known\//;

describe('folio import: the files a blog publishes beside its pages', () => {
  let root: string;
  before(async () => {
    root = await mkdtemp(join(tmpdir(), 'folio-published-'));
  });
  after(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it("keeps a Hugo blog's hidden files of static/: .well-known/ answers, .htaccess is named", async () => {
    const source = await writeBlog(root, 'hugo', {
      'hugo.toml': 'baseURL = "https://example.org/"\ntitle = "Notes"\n',
      'content/posts/first.md': POST,
      'static/.well-known/security.txt': SECURITY,
      'static/.htaccess': 'Redirect 301 /old /new\n',
      'static/.DS_Store': 'junk',
      // A file beside a post in a folder that is no bundle: Hugo published it at its path.
      'content/posts/trip/trip.md':
        '---\ntitle: A trip\ndate: 2024-02-03\n---\n\n![The sea](sea.jpg)\n',
      'content/posts/trip/sea.jpg': 'not really a JPEG',
    });
    const { answers, report } = await importAndServe(root, source, 'hugo', [
      '/.well-known/security.txt',
      '/posts/trip/sea.jpg',
    ]);
    assert.equal(answers.get('/.well-known/security.txt'), SECURITY);
    assert.equal(answers.get('/posts/trip/sea.jpg'), 'not really a JPEG');
    assert.match(report, HTACCESS_LEFT_OUT);
    assert.doesNotMatch(report, /DS_Store/, 'a file no one meant to publish is not reported');
  });

  it("publishes what a Jekyll blog's include names, as Jekyll does, and nothing else hidden", async () => {
    const source = await writeBlog(root, 'jekyll', {
      '_config.yml': 'title: Notes\ninclude: [".well-known", "_redirects"]\n',
      '_posts/2024-01-02-first.md': POST,
      '.well-known/security.txt': SECURITY,
      _redirects: '/talks /speaking 301\n',
      '.htaccess': 'Redirect 301 /old /new\n',
    });
    const { answers, report, target } = await importAndServe(root, source, 'jekyll', [
      '/.well-known/security.txt',
    ]);
    assert.equal(answers.get('/.well-known/security.txt'), SECURITY);
    // Not in `include`, so Jekyll never published it: nothing to bring over, nothing to report.
    assert.doesNotMatch(report, /htaccess/);
    assert.equal(
      await readFile(join(target, 'static/_redirects'), 'utf8'),
      '/talks /speaking 301\n',
    );
  });

  it("leaves out what a Jekyll blog's exclude names: a forked theme's sample posts and files", async () => {
    // A blog made by forking Minimal Mistakes keeps the theme's documentation site and tests,
    // each with posts of its own, which the theme's config leaves out by paths with a slash.
    const source = await writeBlog(root, 'jekyll-excluded', {
      '_config.yml':
        "title: Notes\nexclude:\n  - /docs # the theme's\n  - /test\n  - assets/js/plugins\n",
      '_posts/2024-01-02-first.md': POST,
      'docs/_posts/2010-01-07-post-standard.md':
        '---\ntitle: Post Standard\ndate: 2010-01-07\n---\n\nA sample.\n',
      'docs/_pages/about.md':
        '---\ntitle: About the theme\npermalink: /about/\n---\n\nThe theme.\n',
      'test/_posts/2012-01-01-sample.md': '---\ntitle: Sample\n---\n\nA test.\n',
      'test/index.html': '<p>A test page.</p>\n',
      'assets/js/plugins/jquery.js': '// a copy\n',
      'assets/js/main.js': '// the blog\n',
    });
    const { imported, target } = await importAndServe(root, source, 'jekyll-excluded', [
      '/2024/01/02/first.html',
      '/assets/js/main.js',
    ]);
    assert.match(imported.stdout, /1 of 1 post imported \(0 drafts, 0 scheduled\), 0 pages/);
    const posts = await readdir(join(target, 'content/posts'), { recursive: true });
    assert.deepEqual(
      posts.filter((name) => name.endsWith('.md')),
      ['first.md'],
    );
    const copied = await readdir(join(target, 'static'), { recursive: true });
    assert.ok(copied.includes(join('assets/js/main.js')), copied.join(', '));
    assert.ok(!copied.some((name) => /jquery|docs|test/.test(name)), copied.join(', '));
  });

  it('copies what an Eleventy config copies: globs at the root, globs into a folder, hidden files', async () => {
    const source = await writeBlog(root, 'eleventy', {
      '.eleventy.js': `module.exports = function (eleventyConfig) {
  eleventyConfig.addPassthroughCopy("*.png");
  eleventyConfig.addPassthroughCopy({ "src/static": "/" });
  eleventyConfig.addPassthroughCopy({ "src/icons/**/*.svg": "icons" });
  return { dir: { input: "src", output: "_site" } };
};
`,
      'src/posts/first.md':
        '---\ntitle: A first post\ndate: 2024-01-02\ntags: posts\n---\n\nHello.\n',
      'logo.png': 'not really a PNG',
      'src/static/.well-known/security.txt': SECURITY,
      'src/static/.htaccess': 'Redirect 301 /old /new\n',
      'src/icons/brands/mastodon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>\n',
      '_site/logo.png': 'an old build, never copied back in',
    });
    const { answers, report } = await importAndServe(root, source, 'eleventy', [
      '/logo.png',
      '/icons/mastodon.svg',
      '/.well-known/security.txt',
    ]);
    assert.equal(answers.get('/logo.png'), 'not really a PNG');
    assert.equal(answers.get('/.well-known/security.txt'), SECURITY);
    assert.match(report, HTACCESS_LEFT_OUT);
  });
});

describe('folio import: pages written in HTML or a template language', () => {
  let root: string;
  before(async () => {
    root = await mkdtemp(join(tmpdir(), 'folio-html-pages-'));
  });
  after(async () => {
    await rm(root, { recursive: true, force: true });
  });

  const ABOUT = `---
title: About
---

<h1>About</h1>
<section>
\t<p>
\t\tHi, I am Jane, and I write about databases.
\t</p>

\t<p>
\t\tI live by the sea.
\t</p>
</section>
`;

  it("shows a Jekyll blog's HTML page as its HTML showed, indented lines and all", async () => {
    const source = await writeBlog(root, 'jekyll', {
      '_config.yml': 'title: Notes\n',
      '_posts/2024-01-02-first.md': POST,
      'about.html': ABOUT,
    });
    const { answers } = await importAndServe(root, source, 'jekyll', ['/about.html']);
    const page = answers.get('/about.html') ?? '';
    assert.match(page, /<p>\s*I live by the sea\.\s*<\/p>/);
    assert.doesNotMatch(page, /<pre|I live by the sea\.\s*<\/code>/, 'no line became code');
    assert.equal(page.match(/<h1\b/g)?.length, 1, 'the title is said once');
  });

  it("brings an Eleventy blog's Nunjucks page of plain HTML over, and names one made by code", async () => {
    const source = await writeBlog(root, 'eleventy', {
      '.eleventy.js':
        'module.exports = (config) => {\n  config.addPassthroughCopy("src/demos");\n  return { dir: { input: "src" } };\n};\n',
      'src/posts/second.njk':
        '---\ntitle: A second post\ndate: 2024-02-03\ntags: posts\n---\n<p>Written in HTML.</p>\n',
      'src/demos/grid.html': '---\ntitle: A demo\n---\n<p>Copied as it is.</p>\n',
      'src/standalone.html':
        '---\ntitle: Slides\n---\n<!DOCTYPE html>\n<html><head><style>body { margin: 0 }</style></head><body>Slides</body></html>\n',
      'src/posts/first.md':
        '---\ntitle: A first post\ndate: 2024-01-02\ntags: posts\n---\n\nHello.\n',
      'src/about.njk': ABOUT.replace('title: About', 'title: About\nlayout: page.njk'),
      'src/now.njk':
        '---\ntitle: Now\n---\n<ul>{% for book in books.reading %}<li>{{ book.title }}</li>{% endfor %}</ul>\n',
      'src/feed.njk': '---\npermalink: /feed.xml\n---\n<?xml version="1.0"?><rss></rss>\n',
    });
    const { answers, report, target } = await importAndServe(root, source, 'eleventy', [
      '/about/',
      '/demos/grid.html',
    ]);
    assert.match(answers.get('/about/') ?? '', /<p>\s*I live by the sea\.\s*<\/p>/);
    assert.equal(
      answers.get('/demos/grid.html'),
      '---\ntitle: A demo\n---\n<p>Copied as it is.</p>\n',
    );
    assert.deepEqual((await readdir(join(target, 'content/pages'))).sort(), ['about.md']);
    assert.match(report, /src\/posts\/second\.njk:1`: left out: a post written in Nunjucks/);
    assert.match(report, /src\/standalone\.html:1`: left out: a whole HTML document/);
    assert.match(
      report,
      /src\/now\.njk:1`: left out: a page made with Nunjucks code, which Folio does not run \(write it again in Markdown as content\/pages\/now\.md/,
    );
    assert.doesNotMatch(report, /feed\.njk`: left out/, 'a feed is no page to leave out');
  });
});
