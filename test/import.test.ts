// `folio import` on small blogs of each engine, written for these tests in each engine's dialect:
// the site it writes passes `folio check`, and every old URL answers on `folio serve`.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { folio, run, serverUrl, snapshot, unprivileged } from './support/folio-cli.js';
import { assertRedirects, importAndServeUnder, writeBlog } from './support/import-blog.js';
import { tempRoot } from './support/temp-root.js';

const root = tempRoot('folio-import-');

/** `folder` handed to a user whom permissions bind, who may pass through the tests' folder. */
async function unprivilegedIn(folder: string) {
  await chmod(root, 0o755);
  return unprivileged(folder);
}

async function blog(name: string, files: Record<string, string>): Promise<string> {
  return writeBlog(root, name, files);
}

const JEKYLL = {
  '_config.yml':
    'title: Jekyll Notes\ndescription: Notes\nurl: https://jekyll.example\nauthor: Jane\ntimezone: Asia/Seoul\nlang: ko\npermalink: /:year/:month/:day/:title.html\nexcerpt_separator: <!--cut-->\npaginate: 5\n',
  '_posts/2019-06-10-liquid.md':
    '---\ntitle: Liquid\ndate: 2019-06-10 14:22:00 +0900\ntags: jekyll ruby\ncategories: [dev, web]\nimage:\n  path: /assets/cat.png\n  alt: A cat\n---\nIntro <!--cut--> rest.\n\n{% highlight ruby %}\nputs 1\n{% endhighlight %}\n\nSee {% post_url 2019-05-03-no-date %} and {% youtube abc123 %}.\n\n`{% keep this %}`\n\n{% include note.html %}\n',
  '_posts/2019-05-03-no-date.md': '---\ntags:\n  - [nested, list]\nmath: true\n---\nBody $x$.\n',
  '_posts/2019-07-01-broken.md': '---\ntitle: [unclosed\n---\nBody.\n',
  // Written at another offset: Jekyll read it on the clock of the config's zone, the next day.
  '_posts/2025-10-19-offset.md':
    '---\ntitle: Offset\ndate: 2025-10-19 15:13:08 -0400\ntags: [x]\nheader:\n  overlay_image: /../assets/cat.png\n  image_description: A cat\n---\nAway.\n',
  '_drafts/idea.md': '---\ntitle: Idea\n---\nLater.\n',
  // A template for new posts, which Jekyll does not read as its name begins with `_`.
  '_drafts/_template.md': '---\ntitle: [\n---\n',
  'assets/cat.png': 'png',
};

const HEXO = {
  '_config.yml':
    'title: Hexo 博客\nsubtitle: 笔记\nurl: https://hexo.example\nlanguage: zh-CN\npermalink: :year/:month/:day/:title/\npost_asset_folder: true\n' +
    // A minifier's documented settings, which Hexo's YAML reader reads.
    'minify:\n  ignoreCustomComments: [ !!js/regexp /^\\s*more/]\n',
  'source/_posts/算法.md':
    'title: 算法\ndate: 2020-1-2 10:00:00\ncover: cat.png\ncategories:\n- 编程\n- 算法\n---\nFirst <!-- more --> rest ![cat](cat.png)\n\n{% codeblock lang:js %}\nlet a = 1;\n{% endcodeblock %}\n\n{% asset_img cat.png A cat %}\n\nAs Typora links it: ![again](算法/cat.png) <img src="%E7%AE%97%E6%B3%95/cat.png">\n\n{% asset_img 算法/cat.png Through %}\n',
  'source/_posts/算法/cat.png': 'png',
  'source/_posts/sub/nested.md':
    '---\ntitle: Nested\ndate: 2020-02-03\ntags: [Go]\nthumbnail: images/logo.png\nsticky: 100\n---\nIn a folder.\n',
  'source/images/logo.png': 'logo',
  'source/robots.txt': 'User-agent: *\nSitemap: https://hexo.example/baidusitemap.xml\n',
};

const HUGO = {
  'hugo.toml':
    'title = "Hugo Site"\nbaseURL = "https://hugo.example/"\nlanguageCode = "en-us"\n[permalinks]\nposts = "/:year/:month/:slug/"\n',
  'content/posts/toml.md':
    '+++\ntitle = "TOML post"\ndate = 2021-03-04T05:06:07+09:00\nlastmod = 2022-01-02T03:04:05+09:00\ntags = ["hugo"]\nseries = ["Hugo Basics", "Other"]\nimages = ["/img/a.png"]\naliases = ["/old/toml/"]\n+++\n{{< figure src="/img/a.png" caption="A caption" >}}\n\n{{< gist jane 123 >}} {{< unknown >}}\n',
  'content/posts/bundle/index.md':
    '{\n  "title": "JSON bundle",\n  "date": "2021-05-06",\n  "categories": ["Go"],\n  "cover": { "image": "pic.png", "alt": "A pic" }\n}\n![pic](pic.png)\n',
  'content/posts/bundle/pic.png': 'pic',
  'content/posts/own.md':
    '---\ntitle: Own\ndate: 2021-07-08\ntags: [x]\nurl: /custom/place/\npinned: true\n---\nBody\n',
  'content/posts/_index.md': '---\ntitle: Posts\n---\n',
  'static/img/a.png': 'a',
};

const importAndServe = importAndServeUnder(root);

/** The page at `path` of the site in `target`, as `folio serve` answers it. */
async function pageOf(target: string, path: string): Promise<string> {
  const child = folio(['serve', target, '--port', '0']);
  try {
    return await (await fetch(`${await serverUrl(child)}${path}`)).text();
  } finally {
    child.kill('SIGTERM');
  }
}

