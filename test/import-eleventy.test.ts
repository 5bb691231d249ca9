// `folio import` on small Eleventy blogs written for these tests, one of Eleventy 1's ways (a
// CommonJS config, a layout that gives posts their tag and permalink) and one of Eleventy 3's
// (an ES module config, directory data files, links to Markdown files by their paths): the site
// it writes passes `folio check`, and every old URL answers on `folio serve`.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { run } from './support/folio-cli.js';
import { importAndServeUnder, writeBlog } from './support/import-blog.js';
import { tempRoot } from './support/temp-root.js';

const root = tempRoot('folio-import-eleventy-');

async function blog(name: string, files: Record<string, string>): Promise<string> {
  return writeBlog(root, name, files);
}

const ELEVENTY_1 = {
  'package.json': '{ "devDependencies": { "@11ty/eleventy": "^1.0.0" } }\n',
  '.eleventy.js': `const { DateTime } = require("luxon");
module.exports = function (eleventyConfig) {
  eleventyConfig.addLayoutAlias("post", "layouts/post.njk");
  eleventyConfig.addFilter("slugDate", (date) => DateTime.fromJSDate(date, { zone: "utc" }).toFormat("y/MM"));
  eleventyConfig.addFilter("encoded", (text) => Buffer.from(text).toString("base64"));
  eleventyConfig.addShortcode("filename", (name) => \`<div class="code-filename">\${name}</div>\\n\\n\`);
  eleventyConfig.addShortcode("now", () => new Date().toISOString());
  eleventyConfig.setFrontMatterParsingOptions({ excerpt: true, excerpt_separator: "<!--excerpt-->" });
  eleventyConfig.addPassthroughCopy("src/site/uploads");
  eleventyConfig.addPassthroughCopy({ "src/site/humans.txt": "/humans.txt", "src/site/linked.txt": "/linked.txt" });
  return { dir: { input: "src/site", output: "dist" }, markdownTemplateEngine: "njk" };
};
`,
  'src/site/_data/metadata.json':
    '{ "title": "The Pug Notes", "url": "https://pug.example/", "description": "Short notes", "language": "en", "author": { "name": "Henrietta" } }\n',
  'src/site/_includes/layouts/post.njk':
    '---\nlayout: default\npermalink: "/{{ page.date | slugDate }}/{{ page.fileSlug }}/index.html"\ntags: posts\n---\n<article>{{ content | safe }}</article>\n',
  'src/site/posts/posts.11tydata.json': '{ "layout": "post" }\n',
  'src/site/posts/2019-05-03-first-steps.md':
    '---\ntitle: First steps\ntags:\n  - Ruby\n---\nIntro.\n\n<!--excerpt-->\n\n{% filename "app.rb" %}\n```ruby\nputs 1\n```\n\nBuilt {% now %}.\n\n![Logo](/uploads/logo.png) and ![Chart](/chart.png)\n\n<img src="/%2e%2e/%2e%2e/%2e%2e/climbed.png">\n',
  'src/images/climbed.png': 'climbed',
  'src/site/posts/2020-01-02-second.md':
    '---\ntitle: Second\ndate: 2020-01-09\ntags: [ruby, Rails]\n---\nAfter the [first](/2019/05/first-steps/).\n',
  'src/site/posts/2020-03-04-draft.md': '---\ntitle: Not yet\ndraft: true\n---\nLater.\n',
  // Not a template format of this blog's: Eleventy published nothing of it.
  'src/site/posts/2020-04-05.md-notes.markdown': '---\ntitle: Notes\n---\nUnread.\n',
  // A slug of a dot would make a hidden file, which Folio reads no post from.
  'src/site/posts/2020-05-06-dotnet.md': '---\ntitle: .NET\nslug: .net\n---\nTips.\n',
  'src/site/about.md':
    '---js\nconst title = "About";\nconst eleventyNavigation = { key: "About", order: 2 };\n---\nWho writes here, since [the first post](posts/2019-05-03-first-steps.md).\n\n{% filename "me.txt" %}\n',
  'src/site/index.njk':
    '---\nlayout: default\npagination:\n  data: collections.posts\n  size: 1\n---\n{% for post in pagination.items %}{{ post.url }}{% endfor %}\n',
  'src/site/rubies.njk':
    '---\npermalink: /rubies/\n---\n{% for post in collections["Ruby"] %}{{ post.url }}{% endfor %}\n',
  'src/site/feed.njk':
    '---json\n{ "permalink": "atom.xml", "eleventyExcludeFromCollections": true }\n---\n<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom"></feed>\n',
  'src/site/tag.njk':
    '---\nlayout: default\npagination:\n  data: collections\n  size: 1\n  alias: tag\npermalink: /tag/{{ tag | slug }}/\n---\n{% for post in collections[tag] %}{{ post.url }}{% endfor %}\n',
  'src/site/uploads/logo.png': 'png',
  'src/site/humans.txt': 'Henrietta\n',
  // Made by a build step beside Eleventy, which published it at the site's root.
  'src/images/chart.png': 'chart',
};

