// Post URLs from the config's permalink or a post's own `url`, old paths kept by aliases and
// redirects, and posts written as folders — as `folio serve`, `folio build` and `folio check` meet them.
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { folio, run, serverUrl } from './support/folio-cli.js';
import { tempRoot } from './support/temp-root.js';

const root = tempRoot('folio-urls-');
const site = join(root, 'site');

async function write(path: string, text: string): Promise<void> {
  await mkdir(join(path, '..'), { recursive: true });
  await writeFile(path, text);
}

before(async () => {
  await write(
    join(site, 'folio.config.yaml'),
    `title: Moved In
url: https://blog.example.com
author:
  name: Jane
timezone: Asia/Seoul
permalink: /:year/:month/:day/:slug/
redirects:
  /tag/Rust/: /tags/rust/
  /page2/: /page/2/
  /index.xml: /feed.xml
  /tags/rust/index.xml: /tags/rust/feed.xml
  /rss/: /feed.xml
`,
  );
  const posts = join(site, 'content', 'posts');
  await write(
    join(posts, '2015-05-21-rnn.md'),
    `---
title: RNN
date: 2015-05-20 23:30:00 +0000
tags: [rust]
slug: rnn
aliases: [/blog/rnn.html, "/옛/주소/"]
---
See [the bundle](/2017/03/04/bundle/).
`,
  );
  await write(
    join(posts, 'own-url.md'),
    `---
title: Own URL
date: 2016-01-02
tags: [rust]
url: /archive/own-url/
aliases: [/archive/own-url, /archive/Own-URL, /2016/own]
---
Kept where it was.
`,
  );
  await write(
    join(posts, 'bundle', 'index.md'),
    `---
title: Bundle
date: 2017-03-04
tags: [go]
---
![A cat](cat.png) and [the notes](files/notes.txt).
`,
  );
  await write(join(posts, 'bundle', 'cat.png'), 'not really a png');
  await write(join(posts, 'bundle', 'files', 'notes.txt'), 'notes beside the post\n');
  await write(join(site, 'static', '_redirects'), '/from-the-author /elsewhere 302\n');
  await write(join(site, 'static', 'slides', 'deck', 'index.html'), '<p>A slide deck</p>\n');
});

describe('serving posts at their URLs and old paths', () => {
  let child: ReturnType<typeof folio>;
  let base: string;
  before(async () => {
    child = folio(['serve', site, '--port', '0']);
    base = await serverUrl(child);
  });
  after(() => child.kill('SIGTERM'));

  const get = (path: string) => fetch(`${base}${path}`, { redirect: 'manual' });

  it('serves each post at its permalink, dated in the site time zone, or at its own url', async () => {
    assert.equal((await get('/2015/05/21/rnn/')).status, 200);
    assert.equal((await get('/archive/own-url/')).status, 200);
    assert.equal((await get('/posts/rnn/')).status, 404);
    const home = await (await get('/')).text();
    assert.match(home, /href="\/2015\/05\/21\/rnn\/"/);
    assert.match(home, /href="\/archive\/own-url\/"/);
  });

  it('answers every alias and redirect with a 301 to the page', async () => {
    for (const [from, to] of [
      ['/blog/rnn.html', '/2015/05/21/rnn/'],
      ['/%EC%98%9B/%EC%A3%BC%EC%86%8C/', '/2015/05/21/rnn/'],
      ['/tag/Rust/', '/tags/rust/'],
      // An old path written without its slash is a folder, answered with it or without.
      ['/2016/own', '/archive/own-url/'],
      ['/2016/own/', '/archive/own-url/'],
      // The post's own URL in other case.
      ['/archive/Own-URL/', '/archive/own-url/'],
      // A feed's old address: readers follow the 301 and keep the subscription.
      ['/index.xml', '/feed.xml'],
    ] as const) {
      const response = await get(from);
      assert.equal(response.status, 301, from);
      assert.equal(response.headers.get('location'), to, from);
    }
  });

  it("answers a folder of static/ with its index.html, and a page's index.html with the page", async () => {
    const deck = await get('/slides/deck/');
    assert.equal(deck.status, 200);
    assert.equal(await deck.text(), '<p>A slide deck</p>\n');
    const page = await get('/archive/own-url/index.html');
    assert.equal(page.status, 301);
    assert.equal(page.headers.get('location'), '/archive/own-url/');
    assert.equal((await get('/nowhere/index.html')).status, 404);
  });

  it('serves the files of a post written as a folder beside its page, and links them there', async () => {
    const image = await get('/2017/03/04/bundle/cat.png');
    assert.equal(image.status, 200);
    assert.equal(await image.text(), 'not really a png');
    assert.equal(
      await (await get('/2017/03/04/bundle/files/notes.txt')).text(),
      'notes beside the post\n',
    );
    assert.equal((await get('/2017/03/04/bundle/index.md')).status, 404);
    const page = await (await get('/2017/03/04/bundle/')).text();
    assert.match(page, /src="\/2017\/03\/04\/bundle\/cat\.png"/);
    const feed = await (await get('/feed.xml')).text();
    assert.match(feed, /src="https:\/\/blog\.example\.com\/2017\/03\/04\/bundle\/cat\.png"/);
  });
});