describe('importing a Jekyll blog', () => {
  let result: Awaited<ReturnType<typeof importAndServe>>;
  before(async () => {
    result = await importAndServe(await blog('jekyll', JEKYLL), 'jekyll', [
      '/2019/06/10/liquid.html',
      '/2019/05/03/no-date.html',
      '/2025/10/20/offset.html',
      '/assets/cat.png',
      // Its front matter unreadable, published by Jekyll as if it had none.
      '/2019/07/01/broken.html',
    ]);
  });

  it('imports a post whose front matter it cannot read as Jekyll published it, and says so', () => {
    assert.equal(result.imported.code, 0, result.imported.stderr);
    assert.match(
      result.report,
      /`_posts\/2019-07-01-broken\.md:\d+`: its front matter cannot be read \(.*\): imported as Jekyll published it/,
    );
    assert.match(result.imported.stdout, /5 of 5 posts imported \(1 draft,/);
    assert.doesNotMatch(result.imported.stderr, /_template/);
  });

  it('converts Liquid, keeps inline code, and reports what it removed with file:line', async () => {
    const post = await readFile(join(result.target, 'content/posts/liquid.md'), 'utf8');
    assert.match(post, /```ruby\nputs 1\n```/);
    assert.match(post, /See \/2019\/05\/03\/no-date\/ and \[YouTube: abc123\]/);
    assert.match(post, /`\{% keep this %\}`/);
    assert.doesNotMatch(post.replace(/`[^`]*`/g, ''), /\{%/);
    assert.match(post, /Intro <!--more--> rest/);
    assert.match(post, /category: dev\ntags:\n {2}- jekyll\n {2}- ruby\n {2}- web/);
    assert.match(result.report, /`_posts\/2019-06-10-liquid\.md:\d+`: removed \{% include %\}/);
    // Chirpy's image, with its description.
    assert.match(post, /^image: \/assets\/cat\.png\nimageAlt: A cat$/m);
    // minimal-mistakes' header image.
    const offset = await readFile(join(result.target, 'content/posts/offset.md'), 'utf8');
    assert.match(offset, /^image: \/assets\/cat\.png\nimageAlt: A cat$/m);
  });

  it('takes the date and title from the file name, and nested tag lists', async () => {
    const post = await readFile(join(result.target, 'content/posts/no-date.md'), 'utf8');
    assert.match(
      post,
      /title: No date\ndate: "?2019-05-03"?\ntags:\n {2}- nested\n {2}- list\nmath: true/,
    );
    // Jekyll reads no dollar as math: the site's math is off, but for the post that asked for it.
    const config = await readFile(join(result.target, 'folio.config.yaml'), 'utf8');
    assert.match(config, /^math: false$/m);
  });
});

describe('importing a Jekyll blog whose URLs Jekyll cleaned', () => {
  it('keeps the URL Jekyll made of a string of categories and of a name with dots', async () => {
    const source = await blog('jekyll-cleaned-urls', {
      '_config.yml':
        'title: Cleaned\nurl: https://cleaned.example\ntimezone: UTC\npermalink: /:categories/:title/\n',
      // Jekyll splits a string of categories at its spaces alone.
      '_posts/2023-08-28-[WEB] STOMP란.md':
        '---\ntitle: STOMP\ncategories: web, spring\n---\nMessages.\n',
      // And makes a `..` of a URL a slash.
      '_posts/2024-04-09-[Python] Python Traceback..?.md':
        '---\ntitle: Traceback\ncategories: python\n---\nStack.\n',
    });
    await importAndServe(source, 'jekyll-cleaned-urls', [
      `/web,/spring/WEB-${encodeURIComponent('STOMP란')}/`,
      '/python/Python-Python-Traceback/',
    ]);
  });
});

describe('importing a Jekyll blog of short pages', () => {
  it('keeps its pages where they were, as many posts on each, and adds no redirect', async () => {
    const posts = Object.fromEntries(
      Array.from({ length: 7 }, (_, i) => [
        `_posts/2020-01-0${i + 1}-day-${i + 1}.md`,
        `---\ntitle: Day ${i + 1}\n---\nBody ${i + 1}.\n`,
      ]),
    );
    const source = await blog('jekyll-short-pages', {
      '_config.yml':
        'title: Short\nurl: https://short.example\ntimezone: UTC\npaginate: 2\npaginate_path: "/page/:num"\n',
      ...posts,
    });
    const { target } = await importAndServe(source, 'jekyll-short-pages', ['/page/2/', '/page/4/']);
    const config = await readFile(join(target, 'folio.config.yaml'), 'utf8');
    assert.match(config, /^pageSize: 2$/m);
    assert.doesNotMatch(config, /^redirects:/m);
  });
});

describe('importing a Hugo blog whose posts have no tags', () => {
  it('tags them so, and redirects no tag page the blog never had', async () => {
    // More posts than Hugo lists on a page (10), so that a tag of all of them would have had two.
    const posts = Object.fromEntries(
      Array.from({ length: 12 }, (_, i) => [
        `content/posts/day-${i + 1}.md`,
        `---\ntitle: Day ${i + 1}\ndate: 2020-01-${String(i + 1).padStart(2, '0')}\n---\nBody ${i + 1}.\n`,
      ]),
    );
    const source = await blog('hugo-untagged', {
      'hugo.toml': 'title = "Untagged"\nbaseURL = "https://untagged.example/"\n',
      'content/posts/tagged.md':
        '---\ntitle: Tagged\ndate: 2019-12-31\ntags: [Go]\n---\nOne tag.\n',
      ...posts,
    });
    const { target, report } = await importAndServe(source, 'hugo-untagged', [
      '/posts/day-1/',
      '/tags/go/',
      '/tags/notes/',
    ]);
    assert.match(report, /12 posts given the fallback tag/);
    const config = await readFile(join(target, 'folio.config.yaml'), 'utf8');
    assert.match(config, /^ {2}\/tags\/go\/index\.xml: \/tags\/go\/feed\.xml$/m);
    assert.doesNotMatch(config, /^ {2}\/tags\/notes\//m);
  });
});

describe('importing a Hugo blog, its paths made by the Hugo it is built with', () => {
  const files = {
    'config.toml':
      'title = "Versions"\nbaseURL = "https://versions.example/"\n[permalinks]\nposts = "/:year/:slug/"\n',
    'content/posts/intro.md':
      '---\ntitle: Part 1 -- Intro\ndate: 2021-05-01\ntags: [x, Go 1.18 -- Generics]\n---\nOne.\n',
    'content/posts/cpp.md': '---\ntitle: C++ tips\ndate: 2021-05-02\ntags: [x]\n---\nTwo.\n',
    'content/ask--me.md': '---\ntitle: Ask me\n---\nAnything.\n',
  };

  it('reads them as Hugo 0.93 and later make them where no file names a version, the older paths leading there too', async () => {
    const source = await blog('hugo-unversioned', files);
    const { report } = await importAndServe(source, 'hugo-unversioned', [
      '/2021/part-1--intro/',
      '/2021/c-tips/',
      '/2021/part-1-intro/',
      '/2021/c++-tips/',
      '/ask--me/',
      '/ask-me/',
      '/tags/go-1.18--generics/',
      '/tags/go-1.18-generics/',
    ]);
    assert.match(
      report,
      /config\.toml:1`: no file of the blog names the Hugo it is built with: .* for content\/[a-z/-]+\.md and 2 other files/,
    );
  });

  it('reads them as Hugo made them before 0.93 where the deploy pins such a version', async () => {
    const source = await blog('hugo-0.92', {
      ...files,
      '.github/workflows/deploy.yml':
        "name: Deploy\non: push\njobs:\n  deploy:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: peaceiris/actions-hugo@v2\n        with:\n          hugo-version: '0.92.2'\n",
    });
    const { target, report } = await importAndServe(source, 'hugo-0.92', [
      '/2021/part-1-intro/',
      '/2021/c++-tips/',
      '/ask-me/',
      '/tags/go-1.18-generics/',
    ]);
    assert.match(
      report,
      /\.github\/workflows\/deploy\.yml:9`: the site is built with Hugo 0\.92\.2: its paths are read as Hugo made them before 0\.93/,
    );
    const child = folio(['serve', target, '--port', '0']);
    try {
      const response = await fetch(`${await serverUrl(child)}/2021/part-1--intro/`);
      assert.equal(response.status, 404, 'no path a newer Hugo would have made');
    } finally {
      child.kill('SIGTERM');
    }
  });
});

describe('importing a Hugo blog with a tag whose name holds a #', () => {
  it('leads its old list, /tags/c%23/, to the tag Folio made of it', async () => {
    const source = await blog('hugo-hash-tag', {
      'hugo.toml': 'title = "Hash"\nbaseURL = "https://hash.example/"\n',
      'content/posts/a.md': '---\ntitle: A\ndate: 2021-01-01\ntags: ["C#"]\n---\nA.\n',
      'content/posts/b.md': '---\ntitle: B\ndate: 2021-01-02\ntags: ["C++"]\n---\nB.\n',
    });
    const { config } = await importAndServe(source, 'hugo-hash-tag', ['/tags/c%23/', '/tags/c++/']);
    assert.match(config, /^ {2}\/tags\/c%23\/: \/tags\/c\/$/m);
  });
});

describe('importing a Hugo blog whose aliases are written without a first slash', () => {
  it("reads each from the folder of the page's URL, as Hugo did, not from the site's root", async () => {
    const source = await blog('hugo-relative-aliases', {
      'hugo.toml': 'title = "Aliases"\nbaseURL = "https://aliases.example/"\n',
      'content/post/react/jwt.md':
        '---\ntitle: JWT\ndate: 2021-05-01\ntags: [x]\naliases: [blog, /old-jwt/]\n---\nOne.\n',
      'content/post/intro.md': '---\ntitle: Intro\ndate: 2021-05-02\ntags: [x]\n---\nTwo.\n',
      // The section's list page asks for `/articles/`, from the folder `/post/` is in.
      'content/post/_index.md': '---\ntitle: Posts\naliases: [articles]\n---\n',
    });
    const { target } = await importAndServe(source, 'hugo-relative-aliases', [
      '/post/react/jwt/',
      '/post/react/blog/',
      '/old-jwt/',
      '/articles/',
    ]);
    const child = folio(['serve', target, '--port', '0']);
    try {
      const response = await fetch(`${await serverUrl(child)}/blog/`, { redirect: 'manual' });
      assert.equal(response.status, 404, 'the root path the alias does not name leads nowhere');
    } finally {
      child.kill('SIGTERM');
    }
  });
});

describe('importing a blog whose config names no time zone', () => {
  it('shows dates at the offset the posts are written with, on the day their URLs have', async () => {
    const source = await blog('hugo-offsets', {
      'hugo.toml': 'title = "Offsets"\nbaseURL = "https://offsets.example/"\n',
      'content/posts/night.md':
        '---\ntitle: After midnight\ndate: "2014-03-30T00:43:37+09:00"\ntags: [x]\n---\nLate.\n',
      'content/posts/day.md':
        '---\ntitle: At noon\ndate: 2015-06-01T12:00:00+0900\ntags: [x]\n---\nNoon.\n',
      'content/posts/plain.md': '---\ntitle: No offset\ndate: 2016-01-01\ntags: [x]\n---\nText.\n',
    });
    const { target, report } = await importAndServe(source, 'hugo-offsets', ['/posts/night/']);
    const config = await readFile(join(target, 'folio.config.yaml'), 'utf8');
    assert.match(config, /^timezone: Etc\/GMT-9$/m);
    assert.match(
      report,
      /config names no time zone, and 2 of 3 posts' dates are written at \+09:00: dates are shown at that offset/,
    );
    const child = folio(['serve', target, '--port', '0']);
    try {
      const page = await (await fetch(`${await serverUrl(child)}/posts/night/`)).text();
      assert.match(page, /<time datetime="2014-03-30T00:43:\d\d\+09:00">2014-03-30/);
    } finally {
      child.kill('SIGTERM');
    }
  });
});

describe("importing a blog's taxonomy pages", () => {
  it("keeps jekyll-tagging's tag pages as redirects to Folio's", async () => {
    const source = await blog('jekyll-tagging', {
      '_config.yml':
        'title: Tagging\nurl: https://tagging.example\ntimezone: UTC\nplugins:\n  - jekyll/tagging\ntag_page_layout: tag_page\ntag_page_dir: tag\ntag_permalink_style: pretty\n',
      '_posts/2020-01-01-one.md': '---\ntitle: One\ntags: [Machine Learning, Café]\n---\nOne.\n',
    });
    const { target } = await importAndServe(source, 'jekyll-tagging', [
      '/tag/machine-learning/',
      '/tag/cafe/',
    ]);
    const config = await readFile(join(target, 'folio.config.yaml'), 'utf8');
    assert.match(config, /^ {2}\/tag\/machine-learning\/: \/tags\/machine-learning\/$/m);
  });

  it("keeps the pages of a post's later categories, which are tags in Folio", async () => {
    const chirpy = await blog('jekyll-subcategories', {
      '_config.yml':
        'title: Sub\nurl: https://sub.example\ntimezone: UTC\njekyll-archives:\n  enabled: [categories, tags]\n  permalinks:\n    category: /categories/:name/\n    tag: /tags/:name/\n',
      '_posts/2020-01-01-one.md':
        '---\ntitle: One\ncategories: [GitHub, Actions]\ntags: [ci]\n---\nOne.\n',
    });
    await importAndServe(chirpy, 'jekyll-subcategories', [
      '/categories/github/',
      '/categories/actions/',
    ]);
    const hexo = await blog('hexo-subcategories', {
      '_config.yml': 'title: Sub\nurl: https://sub.example\npermalink: :year/:title/\n',
      'source/_posts/one.md':
        '---\ntitle: One\ndate: 2020-01-01\ncategories: [Go, Web]\ntags: [x]\n---\nOne.\n',
    });
    await importAndServe(hexo, 'hexo-subcategories', [
      '/categories/Go/',
      '/categories/Go/Web/',
      // Hexo's archives of a year and of a month lead to Folio's archive.
      '/archives/2020/',
      '/archives/2020/01/',
    ]);
  });

  it('keeps the later pages of lists that Folio shows whole', async () => {
    const posts = (folder: string, front: string) =>
      Object.fromEntries(
        [1, 2, 3].map((n) => [
          `${folder}/p${n}.md`,
          `---\ntitle: P${n}\ndate: 2020-01-0${n}\n${front}\n---\nText ${n}.\n`,
        ]),
      );
    const hexo = await blog('hexo-later-pages', {
      '_config.yml':
        'title: Pages\nurl: https://pages.example\npermalink: :title/\nper_page: 2\ntag_generator:\n  per_page: 1\n',
      ...posts('source/_posts', 'categories: [Go]\ntags: [Web]'),
    });
    await importAndServe(hexo, 'hexo-later-pages', [
      '/categories/Go/page/2/',
      '/tags/Web/page/3/',
      '/archives/page/2/',
    ]);
    const hugo = await blog('hugo-later-pages', {
      'hugo.toml': 'title = "Pages"\nbaseURL = "https://pages.example/"\npaginate = 2\n',
      ...posts('content/posts', 'tags: [Web]'),
      'content/posts/more.md':
        '---\ntitle: More\ndate: 2020-01-04\ntags: [Go, Rust]\ncategories: [A, B, C]\n---\nMore.\n',
      // A slug of digits, which YAML reads as a number: Hugo published the post by it.
      'content/posts/2017，在驻足间回首.md':
        '---\ntitle: 2017\ndate: 2020-01-05\nslug: 2676125676\n---\nLooking back.\n',
    });
    await importAndServe(hugo, 'hugo-later-pages', [
      '/posts/',
      '/posts/page/2/',
      '/tags/web/page/2/',
      // The lists of every tag and every category, as a theme that pages them (Stack) wrote them.
      '/tags/page/2/',
      '/categories/page/2/',
      '/posts/2676125676/',
    ]);
  });

  it('keeps every old feed address answering with the feed of the same posts', async () => {
    const feedAt = async (target: string, paths: readonly [from: string, to: string][]) => {
      const child = folio(['serve', target, '--port', '0']);
      try {
        const base = await serverUrl(child);
        for (const [from, to] of paths) {
          const response = await fetch(`${base}${from}`, { redirect: 'manual' });
          assert.equal(response.status, 301, from);
          assert.equal(response.headers.get('location'), to, from);
          const feed = await fetch(`${base}${to}`);
          assert.match(await feed.text(), /^<\?xml[^]*<(rss|feed)\b/, to);
        }
      } finally {
        child.kill('SIGTERM');
      }
    };
    const hugo = await blog('hugo-feeds', {
      'hugo.toml': 'title = "Feeds"\nbaseURL = "https://feeds.example/"\n',
      'content/posts/a.md':
        '---\ntitle: A\ndate: 2014-01-02\ntags: [Web Dev]\ncategories: [Notes]\n---\nA.\n',
    });
    const { target: hugoSite } = await importAndServe(hugo, 'hugo-feeds', ['/posts/a/']);
    await feedAt(hugoSite, [
      ['/index.xml', '/feed.xml'],
      ['/posts/index.xml', '/feed.xml'],
      ['/tags/web-dev/index.xml', '/tags/web-dev/feed.xml'],
      ['/categories/notes/index.xml', '/categories/notes/feed.xml'],
    ]);
    const hexo = await blog('hexo-feeds', {
      '_config.yml':
        'title: Feeds\nurl: https://feeds.example\npermalink: :title/\nfeed:\n  type: [atom, rss2]\n  path: [atom.xml, rss.xml]\n',
      'source/_posts/one.md': '---\ntitle: One\ndate: 2020-01-01\ntags: [x]\n---\nOne.\n',
    });
    const { target: hexoSite } = await importAndServe(hexo, 'hexo-feeds', ['/one/']);
    await feedAt(hexoSite, [['/rss.xml', '/feed.xml']]);
    const jekyll = await blog('jekyll-feeds', {
      '_config.yml':
        'title: Feeds\nurl: https://feeds.example\ntimezone: UTC\nplugins: [jekyll-feed]\nfeed:\n  path: atom/feed.xml\n',
      '_posts/2020-01-01-one.md': '---\ntitle: One\ntags: [x]\n---\nOne.\n',
      // A theme's own feed, written with Liquid.
      'rss.xml':
        '---\nlayout: null\npermalink: /rss/index.xml\n---\n<?xml version="1.0"?>\n<rss version="2.0"><channel>{% for post in site.posts %}<item/>{% endfor %}</channel></rss>\n',
    });
    const { target: jekyllSite } = await importAndServe(jekyll, 'jekyll-feeds', [
      '/2020/01/01/one.html',
    ]);
    await feedAt(jekyllSite, [
      ['/atom/feed.xml', '/atom.xml'],
      ['/rss/index.xml', '/feed.xml'],
    ]);
  });

  it("keeps a paragraph's line breaks where the blog's renderer kept them", async () => {
    const poem =
      '---\ntitle: Poem\ndate: 2020-01-01\ntags: [x]\n---\nRoses are red,\nviolets are blue.\n';
    // hexo-renderer-marked, which a new Hexo blog has, keeps them unless told otherwise.
    const hexo = await blog('hexo-breaks', {
      '_config.yml': 'title: Breaks\nurl: https://breaks.example\npermalink: :title/\n',
      'package.json': '{"dependencies": {"hexo": "^7.0.0", "hexo-renderer-marked": "^6.0.0"}}',
      'source/_posts/poem.md': poem,
    });
    const { target: hexoSite, config: hexoSiteConfig } = await importAndServe(hexo, 'hexo-breaks', [
      '/poem/',
    ]);
    assert.match(hexoSiteConfig, /^lineBreaks: true$/m);
    assert.match(await pageOf(hexoSite, '/poem/'), /Roses are red,<br>\nviolets are blue\./);
    const unbroken = await blog('hexo-no-breaks', {
      '_config.yml':
        'title: Breaks\nurl: https://breaks.example\npermalink: :title/\nmarked:\n  breaks: false\n',
      'source/_posts/poem.md': poem,
    });
    const { target: unbrokenSite, config: unbrokenSiteConfig } = await importAndServe(
      unbroken,
      'hexo-no-breaks',
      ['/poem/'],
    );
    assert.doesNotMatch(unbrokenSiteConfig, /lineBreaks/);
    assert.match(await pageOf(unbrokenSite, '/poem/'), /Roses are red,\nviolets are blue\./);
    const hugo = await blog('hugo-breaks', {
      'hugo.toml':
        'title = "Breaks"\nbaseURL = "https://breaks.example/"\n[markup.goldmark.renderer]\nhardWraps = true\n',
      'content/posts/poem.md': poem,
    });
    const { target: hugoSite } = await importAndServe(hugo, 'hugo-breaks', ['/posts/poem/']);
    assert.match(await pageOf(hugoSite, '/posts/poem/'), /Roses are red,<br>\nviolets are blue\./);
  });

  it("shows dashes and curly quotes where the blog's renderer showed them", async () => {
    const post = '---\ntitle: Dash\ndate: 2020-01-01\ntags: [x]\n---\nIt was---as "they" said.\n';
    // Hugo's Goldmark shows them unless its typographer is off.
    const hugo = await blog('hugo-typography', {
      'hugo.toml': 'title = "Dashes"\nbaseURL = "https://dashes.example/"\n',
      'content/posts/dash.md': post,
    });
    const { target: hugoSite, config: hugoSiteConfig } = await importAndServe(
      hugo,
      'hugo-typography',
      ['/posts/dash/'],
    );
    assert.match(hugoSiteConfig, /^typographer: true$/m);
    assert.match(await pageOf(hugoSite, '/posts/dash/'), /<p>It was—as “they” said\.<\/p>/);
    const plain = await blog('hugo-no-typography', {
      'hugo.toml':
        'title = "Dashes"\nbaseURL = "https://dashes.example/"\n[markup.goldmark.extensions.typographer]\ndisable = true\n',
      'content/posts/dash.md': post,
    });
    const { target: plainSite, config: plainSiteConfig } = await importAndServe(
      plain,
      'hugo-no-typography',
      ['/posts/dash/'],
    );
    assert.doesNotMatch(plainSiteConfig, /typographer/);
    assert.match(
      await pageOf(plainSite, '/posts/dash/'),
      /<p>It was---as &quot;they&quot; said\.<\/p>/,
    );
  });

  it("keeps the redirects the blog kept at its host, and names those Folio's cannot hold", async () => {
    const jekyll = await blog('jekyll-host-redirects', {
      '_config.yml': 'title: Moved\nurl: https://moved.example\npermalink: /blog/:title\n',
      '_posts/2020-01-01-cortex-m-hardfault-debug.md':
        '---\ntitle: Faults\ntags: [x]\n---\nBody.\n',
      // Copied into the built site by the blog's deploy script, as memfault's is.
      _redirects:
        '/blog/cortex-m-fault-debug /blog/cortex-m-hardfault-debug\n/blog/authors/* /authors/:splat\n/* /404.html 404\n',
      'netlify.toml': '[[redirects]]\nfrom = "/calendar"\nto = "https://calendar.example/ical"\n',
    });
    const { target, report } = await importAndServe(jekyll, 'jekyll-host-redirects', [
      '/blog/cortex-m-hardfault-debug/',
    ]);
    await assertRedirects(target, [
      ['/blog/cortex-m-fault-debug', '/blog/cortex-m-hardfault-debug/'],
      ['/blog/cortex-m-fault-debug/', '/blog/cortex-m-hardfault-debug/'],
    ]);
    assert.match(
      report,
      /`_redirects:2`: the host's redirect `\/blog\/authors\/\* \/authors\/:splat` was left out: it matches many paths/,
    );
    assert.doesNotMatch(report, /404\.html/);
    const config = await readFile(join(target, 'folio.config.yaml'), 'utf8');
    assert.match(config, /^ {2}\/calendar: https:\/\/calendar\.example\/ical$/m);

    // A Hugo blog publishes its static/_redirects as it is: a host goes on reading every rule.
    const hugo = await blog('hugo-host-redirects', {
      'hugo.toml': 'title = "Moved"\nbaseURL = "https://moved.example/"\n',
      'content/posts/new.md': '---\ntitle: New\ndate: 2020-01-01\ntags: [x]\n---\nBody.\n',
      'static/_redirects': '/old-post /posts/new/\n/blog/* /posts/:splat\n',
    });
    const hugoSite = await importAndServe(hugo, 'hugo-host-redirects', ['/posts/new/']);
    await assertRedirects(hugoSite.target, [['/old-post', '/posts/new/']]);
    assert.doesNotMatch(hugoSite.report, /host's redirect/);
    assert.match(
      await readFile(join(hugoSite.target, 'static', '_redirects'), 'utf8'),
      /^\/blog\/\* \/posts\/:splat$/m,
    );
  });

  it("keeps the ids the blog's engine gave headings, so that links into a section still land there", async () => {
    const body =
      "## Why C++ & Go?\n\nSee [below](#dont-stop----now).\n\n## Don't stop -- now\n\n## Plain\n\n## Setup {#install}\n";
    const hugo = await blog('hugo-heading-ids', {
      'hugo.toml': 'title = "Ids"\nbaseURL = "https://ids.example/"\n',
      'content/posts/ids.md': `---\ntitle: Ids\ndate: 2020-01-01\ntags: [x]\n---\n${body}`,
    });
    const headingIds = (page: string | undefined) =>
      [...(page ?? '').matchAll(/<h2 id="([^"]*)"/g)].map((found) => found[1]);
    const { target, answers } = await importAndServe(hugo, 'hugo-heading-ids', ['/posts/ids/']);
    const page = answers.get('/posts/ids/');
    // The ids Hugo 0.111 gave these headings, and the one written by hand.
    assert.deepEqual(headingIds(page), ['why-c--go', 'dont-stop----now', 'plain', 'install']);
    assert.match(page ?? '', /<h2 id="why-c--go">Why C\+\+ &amp; Go\?<\/h2>/);
    // Only the headings whose id Folio would make otherwise carry it in writing.
    const written = await readFile(join(target, 'content', 'posts', 'ids.md'), 'utf8');
    assert.match(written, /^## Why C\+\+ & Go\? \{#why-c--go\}$/m);
    assert.match(written, /^## Plain$/m);
    assert.match(written, /^## Setup \{#install\}$/m);

    // kramdown reading GFM, Jekyll's default, and Hexo's marked make theirs otherwise.
    const jekyll = await blog('jekyll-heading-ids', {
      '_config.yml': 'title: Ids\nurl: https://ids.example\n',
      '_posts/2020-01-01-ids.md': `---\ntitle: Ids\ntags: [x]\n---\n${body}`,
    });
    const jekyllUrl = '/2020/01/01/ids.html';
    const jekyllSite = await importAndServe(jekyll, 'jekyll-heading-ids', [jekyllUrl]);
    assert.deepEqual(headingIds(jekyllSite.answers.get(jekyllUrl)), [
      'why-c--go',
      'dont-stop--now',
      'plain',
      'install',
    ]);
    const hexo = await blog('hexo-heading-ids', {
      '_config.yml': 'title: Ids\nurl: https://ids.example\npermalink: :title/\n',
      // marked reads no ids written by hand.
      'source/_posts/ids.md': `---\ntitle: Ids\ndate: 2020-01-01\ntags: [x]\n---\n${body.replace(' {#install}', '')}`,
    });
    const hexoSite = await importAndServe(hexo, 'hexo-heading-ids', ['/ids/']);
    assert.deepEqual(headingIds(hexoSite.answers.get('/ids/')), [
      'Why-C-Go',
      'Don’t-stop-–-now',
      'Plain',
      'Setup',
    ]);
  });

  it("keeps a Jekyll theme's menu of data, leads its lists and links to them to Folio's indexes, and shows its figures", async () => {
    const source = await blog('jekyll-navigation', {
      '_config.yml':
        'title: Menu\nurl: https://menu.example\ntimezone: UTC\ntheme: minimal-mistakes-jekyll\ninclude: [_pages]\n',
      '_data/navigation.yml':
        'main:\n  - title: Start Here\n    url: /start/\n  - title: Tags\n    url: /tags/\n  - title: Archive\n    url: /year-archive/\n  - title: About\n    url: /about/\nfooter:\n  - title: Feed\n    url: /feed.xml\n',
      '_pages/start.md': '---\ntitle: Start here\npermalink: /start/\n---\nBegin.\n',
      '_pages/about.md': '---\ntitle: About\npermalink: /about/\n---\nMe.\n',
      '_pages/year-archive.md':
        '---\ntitle: Posts by year\nlayout: posts\npermalink: /year-archive/\n---\n',
      '_pages/tag-archive.md': '---\ntitle: Tags\nlayout: tags\npermalink: /tags/\n---\n',
      // A page per category, as Minimal Mistakes' users write them, at the path of Folio's own.
      '_pages/category-python.md':
        '---\ntitle: Python\nlayout: archive\npermalink: categories/python\n---\n{% assign posts = site.categories.python %}\n',
      '_posts/2020-01-02-two.md': '---\ntitle: Two\ncategories: [python]\n---\nTwo.\n',
      '_posts/2020-01-01-one.md':
        '---\ntitle: One\ntags: [x]\n---\nOne. See [every post]({% link _pages/year-archive.md %}).\n\n{% include figure image_path="/assets/images/one.svg" alt="A chart" caption="The first chart." %}\n',
      'assets/images/one.svg':
        '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>\n',
    });
    const { target, answers } = await importAndServe(source, 'jekyll-navigation', [
      '/start/',
      '/about/',
      '/year-archive/',
      '/categories/python/',
      // Jekyll wrote `permalink: categories/python` as categories/python.html.
      '/categories/python.html',
    ]);
    const config = await readFile(join(target, 'folio.config.yaml'), 'utf8');
    assert.match(config, /^nav:\n {2}- tags\n {2}- archives$/m);
    assert.match(config, /^ {2}\/year-archive\/: \/archives\/$/m);
    // Folio's page of the category answers where the theme's did, with no redirect in its way.
    assert.doesNotMatch(config, /^ {2}\/categories\/python\/?:/m);
    assert.match(config, /^ {2}\/categories\/python\.html: \/categories\/python\/$/m);
    assert.match(answers.get('/categories/python/') ?? '', /Two/);
    const start = await readFile(join(target, 'content', 'pages', 'start.md'), 'utf8');
    assert.match(start, /^nav: true\norder: 1$/m);
    const about = await readFile(join(target, 'content', 'pages', 'about.md'), 'utf8');
    assert.match(about, /^nav: true\norder: 4$/m);
    // A link to a list's file leads to the index, and minimal-mistakes' figure is its image.
    const one = await readFile(join(target, 'content', 'posts', 'one.md'), 'utf8');
    assert.match(one, /See \[every post\]\(\/archives\/\)\./);
    assert.match(one, /^!\[A chart\]\(\/assets\/images\/one\.svg\)\n\*The first chart\.\*$/m);
  });

  it("leads a theme's page of one tag's posts to Folio's, and keeps pages of the blog's own text", async () => {
    const source = await blog('jekyll-tag-pages', {
      '_config.yml': 'title: Tags\nurl: https://tags.example\ntimezone: UTC\n',
      '_layouts/default.html':
        '<main>{{ content }}</main>\n<aside>{% for post in site.posts limit: 3 %}{{ post.title }}{% endfor %}</aside>\n',
      '_layouts/tagpage.html':
        '---\nlayout: default\n---\n<h1>Tag: {{ page.tag }}</h1>\n<ul>{% for post in site.tags[page.tag] %}<li>{{ post.title }}</li>{% endfor %}</ul>\n',
      'tag/gan.md': '---\nlayout: tagpage\ntitle: "Tag: gan"\ntag: gan\n---\n',
      'tag/unused.md': '---\nlayout: tagpage\ntitle: "Tag: unused"\ntag: unused\n---\n',
      'about.md': '---\nlayout: default\ntitle: About\n---\nWho writes here.\n',
      '_posts/2020-01-01-from-gan-to-wgan.md':
        '---\ntitle: From GAN to WGAN\ntags: gan math-heavy\n---\nGenerators.\n',
    });
    const { target, report } = await importAndServe(source, 'jekyll-tag-pages', [
      '/about.html',
      '/tag/gan.html',
      '/tag/unused.html',
    ]);
    const config = await readFile(join(target, 'folio.config.yaml'), 'utf8');
    assert.match(config, /^ {2}\/tag\/gan\.html: \/tags\/gan\/$/m);
    assert.match(config, /^ {2}\/tag\/unused\.html: \/tags\/$/m);
    assert.deepEqual((await readdir(join(target, 'content', 'pages'))).sort(), ['about.md']);
    assert.match(report, /tag\/gan\.md:1`: its layout tagpage lists the posts of the tag gan/);
    assert.match(await pageOf(target, '/tag/gan.html'), /From GAN to WGAN/);
  });

  it("numbers equations as the blog's MathJax did, and links references to them", async () => {
    const source = await blog('jekyll-equations', {
      '_config.yml': 'title: Equations\nurl: https://equations.example\ntimezone: UTC\n',
      '_includes/head.html':
        "<script>\nMathJax = {\n  tex: {\n    tags: 'all',\n    inlineMath: [['$', '$']]\n  }\n};\n</script>\n<script src=\"https://cdn.jsdelivr.net/npm/mathjax@3/es5/tex-chtml.js\"></script>\n",
      '_layouts/default.html':
        '<html><head>{% include head.html %}</head><body>{{ content }}</body></html>\n',
      '_posts/2020-01-01-sums.md':
        '---\ntitle: Sums\n---\n$$\na = b\n$$\n\n$$\n\\sum_\\mathrm{i} x_i = 1 \\label{total}\n$$\n\nBy $\\eqref{total}$.\n',
    });
    const { target, report } = await importAndServe(source, 'jekyll-equations', [
      '/2020/01/01/sums.html',
    ]);
    assert.match(
      await readFile(join(target, 'folio.config.yaml'), 'utf8'),
      /^equationNumbers: all$/m,
    );
    assert.match(report, /MathJax numbers every display equation here: `equationNumbers: all`/);
    const page = await pageOf(target, '/2020/01/01/sums.html');
    // The first equation is (1), as MathJax numbered it, so the labelled one is (2).
    assert.match(page, /id="eq-total"/);
    assert.match(page, /<a href="#eq-total" class="equation-reference">\(2\)<\/a>/);
    assert.doesNotMatch(page, /math-error/);
  });

  it("keeps the math of a Hugo theme's rawhtml shortcode as KaTeX read it, rows and braces", async () => {
    const source = await blog('hugo-rawhtml', {
      'hugo.toml':
        'title = "Notes"\nbaseURL = "https://notes.example/"\ntheme = "PaperMod"\n[params]\nmath = true\n',
      'themes/PaperMod/layouts/shortcodes/rawhtml.html': '<!-- raw html -->\n{{- .Inner -}}',
      'content/posts/matrix.md':
        '---\ntitle: Matrix\ndate: 2024-01-02\ntags: [math]\n---\nEscaped for Markdown: $\\{a\\}$.\n\n{{< rawhtml >}}\n$$\n\\begin{aligned}\na &= 1 \\\\\nb &= \\Big\\{ 2 \\Big\\}\n\\end{aligned}\n$$\n{{< /rawhtml >}}\n',
    });
    const { target, report } = await importAndServe(source, 'hugo-rawhtml', ['/posts/matrix/']);
    assert.match(report, /converted \{\{< rawhtml >\}\}, its text as written/);
    const page = await pageOf(target, '/posts/matrix/');
    assert.doesNotMatch(page, /math-error/);
    // KaTeX keeps the TeX it typeset: outside the shortcode, as Markdown left it; inside, two rows
    // and braces drawn, not a group.
    const tex = [...page.matchAll(/<annotation encoding="application\/x-tex">([^<]*)</g)].map(
      (found) => found[1],
    );
    assert.deepEqual(tex, [
      '{a}',
      '\\begin{aligned}\na &amp;= 1 \\\\\nb &amp;= \\Big\\{ 2 \\Big\\}\n\\end{aligned}\n',
    ]);
  });

  it("imports a Hugo section's pages besides the posts', each answering at its old URL", async () => {
    const source = await blog('hugo-sections', {
      'hugo.toml': 'title = "Sections"\nbaseURL = "https://sections.example/"\n',
      'content/posts/a.md': '---\ntitle: A\ndate: 2014-01-02\ntags: [x]\n---\nA.\n',
      'content/workshops/_index.md': '---\ntitle: Training\n---\nWorkshops I run.\n',
      'content/workshops/writing.md': '---\ntitle: Writing\ndate: 2020-01-01\n---\nOn writing.\n',
      'content/workshops/draft.md': '---\ntitle: Later\ndraft: true\n---\nNot yet.\n',
      'content/books/guide/_index.md': '---\ntitle: Guide\n---\n',
      'content/books/guide/writing.md': '---\ntitle: Guide to writing\n---\nChapter one.\n',
      // A tag's own page, as FixIt's blogs keep one for a tag: no section of pages.
      'content/tags/hugo/_index.md': '---\ntitle: Hugo\n---\n',
    });
    const { target, report } = await importAndServe(source, 'hugo-sections', [
      '/workshops/',
      '/workshops/writing/',
      '/books/guide/writing/',
    ]);
    assert.match(
      await readFile(join(target, 'content/pages/workshops.md'), 'utf8'),
      /Workshops I run/,
    );
    // Two pages of one name: the second met is told apart by its folder.
    assert.match(await readFile(join(target, 'content/pages/writing.md'), 'utf8'), /Chapter one/);
    assert.match(
      await readFile(join(target, 'content/pages/workshops-writing.md'), 'utf8'),
      /On writing/,
    );
    assert.match(
      report,
      /the section workshops\/ is not one of the posts' \(posts\): its 3 pages are imported as pages/,
    );
    assert.match(
      report,
      /the list page of the section books\/guide\/, which has no text of its own/,
    );
    assert.match(
      report,
      /content\/tags\/hugo\/_index\.md:1`: the page of the tag "hugo", which has no text of its own: Folio makes each tag's page itself/,
    );
    // It is no section of pages: none is imported from it.
    assert.doesNotMatch(report, /the section tags\//);
    assert.doesNotMatch(report, /Writing is already/);
  });

  it("shows the images a Hugo blog's own shortcodes read from assets/, where Hugo served them", async () => {
    const source = await blog('hugo-asset-images', {
      'hugo.toml': 'title = "Covers"\nbaseURL = "https://covers.example/"\n',
      'layouts/shortcodes/book-cover.html':
        '{{ $img := resources.Get (.Get "src") }}{{ with $img }}<img src="{{ .RelPermalink }}" alt="{{ $.Get "alt" }}">{{ end }}\n',
      'assets/images/cover.png': 'png',
      'content/posts/review.md':
        '---\ntitle: Review\ndate: 2020-01-01\ntags: [books]\n---\n{{< book-cover src="images/cover.png" alt="The cover" >}}\n',
    });
    const { target } = await importAndServe(source, 'hugo-asset-images', [
      '/posts/review/',
      '/images/cover.png',
    ]);
    assert.match(
      await readFile(join(target, 'content/posts/review.md'), 'utf8'),
      /!\[The cover\]\(\/images\/cover\.png\)/,
    );
    assert.equal(await readFile(join(target, 'static/images/cover.png'), 'utf8'), 'png');
  });

  it('reports a Hugo taxonomy Folio has no place for, and leads one of years to the archive', async () => {
    const source = await blog('hugo-taxonomy', {
      'hugo.toml':
        'title = "Taxonomy"\nbaseURL = "https://taxonomy.example/"\n[taxonomies]\ntag = "tags"\narchive = "archive"\ntopic = "topics"\n',
      'content/posts/a.md':
        '---\ntitle: A\ndate: 2014-01-02\ntags: [x]\narchive: ["2014"]\ntopics: [web, go]\n---\nA.\n',
      'content/posts/b.md':
        '---\ntitle: B\ndate: 2015-01-02\ntags: [x]\narchive: ["2015"]\n---\nB.\n',
    });
    const { report } = await importAndServe(source, 'hugo-taxonomy', [
      '/posts/a/',
      '/archive/',
      '/archive/2014/',
    ]);
    assert.match(
      report,
      /the taxonomy "topics" has no place in Folio: its 2 pages \(\/topics\/…\/\) are not kept/,
    );
    assert.match(
      report,
      /the taxonomy "archive" sorts the posts by year: its 3 pages \(\/archive\/…\/\) lead to \/archives\//,
    );
  });
});

describe('importing a Jekyll blog whose theme reads covers from a folder of images', () => {
  it('finds a cover named by its file alone in that folder', async () => {
    const source = await blog('cover-folder', {
      '_config.yml': 'title: Covers\nurl: https://covers.example\ntimezone: UTC\n',
      '_posts/2018-04-08-policy.md': '---\ntitle: Policy\nimage: "a3c.png"\n---\nText.\n',
      '_posts/2018-04-09-root.md': '---\ntitle: Root\nimage: "top.png"\n---\nText.\n',
      'assets/images/a3c.png': 'png',
      'top.png': 'png',
    });
    const { target } = await importAndServe(source, 'cover-folder', ['/2018/04/08/policy.html']);
    const policy = await readFile(join(target, 'content/posts/policy.md'), 'utf8');
    assert.match(policy, /^image: \/assets\/images\/a3c\.png$/m);
    // A file at the root of the site is the one a relative cover names.
    const root = await readFile(join(target, 'content/posts/root.md'), 'utf8');
    assert.match(root, /^image: \/top\.png$/m);
  });
});

describe('importing a Chirpy blog whose posts name a folder for their images', () => {
  it('finds their images and covers there, named in the post or in the defaults', async () => {
    const source = await blog('chirpy-media', {
      '_config.yml':
        'title: Media\nurl: https://media.example\ntimezone: UTC\ndefaults:\n  - scope:\n      path: ""\n      type: posts\n    values:\n      img_path: /assets/img/common\n',
      '_posts/2020-01-01-own.md':
        '---\ntitle: Own\nmedia_subpath: /assets/img/own\nimage:\n  path: cover.png\n---\n![A shot](shot.png) and <img src="wide.png" alt="Wide">\n',
      '_posts/2020-01-02-shared.md': '---\ntitle: Shared\n---\n![A chart](chart.png)\n',
      'assets/img/own/cover.png': 'png',
      'assets/img/own/shot.png': 'png',
      'assets/img/own/wide.png': 'png',
      'assets/img/common/chart.png': 'png',
    });
    const { target } = await importAndServe(source, 'chirpy-media', ['/2020/01/01/own.html']);
    const own = await readFile(join(target, 'content/posts/own.md'), 'utf8');
    assert.match(own, /^image: \/assets\/img\/own\/cover\.png$/m);
    assert.match(own, /!\[A shot\]\(\/assets\/img\/own\/shot\.png\)/);
    assert.match(own, /<img src="\/assets\/img\/own\/wide\.png"/);
    const shared = await readFile(join(target, 'content/posts/shared.md'), 'utf8');
    assert.match(shared, /!\[A chart\]\(\/assets\/img\/common\/chart\.png\)/);
    // Every image is where the post leads (the files hold no image's bytes, which is told).
    const checked = await run(['check', target]);
    assert.doesNotMatch(checked.stdout + checked.stderr, /is not in static|is not in the post/);
    assert.match(checked.stderr, /the file shot\.png is not an image/);
  });
});

describe('importing a Jekyll blog whose pattern has categories its posts lack', () => {
  it('keeps its dated URLs as the permalink, so that posts need no url: of their own', async () => {
    const source = await blog('jekyll-pretty', {
      '_config.yml': 'title: Dated\nurl: https://dated.example\ntimezone: UTC\npermalink: pretty\n',
      '_posts/2015-05-21-rnn-effectiveness.md': '---\ntitle: RNNs\n---\nMagic.\n',
      '_posts/2016-05-31-rl.md': '---\ntitle: Pong\ntags: [rl]\n---\nFrom pixels.\n',
      '_posts/2017-01-02-notes.md': '---\ntitle: Notes\ncategories: [notes]\n---\nKept.\n',
    });
    const { target } = await importAndServe(source, 'jekyll-pretty', []);
    const config = await readFile(join(target, 'folio.config.yaml'), 'utf8');
    assert.match(config, /^permalink: \/:category\/:year\/:month\/:day\/:slug\/$/m);
    for (const file of await readdir(join(target, 'content/posts'))) {
      const post = await readFile(join(target, 'content/posts', file), 'utf8');
      assert.doesNotMatch(post, /^(?:url|aliases):/m, file);
    }
    const child = folio(['serve', target, '--port', '0']);
    try {
      const base = await serverUrl(child);
      for (const path of [
        '/2015/05/21/rnn-effectiveness/',
        '/2016/05/31/rl/',
        '/notes/2017/01/02/notes/',
      ]) {
        const response = await fetch(`${base}${path}`, { redirect: 'manual' });
        assert.equal(response.status, 200, `${path} is the post's own address`);
      }
    } finally {
      child.kill('SIGTERM');
    }
  });
});