const ELEVENTY_3 = {
  'eleventy.config.js': `import { feedPlugin } from "@11ty/eleventy-plugin-rss";
export default async function (eleventyConfig) {
  eleventyConfig.addPassthroughCopy({ "./public/": "/" });
  eleventyConfig.addPlugin(feedPlugin, { type: "atom", outputPath: "/feed/feed.xml", collection: { name: "posts" } });
}
export const config = { dir: { input: "content", includes: "../_includes", data: "../_data" } };
`,
  '_data/metadata.js':
    'export default {\n  title: "Base Blog",\n  url: process.env.URL || "https://base.example/",\n  author: { name: "Basil" },\n};\n',
  'content/blog/blog.11tydata.js':
    'export default {\n  tags: ["posts"],\n  layout: "layouts/post.njk",\n};\n',
  'content/blog/firstpost.md':
    '---\ntitle: This is my first post.\ndate: 2018-05-01\ntags: another tag\n---\nHello. See [the second](secondpost.md#more) and [the trip](/blog/trip/trip.md).\n',
  'content/blog/secondpost.md':
    '---\ntitle: This is my second post.\ndate: 2018-07-04\ntags: [number 2]\n---\n## More\n\nBack to [the first](./firstpost.md).\n',
  'content/blog/trip/trip.md':
    '---\ntitle: A trip\ndate: 2018-08-24\n---\n![A possum](possum.png)\n',
  'content/blog/trip/possum.png': 'possum',
  'content/blog/computed.md':
    '---\ntitle: Computed\ndate: 2018-09-01\npermalink: "/{{ page.date | readableDate }}/"\n---\nIts URL is made by a filter of code.\n',
  'content/blog.njk':
    '---js\nconst eleventyNavigation = { key: "Archive", order: 2 };\n---\n<h1>Archive</h1>\n{% set postslist = collections.posts %}\n{% include "postslist.njk" %}\n',
  'content/sitemap.xml.njk':
    '---\npermalink: /sitemap.xml\neleventyExcludeFromCollections: true\n---\n<?xml version="1.0"?>\n<urlset>{% for page in collections.all %}<url>{{ page.url }}</url>{% endfor %}</urlset>\n',
  // Every post, in pages of two: the archive stands for each page.
  'content/all.njk':
    '---\npagination:\n  data: collections.posts\n  size: 2\npermalink: /all/{% if pagination.pageNumber > 0 %}page/{{ pagination.pageNumber + 1 }}/{% endif %}index.html\n---\n{% for post in pagination.items %}{{ post.url }}{% endfor %}\n',
  // A file for the host, made from the posts: no page, and no list of them.
  'content/redirects.njk':
    '---\npermalink: /_redirects\neleventyExcludeFromCollections: true\n---\n{%- for post in collections.posts %}\n/{{ post.fileSlug }} {{ post.url }} 301\n{%- endfor %}\n',
  // Eleventy reads a folder of `_` as any other, and leaves what .eleventyignore names.
  'content/_notes/_notes.11tydata.json': '{ "tags": ["posts"] }\n',
  'content/_notes/short.md': '---\ntitle: A short note\ndate: 2018-10-01\n---\nShort.\n',
  'content/_notes/unfinished.md': '---\ntitle: Unfinished\ndate: 2018-10-02\n---\nNot yet.\n',
  '.eleventyignore': 'content/_notes/unfinished.md\n',
  // Two folders of numbered pages: the second is told apart by its folder.
  'content/weeknotes/1.md': '---\ntitle: Week 1\n---\nA week.\n',
  'content/readinglogs/1.md': '---\ntitle: Reading 1\n---\nA book.\n',
  'public/favicon.ico': 'ico',
};

