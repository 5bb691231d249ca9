import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  folioPatterns,
  hexoSlug,
  hexoUrl,
  localeOf,
  type HugoPathRules,
  hugoSectionPath,
  hugoSlug,
  hugoUrl,
  withJekyllDefaults,
} from './engines.js';

describe("a blog's language", () => {
  it('is the locale of its pages: Traditional Chinese for Taiwan, Hong Kong and Macau', () => {
    const cases: [unknown, string | undefined][] = [
      ['zh-CN', 'zh-Hans'],
      ['zh', 'zh-Hans'],
      ['zh-Hans', 'zh-Hans'],
      ['zh-TW', 'zh-Hant'],
      ['zh_HK', 'zh-Hant'],
      ['zh-MO', 'zh-Hant'],
      ['zh-Hant-TW', 'zh-Hant'],
      [['ko', 'en'], 'ko'],
      ['ja-JP', 'ja'],
      ['en-us', 'en'],
      ['fr', undefined],
      [undefined, undefined],
    ];
    for (const [language, locale] of cases) {
      assert.equal(localeOf(language), locale, JSON.stringify(language));
    }
  });
});

describe("the Folio permalinks that may give an engine's post URLs", () => {
  it('reads categories as missing, or as the one category a Folio post has', () => {
    assert.deepEqual(folioPatterns('/:categories/:year/:month/:day/:title/'), [
      '/:year/:month/:day/:slug/',
      '/:category/:year/:month/:day/:slug/',
    ]);
    assert.deepEqual(folioPatterns('/:categories/:year/:month/:day/:title:output_ext'), [
      '/:year/:month/:day/:slug/',
      '/:category/:year/:month/:day/:slug/',
    ]);
    assert.deepEqual(folioPatterns(':category/:title/'), ['/:category/:slug/', '/:slug/']);
    assert.deepEqual(folioPatterns('posts/:slug'), ['/posts/:slug/']);
    assert.deepEqual(folioPatterns('/:year/:title/:i_month/'), []);
    assert.deepEqual(folioPatterns(undefined), []);
  });
});

describe("a Hugo post's URL", () => {
  const wall = { year: 2019, month: 6, day: 8, hour: 0, minute: 0, second: 0 };
  const urlOf = (
    fileTitle: string,
    fields: Record<string, unknown> = {},
    config = {},
    rules: HugoPathRules = 'before-0.93',
  ) =>
    hugoUrl(
      config,
      'post',
      { fields, fileTitle, relative: `${fileTitle}.md`, wall, bundle: false, categories: [] },
      rules,
    );

  it('drops the punctuation Hugo drops from a file name, full-width too, and lower-cases it', () => {
    assert.equal(urlOf('2019，以及毕业之前'), '/post/2019以及毕业之前/');
    assert.equal(
      urlOf('CF1260F-Colored-Tree（点分治，差分，基数排序）'),
      '/post/cf1260f-colored-tree点分治差分基数排序/',
    );
    assert.equal(urlOf('What is C++? A tour'), '/post/what-is-c++-a-tour/');
    assert.equal(urlOf('悬崖边的踟蹰-——-CSP-S-2019'), '/post/悬崖边的踟蹰-csp-s-2019/');
    assert.equal(urlOf('UER-8-游记-——-通信题：打雪仗'), '/post/uer-8-游记-通信题打雪仗/');
    assert.equal(urlOf('Keep Case', {}, { disablePathToLower: true }), '/post/Keep-Case/');
  });

  it('fills :sections with every section down to the post, the first included', () => {
    const config = { permalinks: { cn: '/:sections/:year/:month/:slug/' } };
    const inputs = { fileTitle: 'tale', wall, categories: [], fields: { slug: 'tale' } };
    assert.equal(
      hugoUrl(
        config,
        'cn',
        { ...inputs, relative: 'kids/2019-11-01-tale.md', bundle: false },
        'since-0.93',
      ),
      '/cn/kids/2019/06/tale/',
    );
    assert.equal(
      hugoUrl(
        config,
        'cn',
        { ...inputs, relative: 'kids/tale/index.md', bundle: true },
        'since-0.93',
      ),
      '/cn/kids/2019/06/tale/',
    );
    assert.equal(
      hugoUrl(config, 'cn', { ...inputs, relative: 'tale.md', bundle: false }, 'since-0.93'),
      '/cn/2019/06/tale/',
    );
  });

  it('reads a slug or title that YAML read as a number as its digits', () => {
    assert.equal(urlOf('2017，在驻足间回首', { slug: 2676125676 }), '/post/2676125676/');
    const config = { permalinks: { post: '/:year/:title/' } };
    assert.equal(urlOf('review', { title: 2019 }, config), '/2019/2019/');
  });

  it('fills a permalink pattern with a slug sanitized the same way', () => {
    const config = { permalinks: { post: '/:year/:month/:slug/' } };
    assert.equal(urlOf('x', { slug: 'Hello,  World!' }, config), '/2019/06/hello-world/');
  });

  // Each as Hugo 0.111 published it.
  it('keeps the hyphens a name holds, as Hugo does since 0.93', () => {
    const since = (name: string) => urlOf(name, {}, {}, 'since-0.93');
    assert.equal(since('File -- Name+1'), '/post/file--name+1/');
    assert.equal(since('悬崖边的踟蹰-——-CSP-S-2019'), '/post/悬崖边的踟蹰--csp-s-2019/');
    assert.equal(since('2019，以及毕业之前'), '/post/2019以及毕业之前/');
    assert.equal(since('foo - - bar'), '/post/foo--bar/');
    assert.equal(
      since('Mining of Massive Datasets - A Review'),
      '/post/mining-of-massive-datasets-a-review/',
    );
    assert.equal(urlOf('Part 1 -- Intro'), '/post/part-1-intro/');
  });

  it("reads a pattern's `+` as a space and sanitizes the path again, as Hugo does since 0.93", () => {
    const config = { permalinks: { post: '/:year/:slug/', notes: '/n/:filename/' } };
    const since = (title: string, fields: Record<string, unknown> = {}) =>
      urlOf('x', { title, ...fields }, config, 'since-0.93');
    assert.equal(
      since('Mining of Massive Datasets --- A Review'),
      '/2019/mining-of-massive-datasets---a-review/',
    );
    assert.equal(since('注册中心 + 配置中心'), '/2019/注册中心--配置中心/');
    assert.equal(since('C++ tips & tricks'), '/2019/c-tips-tricks/');
    assert.equal(since('zz', { slug: 'c++ rocks -- yes' }), '/2019/c-rocks--yes/');
    assert.equal(since('50% off 100%'), '/2019/50-off-100/');
    assert.equal(since(' lead - trail -'), '/2019/lead-trail-/');
    const note = hugoUrl(
      config,
      'notes',
      {
        fields: {},
        fileTitle: 'File -- Name+1',
        relative: 'File -- Name+1.md',
        wall,
        bundle: false,
        categories: [],
      },
      'since-0.93',
    );
    assert.equal(note, '/n/file--name-1/');
    assert.equal(urlOf('x', { title: 'Part 1 -- Intro' }, config), '/2019/part-1-intro/');
  });
});