describe("importing a Chirpy blog that turns math on in its config's defaults", () => {
  it('typesets the math of the posts the defaults reach, and no other', async () => {
    const source = await blog('chirpy-math-defaults', {
      '_config.yml':
        'title: Proofs\nurl: https://proofs.example\ntimezone: UTC\ndefaults:\n  - scope:\n      path: ""\n      type: posts\n    values:\n      layout: post\n      math: true\n  - scope:\n      path: _posts/shop\n    values:\n      math: false\n',
      '_includes/js-selector.html':
        '{% if page.math %}<script src="/assets/js/data/mathjax.js"></script>{% endif %}\n',
      '_posts/2024-01-02-energy.md':
        '---\ntitle: Energy\ntags: [physics]\n---\nThe mass gives\n\n$$\nE = mc^2\n$$\n',
      '_posts/shop/2024-01-03-prices.md':
        '---\ntitle: Prices\ntags: [shop]\n---\nFrom $5 to $10 a month.\n',
    });
    const { target } = await importAndServe(source, 'chirpy-math-defaults', [
      '/2024/01/02/energy.html',
    ]);
    assert.match(await readFile(join(target, 'content/posts/energy.md'), 'utf8'), /^math: true$/m);
    const energy = await pageOf(target, '/2024/01/02/energy/');
    assert.match(energy, /class="katex-display"/);
    assert.doesNotMatch(energy, /\$\$/);
    const prices = await pageOf(target, '/2024/01/03/prices/');
    assert.match(prices, /From \$5 to \$10 a month\./);
    assert.doesNotMatch(prices, /class="katex/);
  });
});

describe('importing a Jekyll blog whose posts mostly set their own URLs', () => {
  it("keeps Folio's default permalink when it gives more posts their URLs than the blog's", async () => {
    const source = await blog('jekyll-own-urls', {
      '_config.yml': 'title: Own\nurl: https://own.example\ntimezone: UTC\npermalink: pretty\n',
      '_posts/2015-05-21-a.md': '---\ntitle: A\npermalink: /posts/a/\n---\nA.\n',
      '_posts/2016-05-31-b.md': '---\ntitle: B\npermalink: /posts/b/\n---\nB.\n',
      '_posts/2017-01-02-c.md': '---\ntitle: C\n---\nC.\n',
    });
    const { target } = await importAndServe(source, 'jekyll-own-urls', [
      '/posts/a/',
      '/posts/b/',
      '/2017/01/02/c/',
    ]);
    const config = await readFile(join(target, 'folio.config.yaml'), 'utf8');
    assert.match(config, /^permalink: \/posts\/:slug\/$/m);
    const c = await readFile(join(target, 'content/posts/c.md'), 'utf8');
    assert.match(c, /^url: \/2017\/01\/02\/c\/$/m);
  });
});

describe('importing a Jekyll blog whose permalink has no extension', () => {
  it('keeps the .html file Jekyll wrote answering too, as GitHub Pages served it', async () => {
    const source = await blog('jekyll-extensionless', {
      '_config.yml': 'title: Blog\nurl: https://blog.example\npermalink: /blog/:title\n',
      '_posts/2019-01-02-zero-to-main.md': '---\ntitle: Zero to main\n---\nText.\n',
    });
    await importAndServe(source, 'jekyll-extensionless', [
      '/blog/zero-to-main',
      '/blog/zero-to-main.html',
    ]);
  });
});

describe('importing a Jekyll blog moved from WordPress, its posts written in HTML', () => {
  it('brings each .html post over as it showed, its excerpt, figures and code kept', async () => {
    // As jekyll-import writes a WordPress blog: HTML bodies, WordPress's shortcodes in them.
    const source = await blog('jekyll-wordpress-html', {
      '_config.yml': 'title: Moved\nurl: https://moved.example\ntimezone: UTC\n',
      '_posts/2010-09-24-parseint.html':
        '---\nlayout: post\nstatus: publish\npublished: true\ntitle: Possible issue when using parseInt\nwordpress_id: 319\ndate: 2010-09-24 10:05:39 +0100\ntags:\n- JavaScript\n---\n<p>A friend pointed out that <code>parseInt("08")</code> is 0.</p>\n<!--more-->\n[caption id="attachment_320" align="aligncenter" width="300"]<a href="/wp-content/uploads/console.png"><img src="/wp-content/uploads/console-300x200.png" alt="The console" /></a> What the console said.[/caption]\n[sourcecode language="js"]\nparseInt("08", 10) < 9;\n[/sourcecode]\n',
      'wp-content/uploads/console.png': 'png',
      '_posts/2010-10-01-markdown.md': '---\ntitle: In Markdown\ntags: [x]\n---\nText.\n',
    });
    const { imported, answers } = await importAndServe(source, 'jekyll-wordpress-html', [
      '/2010/09/24/parseint.html',
      '/',
    ]);
    assert.match(imported.stdout, /2 of 2 posts imported/);
    const page = answers.get('/2010/09/24/parseint.html') ?? '';
    assert.match(page, /pointed out that <code>parseInt\("08"\)<\/code> is 0\./);
    assert.match(
      page,
      /<figure><img src="\/wp-content\/uploads\/console\.png" alt="The console"><figcaption>What the console said\.<\/figcaption><\/figure>/,
    );
    assert.match(page, /<pre><code class="language-js">parseInt\(&quot;08&quot;, 10\) &lt; 9;/);
    // The home page shows the post's excerpt, up to its more marker.
    const home = answers.get('/') ?? '';
    assert.match(home, /A friend pointed out that parseInt\(&quot;08&quot;\) is 0\./);
    assert.doesNotMatch(home, /What the console said/);
  });
});

describe('importing a Hugo blog whose posts are written in HTML, Org, AsciiDoc and Markdown', () => {
  it('brings the HTML and Org posts over as Hugo showed them, and names the AsciiDoc one left out', async () => {
    const source = await blog('hugo-markups', {
      // A pattern for the tags' pages, not the posts'.
      'config.toml':
        'title = "Markups"\nbaseURL = "https://markups.example/"\n[permalinks]\ntags = "/tags/:slug/"\n',
      // `.io` is no language the config knows: Hugo took it as part of the name.
      'content/posts/from-xomedia.io.md':
        '---\ntitle: From xomedia.io\ndate: 2012-03-08\ntags: [x]\n---\nText.\n',
      'content/posts/moved.html':
        '---\ntitle: Moved from Blogger\ndate: 2012-03-04\ntags: [old]\n---\n<p>Written in <b>HTML</b>.</p>\n<!--more-->\n<p>The rest.</p>\n',
      'content/posts/bundle/index.html':
        '---\ntitle: A bundle\ndate: 2012-03-05\ntags: [old]\n---\n<p>Its <img src="photo.png" alt="A photo"> beside it.</p>\n',
      'content/posts/bundle/photo.png': 'png',
      'content/posts/notes.org':
        '#+TITLE: Notes in Org\n#+DATE: <2012-03-06 Tue 09:30>\n#+TAGS[]: emacs org\n\n* A heading\nSome *bold* and =code=, a [[https://orgmode.org][link]].\n\n#+BEGIN_SRC python\nprint("hi")\n#+END_SRC\n',
      'content/posts/guide.adoc': '= A guide\n\nText.\n',
      'content/about.html': '---\ntitle: About\n---\n<p>A page in <i>HTML</i>.</p>\n',
      'content/posts/plain.md': '---\ntitle: Plain\ndate: 2012-03-07\ntags: [x]\n---\nText.\n',
    });
    const { imported, answers, report, target } = await importAndServe(source, 'hugo-markups', [
      '/posts/moved/',
      '/posts/bundle/',
      '/posts/bundle/photo.png',
      '/posts/notes/',
      '/posts/from-xomedia.io/',
      '/about/',
      '/tags/emacs/',
      '/',
    ]);
    assert.match(imported.stdout, /5 of 5 posts imported/);
    assert.match(answers.get('/about/') ?? '', /<p>A page in <i>HTML<\/i>\.<\/p>/);
    const org = answers.get('/posts/notes/') ?? '';
    assert.match(org, /<time datetime="2012-03-06T09:30/);
    assert.match(org, /<h2 id="a-heading">A heading<\/h2>/);
    assert.match(
      org,
      /Some <strong>bold<\/strong> and <code>code<\/code>, a <a href="https:\/\/orgmode\.org">link<\/a>\./,
    );
    assert.match(
      org,
      /<pre tabindex="0"><code class="language-python"><span class="hljs-built_in">print<\/span>/,
    );
    assert.ok(!existsSync(join(target, 'content/posts/bundle/index.html')), 'the page is no file');
    assert.match(answers.get('/posts/moved/') ?? '', /<p>Written in <b>HTML<\/b>\.<\/p>/);
    assert.match(
      answers.get('/posts/bundle/') ?? '',
      /<p>Its <img src="photo\.png" alt="A photo"> beside it\.<\/p>/,
    );
    assert.doesNotMatch(answers.get('/') ?? '', /The rest\./);
    assert.match(
      report,
      /content\/posts\/guide\.adoc:1`: left out: it is written in AsciiDoc, and Folio reads posts written in Markdown, HTML or Org/,
    );
  });
});

describe('importing a Jekyll blog with jekyll-katex', () => {
  it('typesets the formulas of its katex tags', async () => {
    const source = await blog('jekyll-katex', {
      '_config.yml': 'title: Formulas\nurl: https://katex.example\nplugins: [jekyll-katex]\n',
      '_posts/2021-03-04-euler.md':
        '---\ntitle: Euler\ntags: [math]\n---\nIt holds: {% katex %}e^{i\\pi} + 1 = 0{% endkatex %}.\n\n{% katex display %}\n\\sum_{n=1}^{\\infty} \\frac{1}{n^2}\n{% endkatex %}\n',
    });
    const { answers } = await importAndServe(source, 'jekyll-katex', ['/2021/03/04/euler.html']);
    const page = answers.get('/2021/03/04/euler.html') ?? '';
    assert.match(page, /It holds: <span class="katex">/);
    assert.match(page, /<span class="katex-display">/);
    assert.doesNotMatch(page, /endkatex|\{%/);
  });
});

describe('importing a Jekyll blog with jekyll-org', () => {
  it('brings its Org posts over, their front matter in Org or YAML, and names a Textile one left out', async () => {
    const source = await blog('jekyll-org', {
      '_config.yml': 'title: Org notes\nurl: https://org.example\nplugins: [jekyll-org]\n',
      '_posts/2020-02-03-keywords.org':
        '#+TITLE: Keywords\n#+TAGS: emacs lisp\n\n* Why\nBecause /Org/ reads well.\n',
      '_posts/2020-02-04-yaml.org':
        '---\ntitle: YAML first\ntags: [emacs]\n---\n#+OPTIONS: toc:nil\n\n- a =list=\n',
      '_posts/2020-02-05-old.textile': '---\ntitle: Old\n---\nh1. Textile\n',
    });
    const { answers, report } = await importAndServe(source, 'jekyll-org', [
      '/2020/02/03/keywords.html',
      '/2020/02/04/yaml.html',
      '/tags/lisp/',
    ]);
    assert.match(
      answers.get('/2020/02/03/keywords.html') ?? '',
      /<h2 id="why">Why<\/h2>[\s\S]*<p>Because <em>Org<\/em> reads well\.<\/p>/,
    );
    assert.match(answers.get('/2020/02/04/yaml.html') ?? '', /<li>a <code>list<\/code><\/li>/);
    assert.match(report, /_posts\/2020-02-05-old\.textile:1`: left out: it is written in Textile/);
  });
});

describe('importing a Jekyll blog whose own plugin writes a page for each tag', () => {
  it("leads each of those pages to Folio's page of the tag", async () => {
    const source = await blog('jekyll-tag-generator', {
      '_config.yml': 'title: Tags\nurl: https://tags.example\n',
      '_plugins/tags.rb':
        "module Jekyll\n  class TagPage < Page\n    def initialize(site, base, tag)\n      @dir = File.join('tag', tag)\n    end\n  end\nend\n",
      '_plugins/categories.rb':
        "dir = site.config['category_dir'] || 'topics'\nsite.pages << CategoryPage.new(site, site.source, File.join(dir, category), category)\n",
      '_posts/2019-01-02-boot.md':
        '---\ntitle: Boot\ntags: [arm, rtos]\ncategory: firmware\n---\nText.\n',
    });
    await importAndServe(source, 'jekyll-tag-generator', [
      '/tag/arm/',
      '/tag/rtos/',
      '/topics/firmware/',
    ]);
  });
});

describe('importing a Jekyll blog that writes its inline math in escaped brackets', () => {
  it('typesets \\\\(…\\\\) in a post with math on, and leaves it as text in one without', async () => {
    const source = await blog('brackets-math', {
      '_config.yml': 'title: Grads\nurl: https://grads.example\ntimezone: UTC\n',
      '_posts/2015-03-30-fool.md':
        '---\ntitle: Fool\nmathjax: true\n---\nThe gradient \\\\(\\nabla\\_x s = w\\\\) is simple.\n',
      '_posts/2015-04-01-plain.md': '---\ntitle: Plain\n---\nA literal \\\\(x\\\\).\n',
    });
    const { target } = await importAndServe(source, 'brackets-math', []);
    const fool = await pageOf(target, '/2015/03/30/fool/');
    assert.match(fool, /<annotation encoding="application\/x-tex">\\nabla_x s = w<\/annotation>/);
    assert.doesNotMatch(fool, /\\\(/);
    assert.match(await pageOf(target, '/2015/04/01/plain/'), /A literal \\\(x\\\)\./);
  });
});

describe("importing a Hugo blog whose posts link by Hugo's ref", () => {
  it('leads each ref to its page: a post in any case, a heading, a tag, a series, a category', async () => {
    const source = await blog('hugo-refs', {
      'hugo.toml': 'baseURL = "https://refs.example/"\ntitle = "Refs"\n',
      'content/posts/aws/11-S3/index.md':
        '---\ntitle: S3\ndate: 2025-08-01\ntags: [S3]\ncategories: [AWS, Storage]\nseries: [AWS Basics]\n---\n## Buckets\n\nObjects.\n',
      'content/posts/aws/6-storage/index.md': [
        '---\ntitle: Storage\ndate: 2025-08-02\ntags: [EBS]\ncategories: [AWS]\n---',
        '- [S3]({{< ref "11-s3" >}}) and [its buckets]({{< ref "11-s3/#buckets" >}})',
        '- [below]({{< ref "#volumes" >}})',
        '- [all on S3]({{< ref "tags/s3" >}}), [the series]({{< ref "series/aws-basics" >}})',
        '- [AWS]({{< ref "/categories/aws" >}}), [storage]({{< ref "categories/storage" >}})',
        '- [every tag]({{< ref "tags" >}})',
        '',
        '## Volumes',
        '',
        'Disks.',
        '',
      ].join('\n'),
    });
    const { target, report } = await importAndServe(source, 'hugo-refs', []);
    assert.doesNotMatch(report, /removed \{\{< ref >\}\}/);
    const post = await readFile(join(target, 'content/posts/aws/6-storage/index.md'), 'utf8');
    for (const link of [
      '[S3](/posts/aws/11-s3/)',
      '[its buckets](/posts/aws/11-s3/#buckets)',
      '[below](#volumes)',
      '[all on S3](/tags/s3/)',
      '[the series](/series/aws-basics/)',
      '[AWS](/categories/aws/)',
      '[storage](/tags/storage/)',
      '[every tag](/tags/)',
    ]) {
      assert.ok(post.includes(link), `${link} in:\n${post}`);
    }
    const page = await pageOf(target, '/posts/aws/6-storage/');
    assert.match(page, /<h2 id="volumes"/);
  });
});

describe('importing posts that turn math on by the keys their themes read', () => {
  it("typesets the math of a post with use_math, useMath or LoveIt's math.enable", async () => {
    const source = await blog('math-keys', {
      'hugo.toml': 'baseURL = "https://keys.example/"\ntitle = "Keys"\n',
      'content/posts/octave.md':
        '---\ntitle: Octave\ndate: 2017-03-23\ntags: [octave]\nuseMath: true\n---\n$$\nA = 1\n$$\n',
      'content/posts/loveit.md':
        '---\ntitle: LoveIt\ndate: 2017-03-24\ntags: [x]\nmath:\n  enable: true\n---\n$$\nB = 2\n$$\n',
      'content/posts/jekyll.md':
        '---\ntitle: Jekyll\ndate: 2017-03-25\ntags: [x]\nuse_math: true\n---\n$$\nC = 3\n$$\n',
      'content/posts/plain.md':
        '---\ntitle: Plain\ndate: 2017-03-26\ntags: [x]\n---\nFrom $5 to $10.\n',
    });
    const { target } = await importAndServe(source, 'math-keys', ['/posts/octave/']);
    for (const slug of ['octave', 'loveit', 'jekyll']) {
      assert.match(await pageOf(target, `/posts/${slug}/`), /class="katex-display"/, slug);
    }
    assert.doesNotMatch(await pageOf(target, '/posts/plain/'), /class="katex/);
  });
});

describe('importing a Hexo blog that shows files of its code folder', () => {
  it('shows each as a block of code, the file still served where Hexo put it', async () => {
    const source = await blog('hexo-include-code', {
      '_config.yml':
        'title: Code\nurl: https://code.example\npermalink: :title/\ncode_dir: snippets\n',
      'source/snippets/hello.py': 'def hello():\n    return "<hi>"\n',
      '.env': 'SECRET=hunter2\n',
      'source/_posts/hello.md':
        'title: Hello\ndate: 2020-01-02\ntags: [py]\n---\nThe program:\n\n{% include_code Greeting hello.py %}\n\n{% include_code ../../.env %}\n\n{% include_code outside.txt %}\n',
    });
    // A link out of the folder of code leads to a file of the machine's.
    await writeFile(join(root, 'outside-secret.txt'), 'SECRET=swordfish\n');
    await symlink(join(root, 'outside-secret.txt'), join(source, 'source/snippets/outside.txt'));
    const { target, report } = await importAndServe(source, 'hexo-include-code', [
      '/hello/',
      '/snippets/hello.py',
    ]);
    assert.match(report, /converted \{% include_code %\}/);
    const page = await pageOf(target, '/hello/');
    assert.match(page, /Greeting/);
    assert.match(page, /&lt;hi&gt;/);
    assert.match(page, /<code class="[^"]*language-py/);
    assert.doesNotMatch(page, /SECRET/);
    assert.equal((report.match(/removed \{% include_code %\}/g) ?? []).length, 2);
  });
});

describe('importing a blog whose theme or plugin typesets math on every page', () => {
  const HEXO_POST = 'title: Euler\ndate: 2020-01-02\ntags: [x]\n---\n$$\ne^{i\\pi} + 1 = 0\n$$\n';

  it("turns math on for NexT's every_page, Butterfly's per_page and jekyll-spaceship", async () => {
    const blogs = {
      next: {
        '_config.yml': 'title: NexT\nurl: https://next.example\npermalink: :title/\ntheme: next\n',
        'themes/next/_config.yml':
          'math:\n  every_page: true\n  mathjax:\n    enable: true\n  katex:\n    enable: false\n',
        'source/_posts/euler.md': HEXO_POST,
      },
      butterfly: {
        '_config.yml':
          'title: Butterfly\nurl: https://b.example\npermalink: :title/\ntheme: butterfly\n',
        // The blog's own settings for its theme, over the theme's defaults.
        'themes/butterfly/_config.yml': 'mathjax:\n  enable: false\n  per_page: false\n',
        '_config.butterfly.yml': 'mathjax:\n  enable: true\n  per_page: true\n',
        'source/_posts/euler.md': HEXO_POST,
      },
      'next-7': {
        '_config.yml': 'title: NexT\nurl: https://next.example\npermalink: :title/\ntheme: next\n',
        'themes/next/_config.yml':
          'math:\n  per_page: false\n  mathjax:\n    enable: true\n  katex:\n    enable: false\n',
        'source/_posts/euler.md': HEXO_POST,
      },
      'butterfly-5': {
        '_config.yml':
          'title: Butterfly\nurl: https://b.example\npermalink: :title/\ntheme: butterfly\n',
        'themes/butterfly/_config.yml': 'math:\n  use: katex\n  per_page: true\n',
        'source/_posts/euler.md': HEXO_POST,
      },
      spaceship: {
        '_config.yml':
          'title: Spaceship\nurl: https://s.example\npermalink: /:title/\nplugins:\n  - jekyll-spaceship\n',
        '_posts/2020-01-02-euler.md': `---\n${HEXO_POST}`,
      },
    };
    for (const [name, files] of Object.entries(blogs)) {
      const source = await blog(`math-${name}`, files);
      const { target, report } = await importAndServe(source, `math-${name}`, ['/euler/']);
      assert.match(report, /typesets math on every page[^\n]*: math is on/, name);
      assert.match(await pageOf(target, '/euler/'), /class="katex-display"/, name);
    }
  });

  it("leaves math off where NexT's older per_page keeps it to the posts that ask", async () => {
    const source = await blog('math-next-per-page', {
      '_config.yml': 'title: NexT\nurl: https://next.example\npermalink: :title/\ntheme: next\n',
      'themes/next/_config.yml': 'math:\n  enable: true\n  per_page: true\n',
      'source/_posts/euler.md': HEXO_POST,
      'source/_posts/prices.md':
        'title: Prices\ndate: 2020-01-03\ntags: [x]\n---\nFrom $5 to $10.\n',
    });
    const { target, report } = await importAndServe(source, 'math-next-per-page', ['/euler/']);
    assert.doesNotMatch(report, /typesets math on every page/);
    assert.doesNotMatch(await pageOf(target, '/euler/'), /class="katex/);
  });
});

describe('importing a Hugo blog with a section that is a draft', () => {
  it('imports the posts under it as drafts, as Hugo built none of them', async () => {
    const source = await blog('hugo-draft-section', {
      'hugo.toml': 'title = "Sections"\nbaseURL = "https://sections.example/"\n',
      'content/posts/kept.md': '---\ntitle: Kept\ndate: 2021-01-01\ntags: [x]\n---\nKept.\n',
      'content/posts/_ads/_index.md': '---\ntitle: Ads\ndraft: true\n---\n',
      'content/posts/_ads/offer/index.md':
        '---\ntitle: Offer\ndate: 2021-01-02\ntags: [x]\n---\nBuy.\n',
    });
    const { target, imported } = await importAndServe(source, 'hugo-draft-section', [
      '/posts/kept/',
    ]);
    assert.match(imported.stdout, /2 of 2 posts imported \(1 draft/);
    const offer = await readFile(join(target, 'content/posts/_ads/offer/index.md'), 'utf8');
    assert.match(offer, /^draft: true$/m);
  });
});

describe('importing a Hugo blog of notes by topic, one section to a topic', () => {
  it('makes every dated page a post in the category of its section, the old lists leading there', async () => {
    const source = await blog('hugo-topics', {
      'hugo.toml': 'title = "Notes"\nbaseURL = "https://notes.example/"\n',
      'content/_index.md': '---\ntitle: Notes\n---\n',
      'content/about.md': '---\ntitle: About\ndate: 2020-01-01\n---\nMe.\n',
      'content/java/_index.md': '---\ntitle: Java\ndescription: Notes on Java.\n---\n',
      'content/java/stack.md':
        '---\ntitle: Call stacks\ndate: 2010-07-29\ntags: [java]\nurl: p/uep5gr9/\n---\nUse getStackTrace.\n',
      'content/java/threads.md':
        '---\ntitle: Threads\ndate: 2011-01-02\ncategories: [Concurrency]\n---\nThreads.\n',
      'content/vim/settings/vimrc.md':
        '---\ntitle: Where the vimrc is\ndate: 2019-03-04\ntags: [vim]\n---\nSee $MYVIMRC.\n',
      'content/links/_index.md': '---\ntitle: Links\n---\n',
      'content/links/mac.md': '---\ntitle: Mac\n---\nA page of links.\n',
    });
    const { target, imported, report } = await importAndServe(source, 'hugo-topics', [
      '/p/uep5gr9/',
      '/about/',
      '/mac/',
    ]);
    assert.match(imported.stdout, /3 of 3 posts imported/);
    const stack = await readFile(join(target, 'content/posts/stack.md'), 'utf8');
    assert.match(stack, /^category: Java$/m);
    // A category the post names is its own; a section with no list page gives its folder's name.
    assert.match(
      await readFile(join(target, 'content/posts/threads.md'), 'utf8'),
      /^category: Concurrency$/m,
    );
    assert.match(
      await readFile(join(target, 'content/posts/settings/vimrc.md'), 'utf8'),
      /^category: vim$/m,
    );
    // A section with a page that has no date is a section of pages.
    assert.match(report, /the section links\/ is not one of the posts' \(java, vim\)/);
    await assertRedirects(target, [
      ['/java/', '/categories/java/'],
      ['/java/index.xml', '/categories/java/feed.xml'],
      ['/vim/', '/categories/vim/'],
    ]);
    assert.match(await pageOf(target, '/search/?q=getStackTrace'), /Call stacks/);
    const listed = await pageOf(target, '/categories/java/');
    assert.match(listed, /Call stacks/);
    assert.doesNotMatch(listed, /Threads/);
  });
});

describe('importing a Hugo blog whose section of posts holds sections', () => {
  it('puts the posts of each in its category, its old list and feed leading there', async () => {
    const source = await blog('hugo-nested-sections', {
      'hugo.toml': 'title = "Blog"\nbaseURL = "https://nested.example/"\npaginate = 1\n',
      'content/posts/_index.md': '---\ntitle: Blog\n---\n',
      'content/posts/tech/_index.md': '---\ntitle: Technology\n---\n',
      'content/posts/tech/ssh.md': '---\ntitle: SSH\ndate: 2024-02-03\ntags: [ssh]\n---\nKeys.\n',
      'content/posts/tech/git.md':
        '---\ntitle: Git\ndate: 2024-02-04\ncategories: [Tools]\n---\nCommits.\n',
      'content/posts/tech/deep/_index.md': '---\ntitle: Deep dives\n---\n',
      'content/posts/tech/deep/tcp.md': '---\ntitle: TCP\ndate: 2024-02-05\n---\nAcks.\n',
      // Its posts all name another category, whose page its list now leads to.
      'content/posts/misc/_index.md': '---\ntitle: Misc\n---\n',
      'content/posts/misc/vim.md':
        '---\ntitle: Vim\ndate: 2024-02-06\ncategories: [Tools]\n---\nModes.\n',
      // A list page without a title: the folder's name, which Hugo's URL writes in lower case.
      'content/posts/Life Notes/_index.md': '---\nweight: 2\n---\n',
      'content/posts/Life Notes/walk.md': '---\ntitle: Walk\ndate: 2024-02-07\n---\nSteps.\n',
      // A folder without a list page is no section of Hugo's: its posts are its parent's.
      'content/posts/life/2023/review.md': '---\ntitle: Review\ndate: 2024-01-02\n---\nA year.\n',
    });
    const { target } = await importAndServe(source, 'hugo-nested-sections', [
      '/posts/tech/ssh/',
      '/posts/tech/deep/tcp/',
      '/posts/life/2023/review/',
    ]);
    const category = async (file: string) =>
      /^category: (.*)$/m.exec(await readFile(join(target, 'content/posts', file), 'utf8'))?.[1];
    assert.equal(await category('tech/ssh.md'), 'Technology');
    assert.equal(await category('tech/git.md'), 'Tools');
    assert.equal(await category('tech/deep/tcp.md'), 'Deep dives');
    assert.equal(await category('life/2023/review.md'), undefined);
    assert.equal(await category('Life Notes/walk.md'), 'Life Notes');
    await assertRedirects(target, [
      ['/posts/tech/', '/categories/technology/'],
      ['/posts/tech/page/2/', '/categories/technology/'],
      ['/posts/tech/index.xml', '/categories/technology/feed.xml'],
      ['/posts/tech/deep/', '/categories/deep-dives/'],
      ['/posts/misc/', '/categories/tools/'],
      ['/posts/misc/index.xml', '/categories/tools/feed.xml'],
      ['/posts/life-notes/', '/categories/life-notes/'],
    ]);
    assert.match(await pageOf(target, '/categories/technology/'), /SSH/);
  });
});

describe('importing a Hugo blog of several sections of posts, each of sections', () => {
  it("leads a section's list to a category its posts are in", async () => {
    const source = await blog('hugo-sections-of-sections', {
      'hugo.toml':
        'title = "Blog"\nbaseURL = "https://sections.example/"\n[params]\nmainSections = ["posts", "notes"]\n',
      'content/posts/_index.md': '---\ntitle: Articles\n---\n',
      'content/posts/life/_index.md': '---\ntitle: Life\n---\n',
      'content/posts/life/a.md': '---\ntitle: A\ndate: 2024-01-01\n---\nA.\n',
      'content/posts/life/b.md': '---\ntitle: B\ndate: 2024-01-02\n---\nB.\n',
      'content/posts/tech/_index.md': '---\ntitle: Tech\n---\n',
      'content/posts/tech/c.md': '---\ntitle: C\ndate: 2024-01-03\n---\nC.\n',
      'content/notes/_index.md': '---\ntitle: Notes\n---\n',
      'content/notes/d.md': '---\ntitle: D\ndate: 2024-01-04\n---\nD.\n',
    });
    const { target } = await importAndServe(source, 'hugo-sections-of-sections', [
      '/posts/life/a/',
    ]);
    // No post is left in Articles: the list of posts/ leads to the category most of them are in.
    await assertRedirects(target, [
      ['/posts/', '/categories/life/'],
      ['/posts/index.xml', '/categories/life/feed.xml'],
      ['/notes/', '/categories/notes/'],
    ]);
  });
});

describe('importing a Hugo blog of the LoveIt family', () => {
  it('keeps the covers it names featuredImage, in front matter or as a resource', async () => {
    const source = await blog('hugo-loveit', {
      'hugo.toml': 'title = "LoveIt"\nbaseURL = "https://loveit.example/"\n',
      'content/posts/one/index.md':
        '---\ntitle: One\ndate: 2021-01-01\ntags: [x]\nfeaturedImage: cover.png\n---\nOne.\n',
      'content/posts/one/cover.png': 'png',
      'content/posts/two/index.md':
        '---\ntitle: Two\ndate: 2021-01-02\ntags: [x]\nresources:\n  - name: featured-image\n    src: top.png\n---\nTwo.\n',
      'content/posts/two/top.png': 'png',
    });
    const { target } = await importAndServe(source, 'hugo-loveit', ['/posts/one/', '/posts/two/']);
    assert.match(
      await readFile(join(target, 'content/posts/one/index.md'), 'utf8'),
      /^image: cover\.png$/m,
    );
    assert.match(
      await readFile(join(target, 'content/posts/two/index.md'), 'utf8'),
      /^image: top\.png$/m,
    );
  });
});

describe('importing a blog whose config names no author', () => {
  it('names the author most posts name, and links its accounts', async () => {
    const source = await blog('jekyll-authors', {
      '_config.yml':
        'title: Authors\nurl: https://authors.example\ntimezone: UTC\ntwitter_username: "@woojin"\ngithub:\n  username: woojin\n',
      '_posts/2020-01-01-one.md': '---\ntitle: One\nauthor: "Woojin JEON"\n---\nOne.\n',
      '_posts/2020-01-02-two.md': '---\ntitle: Two\nauthor:\n  name: Woojin JEON\n---\nTwo.\n',
      '_posts/2020-01-03-three.md': '---\ntitle: Three\nauthor: A guest\n---\nThree.\n',
      '_posts/2020-01-04-four.md': '---\ntitle: Four\n---\nFour.\n',
      // Chirpy's template writes a placeholder, which names no one.
      ...Object.fromEntries(
        [5, 6, 7].map((day) => [
          `_posts/2020-01-0${day}-template-${day}.md`,
          `---\ntitle: Template ${day}\nauthor: <author_id>\n---\nText.\n`,
        ]),
      ),
    });
    const { target } = await importAndServe(source, 'jekyll-authors', ['/2020/01/01/one.html']);
    const config = await readFile(join(target, 'folio.config.yaml'), 'utf8');
    assert.match(config, /^author:\n {2}name: Woojin JEON$/m);
    // A handle written with its `@` leads to its address all the same.
    assert.match(
      config,
      /^ {2}github: https:\/\/github\.com\/woojin\n {2}x: https:\/\/x\.com\/woojin$/m,
    );
  });
});

describe('importing a Hugo blog that names its author once for each language', () => {
  /** The config and report of a one-post Hugo blog of `config.yaml`, imported. */
  const imported = async (name: string, config: string) => {
    const source = await blog(name, {
      'config.yaml': config,
      'content/posts/one.md': '---\ntitle: One\ndate: 2020-01-01\ntags: [x]\n---\nOne.\n',
    });
    const { target, report } = await importAndServe(source, name, ['/posts/one/']);
    return { config: await readFile(join(target, 'folio.config.yaml'), 'utf8'), report };
  };

  it("names the one of the blog's language, read from Hugo's locale, and says so", async () => {
    const { config, report } = await imported(
      'hugo-author-by-language',
      'baseURL: https://two.example/\ntitle: Two\nlocale: zh-CN\nparams:\n  author:\n    en: Jane Doe\n    zh: 简\n',
    );
    assert.match(config, /^author:\n {2}name: 简$/m);
    assert.match(config, /^locale: zh-Hans$/m);
    assert.match(report, /names an author for each of en, zh, and a Folio site has one: "简"/);
    assert.doesNotMatch(report, /names no author/);
  });

  it('guesses no name from a map of the author that is not by language', async () => {
    const { config, report } = await imported(
      'hugo-author-contacts',
      'baseURL: https://contacts.example/\ntitle: Contacts\nlanguageCode: en-us\nparams:\n  author:\n    email: jane@example.com\n    github: jane\n',
    );
    assert.match(config, /^author:\n {2}name: The author$/m);
    assert.match(report, /names no author/);
  });
});

describe("importing a blog whose theme keeps the author's profiles", () => {
  it("names Chirpy's author, and each profile under its network", async () => {
    const source = await blog('jekyll-chirpy-social', {
      '_config.yml':
        'title: Chirpy\ntimezone: UTC\ntheme: jekyll-theme-chirpy\nsocial:\n  name: Tray Simpson\n  email: tray@example.com\n  links:\n    - https://github.com/tray\n    - https://www.linkedin.com/in/tray\n    - https://example.com/about\n',
      '_posts/2024-01-01-one.md': '---\ntitle: One\n---\nOne.\n',
    });
    const { target, report } = await importAndServe(source, 'jekyll-chirpy-social', [
      '/2024/01/01/one.html',
    ]);
    const config = await readFile(join(target, 'folio.config.yaml'), 'utf8');
    assert.match(config, /^author:\n {2}name: Tray Simpson$/m);
    assert.match(
      config,
      /^links:\n {2}github: https:\/\/github\.com\/tray\n {2}linkedin: https:\/\/www\.linkedin\.com\/in\/tray$/m,
    );
    assert.doesNotMatch(report, /names no author/);
  });

  it("reads PaperMod's social icons, and LoveIt's handles by network", async () => {
    const themes = [
      {
        name: 'hugo-papermod-social',
        config:
          "title = 'Icons'\nbaseURL = 'https://icons.example/'\n[params]\nauthor = 'Cat'\n[[params.socialIcons]]\nname = 'github'\nurl = 'https://github.com/cat'\n[[params.socialIcons]]\nname = 'x'\nurl = 'https://x.com/cat'\n[[params.socialIcons]]\nname = 'stackoverflow'\nurl = 'https://stackoverflow.com/users/1/cat'\n",
        author: 'Cat',
        links: /^links:\n {2}github: https:\/\/github\.com\/cat\n {2}x: https:\/\/x\.com\/cat$/m,
      },
      {
        name: 'hugo-loveit-social',
        config:
          "title = 'Handles'\nbaseURL = 'https://handles.example/'\n[author]\nname = 'Oliver'\n[params.social]\nGitHub = 'oliveryh'\nLinkedin = 'oliver-yh'\nTelegram = 'oliver'\n",
        author: 'Oliver',
        links:
          /^links:\n {2}github: https:\/\/github\.com\/oliveryh\n {2}linkedin: https:\/\/www\.linkedin\.com\/in\/oliver-yh$/m,
      },
    ];
    for (const theme of themes) {
      const source = await blog(theme.name, {
        'hugo.toml': theme.config,
        'content/posts/one.md': '---\ntitle: One\ndate: 2024-01-01\n---\nOne.\n',
      });
      const { target } = await importAndServe(source, theme.name, ['/posts/one/']);
      const config = await readFile(join(target, 'folio.config.yaml'), 'utf8');
      assert.match(config, new RegExp(`^author:\\n {2}name: ${theme.author}$`, 'm'));
      assert.match(config, theme.links, theme.name);
    }
  });
});

describe('importing a Hexo blog', () => {
  let result: Awaited<ReturnType<typeof importAndServe>>;
  before(async () => {
    result = await importAndServe(await blog('hexo', HEXO), 'hexo', [
      `/2020/01/02/${encodeURIComponent('算法')}/`,
      `/2020/01/02/${encodeURIComponent('算法')}/cat.png`,
      '/2020/02/03/sub/nested/',
      '/images/logo.png',
      `/categories/${encodeURIComponent('编程')}/`,
    ]);
  });

  it('imports front matter without its opening fence, the asset folder and the more marker', async () => {
    assert.equal(result.imported.code, 0, result.imported.stderr);
    const post = await readFile(join(result.target, 'content/posts/算法/index.md'), 'utf8');
    assert.match(post, /category: 编程\ntags:\n {2}- 算法/);
    assert.match(post, /First <!--more--> rest/);
    assert.match(post, /```js\nlet a = 1;\n```/);
    assert.match(post, /!\[A cat\]\(cat\.png\)/);
    // A path through the asset folder, as Typora and Hexo's image plugins write it, is read inside.
    assert.match(post, /!\[again\]\(cat\.png\) <img src="cat\.png">/);
    assert.match(post, /!\[Through\]\(cat\.png\)/);
    // The cover in the asset folder stays beside the post; a thumbnail of the site is rooted.
    assert.match(post, /^image: cat\.png$/m);
    const nested = await readFile(join(result.target, 'content/posts/sub/nested.md'), 'utf8');
    assert.match(nested, /^image: \/images\/logo\.png$/m);
    assert.doesNotMatch(post, /pinned/);
    assert.match(nested, /^pinned: true$/m, "Hexo's sticky");
  });

  it('says that its own robots.txt is left for the one Folio writes', () => {
    assert.match(
      result.report,
      /`source\/robots\.txt:1`: not imported: Folio writes its own robots\.txt/,
    );
  });
});

describe('importing a Hexo blog whose terms differ only in case, and whose lists run on', () => {
  it('answers every URL Hexo 7 wrote for it', async () => {
    const source = await blog('hexo-cases', {
      '_config.yml':
        'title: Cases\nurl: https://cases.example\nper_page: 1\nindex_generator:\n  per_page: 2\n',
      'source/_posts/a.md':
        '---\ntitle: A\ndate: 2016-01-01 10:00:00\ncategories: Linux\ntags: [java]\n---\nA.\n',
      'source/_posts/b.md':
        '---\ntitle: B\ndate: 2016-01-02 10:00:00\ncategories: Tools\ntags: [Java, linux]\n---\nB.\n',
      'source/_posts/c.md': '---\ntitle: C\ndate: 2016-02-01 10:00:00\ntags: [java]\n---\nC.\n',
    });
    // Hexo 7 with its four generators wrote these, among the posts' own pages: each term by its
    // name as written, the later pages of every list, the home page two posts to a page.
    const { target } = await importAndServe(source, 'hexo-cases', [
      '/categories/Linux/',
      '/categories/Tools/',
      '/tags/Java/',
      '/tags/java/page/2/',
      '/archives/2016/page/3/',
      '/archives/2016/01/page/2/',
      '/archives/page/3/',
      '/page/2/',
    ]);
    assert.match(await readFile(join(target, 'folio.config.yaml'), 'utf8'), /^pageSize: 2$/m);
  });
});

describe('importing a Hexo blog whose post files are named with their date', () => {
  it('reads the title and the date from the name as Hexo did, and its links find them', async () => {
    const source = await blog('hexo-dated-names', {
      '_config.yml':
        'title: Dated\nurl: https://dated.example\ntimezone: UTC\npermalink: :year/:month/:day/:title/\nnew_post_name: :year-:month-:day-:title.md\n',
      'source/_posts/2020-05-14-cookie的安全性.md':
        '---\ntitle: Cookie 的安全性\ntags: [web]\n---\nSee {% post_link 2020-05-20-csp %}.\n',
      'source/_posts/2020-05-20-csp.md':
        '---\ntitle: CSP\ndate: 2020-05-20 10:00:00\ntags: [web]\n---\nBack to {% post_link cookie的安全性 %}.\n',
    });
    const { target, report } = await importAndServe(source, 'hexo-dated-names', [
      `/2020/05/14/${encodeURIComponent('cookie的安全性')}/`,
      '/2020/05/20/csp/',
    ]);
    const csp = await readFile(join(target, 'content/posts/csp.md'), 'utf8');
    // Linked by its title, as Hexo did.
    assert.match(
      csp,
      /Back to \[Cookie 的安全性\]\(\/2020\/05\/14\/cookie%E7%9A%84%E5%AE%89%E5%85%A8%E6%80%A7\/\)/,
    );
    assert.doesNotMatch(report, /removed \{% post_link/);
  });
});

describe('importing a Hexo blog published under a path', () => {
  it('keeps its address and every old URL under root, as the url Folio is given', async () => {
    const result = await importAndServe(
      await blog('hexo-under-path', {
        ...HEXO,
        '_config.yml': HEXO['_config.yml'].replace(
          'url: https://hexo.example\n',
          'url: https://hexo.example\nroot: /notes/\n',
        ),
        'source/about/index.md': '---\ntitle: About\n---\nWho writes here.\n',
      }),
      'hexo-under-path',
      [
        '/notes/2020/02/03/sub/nested/',
        '/notes/images/logo.png',
        '/notes/about/',
        // Hexo's lists, which lead to Folio's under the same path.
        '/notes/tags/Go/',
        '/notes/archives/2020/02/',
      ],
    );
    assert.equal(result.imported.code, 0, result.imported.stderr);
    const config = await readFile(join(result.target, 'folio.config.yaml'), 'utf8');
    assert.match(config, /^url: https:\/\/hexo\.example\/notes$/m);
    assert.match(result.imported.stdout, /0 aliases/, 'no post moved, so none needs an old path');
  });
});

describe('importing a Jekyll blog published under a path, whose config has no url', () => {
  it('keeps the path and takes the host from its CNAME file', async () => {
    const result = await importAndServe(
      await blog('jekyll-baseurl', {
        '_config.yml': 'title: Lil\nbaseurl: "/lil-log"\n',
        CNAME: 'lil.example.org\n',
        '_posts/2021-07-11-diffusion.md': '---\ntitle: Diffusion\ntags: [ml]\n---\nNoise.\n',
      }),
      'jekyll-baseurl',
      ['/lil-log/2021/07/11/diffusion.html'],
    );
    const config = await readFile(join(result.target, 'folio.config.yaml'), 'utf8');
    assert.match(config, /^url: https:\/\/lil\.example\.org\/lil-log$/m);
    assert.match(
      result.report,
      /no absolute url: https:\/\/lil\.example\.org\/lil-log, from its CNAME/,
    );
  });

  it("takes the host from a GitHub Pages site's folder name, where it has no CNAME", async () => {
    const result = await importAndServe(
      await blog('jane-doe.github.io', {
        '_config.yml': 'title: Jane\n',
        '_posts/2021-07-11-hello.md': '---\ntitle: Hello\ntags: [x]\n---\nHi.\n',
      }),
      'jane-doe-pages',
      ['/2021/07/11/hello.html'],
    );
    assert.match(result.config, /^url: https:\/\/jane-doe\.github\.io$/m);
    assert.match(result.report, /from the name of its folder, a GitHub Pages site's/);
  });
});

describe('importing a Jekyll blog whose layout loads MathJax on every page', () => {
  it('turns math on, and makes kramdown math in a line of text inline', async () => {
    const result = await importAndServe(
      await blog('jekyll-layout-math', {
        '_config.yml': 'title: Math\nurl: https://math.example\n',
        '_includes/head.html':
          '{% if page.comments %}<script src="/comments.js"></script>{% endif %}\n<script src="https://cdn.jsdelivr.net/npm/mathjax@3/es5/tex-mml-chtml.js"></script>\n',
        '_posts/2021-07-11-diffusion.md':
          '---\ntitle: Diffusion\ntags: [ml]\n---\n- $$\\mathcal{S}$$ - a set of states\n\n$$\nq(x) = 1\n$$\n',
      }),
      'jekyll-layout-math',
      ['/2021/07/11/diffusion.html'],
    );
    const config = await readFile(join(result.target, 'folio.config.yaml'), 'utf8');
    assert.match(config, /^math: true$/m);
    assert.match(result.report, /_includes\/head\.html:2`?: the layout loads a math typesetter/);
    const post = await readFile(join(result.target, 'content/posts/diffusion.md'), 'utf8');
    assert.match(post, /^- \$\\mathcal\{S\}\$ - a set of states$/m);
  });

  it("turns math on where the layout loads it under a setting the config turns on, as al-folio's", async () => {
    const result = await importAndServe(
      await blog('jekyll-setting-math', {
        '_config.yml':
          'title: Math\nurl: https://math.example\nenable_math: true\ncomments: false\n',
        '_includes/scripts.html':
          '{% if site.comments %}<script src="/comments.js"></script>\n{% if site.enable_math %}<script src="/mathjax.js"></script>{% endif %}{% endif %}\n{% if site.enable_math %}\n  <script defer src="https://cdn.jsdelivr.net/npm/mathjax@3/es5/tex-mml-chtml.js"></script>\n{% endif %}\n',
        '_posts/2019-08-20-lottery.md':
          '---\ntitle: Lottery\ntags: [ml]\n---\nThe sum $y = x_0 + x_1$ of two inputs.\n',
      }),
      'jekyll-setting-math',
      ['/2019/08/20/lottery.html'],
    );
    assert.match(result.config, /^math: true$/m);
    assert.match(result.report, /_includes\/scripts\.html:4`?: the layout loads a math typesetter/);
    assert.match(result.answers.get('/2019/08/20/lottery.html') ?? '', /class="katex"/);
  });
});

describe('importing a Hugo blog', () => {
  let result: Awaited<ReturnType<typeof importAndServe>>;
  before(async () => {
    result = await importAndServe(await blog('hugo', HUGO), 'hugo', [
      '/2021/03/toml-post/',
      '/old/toml/',
      '/2021/05/json-bundle/',
      '/2021/05/json-bundle/pic.png',
      '/custom/place/',
      '/img/a.png',
    ]);
  });

  it('reads TOML and JSON front matter, converts figures and gists, and reports the rest', async () => {
    assert.equal(result.imported.code, 0, result.imported.stderr);
    const post = await readFile(join(result.target, 'content/posts/toml.md'), 'utf8');
    assert.match(post, /!\[A caption\]\(\/img\/a\.png\)\n\*A caption\*/);
    assert.match(post, /\[Gist: jane\/123\]\(https:\/\/gist\.github\.com\/jane\/123\)/);
    assert.doesNotMatch(post, /\{\{</);
    assert.match(
      post,
      /^date: .*\nupdated: "2022-01-02T03:04:05(?:\.000)?\+09:00"$/m,
      "Hugo's lastmod",
    );
    assert.match(post, /^series: Hugo Basics$/m, "the first of Hugo's series");
    assert.match(result.report, /removed \{\{< unknown >\}\}/);
    assert.match(post, /^image: \/img\/a\.png$/m, "the first of Hugo's images");
    const bundle = await readFile(join(result.target, 'content/posts/bundle/index.md'), 'utf8');
    assert.match(bundle, /^image: pic\.png\nimageAlt: A pic$/m, "PaperMod's cover");
    assert.doesNotMatch(post, /pinned/);
    const own = await readFile(join(result.target, 'content/posts/own.md'), 'utf8');
    assert.match(own, /^pinned: true$/m, "Hugo's pinned");
    const config = await readFile(join(result.target, 'folio.config.yaml'), 'utf8');
    assert.match(config, /permalink: \/:year\/:month\/:slug\//);
  });

  it('refuses to write over a file that is there, and writes nothing', async () => {
    const again = await run(['import', join(root, 'hugo'), result.target]);
    assert.equal(again.code, 1);
    assert.match(again.stderr, /already has .*import writes over no file/);
  });
});

describe('importing a blog with bad input', () => {
  it('refuses a folder that is no blog, and a blog whose config cannot be read, writing nothing', async () => {
    const notABlog = await blog('not-a-blog', { 'notes.txt': 'hello' });
    const target = join(root, 'not-a-blog-site');
    const refused = await run(['import', notABlog, target]);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /no blog Folio knows.*--from jekyll\|hexo\|hugo/);
    assert.equal(existsSync(target), false);

    const broken = await blog('broken-config', {
      'hugo.toml': 'title = "Broken"\nbaseURL = \n',
      'content/posts/a.md': '---\ntitle: A\ndate: 2021-01-01\n---\nA\n',
    });
    const unreadable = await run(['import', broken, target]);
    assert.equal(unreadable.code, 1);
    assert.match(unreadable.stderr, /hugo\.toml:2: the blog's config cannot be read/);
    assert.equal(existsSync(target), false);

    // A Hexo blog with no post yet is told where Hexo keeps them, not where Jekyll does.
    const emptyHexo = await blog('empty-hexo', {
      '_config.yml': 'title: Empty\nurl: https://empty.example\n',
      'package.json': '{"name":"hexo-site","dependencies":{"hexo":"^7.0.0"}}\n',
      'source/about/index.md': '---\ntitle: About\n---\nMe.\n',
    });
    const empty = await run(['import', emptyHexo, target]);
    assert.equal(empty.code, 1);
    assert.match(empty.stderr, /has no posts where a Hexo blog keeps them \(source\/_posts\//);
    assert.equal(existsSync(target), false);
  });

  it('leaves out a post with no date anywhere, saying what to add', async () => {
    const source = await blog('undated', {
      'hugo.toml': 'title = "Undated"\nbaseURL = "https://undated.example/"\n',
      'content/posts/dated.md': '---\ntitle: Dated\ndate: 2021-01-01\ntags: [a]\n---\nA\n',
      'content/posts/undated.md': '---\ntitle: Undated\ntags: [a]\n---\nB\n',
    });
    const imported = await run(['import', source, join(root, 'undated-site')]);
    assert.equal(imported.code, 1);
    assert.match(imported.stdout, /1 of 2 posts imported/);
    assert.match(
      imported.stderr,
      /content\/posts\/undated\.md:1: left out: it has no date anywhere \(add `date: 2024-03-15`/,
    );
  });

  it('imports the rest when posts are not UTF-8, cannot be read or have an impossible date, and follows no link out', async () => {
    const folder = join(root, 'bad-posts');
    const outsideFolder = join(folder, 'elsewhere');
    await blog('bad-posts/elsewhere', {
      'secret.md': '---\ntitle: Secret\n---\nNot part of the blog.\n',
      'photos/private.png': 'private',
    });
    const source = await blog('bad-posts/blog', {
      '_config.yml': 'title: Bad posts\nurl: https://bad.example\npermalink: pretty\n',
      '_posts/2019-01-01-fine.md': '---\ntitle: Fine\n---\nFine.\n',
      '_posts/2018-02-31-rolled.md': '---\ntitle: Rolled\ndate: 2018-02-31 10:00:00\n---\nBody.\n',
      '_posts/2019-01-02-locked.md': '---\ntitle: Locked\n---\nBody.\n',
      'assets/ok.png': 'ok',
    });
    await writeFile(
      join(source, '_posts/2019-01-03-latin.md'),
      Buffer.from('---\ntitle: Caf\xe9\n---\nD\xe9j\xe0 vu.\n', 'latin1'),
    );
    await symlink(join(outsideFolder, 'secret.md'), join(source, '_posts/2019-01-04-secret.md'));
    await symlink(join(outsideFolder, 'photos'), join(source, 'assets/photos'));
    const user = await unprivilegedIn(folder);
    await chmod(join(source, '_posts/2019-01-02-locked.md'), 0o000);
    const target = join(folder, 'site');

    const before = await snapshot(source);
    const imported = await run(['import', source, target], { user });
    assert.deepEqual(await snapshot(source), before, 'the source is never changed');
    assert.equal(imported.code, 1, 'something was left out');
    assert.match(imported.stdout, /2 of 4 posts imported/);
    assert.match(imported.stderr, /2019-01-03-latin\.md:1: left out: the file is not UTF-8/);
    assert.match(imported.stderr, /2019-01-02-locked\.md:1: left out: it cannot be read/);
    const report = await readFile(join(target, 'import-report.md'), 'utf8');
    assert.match(report, /`_posts\/2019-01-04-secret\.md:1`: a link out of the blog folder/);
    assert.match(report, /`assets\/photos:1`: a link out of the blog folder/);
    assert.match(
      report,
      /2018-02-31 10:00:00.*is past the end of a day or a month: read as 2018-03-03/,
    );
    const written = [...(await snapshot(target)).keys()];
    assert.ok(written.includes('static/assets/ok.png'));
    assert.deepEqual(
      written.filter((path) => /secret|private/.test(path)),
      [],
      'nothing from outside the blog is written',
    );

    const checked = await run(['check', target]);
    assert.equal(checked.code, 0, checked.stderr);
    const child = folio(['serve', target, '--port', '0']);
    try {
      const base = await serverUrl(child);
      // Jekyll carried the 31st of February into March, and published the post at that day.
      assert.equal((await fetch(`${base}/2018/03/03/rolled/`)).status, 200);
      assert.equal((await fetch(`${base}/2019/01/01/fine/`)).status, 200);
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('leaves a folder it could not finish writing into as it was', async () => {
    const folder = join(root, 'unfinished');
    await blog('unfinished/blog', {
      '_config.yml': 'title: Unfinished\nurl: https://unfinished.example\n',
      '_posts/2019-01-01-one.md': '---\ntitle: One\ntags: [a]\n---\nOne.\n',
      'images/one.png': 'one',
    });
    await mkdir(join(folder, 'site', 'notes'), { recursive: true });
    await writeFile(join(folder, 'site', 'notes', 'mine.txt'), 'the author’s own');
    const user = await unprivilegedIn(folder);
    // The posts go in first; the static files then find a folder this user may not write to.
    await mkdir(join(folder, 'site', 'static'));
    if (user) await chown(join(folder, 'site', 'static'), 0, 0);
    else await chmod(join(folder, 'site', 'static'), 0o555);
    const before = await snapshot(join(folder, 'site'));

    const imported = await run(['import', join(folder, 'blog'), join(folder, 'site')], { user });
    assert.equal(imported.code, 1);
    assert.match(imported.stderr, /could not write into .*taken out again/);
    assert.deepEqual(await snapshot(join(folder, 'site')), before);
    assert.deepEqual(
      (await readdir(join(folder, 'site'))).sort(),
      ['notes', 'static'],
      'no folder is left behind',
    );
    assert.deepEqual(
      (await readdir(folder)).filter((name) => name.startsWith('.')),
      [],
      'the staging folder is gone',
    );
  });

  it('refuses a folder that has a file where the site needs a folder', async () => {
    const source = await blog('file-in-the-way/blog', {
      '_config.yml': 'title: In the way\n',
      '_posts/2019-01-01-one.md': '---\ntitle: One\ntags: [a]\n---\nOne.\n',
    });
    const target = join(root, 'file-in-the-way', 'site');
    await mkdir(target);
    await writeFile(join(target, 'content'), 'a file, not a folder');
    const refused = await run(['import', source, target]);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /already has content; import writes over no file/);
    assert.deepEqual([...(await snapshot(target)).keys()], ['content']);
  });
});

describe('importing a Hugo blog with the site its Hugo built', () => {
  it("takes a post's URL from the built site where another version of Hugo's rules put it elsewhere", async () => {
    const page = (title: string) =>
      `<!doctype html><title>${title} | Notes</title><h1>${title}</h1><p>Text.</p>\n`;
    const source = await blog('hugo-built', {
      'hugo.toml': 'title = "Notes"\nbaseURL = "https://notes.example/"\n',
      // Hugo from 0.93 on keeps the hyphens of a name; before, a run of them was one.
      'content/posts/mining---a-review.md':
        '---\ntitle: Mining, a review\ndate: 2020-01-02\n---\nText.\n',
      'content/posts/plain.md': '---\ntitle: Plain\ndate: 2020-01-03\n---\nText.\n',
      'public/posts/mining---a-review/index.html': page('Mining, a review'),
      'public/posts/plain/index.html': page('Plain'),
      // Hugo's alias of the home page's first page, to the address a site under a path had.
      'public/page/1/index.html':
        '<!DOCTYPE html><html><head><title>https://notes.example/blog/</title><meta http-equiv="refresh" content="0; url=https://notes.example/blog/"></head></html>\n',
    });
    const result = await importAndServe(
      source,
      'hugo-built',
      ['/posts/mining---a-review/', '/posts/plain/'],
      ['--built', join(source, 'public')],
    );
    assert.equal(result.imported.code, 0, result.imported.stderr);
  });
});

describe('importing a Hugo blog whose permalinks leave out a slash or write capitals', () => {
  it('keeps the lower-cased folder URLs Hugo made of them, for posts and pages', async () => {
    const source = await blog('hugo-patterns', {
      'hugo.toml':
        'baseURL = "https://patterns.example/"\ntitle = "Patterns"\n[permalinks]\nposts = "/:year/:filename"\nnotes = ":filename"\n',
      'content/posts/MLA——Cache Note.md':
        '---\ntitle: Cache\ndate: 2021-03-04\ntags: [a]\n---\nCache text.\n',
      'content/notes/My Note.md': '---\ntitle: Note\n---\nA note.\n',
    });
    // As Hugo 0.111 wrote them: public/2021/mlacache-note/ and public/my-note/.
    const { target } = await importAndServe(source, 'hugo-patterns', [
      '/2021/mlacache-note/',
      '/my-note/',
    ]);
    assert.match(await pageOf(target, '/2021/mlacache-note/'), /Cache text\./);
    assert.match(await pageOf(target, '/my-note/'), /A note\./);
  });
});

describe("importing a Hugo blog whose permalinks name posts by their content's base name", () => {
  it('keeps the URLs :slugorcontentbasename and :contentbasename gave (Hugo 0.144 on)', async () => {
    const source = await blog('hugo-basename', {
      'hugo.toml':
        'baseURL = "https://base.example/"\ntitle = "Base"\n[permalinks]\nposts = "posts/:slugorcontentbasename"\nnotes = "/n/:contentbasename/"\n',
      'content/posts/named.md':
        '---\ntitle: Named\ndate: 2021-03-04\nslug: custom-slug\ntags: [a]\n---\nNamed text.\n',
      'content/posts/acm/Plain File.md':
        '---\ntitle: Plain\ndate: 2021-03-05\ntags: [a]\n---\nPlain text.\n',
      'content/posts/bundle/index.md':
        '---\ntitle: Bundle\ndate: 2021-03-06\ntags: [a]\n---\nBundle text.\n',
      'content/notes/my-note.md': '---\ntitle: Note\nslug: other\n---\nA note.\n',
    });
    const { target } = await importAndServe(source, 'hugo-basename', [
      '/posts/custom-slug/',
      '/posts/plain-file/',
      '/posts/bundle/',
      '/n/my-note/',
    ]);
    assert.match(await pageOf(target, '/posts/plain-file/'), /Plain text\./);
    assert.match(await pageOf(target, '/n/my-note/'), /A note\./);
  });
});

describe("importing a Hugo blog's terms that Folio has no page of", () => {
  it("leads a term written with commas, and the tags only its pages had, to Folio's lists", async () => {
    const source = await blog('hugo-terms', {
      'hugo.toml': 'baseURL = "https://terms.example/"\ntitle = "Terms"\n',
      'content/posts/one.md':
        '---\ntitle: One\ndate: 2021-01-01\ncategories: "Windows, Tasks"\ntags: [go]\n---\nOne.\n',
      'content/posts/two.md': '---\ntitle: Two\ndate: 2021-01-02\ntags: [go]\n---\nTwo.\n',
      'content/til/note.md':
        '---\ntitle: Today\ndate: 2021-01-03\ntags: [phpstorm, go]\n---\nLearned.\n',
    });
    // As Hugo 0.111 wrote them: one category "Windows, Tasks", and the tag phpstorm of a page.
    const { target } = await importAndServe(source, 'hugo-terms', [
      '/categories/windows-tasks/',
      '/tags/phpstorm/',
      '/tags/go/',
    ]);
    const config = await readFile(join(target, 'folio.config.yaml'), 'utf8');
    assert.match(config, /^ {2}\/categories\/windows-tasks\/: \/categories\/windows\/$/m);
    assert.match(config, /^ {2}\/tags\/phpstorm\/: \/tags\/$/m);
    assert.doesNotMatch(config, /^ {2}\/tags\/go\/:/m);
  });
});

describe('importing a Hugo blog with pages of its lists under another folder', () => {
  it('answers the pages Hugo 0.111 wrote for each list, the first included', async () => {
    const source = await blog('hugo-pager', {
      'hugo.toml':
        'baseURL = "https://pager.example/"\ntitle = "Pager"\npaginate = 1\npaginatePath = "paginator"\n',
      'content/posts/a.md':
        '---\ntitle: A\ndate: 2021-01-01\ncategories: [Ruby]\ntags: [go]\n---\nA.\n',
      'content/posts/b.md':
        '---\ntitle: B\ndate: 2021-01-02\ncategories: [ruby]\ntags: [go]\n---\nB.\n',
    });
    // Hugo kept one category of both spellings, with two pages, and led each list's first page,
    // `…/paginator/1/`, to the list.
    await importAndServe(source, 'hugo-pager', [
      '/paginator/1/',
      '/paginator/2/',
      '/categories/ruby/paginator/1/',
      '/categories/ruby/paginator/2/',
      '/tags/go/paginator/1/',
      '/tags/go/paginator/2/',
      '/posts/paginator/1/',
      '/posts/paginator/2/',
    ]);
  });
});

describe('importing a Hugo blog that served its pages as files (uglyURLs)', () => {
  it('keeps every old .html URL: posts, pages, lists and their later pages', async () => {
    const post = (n: number) =>
      `---\ntitle: Post ${n}\ndate: 2021-03-0${n}\ntags: [x]\ncategories: [Cat]\n---\nText ${n}.\n`;
    const source = await blog('hugo-ugly', {
      'hugo.toml':
        'baseURL = "https://ugly.example/"\ntitle = "Ugly"\nuglyURLs = true\npaginate = 1\n[permalinks]\nposts = "/:year/:month/:slug/"\n',
      'content/posts/one.md': post(1),
      'content/posts/two.md': post(2),
      'content/posts/three.md': post(3),
      'content/about.md': '---\ntitle: About\n---\nMe.\n',
    });
    const { target } = await importAndServe(source, 'hugo-ugly', [
      '/2021/03/post-1.html',
      '/2021/03/post-3.html',
      '/about.html',
      '/tags/x.html',
      '/tags/x/page/3.html',
      '/categories/cat.html',
      '/posts.html',
      '/posts/page/2.html',
      '/page/2.html',
      '/tags.html',
    ]);
    assert.match(
      await readFile(join(target, 'content/posts/one.md'), 'utf8'),
      /^aliases:\n {2}- \/2021\/03\/post-1\.html$/m,
    );
    const config = await readFile(join(target, 'folio.config.yaml'), 'utf8');
    assert.match(config, /^ {2}\/tags\/x\.html: \/tags\/x\/$/m);
    assert.match(config, /^ {2}\/posts\.html: \/archives\/$/m);
    assert.match(config, /^ {2}\/page\/2\.html: \/page\/2\/$/m);
    assert.match(await pageOf(target, '/2021/03/post-1.html'), /Text 1\./);
  });
});

describe('importing a Hugo blog whose config spells its keys as older Hugo did', () => {
  it('reads them in any case, as Hugo does', async () => {
    const source = await blog('hugo-spelled', {
      'config/_default/config.toml':
        'BaseURL = "https://spelled.example/"\nLanguageCode = "ko"\nDefaultContentLanguage = "ko"\nTitle = "Site title"\nPaginate = 5\n',
      'config/_default/languages.toml':
        '[ko]\ntitle = "한국어 제목"\ndescription = "꾸준히"\ncontentDir = "content"\nweight = 1\n',
      'content/post/one.md': '---\ntitle: 하나\ndate: 2022-01-01\ntags: [a]\n---\n본문.\n',
    });
    const { imported, target, report } = await importAndServe(source, 'hugo-spelled', [
      '/post/one/',
    ]);
    assert.match(imported.stdout, /1 of 1 post imported/);
    assert.doesNotMatch(report, /not imported \(import them with --lang/);
    const config = await readFile(join(target, 'folio.config.yaml'), 'utf8');
    assert.match(config, /^title: 한국어 제목\ntagline: 꾸준히\nurl: https:\/\/spelled\.example$/m);
    assert.match(config, /^locale: ko$/m);
    assert.match(config, /^pageSize: 5$/m);
  });
});

describe('importing a Hugo blog written in two languages', () => {
  const files = {
    'hugo.toml':
      'title = "Two languages"\nbaseURL = "https://two.example/"\ndefaultContentLanguage = "en"\n[languages.en]\nweight = 1\n[languages.ko]\nweight = 2\ntitle = "두 언어"\nlanguageCode = "ko-KR"\n[languages.ko.params]\ndescription = "한국어 블로그"\n',
    'content/posts/hello.md':
      '---\ntitle: Hello\ndate: 2022-01-01\ntags: [greeting]\n---\nHello.\n',
    'content/posts/hello.ko.md':
      '---\ntitle: 안녕하세요\ndate: 2022-01-01\ntags: [인사]\n---\n안녕하세요.\n',
    'content/posts/only.ko.md':
      '---\ntitle: 한국어만\ndate: 2022-02-01\ntags: [인사]\n---\n본문.\n',
  };

  it('imports the default language and reports the others', async () => {
    // Hugo also wrote the default language's home at /en/, leading to /.
    const result = await importAndServe(await blog('two-languages', files), 'two-default', [
      '/posts/hello/',
      '/en/',
    ]);
    assert.equal(result.imported.code, 0, result.imported.stderr);
    assert.match(result.imported.stdout, /1 of 1 post imported/);
    assert.match(
      await readFile(join(result.target, 'folio.config.yaml'), 'utf8'),
      /^title: Two languages$/m,
    );
    assert.match(
      result.report,
      /2 posts in the language "ko" were not imported \(import them with --lang ko/,
    );
  });

  it('imports the language --lang names, at the URLs Hugo gave it under /ko/', async () => {
    const source = join(root, 'two-languages');
    const target = join(root, 'two-ko-site');
    const imported = await run(['import', source, target, '--lang', 'ko']);
    assert.equal(imported.code, 0, imported.stderr);
    assert.match(imported.stdout, /2 of 2 posts imported/);
    // The language's own title, description and language, over the site's.
    const config = await readFile(join(target, 'folio.config.yaml'), 'utf8');
    assert.match(config, /^title: 두 언어\ntagline: 한국어 블로그$/m);
    assert.match(config, /^locale: ko$/m);
    const checked = await run(['check', target]);
    assert.equal(checked.code, 0, checked.stderr);
    const child = folio(['serve', target, '--port', '0']);
    try {
      const base = await serverUrl(child);
      for (const url of ['/ko/posts/hello/', '/ko/posts/only/']) {
        const page = await fetch(`${base}${url}`);
        assert.equal(page.status, 200, `${url} answers`);
      }
      assert.match(await (await fetch(`${base}/ko/posts/only/`)).text(), /한국어만/);
    } finally {
      child.kill('SIGTERM');
    }
  });
});

describe('importing a Hugo blog with a content folder for each language', () => {
  it("serves the imported language's files where Hugo did, and not the other's", async () => {
    const result = await importAndServe(
      await blog('hugo-language-folders', {
        'hugo.toml':
          'title = "Notes"\nbaseURL = "https://notes.example/"\ndefaultContentLanguage = "ja"\n[languages.ja]\ncontentDir = "content/ja"\nweight = 1\n[languages.en]\ncontentDir = "content/en"\nweight = 2\n',
        'content/ja/posts/search.md':
          '---\ntitle: 検索\ndate: 2017-08-13\n---\n[test.json](/posts/test.json)\n',
        'content/ja/posts/test.json': '{"query": 1}\n',
        // A whole HTML document, with no front matter: Hugo published it as it is.
        'content/ja/tutorial.html':
          '<!DOCTYPE html>\n<html><head><title>A tutorial</title></head><body>Steps.</body></html>\n',
        'content/en/posts/search.md': '---\ntitle: Search\ndate: 2017-08-13\n---\nSearch.\n',
        'content/en/posts/english.json': '{}\n',
      }),
      'hugo-language-folders',
      ['/posts/search/', '/posts/test.json', '/tutorial.html'],
    );
    assert.equal(result.imported.code, 0, result.imported.stderr);
    assert.equal(existsSync(join(result.target, 'static/ja/posts/test.json')), false);
    assert.equal(existsSync(join(result.target, 'static/posts/english.json')), false);
  });
});

describe('importing the standalone pages of a blog', () => {
  const fixture = (name: string): string =>
    join(import.meta.dirname, 'fixtures', 'blogs', `${name}-pages`);

  /** Imports a fixture blog, checks the site, and serves it while `look` asks it things. */
  async function importServing(
    name: string,
    look: (answer: (path: string) => Promise<Response>, target: string) => Promise<void>,
  ) {
    const source = fixture(name);
    const target = join(root, `${name}-pages-site`);
    const before = await snapshot(source);
    const imported = await run(['import', source, target]);
    assert.deepEqual(await snapshot(source), before, 'the source is never changed');
    assert.equal(imported.code, 0, imported.stderr);
    const checked = await run(['check', target]);
    assert.equal(checked.code, 0, checked.stderr);
    const child = folio(['serve', target, '--port', '0']);
    try {
      const base = await serverUrl(child);
      await look((path) => fetch(`${base}${path}`, { redirect: 'manual' }), target);
    } finally {
      child.kill('SIGTERM');
    }
    return { imported, report: await readFile(join(target, 'import-report.md'), 'utf8') };
  }

  async function assertRedirect(answer: Promise<Response>, to: string): Promise<void> {
    const response = await answer;
    assert.equal(response.status, 301, `${response.url} redirects`);
    assert.equal(new URL(response.headers.get('location') ?? '', response.url).pathname, to);
  }

  async function pageTitle(answer: Promise<Response>): Promise<string> {
    const response = await answer;
    assert.equal(response.status, 200, `${response.url} answers`);
    return /<h1[^>]*>([^<]*)<\/h1>/.exec(await response.text())?.[1] ?? '';
  }

  it('Jekyll: About at /about.html becomes /about/, linked in the menu as header_pages had it', async () => {
    const result = await importServing('jekyll', async (answer, target) => {
      assert.equal(await pageTitle(answer('/about/')), 'About me');
      await assertRedirect(answer('/about.html'), '/about/');
      assert.equal(await pageTitle(answer('/now/')), 'Now');
      assert.equal(await pageTitle(answer('/uses/')), 'Uses');
      assert.equal(
        await pageTitle(answer('/contact/')),
        'Contact',
        '_pages/, which include: names',
      );
      await assertRedirect(answer('/uses.html'), '/uses/');
      // A page named like the posts' folder gets another name; its old URL still leads to it.
      assert.equal(await pageTitle(answer('/posts-page/')), 'Writing elsewhere');
      await assertRedirect(answer('/posts.html'), '/posts-page/');
      const about = await (await answer('/about/')).text();
      assert.match(about, /<img[^>]* src="\/images\/me\.png"/, 'the image is found where it was');
      assert.equal((await answer('/images/me.png')).status, 200);
      assert.match(about, /href="\/posts\/first\/"/);
      // Jekyll's `link` tag names a page by its file.
      assert.match(about, /<a href="\/contact\/">the contact page<\/a>/);
      const first = await (await answer('/posts/first/')).text();
      assert.match(
        first,
        /<img[^>]* src="\/images\/me\.png"/,
        "a post's relative image, read from where Jekyll served the post, is found",
      );
      const nav = /<nav[\s\S]*?<\/nav>/.exec(about)?.[0] ?? '';
      assert.match(nav, /href="\/about\/"[\s\S]*href="\/now\/"/, 'About, then Now');
      assert.doesNotMatch(nav, /href="\/uses\/"/);
      const file = await readFile(join(target, 'content/pages/about.md'), 'utf8');
      assert.match(
        file,
        /^title: About me\ndescription: Who writes here\.\nnav: true\norder: 1\n/m,
      );
    });
    assert.match(result.imported.stdout, /1 of 1 post imported .*, 5 pages/);
    assert.match(result.report, /`archives\.md:1`: Liquid builds it from the site/);
    assert.match(
      result.report,
      /`_pages\/404\.md:1`: the page for a missing address: Folio makes its own 404 page/,
    );
    assert.match(result.report, /`posts\.md:1`: imported as the page \/posts-page\//);
  });

  it('Hexo: source/about/index.md stays at /about/ with its image; tag and category stubs are left to Folio', async () => {
    const result = await importServing('hexo', async (answer) => {
      assert.equal(await pageTitle(answer('/about/')), 'About');
      assert.match(await (await answer('/about/')).text(), /src="\/about\/me\.png"/);
      assert.equal((await answer('/about/me.png')).status, 200);
      assert.equal(await pageTitle(answer('/archives-page/')), 'Old archive notes');
      const tags = await (await answer('/tags/')).text();
      assert.match(tags, /href="\/tags\/hexo\/"/, "/tags/ is Folio's index of tags");
    });
    assert.match(result.imported.stdout, /, 2 pages/);
    assert.match(
      result.report,
      /`source\/tags\/index\.md:1`: a page of type: tags, the list of tags: Folio makes \/tags\//,
    );
    assert.match(result.report, /`source\/categories\/index\.md:1`: a page of type: categories/);
    assert.match(
      result.report,
      /`source\/talking\/index\.md:1`: a page of type: shuoshuo, which the theme filled from its data/,
    );
    assert.match(
      result.report,
      /`source\/archives\/index\.md:1`: imported as the page \/archives-page\/: Folio's own pages are at \/archives\/; its old URL \/archives\/ shows Folio's own page now/,
    );
  });

  it('Hugo: a page bundle, a top-level page and one with its own url keep every old URL', async () => {
    const result = await importServing('hugo', async (answer) => {
      const about = await (await answer('/about/')).text();
      assert.match(about, /<img[^>]* src="\/about\/portrait\.jpg"/);
      assert.equal((await answer('/about/portrait.jpg')).status, 200);
      await assertRedirect(answer('/me/'), '/about/');
      assert.equal(await pageTitle(answer('/colophon/')), 'Colophon');
      await assertRedirect(answer('/site/colophon.html'), '/colophon/');
      const nav = /<nav[\s\S]*?<\/nav>/.exec(about)?.[0] ?? '';
      assert.match(nav, /href="\/about\/"[\s\S]*href="\/now\/"/, 'by their menu weights');
      assert.doesNotMatch(nav, /href="\/colophon\/"/);
      assert.equal((await answer('/search/')).status, 200, "Folio's own search page");
      // `relref` names a page by its folder.
      const now = await (await answer('/now/')).text();
      assert.match(now, /<a href="\/about\/">the author<\/a>/);
    });
    assert.match(result.imported.stdout, /, 3 pages/);
    assert.match(result.report, /`content\/_index\.md:1`: the home page's text/);
    assert.match(result.report, /`content\/search\/index\.md:1`: its layout is search/);
  });
});

describe("importing a Jekyll blog's redirects and comments", () => {
  it('keeps the old URLs of redirect_from, and never shows what a comment hid', async () => {
    const result = await importAndServe(
      await blog('jekyll-redirect-from', {
        '_config.yml': 'title: Notes\nplugins: [jekyll-redirect-from]\n',
        '_posts/2024-01-02-part-one.md':
          '---\ntitle: Part one\nredirect_from:\n  - /2024/01/02/old-name.html\n  - /old/\n---\nShown.\n\n{::comment}\nA note to self.\n{:/comment}\n\n{% comment %}\nAnother.\n{% endcomment %}\n',
        'about.md': '---\ntitle: About\nredirect_from: me/\n---\nWho writes here.\n',
        // A list of the tags made by Liquid, which Folio makes itself.
        'tags.md':
          '---\nlayout: page\npermalink: /tags/\ntitle: Tags\n---\n{% assign sorted = site.tags | sort %}\n<ul>{% for tag in sorted %}<li>{{ tag | first }}</li>{% endfor %}</ul>\n',
      }),
      'jekyll-redirect-from',
      ['/2024/01/02/old-name.html', '/old/', '/me/', '/2024/01/02/part-one.html'],
    );
    const post = result.answers.get('/old/') ?? '';
    assert.match(post, /Shown\./);
    assert.doesNotMatch(post, /note to self|Another/);
    assert.match(result.answers.get('/me/') ?? '', /Who writes here\./);
    assert.match(result.report, /`tags\.md:1`: Liquid builds it from the site/);
    assert.deepEqual(await readdir(join(result.target, 'content/pages')), ['about.md']);
  });
});

describe('importing a Hexo blog as Hexo read it', () => {
  it('reads tabs in front matter, lower-cases its terms as filename_case did, and keeps each path of categories', async () => {
    const result = await importAndServe(
      await blog('hexo-as-read', {
        '_config.yml':
          'title: Notes\nurl: https://hexo.example\npermalink: :year/:month/:day/:title/\nfilename_case: 1\n',
        'source/_posts/debug.md':
          '---\ntitle: Debugging\ndate: 2023-03-17 19:19:10\ntags:\n\t- Vue.js\ncategories:\n\t- Tools\n---\nA breakpoint.\n',
        // Two paths of categories, each a page of Hexo's: /categories/gpu/cuda/ and /categories/wiki/.
        'source/_posts/cuda.md':
          '---\ntitle: CUDA notes\ndate: 2019-07-31 19:16:45\ncategories:\n- [GPU, CUDA]\n- [wiki]\n---\nKernels.\n',
      }),
      'hexo-as-read',
      [
        '/2023/03/17/debug/',
        '/tags/vue-js/',
        '/categories/tools/',
        '/categories/gpu/',
        '/categories/gpu/cuda/',
        '/categories/wiki/',
      ],
    );
    assert.match(result.answers.get('/categories/wiki/') ?? '', /CUDA notes/);
    assert.match(result.answers.get('/2023/03/17/debug/') ?? '', /A breakpoint\./);
    assert.match(result.answers.get('/tags/vue-js/') ?? '', /Debugging/);
  });
});

describe('importing posts their theme kept off its lists, or described in a subtitle', () => {
  it('lists them at their old URLs and says so, and takes the subtitle for the description', async () => {
    const result = await importAndServe(
      await blog('hexo-hidden', {
        '_config.yml': 'title: Notes\nurl: https://hidden.example\npermalink: :title/\n',
        'source/_posts/secret.md':
          '---\ntitle: Secret\ndate: 2023-03-17 19:19:10\nhidden: true\nsubtitle: Only for those who have the link\n---\nShh.\n',
      }),
      'hexo-hidden',
      ['/secret/'],
    );
    assert.match(
      result.report,
      /`source\/_posts\/secret\.md:1`: `hidden: true` kept it off the blog's lists, and Folio lists every post/,
    );
    const post = await readFile(join(result.target, 'content/posts/secret.md'), 'utf8');
    assert.match(post, /^description: Only for those who have the link$/m);
  });
});

describe('importing a Jekyll blog kept in a folder its config names (source: src)', () => {
  it('reads its posts, pages and collections there, at the URLs Jekyll gave them', async () => {
    const result = await importAndServe(
      await blog('jekyll-source', {
        '_config.yml': 'title: Notes\nsource: src\ncollections:\n  notes:\n    output: true\n',
        'src/_posts/2024-01-02-first.md':
          '---\ntitle: First\ncategories: [C++]\n---\nSee [the notes](/notes/gdb/).\n',
        'src/_notes/gdb.md': '---\ntitle: GDB\n---\nBreak here.\n',
        'src/about.md': '---\ntitle: About\n---\nWho writes here.\n',
      }),
      'jekyll-source',
      ['/c++/2024/01/02/first.html', '/notes/gdb.html', '/about.html'],
    );
    assert.match(result.answers.get('/notes/gdb.html') ?? '', /Break here\./);
    assert.doesNotMatch(result.config, /\bsrc\b/);
  });
});