describe('exporting posts at their URLs and old paths', () => {
  const out = join(root, 'out');
  before(async () => {
    const built = await run(['build', site, '--out', out]);
    assert.equal(built.code, 0, built.stderr);
  });

  it('writes each post at its URL and its folder files beside it', async () => {
    assert.match(await readFile(join(out, '2015/05/21/rnn/index.html'), 'utf8'), /<h1[^>]*>RNN/);
    assert.equal(
      await readFile(join(out, '2017/03/04/bundle/cat.png'), 'utf8'),
      'not really a png',
    );
    assert.equal(
      await readFile(join(out, '2017/03/04/bundle/files/notes.txt'), 'utf8'),
      'notes beside the post\n',
    );
  });

  it('leaves a page at each old path that sends browsers and search engines on', async () => {
    // The own URL written without its slash leaves the page as it is: no file stands beside it.
    assert.match(await readFile(join(out, 'archive/own-url/index.html'), 'utf8'), /Own URL/);
    assert.match(
      await readFile(join(out, '2016/own/index.html'), 'utf8'),
      /<meta http-equiv="refresh" content="0; url=\/archive\/own-url\/">/,
    );
    for (const file of ['blog/rnn.html', '옛/주소/index.html']) {
      const page = await readFile(join(out, file), 'utf8');
      assert.match(
        page,
        /<meta http-equiv="refresh" content="0; url=\/2015\/05\/21\/rnn\/">/,
        file,
      );
      assert.match(
        page,
        /<link rel="canonical" href="https:\/\/blog\.example\.com\/2015\/05\/21\/rnn\/">/,
      );
    }
  });

  it("holds the feed itself at a feed's old address, which readers fetch without following a page", async () => {
    const feed = await readFile(join(out, 'feed.xml'), 'utf8');
    assert.equal(await readFile(join(out, 'index.xml'), 'utf8'), feed);
    assert.equal(
      await readFile(join(out, 'tags/rust/index.xml'), 'utf8'),
      await readFile(join(out, 'tags/rust/feed.xml'), 'utf8'),
    );
    // An old address that names no XML file is a folder, and its page sends browsers on.
    assert.match(
      await readFile(join(out, 'rss/index.html'), 'utf8'),
      /<meta http-equiv="refresh" content="0; url=\/feed\.xml">/,
    );
  });

  it("writes one _redirects file: the author's lines, then every old path", async () => {
    const lines = (await readFile(join(out, '_redirects'), 'utf8')).split('\n');
    assert.equal(lines[0], '/from-the-author /elsewhere 302');
    for (const line of [
      '/blog/rnn.html /2015/05/21/rnn/ 301',
      '/%EC%98%9B/%EC%A3%BC%EC%86%8C/ /2015/05/21/rnn/ 301',
      '/tag/Rust/ /tags/rust/ 301',
      '/page2/ /page/2/ 301',
      '/2016/own/ /archive/own-url/ 301',
      '/archive/Own-URL/ /archive/own-url/ 301',
    ]) {
      assert.ok(lines.includes(line), line);
    }
  });
});

describe('checking URLs', () => {
  it('reports two posts at one URL, and an alias that is a post, naming both files', async () => {
    const clash = join(root, 'clash');
    await write(
      join(clash, 'folio.config.yaml'),
      'title: Clash\nurl: https://x.example\nauthor:\n  name: J\npermalink: /:year/:slug/\n',
    );
    await write(
      join(clash, 'content/posts/a.md'),
      '---\ntitle: A\ndate: 2020-01-01\ntags: [x]\nurl: /2020/b/\n---\nA\n',
    );
    await write(
      join(clash, 'content/posts/b.md'),
      '---\ntitle: B\ndate: 2020-02-01\ntags: [x]\n---\nB\n',
    );
    await write(
      join(clash, 'content/posts/c.md'),
      '---\ntitle: C\ndate: 2020-03-01\ntags: [x]\naliases: [/2020/a/, /2020/b/]\n---\nC\n',
    );
    const checked = await run(['check', clash]);
    assert.equal(checked.code, 1);
    assert.match(
      checked.stderr,
      /content\/posts\/a\.md:5: \/2020\/b\/ is claimed twice: also by the page of .*b\.md/,
    );
    assert.match(checked.stderr, /content\/posts\/c\.md:5: \/2020\/b\/ is claimed twice/);
  });
});
