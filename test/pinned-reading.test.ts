// Pinned posts and reading time on the real server and in the real export: a pinned post tops the
// home page, labelled, and keeps its place everywhere else; post pages say how long they take to
// read, and entries do where the config asks.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import * as cheerio from 'cheerio';
import { HtmlValidate } from 'html-validate';
import { run } from './support/folio-cli.js';
import { htmlPage, serveSite, type ServedFixture } from './support/serve-fixture.js';
import { tempRoot } from './support/temp-root.js';

const root = tempRoot('folio-pinned-');

function writeSite(dir: string, config: string, posts: Record<string, string>): void {
  mkdirSync(join(dir, 'content', 'posts'), { recursive: true });
  writeFileSync(
    join(dir, 'folio.config.yaml'),
    `title: Notes\nurl: https://notes.example.com\ntimezone: UTC\nauthor:\n  name: Ann\npageSize: 2\n${config}`,
  );
  for (const [slug, post] of Object.entries(posts)) {
    const [front, body = `Text of ${slug}.`] = post.split('\n---\n');
    writeFileSync(
      join(dir, 'content', 'posts', `${slug}.md`),
      `---\ntitle: ${slug}\ntags: [notes]\ncategory: Notes\n${front}\n---\n\n${body}\n`,
    );
  }
}

const ENGLISH = Array.from({ length: 1190 }, (_, i) => (i % 9 === 0 ? 'reading' : 'word')).join(
  ' ',
);
const KOREAN = '읽기 쉬운 한국어 문장입니다. '.repeat(125);

const dir = join(root, 'site');
writeSite(dir, 'entryExtras: [readingTime]\n', {
  alpha: 'date: 2025-03-01',
  beta: `date: 2025-02-01\n---\n${ENGLISH}`,
  gamma: `date: 2025-01-01\npinned: true\n---\n${KOREAN}`,
  delta: 'date: 2024-12-01',
  'draft-pin': 'date: 2025-04-01\npinned: true\ndraft: true',
  'future-pin': 'date: 2999-01-01\npinned: true',
});

let site: ServedFixture;
before(async () => {
  site = await serveSite(dir, { now: () => Date.parse('2026-01-01T00:00:00Z') });
});
after(async () => {
  await site.server.close();
});

const page = (path: string): Promise<cheerio.CheerioAPI> => htmlPage(site, path);

/** Each entry's title, followed by `(Pinned)` where it is labelled so. */
const entries = ($: cheerio.CheerioAPI): string[] =>
  $('main article')
    .toArray()
    .map((article) => {
      const title = $(article).find('h2, h3').text().trim();
      const label = $(article).find('.entry-pinned').text();
      return label ? `${title} (${label})` : title;
    });

describe('a pinned post on the server', () => {
  it('tops the home page, labelled Pinned, before the newest posts', async () => {
    assert.deepEqual(entries(await page('/')), ['gamma (Pinned)', 'alpha']);
  });

  it('is not repeated on the next page, which keeps pageSize entries and no label', async () => {
    const $ = await page('/page/2/');
    assert.deepEqual(entries($), ['beta', 'delta']);
    assert.equal((await site.get('/page/3/')).status, 404);
  });

  it('keeps its place by date on its category page, its neighbours and in feeds', async () => {
    assert.deepEqual(entries(await page('/categories/notes/')), [
      'alpha',
      'beta',
      'gamma',
      'delta',
    ]);
    const $ = await page('/posts/gamma/');
    assert.equal($('a[rel="prev"]').attr('href'), '/posts/delta/');
    assert.equal($('a[rel="next"]').attr('href'), '/posts/beta/');
    const rss = await (await site.get('/feed.xml')).text();
    assert.deepEqual(
      [...rss.matchAll(/<item>[\s\S]*?<title><!\[CDATA\[(\w+)\]\]>/g)].map((m) => m[1]),
      ['alpha', 'beta', 'gamma', 'delta'],
    );
  });
});

describe('the pages with a pinned post and reading times', () => {
  it('are valid HTML', async () => {
    const validator = new HtmlValidate({ extends: ['html-validate:recommended'] });
    for (const path of ['/', '/page/2/', '/categories/notes/', '/posts/beta/']) {
      const report = await validator.validateString(await (await site.get(path)).text());
      const problems = report.results.flatMap((result) => result.messages);
      assert.deepEqual(
        problems.map((m) => `${path}:${m.line}: ${m.ruleId}: ${m.message}`),
        [],
      );
    }
  });
});

describe('reading time on the server', () => {
  it("says on a post's byline how many minutes it takes to read", async () => {
    assert.equal((await page('/posts/beta/'))('.byline .reading-time').text(), '· 5 min read');
    // 1,500 Hangul syllables, 12 in each sentence, at 500 a minute.
    assert.equal((await page('/posts/gamma/'))('.byline .reading-time').text(), '· 3 min read');
    assert.equal((await page('/posts/alpha/'))('.byline .reading-time').text(), '· 1 min read');
  });

  it('shows it on entries, as the config asks with entryExtras', async () => {
    const $ = await page('/page/2/');
    assert.deepEqual(
      $('main article .reading-time')
        .map((_, span) => $(span).text())
        .get(),
      ['· 5 min read', '· 1 min read'],
    );
  });
});

describe('the exported site', () => {
  let out: string;
  before(async () => {
    out = join(root, 'out');
    const built = await run(['build', dir, '--out', out]);
    assert.equal(built.code, 0, built.stderr);
  });

  const exported = async (path: string) =>
    cheerio.load(await readFile(join(out, path, 'index.html'), 'utf8'));

  it('has the pinned post labelled at the top of / only, its category page unchanged', async () => {
    assert.deepEqual(entries(await exported('')), ['gamma (Pinned)', 'alpha']);
    assert.deepEqual(entries(await exported('page/2')), ['beta', 'delta']);
    assert.deepEqual(entries(await exported('categories/notes')), [
      'alpha',
      'beta',
      'gamma',
      'delta',
    ]);
  });

  it('says how long each post takes to read, as the server does', async () => {
    const $ = await exported('posts/beta');
    assert.equal($('.byline .reading-time').text(), '· 5 min read');
    const data = JSON.parse($('script[type="application/ld+json"]').text()) as Record<
      string,
      unknown
    >;
    assert.equal(data.timeRequired, 'PT5M');
  });
});

describe('reading time turned off, and a pin that is not true or false', () => {
  it('shows no reading time anywhere with readingTime: false', async () => {
    const off = join(root, 'off');
    writeSite(off, 'readingTime: false\nentryExtras: [readingTime]\n', {
      beta: `date: 2025-02-01\n---\n${ENGLISH}`,
    });
    const served = await serveSite(off, { now: () => Date.parse('2026-01-01T00:00:00Z') });
    try {
      for (const path of ['/', '/posts/beta/', '/categories/notes/']) {
        const html = await (await served.get(path)).text();
        assert.doesNotMatch(html, /reading-time|min read|timeRequired/, path);
      }
    } finally {
      await served.server.close();
    }
  });

  it('is reported by check at its file and line, with what to write', async () => {
    const bad = join(root, 'bad');
    writeSite(bad, '', { wrong: 'date: 2025-02-01\npinned: yes please' });
    const checked = await run(['check', bad]);
    assert.equal(checked.code, 1);
    assert.match(checked.stdout + checked.stderr, /content\/posts\/wrong\.md:6\b.*pinned/);
    assert.match(checked.stdout + checked.stderr, /pinned: true/);
  });
});