describe('the paths of terms and sections', () => {
  it('are sanitized by the same rules', () => {
    assert.equal(hugoSlug('Go -- lang', 'since-0.93'), 'go--lang');
    assert.equal(hugoSlug('Go -- lang', 'before-0.93'), 'go-lang');
    assert.equal(hugoSlug('x + y', 'since-0.93'), 'x-+-y');
    assert.equal(hugoSlug('C++', 'since-0.93'), 'c++');
    assert.equal(hugoSectionPath({}, 'notes/My Sec -- Two', 'since-0.93'), '/notes/my-sec--two/');
  });
});

describe("the front matter Jekyll's defaults give a file", () => {
  const config = {
    defaults: [
      { scope: { path: '', type: 'posts' }, values: { math: true, layout: 'post' } },
      { scope: { path: '_posts/notes' }, values: { math: false } },
      { scope: { path: '_posts', type: 'posts' }, values: { toc: true } },
      { scope: { path: '' }, values: { layout: 'page', comments: true } },
      { scope: { path: '_posts/*/drafts' }, values: { published: false } },
    ],
  };

  it('takes the scope of the longer path, then the one naming the type, then the later', () => {
    assert.deepEqual(withJekyllDefaults(config, 'posts', '_posts/2024-01-02-a.md', {}), {
      layout: 'post',
      comments: true,
      math: true,
      toc: true,
    });
    assert.deepEqual(withJekyllDefaults(config, 'posts', '_posts/notes/2024-01-02-b.md', {}), {
      layout: 'post',
      comments: true,
      math: false,
      toc: true,
    });
    assert.deepEqual(withJekyllDefaults(config, 'pages', 'about.md', {}), {
      layout: 'page',
      comments: true,
    });
  });

  it("keeps the file's own keys, and reads a scope's * as any part of a folder's name", () => {
    assert.deepEqual(
      withJekyllDefaults(config, 'posts', '_posts/a.md', { math: false }).math,
      false,
    );
    assert.equal(
      withJekyllDefaults(config, 'posts', '_posts/2024/drafts/x.md', {}).published,
      false,
    );
    assert.equal(
      withJekyllDefaults(config, 'posts', '_posts/x/y/drafts/z.md', {}).published,
      undefined,
    );
    assert.deepEqual(withJekyllDefaults({}, 'posts', '_posts/a.md', { title: 'A' }), {
      title: 'A',
    });
  });
});

describe("Hexo's slug of a tag or category", () => {
  it('keeps the case unless filename_case changes it, as Hexo writes the URL of its page', () => {
    assert.equal(hexoSlug('Vue.js'), 'Vue-js');
    assert.equal(hexoSlug('Vue.js', 1), 'vue-js');
    assert.equal(hexoSlug('Vue.js', '2'), 'VUE-JS');
  });

  it('keeps other scripts and their signs as Hexo does, and takes accents off Latin letters', () => {
    // Hexo published these at /tags/Vue-js：入门（一）/ and /tags/한국어/ (precomposed).
    assert.equal(hexoSlug('Vue.js：入门（一）'), 'Vue-js：入门（一）');
    assert.equal(hexoSlug('한국어 노트'), '한국어-노트');
    assert.equal(hexoSlug('한국어 노트').normalize('NFC'), hexoSlug('한국어 노트'));
    assert.equal(hexoSlug('Đà Nẵng'), 'Da-Nang');
  });
});

describe("a Hexo post's old URL", () => {
  const wall = { year: 2024, month: 1, day: 2, hour: 3, minute: 4, second: 5 };
  const post = (fields: Record<string, unknown>) => ({
    relative: 'a.md',
    fileTitle: 'a',
    fields,
    wall,
    categories: [],
    bundle: false,
  });
  it('reads a slug that YAML read as a number as its digits', () => {
    assert.equal(hexoUrl({ permalink: ':title/' }, post({ slug: 42 })), '/42/');
  });

  it('fills the names of its permalink from the front matter, and says which one it lacks', () => {
    const config = { permalink: 'posts/:abbrlink.html' };
    assert.equal(hexoUrl(config, post({ abbrlink: 'c0ffee' })), '/posts/c0ffee.html');
    assert.deepEqual(hexoUrl(config, post({})), { missing: ':abbrlink' });
  });
});
