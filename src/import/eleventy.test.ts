import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import {
  copiedTo,
  defaultUrl,
  eleventySlug,
  eleventySlugify,
  fileSlugOf,
  globPattern,
  isCopied,
  pagedUrls,
  permalinkUrl,
  eleventyTermPages,
  readEleventyProject,
  renderShortcode,
  termPageUrl,
} from './eleventy.js';

function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'folio-eleventy-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const CONFIG = `const { DateTime } = require("luxon");
const POSTS = "src/posts/*.md";
module.exports = function (eleventyConfig) {
  // A method of the same name as one of the config's own is not the config's.
  const encoded = Buffer.from("x").toString("base64");
  eleventyConfig.addFilter("slugDate", (d) => DateTime.fromJSDate(d, { zone: "utc" }).toFormat("y/MM"));
  eleventyConfig.addShortcode("hotlink", (url, title, target = "_blank") => \`<a href="\${url}" target=\${target}>\${title}</a>\`);
  eleventyConfig.addShortcode("year", () => \`\${new Date().getFullYear()}\`);
  eleventyConfig.addPassthroughCopy("src/img");
  eleventyConfig.addPassthroughCopy({ "src/robots.txt": "/robots.txt", "public/": "/", "src/fonts/*.woff2": "fonts/", "src/icons/**/*.svg": "icons" });
  eleventyConfig.addPassthroughCopy("*.png");
  eleventyConfig.addCollection("posts", (api) => api.getFilteredByGlob(POSTS));
  eleventyConfig.addCollection("notes", (api) => api.getAllSorted().filter((item) => item.inputPath.startsWith("./src/_notes/")));
  return { dir: { input: "src", output: "dist" }, pathPrefix: "/blog/" };
};
`;

describe("an Eleventy blog's config, read without running it", () => {
  it('gives its folders, copies, collections, date filters and template shortcodes', () => {
    const read = readEleventyProject(project({ '.eleventy.js': CONFIG }));
    assert.equal(read.input, 'src');
    assert.equal(read.includes, 'src/_includes');
    assert.equal(read.data, 'src/_data');
    assert.equal(read.output, 'dist');
    assert.equal(read.pathPrefix, '/blog');
    assert.deepEqual(read.collections.get('posts'), { globs: ['src/posts/*.md'], tags: [] });
    assert.deepEqual(read.collections.get('notes'), { globs: ['src/_notes/**'], tags: [] });
    assert.equal(read.dateFilters.get('slugDate'), 'y/MM');
    assert.ok(read.shortcodes.has('hotlink'));
    assert.ok(!read.shortcodes.has('year'), 'a shortcode that computes is not one of templates');
    const [img, robots, pub, fonts, icons, png] = read.passthrough;
    assert.ok(img && robots && pub && fonts && icons && png);
    assert.equal(copiedTo(img, 'src/img/a.png', read.input), 'img/a.png');
    assert.equal(copiedTo(robots, 'src/robots.txt', read.input), 'robots.txt');
    assert.equal(copiedTo(pub, 'public/favicon.ico', read.input), 'favicon.ico');
    assert.equal(copiedTo(fonts, 'src/fonts/a.woff2', read.input), 'fonts/a.woff2');
    // Eleventy drops the folders a glob found a file in when it copies into a folder it names.
    assert.equal(copiedTo(icons, 'src/icons/brands/x.svg', read.input), 'icons/x.svg');
    assert.ok(isCopied(png, 'logo.png') && !isCopied(png, 'src/img/a.png'));
    assert.equal(copiedTo(png, 'logo.png', read.input), 'logo.png');
  });

  it('knows which kinds of file it renders', () => {
    const set = readEleventyProject(
      project({
        '.eleventy.js': 'module.exports = (c) => { c.setTemplateFormats(["md", "njk"]); };\n',
      }),
    );
    assert.deepEqual(set.templateFormats, ['md', 'njk']);
    const added = readEleventyProject(
      project({ '.eleventy.js': 'module.exports = (c) => { c.addTemplateFormats("scss"); };\n' }),
    );
    assert.ok(added.templateFormats.includes('html') && added.templateFormats.includes('scss'));
  });

  it('copies nothing from or to above its folders, and keeps the dot of a hidden name', () => {
    const read = readEleventyProject(
      project({
        '.eleventy.js': `module.exports = (c) => {
  c.addPassthroughCopy({ "evil.txt": "../../../evil.txt", "src/wk": ".well-known", "../up": "up" });
  c.addPassthroughCopy(".htaccess");
  c.addPassthroughCopy("img/{a,?}");
  c.addFilter("readableDate", (d, format) => DateTime.fromJSDate(d).toFormat(format || "dd LLLL yyyy"));
};`,
      }),
    );
    assert.deepEqual(
      read.passthrough.map(({ from, to }) => [from, to]),
      [
        ['src/wk', '.well-known'],
        ['.htaccess', undefined],
        ['img/{a,?}', undefined],
      ],
    );
    assert.ok(read.passthrough[2]?.matches?.test('img/b'), 'a glob of marks in braces is read');
    assert.ok(!read.dateFilters.has('readableDate'), 'a format given by the call is not known');
  });

  it('reads no file outside the blog that its config imports', () => {
    const dir = project({
      'blog/.eleventy.js':
        'const filters = require("../outside/filters.js");\nmodule.exports = () => ({ dir: { input: "src" } });\n',
      'outside/filters.js':
        'module.exports = (c) => c.addFilter("secretDate", (d) => DateTime.fromJSDate(d).toFormat("y"));\n',
    });
    const read = readEleventyProject(join(dir, 'blog'));
    assert.equal(read.input, 'src');
    assert.ok(!read.dateFilters.has('secretDate'));
  });

  it('leaves out the files its .eleventyignore names, folders and globs', () => {
    const read = readEleventyProject(
      project({
        '.eleventy.js': CONFIG,
        '.eleventyignore': '# not yet\nsrc/drafts\n**/*.wip.md\n',
      }),
    );
    const ignored = (path: string): boolean => read.ignored.some((pattern) => pattern.test(path));
    assert.ok(ignored('src/drafts/a.md'));
    assert.ok(ignored('src/posts/b.wip.md'));
    assert.ok(!ignored('src/posts/b.md'));
    assert.ok(!ignored('src/drafts-old/c.md'));
  });

  it('reads the folders of a config that exports them, and of one that sets them', () => {
    const exported = readEleventyProject(
      project({
        'eleventy.config.js':
          'export default async function (c) {}\nexport const config = { dir: { input: "content", includes: "../_includes" } };\n',
      }),
    );
    assert.equal(exported.input, 'content');
    assert.equal(exported.includes, '_includes');
    const set = readEleventyProject(
      project({
        'eleventy.config.mjs': 'export default (c) => { c.setInputDirectory("site"); };\n',
      }),
    );
    assert.equal(set.input, 'site');
  });

  it('says why a config that is no JavaScript cannot be read, and takes the defaults', () => {
    const read = readEleventyProject(
      project({ '.eleventy.js': 'module.exports = (c: Config) => {' }),
    );
    assert.equal(read.input, '');
    assert.match(read.problem?.text ?? '', /cannot be read as JavaScript/);
  });
});

describe('an Eleventy permalink', () => {
  const inputs = {
    inInput: 'posts/2008-11-24-save-false.md',
    fields: { title: 'Use save(false), not “this”', pagetitle: 'About Me' },
    date: Date.UTC(2008, 10, 24),
  };
  const filters = new Map([['slugDate', 'y/MM']]);

  it("fills the page's names, its data and filters of Luxon, Liquid and the config", () => {
    const cases: [string, string][] = [
      ['{{ page.fileSlug }}/', '/save-false/'],
      ['/{{ page.date | slugDate }}/{{ page.fileSlug }}/index.html', '/2008/11/save-false/'],
      [
        '/{{ page.date | date: "%Y/%m/%d" }}/{{ page.fileSlug }}.html',
        '/2008/11/24/save-false.html',
      ],
      ['/blog/{{ title | slugify }}/', '/blog/use-save-false-not-this/'],
      ['{{ pageTitle | slug }}/index.html', '/about-me/'],
      ['{{ page.filePathStem }}/', '/posts/2008-11-24-save-false/'],
    ];
    for (const [template, url] of cases) {
      assert.deepEqual(permalinkUrl(template, inputs, filters), { url }, template);
    }
  });

  it('is not guessed where it names a filter or a value Folio does not know', () => {
    assert.deepEqual(permalinkUrl('/{{ page.date | myFormat }}/', inputs, filters), {
      unread: 'the filter myFormat',
    });
    assert.deepEqual(permalinkUrl('/{{ series.name }}/', inputs, filters), {
      unread: 'the name series.name',
    });
    assert.match(
      (permalinkUrl('/{% if x %}a{% endif %}/', inputs, filters) as { unread: string }).unread,
      /a template tag/,
    );
  });

  it("of a paged list gives each page's URL where it says only its page's number", () => {
    assert.deepEqual(
      pagedUrls(
        '/post/{% if pagination.pageNumber > 0 %}page/{{ pagination.pageNumber + 1 }}/{% endif %}index.html',
        3,
      ),
      ['/post/', '/post/page/2/', '/post/page/3/'],
    );
    assert.deepEqual(
      pagedUrls(
        '{%- if pagination.pageNumber == 0 -%}/all/{%- else -%}/all/{{ pagination.pageNumber }}/{%- endif -%}',
        2,
      ),
      ['/all/', '/all/1/'],
    );
    assert.deepEqual(pagedUrls('/tags/{{ tag }}/{{ pagination.pageNumber }}/', 2), undefined);
  });

  it("is by default the file's path, its date kept, and an index's or a same-named file's folder", () => {
    assert.equal(defaultUrl('blog/2018-01-01-myfile.md'), '/blog/2018-01-01-myfile/');
    assert.equal(defaultUrl('blog/trip/index.md'), '/blog/trip/');
    assert.equal(defaultUrl('blog/trip/trip.md'), '/blog/trip/');
    assert.equal(defaultUrl('about.md'), '/about/');
    assert.equal(fileSlugOf('blog/2018-01-01-myfile.md'), 'myfile');
    assert.equal(fileSlugOf('blog/trip/index.md'), 'trip');
    assert.equal(fileSlugOf('notes/2018-01-01.md'), '2018-01-01');
    assert.equal(fileSlugOf('posts/2021-03-04-trip/index.md'), 'trip');
  });
});

describe("Eleventy's slugs and globs", () => {
  it('slugify as its filters do', () => {
    assert.equal(eleventySlugify('Crème Brûlée & Tea’s Time!'), 'creme-brulee-and-teas-time');
    assert.equal(eleventySlug('Hello World'), 'hello-world');
  });

  it('match paths as globs do', () => {
    assert.ok(globPattern('src/**/*.{jpg,png}').test('src/posts/a/b.png'));
    assert.ok(globPattern('src/**/*.{jpg,png}').test('src/b.jpg'));
    assert.ok(!globPattern('src/*.md').test('src/posts/a.md'));
  });
});

describe("a blog's template shortcode", () => {
  const shortcodes = readEleventyProject(project({ '.eleventy.js': CONFIG })).shortcodes;
  const hotlink = shortcodes.get('hotlink');

  it('writes its template with the arguments a tag gives, quoted either way and with defaults', () => {
    assert.ok(hotlink);
    assert.equal(
      renderShortcode(hotlink, '"https://a.example/", \'Read it\''),
      '<a href="https://a.example/" target=_blank>Read it</a>',
    );
    assert.equal(
      renderShortcode(hotlink, '"https://a.example/" "Read it" "_self"'),
      '<a href="https://a.example/" target=_self>Read it</a>',
    );
  });

  it("is not written where an argument names the page's data", () => {
    assert.ok(hotlink);
    assert.equal(renderShortcode(hotlink, 'page.url, "Here"'), undefined);
  });
});

describe("an Eleventy blog's template of tag pages", () => {
  it('pages every collection, or the list of tags the config makes, at a permalink per tag', () => {
    const dir = project({
      'src/tag.njk':
        '---\npagination:\n  data: collections\n  size: 1\n  alias: tag\npermalink: /tag/{{ tag | slug }}/\n---\n',
      'src/topics.njk':
        "---\npagination:\n  data: collections.tagList\n  size: 1\n  alias: topic\npermalink: \"/topics/{{ topic | replace(' ', '-') }}/\"\n---\n",
      'src/blog.njk':
        '---\npagination:\n  data: collections.posts\n  size: 10\n  alias: posts\npermalink: /blog/{{ posts }}/\n---\n',
    });
    const read = { ...readEleventyProject(dir), input: 'src' };
    const files = ['src/tag.njk', 'src/topics.njk', 'src/blog.njk'].map((relative) => ({
      relative,
      file: join(dir, relative),
    }));
    const pages = eleventyTermPages(read, files);
    assert.deepEqual(
      pages.map((page) => termPageUrl(page, 'Dev Tools', read)),
      ['/tag/dev-tools/', '/topics/Dev-Tools/'],
    );
  });
});