const importAndServe = importAndServeUnder(root);

describe('importing an Eleventy blog of a CommonJS config and layouts', () => {
  let result: Awaited<ReturnType<typeof importAndServe>>;
  before(async () => {
    const source = await blog('eleventy-1', ELEVENTY_1);
    // A file the config copies that links out of the blog's folder.
    await writeFile(join(root, 'outside.txt'), 'not the blog');
    await symlink(join(root, 'outside.txt'), join(source, 'src/site/linked.txt'));
    result = await importAndServe(source, 'eleventy-1', [
      '/2019/05/first-steps/',
      '/2020/01/second/',
      '/about/',
      '/atom.xml',
      '/uploads/logo.png',
      '/humans.txt',
      '/chart.png',
      '/tag/ruby/',
      '/tag/rails/',
      '/tag/posts/',
      '/1/',
      '/rubies/',
    ]);
  });

  it('finds the posts its layout tags, with the date of their names, and the site of its data', () => {
    assert.equal(result.imported.code, 0, result.imported.stderr);
    assert.match(result.imported.stdout, /^Imported an Eleventy blog into /);
    assert.match(result.imported.stdout, /4 of 4 posts imported \(1 draft,/);
    assert.ok(existsSync(join(result.target, 'content/posts/net.md')));
    assert.match(result.config, /^title: The Pug Notes$/m);
    assert.match(result.config, /^url: https:\/\/pug\.example$/m);
    assert.match(result.config, /^ {2}name: Henrietta$/m);
    // The URLs the layout's permalink gave, which Folio's pattern now gives every post.
    assert.match(result.config, /^permalink: \/:year\/:month\/:slug\/$/m);
  });

  it("leads each page of its template of tag pages to Folio's page of the tag", () => {
    assert.match(result.config, /^ {2}\/tag\/ruby\/: \/tags\/ruby\/$/m);
    assert.match(result.config, /^ {2}\/tag\/rails\/: \/tags\/rails\/$/m);
    // The same template paged the collection of every post, which the archive now lists.
    assert.match(result.config, /^ {2}\/tag\/posts\/: \/archives\/$/m);
    assert.match(result.config, /^ {2}\/rubies\/: \/tags\/ruby\/$/m);
  });

  it('shows as many posts to a page as its home page did, and leads its later pages', () => {
    assert.match(result.config, /^pageSize: 1$/m);
    assert.match(result.config, /^ {2}\/1\/: \/page\/2\/$/m);
  });

  it("keeps the posts' own tags, not the one that made them posts, and their excerpt", async () => {
    const first = await readFile(join(result.target, 'content/posts/first-steps.md'), 'utf8');
    assert.match(first, /^date: "?2019-05-03"?$/m);
    assert.match(first, /^tags:\n {2}- Ruby$/m);
    assert.doesNotMatch(first, /- posts$/m);
    assert.match(first, /Intro\.\n\n<!--more-->/);
  });

  it("writes what the blog's template shortcode wrote, and reports the one it cannot", async () => {
    const first = await readFile(join(result.target, 'content/posts/first-steps.md'), 'utf8');
    assert.match(first, /<div class="code-filename">app\.rb<\/div>\n\n\n```ruby/);
    assert.match(result.report, /posts\/2019-05-03-first-steps\.md:\d+`: removed \{% now %\}/);
  });

  it('copies what the config copies, and an image a build step published, found by name', () => {
    assert.match(result.report, /`src\/site\/linked\.txt:1`: a link out of the blog folder/);
    assert.ok(!existsSync(join(result.target, 'static/linked.txt')));
    assert.match(result.report, /`src\/images:1`: 1 image the posts name from the site's root/);
    // A path that climbs out of the site is no image of it: nothing is written beside the site.
    assert.ok(!existsSync(join(root, 'climbed.png')));
    assert.ok(!existsSync(join(root, '..', 'climbed.png')));
  });

  it('keeps a page with its menu place, and its old feed', async () => {
    const about = await readFile(join(result.target, 'content/pages/about.md'), 'utf8');
    assert.match(about, /^title: About\nnav: true\norder: 2$/m);
    assert.match(about, /since \[the first post\]\(\/2019\/05\/first-steps\/\)/);
    assert.match(about, /<div class="code-filename">me\.txt<\/div>/);
    assert.match(result.answers.get('/atom.xml') ?? '', /<feed/);
  });
});

describe('importing an Eleventy blog whose input folder links out of it', () => {
  it('reads nothing there, refuses, and writes nothing', async () => {
    const elsewhere = await blog('elsewhere', {
      'posts/outside.md':
        '---\ntitle: Outside\ndate: 2020-01-01\ntags: posts\n---\nNot the blog.\n',
    });
    const source = await blog('eleventy-linked', {
      '.eleventy.js': 'module.exports = () => ({ dir: { input: "src" } });\n',
    });
    await symlink(elsewhere, join(source, 'src'));
    const target = join(root, 'eleventy-linked-site');
    const imported = await run(['import', source, target]);
    assert.equal(imported.code, 1);
    assert.match(imported.stderr, /has no posts where an Eleventy blog keeps them/);
    assert.ok(!existsSync(target));
  });
});

describe('importing an Eleventy 3 blog of directory data files', () => {
  let result: Awaited<ReturnType<typeof importAndServe>>;
  before(async () => {
    result = await importAndServe(await blog('eleventy-3', ELEVENTY_3), 'eleventy-3', [
      '/blog/firstpost/',
      '/blog/secondpost/',
      '/blog/trip/',
      '/favicon.ico',
      '/feed/feed.xml',
      '/blog/',
      '/_notes/short/',
      '/weeknotes/1/',
      '/readinglogs/1/',
      '/all/',
      '/all/page/3/',
    ]);
  });

  it('reads its folders and data from its ES module config, and keeps its default URLs', () => {
    assert.equal(result.imported.code, 0, result.imported.stderr);
    assert.match(result.config, /^title: Base Blog$/m);
    assert.match(result.config, /^url: https:\/\/base\.example$/m);
    assert.match(result.config, /^permalink: \/blog\/:slug\/$/m);
  });

  it('leads its list of posts to the archive, and leaves its sitemap and redirects to Folio', () => {
    assert.match(result.config, /^ {2}\/blog\/: \/archives\/$/m);
    assert.doesNotMatch(result.config, /sitemap/);
    assert.doesNotMatch(result.config, /_redirects/);
    // Five posts made three pages of the list, and no more.
    assert.match(result.config, /^ {2}\/all\/page\/3\/: \/archives\/$/m);
    assert.doesNotMatch(result.config, /\/all\/page\/4\//);
  });

  it('leads links to Markdown files by their paths to the posts made of them', () => {
    const first = result.answers.get('/blog/firstpost/') ?? '';
    assert.match(first, /href="\/blog\/secondpost\/#more"/);
    assert.match(first, /href="\/blog\/trip\/"/);
    assert.match(result.answers.get('/blog/secondpost/') ?? '', /href="\/blog\/firstpost\/"/);
  });

  it('reads the posts of a folder of _, but for the one .eleventyignore names', () => {
    assert.match(result.imported.stdout, /5 of 5 posts imported/);
    assert.ok(existsSync(join(result.target, 'content/posts/_notes/short.md')));
    assert.doesNotMatch(result.report, /unfinished/);
  });

  it('names a page whose name another took after its folder', () => {
    assert.match(result.report, /weeknotes\/1\.md:1`: imported as the page \/weeknotes-1\//);
    assert.ok(existsSync(join(result.target, 'content/pages/weeknotes-1.md')));
    assert.ok(existsSync(join(result.target, 'content/pages/1.md')));
  });

  it("brings a post's folder of its own with its files", async () => {
    const trip = await readFile(join(result.target, 'content/posts/blog/trip/index.md'), 'utf8');
    assert.match(trip, /!\[A possum\]\(possum\.png\)/);
    assert.equal(
      await readFile(join(result.target, 'content/posts/blog/trip/possum.png'), 'utf8'),
      'possum',
    );
  });

  it('says once which file works its URLs out where Folio cannot follow', () => {
    assert.match(
      result.report,
      /content\/blog\/computed\.md:1`: its old URL cannot be worked out \(Folio does not read the filter readableDate\)/,
    );
  });
});

// Posts and a page whose permalinks a data file works out in JavaScript, and the site Eleventy
// built of them, as a blogger has it in `_site/`.
const COMPUTED_URLS = {
  'eleventy.config.js':
    'export default function () {}\nexport const config = { dir: { input: "content" } };\n',
  'content/blog/blog.11tydata.js':
    'export default {\n  tags: ["posts"],\n  eleventyComputed: {\n    permalink: (data) => `/journal/${data.page.date.getUTCFullYear()}/${data.page.filePathStem.split("/").at(-2)}-${data.page.fileSlug}/`,\n  },\n};\n',
  'content/blog/first.md': '---\ntitle: First light\ndate: 2021-03-04\n---\nThe first.\n',
  'content/blog/march/links.md': '---\ntitle: Links, week 9\ndate: 2021-03-05\n---\nSome links.\n',
  'content/blog/september/links.md':
    '---\ntitle: Links, week 9\ndate: 2021-09-10\n---\nThe same title, by mistake.\n',
  'content/blog/panic.md': "---\ntitle: Don't panic -- use `grep`\ndate: 2021-10-01\n---\nCalm.\n",
  'content/blog/unbuilt.md': '---\ntitle: Never built\ndate: 2021-11-01\n---\nNew.\n',
  'content/blog/field/lamps.md':
    '---\ntitle: Lamps - a field guide\ndate: 2021-12-01\n---\nA guide.\n',
  'content/me/me.11tydata.js':
    'export default { eleventyComputed: { permalink: () => "/who/" } };\n',
  'content/me/about.md': '---\ntitle: About\n---\nWho writes here.\n',
};

/** A post's page as a theme writes it: the site's name in `<title>`, the post's title in `<h1>`. */
function builtPage(heading: string, day?: string): string {
  const time = day ? `<time datetime="${day}T08:00:00.000Z">${day}</time>` : '';
  return `<!doctype html><html><head><title>Lamp Notes</title></head><body><header><a href="/">Lamp Notes</a></header><main><h1>${heading}</h1>${time}<p>Text.</p></main></body></html>\n`;
}

const BUILT_SITE = {
  '_site/index.html':
    '<!doctype html><title>Lamp Notes</title><h1>First light</h1><h2>Links, week 9</h2><h2>Links, week 9</h2>\n',
  '_site/journal/2021/blog-first/index.html': builtPage(
    'First light <a class="header-anchor" href="#">#</a>',
    '2021-03-04',
  ),
  '_site/journal/2021/march-links/index.html': builtPage('Links, week 9', '2021-03-05'),
  '_site/journal/2021/september-links/index.html': builtPage('Links, week 9', '2021-09-10'),
  '_site/journal/2021/blog-panic/index.html': builtPage('Don’t panic – use <code>grep</code>'),
  '_site/tags/posts/index.html':
    '<!doctype html><title>Tagged “posts” | Lamp Notes</title><h1>Tagged “posts”</h1><h2>First light</h2>\n',
  // Pages whose heading is not their title: their `<title>` says it, before or after the site's
  // name, a dash of their own and all; an icon's SVG title comes after it.
  '_site/journal/2021/field-lamps/index.html':
    '<!doctype html><title>Lamps - a field guide | Lamp Notes</title><h1>Lamp Notes</h1><svg><title>Lamp</title></svg><p>Text.</p>\n',
  '_site/who/index.html':
    '<!doctype html><title>Lamp Notes · About</title><h1>Who I am</h1><p>Text.</p>\n',
  // A template's page that only sends the reader on, which no post or page of the blog says.
  '_site/links/index.html':
    '<!doctype html><title>Redirecting</title><meta http-equiv="refresh" content="0; url=../journal/2021/march-links/">\n',
};

describe('importing an Eleventy blog whose permalinks are worked out by code', () => {
  it('says which file does it, and how to keep the old URLs', async () => {
    const source = await blog('eleventy-computed', COMPUTED_URLS);
    const target = join(root, 'eleventy-computed-site');
    const imported = await run(['import', source, target]);
    assert.equal(imported.code, 0, imported.stderr);
    const report = await readFile(join(target, 'import-report.md'), 'utf8');
    assert.match(
      report,
      /`content\/blog\/blog\.11tydata\.js:1`: it works out its posts' permalinks with code, .*--built/,
    );
  });

  it('finds each old URL in the site Eleventy built, as `--built` names it', async () => {
    const source = await blog('eleventy-built', { ...COMPUTED_URLS, ...BUILT_SITE });
    // Two posts of one title, each at the page that shows its day; a title in other quotes and
    // dashes, with code in it; a page.
    const result = await importAndServe(
      source,
      'eleventy-built',
      [
        '/journal/2021/blog-first/',
        '/journal/2021/march-links/',
        '/journal/2021/september-links/',
        '/journal/2021/blog-panic/',
        '/journal/2021/field-lamps/',
        '/who/',
        '/links/',
      ],
      ['--built', join(source, '_site')],
    );
    assert.match(result.answers.get('/links/') ?? '', /Some links/);
    assert.equal(result.imported.code, 0, result.imported.stderr);
    const report = result.report;
    assert.match(result.answers.get('/journal/2021/september-links/') ?? '', /by mistake/);
    assert.match(result.answers.get('/journal/2021/march-links/') ?? '', /Some links/);
    assert.match(result.answers.get('/who/') ?? '', /Who writes here/);
    // A post the built site has no page of is named, with the folder it was looked for in.
    assert.match(
      report,
      /`content\/blog\/unbuilt\.md:1`: its old URL cannot be worked out \(content\/blog\/blog\.11tydata\.js works it out with code, which Folio does not run, and no one page of .*_site is titled as it is\)/,
    );
  });

  it('keeps the ids its headings carry on the built pages, which links into them end in', async () => {
    const source = await blog('eleventy-heading-ids', {
      ...COMPUTED_URLS,
      'content/blog/first.md':
        '---\ntitle: First light\ndate: 2021-03-04\n---\nSee [why](#why-c-and-go).\n\n## Why C++ & Go?\n\n## Plain\n',
      // markdown-it-anchor with the blog's slugify, each heading wrapped in its own link.
      '_site/journal/2021/blog-first/index.html': builtPage(
        'First light</h1><h2 id="why-c-and-go"><a class="header-anchor" href="#why-c-and-go">Why C++ &amp; Go?</a></h2><h2 id="plain"><a class="header-anchor" href="#plain">Plain</a></h2><h1 hidden>',
        '2021-03-04',
      ),
    });
    const result = await importAndServe(
      source,
      'eleventy-heading-ids',
      ['/journal/2021/blog-first/'],
      ['--built', join(source, '_site')],
    );
    const page = result.answers.get('/journal/2021/blog-first/') ?? '';
    assert.match(page, /<h2 id="why-c-and-go">Why C\+\+ &amp; Go\?<\/h2>/);
    assert.match(page, /<a href="#why-c-and-go">why<\/a>/);
    assert.match(page, /<h2 id="plain">Plain<\/h2>/);
  });

  it("shows what the blog's own tags wrote, as the built page shows it", async () => {
    // A shortcode worked out in code from the blog's data: the import cannot run it.
    const preview = (name: string, title: string) =>
      `<div class="link-preview"><a href="https://${name}.example/">${title}</a><p>Read it at ${name}.example.</p></div>`;
    const files = {
      'eleventy.config.js':
        'import previews from "./previews.js";\nexport default function (config) {\n  config.addShortcode("previewExternal", (name) => previews.render(name));\n  config.addShortcode("imageUrl", (name) => previews.image(name));\n}\n',
      'blog/links.md':
        '---\ntitle: Links of the week\ndate: 2022-05-08\ntags: [posts]\npermalink: "/links/{{ page.fileSlug }}/"\n---\nTwo reads on parsers.\n\n{% previewExternal "parsers" %}\n{% previewExternal "lexers" %}\n\n## Tools\n\nA tool I use, whatever the "quotes". ![A lamp]({% imageUrl "lamp.png" %})\n\n{% previewExternal "tools" %}\n',
      '_site/links/links/index.html': `<!doctype html><title>Links of the week</title><h1>Links of the week</h1><main><p>Two reads on parsers.</p>\n${preview('parsers', 'Parsing, part 1')}\n${preview('lexers', 'Lexers &amp; you')}\n<h2 id="tools">Tools</h2>\n<p>A tool I use, whatever the “quotes”. <img src="/img/lamp.png" alt="A lamp"></p>\n${preview('tools', 'The tool')}\n</main><footer><p>Older posts</p></footer>\n`,
    };
    const source = await blog('eleventy-own-tags', files);
    const without = await importAndServe(source, 'eleventy-own-tags-unbuilt', ['/links/links/']);
    assert.doesNotMatch(without.answers.get('/links/links/') ?? '', /parsers\.example/);
    assert.match(without.report, /removed \{% previewExternal %\}/);

    const result = await importAndServe(
      source,
      'eleventy-own-tags',
      ['/links/links/'],
      ['--built', join(source, '_site')],
    );
    assert.equal(result.imported.code, 0, result.imported.stderr);
    const post = result.answers.get('/links/links/') ?? '';
    const shown = [...post.matchAll(/<a href="https:\/\/(\w+)\.example\/">([^<]*)<\/a>/g)];
    assert.deepEqual(
      shown.map(([, name, title]) => [name, title]),
      [
        ['parsers', 'Parsing, part 1'],
        ['lexers', 'Lexers &amp; you'],
        ['tools', 'The tool'],
      ],
    );
    assert.ok(post.indexOf('parsers.example') < post.indexOf('id="tools"'), 'in its place');
    // A tag inside an image's address: the address the built page shows.
    assert.match(
      post,
      /<img [^>]*src="\/img\/lamp\.png"[^>]*alt="A lamp"|<img [^>]*alt="A lamp"[^>]*src="\/img\/lamp\.png"/,
    );
    assert.doesNotMatch(result.report, /removed \{% previewExternal/);
    assert.match(result.report, /converted \{% previewExternal %\}, as the built page showed it/);
  });

  it('refuses a folder that holds no built page, and writes nothing', async () => {
    const source = await blog('eleventy-unbuilt', COMPUTED_URLS);
    const target = join(root, 'eleventy-unbuilt-site');
    const imported = await run(['import', source, target, '--built', join(source, 'content/me')]);
    assert.equal(imported.code, 1);
    assert.match(imported.stderr, /content\/me holds no page of a built site/);
    assert.ok(!existsSync(target));
  });
});
