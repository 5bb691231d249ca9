// `folio import` on small blogs of each engine, written for these tests in each engine's dialect:
// the site it writes passes `folio check`, and every old URL answers on `folio serve`.
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { folio, run, serverUrl, snapshot } from './support/folio-cli.js';
import { tempRoot } from './support/temp-root.js';

const root = tempRoot('folio-import-');

async function blog(name: string, files: Record<string, string>): Promise<string> {
  const dir = join(root, name);
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(dir, path, '..'), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  return dir;
}

const JEKYLL = {
  '_config.yml':
    'title: Jekyll Notes\ndescription: Notes\nurl: https://jekyll.example\nauthor: Jane\ntimezone: Asia/Seoul\nlang: ko\npermalink: /:year/:month/:day/:title.html\nexcerpt_separator: <!--cut-->\npaginate: 5\n',
  '_posts/2019-06-10-liquid.md':
    '---\ntitle: Liquid\ndate: 2019-06-10 14:22:00 +0900\ntags: jekyll ruby\ncategories: [dev, web]\n---\nIntro <!--cut--> rest.\n\n{% highlight ruby %}\nputs 1\n{% endhighlight %}\n\nSee {% post_url 2019-05-03-no-date %} and {% youtube abc123 %}.\n\n`{% keep this %}`\n\n{% include note.html %}\n',
  '_posts/2019-05-03-no-date.md': '---\ntags:\n  - [nested, list]\n---\nBody.\n',
  '_posts/2019-07-01-broken.md': '---\ntitle: [unclosed\n---\nBody.\n',
  '_drafts/idea.md': '---\ntitle: Idea\n---\nLater.\n',
  'assets/cat.png': 'png',
};

const HEXO = {
  '_config.yml':
    'title: Hexo 博客\nsubtitle: 笔记\nurl: https://hexo.example\nlanguage: zh-CN\npermalink: :year/:month/:day/:title/\npost_asset_folder: true\n',
  'source/_posts/算法.md':
    'title: 算法\ndate: 2020-1-2 10:00:00\ncategories:\n- 编程\n- 算法\n---\nFirst <!-- more --> rest ![cat](cat.png)\n\n{% codeblock lang:js %}\nlet a = 1;\n{% endcodeblock %}\n\n{% asset_img cat.png A cat %}\n',
  'source/_posts/算法/cat.png': 'png',
  'source/_posts/sub/nested.md':
    '---\ntitle: Nested\ndate: 2020-02-03\ntags: [Go]\n---\nIn a folder.\n',
  'source/images/logo.png': 'logo',
};

const HUGO = {
  'hugo.toml':
    'title = "Hugo Site"\nbaseURL = "https://hugo.example/"\nlanguageCode = "en-us"\n[permalinks]\nposts = "/:year/:month/:slug/"\n',
  'content/posts/toml.md':
    '+++\ntitle = "TOML post"\ndate = 2021-03-04T05:06:07+09:00\ntags = ["hugo"]\naliases = ["/old/toml/"]\n+++\n{{< figure src="/img/a.png" caption="A caption" >}}\n\n{{< gist jane 123 >}} {{< unknown >}}\n',
  'content/posts/bundle/index.md':
    '{\n  "title": "JSON bundle",\n  "date": "2021-05-06",\n  "categories": ["Go"]\n}\n![pic](pic.png)\n',
  'content/posts/bundle/pic.png': 'pic',
  'content/posts/own.md':
    '---\ntitle: Own\ndate: 2021-07-08\ntags: [x]\nurl: /custom/place/\n---\nBody\n',
  'content/posts/_index.md': '---\ntitle: Posts\n---\n',
  'static/img/a.png': 'a',
};

async function importAndServe(source: string, name: string, oldUrls: readonly string[]) {
  const target = join(root, `${name}-site`);
  const before = await snapshot(source);
  const imported = await run(['import', source, target]);
  assert.deepEqual(await snapshot(source), before, 'the source is never changed');
  const checked = await run(['check', target]);
  assert.equal(checked.code, 0, checked.stderr);
  const child = folio(['serve', target, '--port', '0']);
  try {
    const base = await serverUrl(child);
    for (const url of oldUrls) {
      const response = await fetch(`${base}${url}`);
      assert.equal(response.status, 200, `${url} answers`);
    }
  } finally {
    child.kill('SIGTERM');
  }
  return { imported, target, report: await readFile(join(target, 'import-report.md'), 'utf8') };
}

describe('importing a Jekyll blog', () => {
  let result: Awaited<ReturnType<typeof importAndServe>>;
  before(async () => {
    result = await importAndServe(await blog('jekyll', JEKYLL), 'jekyll', [
      '/2019/06/10/liquid.html',
      '/2019/05/03/no-date.html',
      '/assets/cat.png',
    ]);
  });

  it('reports the post it could not read and exits 1, importing the rest', () => {
    assert.equal(result.imported.code, 1);
    assert.match(result.imported.stderr, /_posts\/2019-07-01-broken\.md:\d+: left out/);
    assert.match(result.imported.stdout, /3 of 4 posts imported \(1 drafts/);
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
  });

  it('takes the date and title from the file name, and nested tag lists', async () => {
    const post = await readFile(join(result.target, 'content/posts/no-date.md'), 'utf8');
    assert.match(post, /title: No date\ndate: "?2019-05-03"?\ntags:\n {2}- nested\n {2}- list/);
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
    assert.match(result.report, /removed \{\{< unknown >\}\}/);
    const config = await readFile(join(result.target, 'folio.config.yaml'), 'utf8');
    assert.match(config, /permalink: \/:year\/:month\/:slug\//);
  });

  it('refuses to write over a file that is there, and writes nothing', async () => {
    const again = await run(['import', join(root, 'hugo'), result.target]);
    assert.equal(again.code, 1);
    assert.match(again.stderr, /already has .*import writes over no file/);
  });
});
