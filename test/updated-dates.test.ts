// A post's `updated` date on the real server: shown on its page, told to JSON-LD, the sitemap and
// Atom, and never a reason to move the post in any order; and the same in the static export, whose
// feeds a reader reads as it reads the server's.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { extractFromJson } from '@extractus/feed-extractor';
import { parseFeed } from '@rowanmanning/feed-parser';
import * as cheerio from 'cheerio';
import { fileOf } from '../src/delivery/static/document-writer.js';
import { run } from './support/folio-cli.js';
import { serveSite, type ServedFixture } from './support/serve-fixture.js';
import { tempRoot } from './support/temp-root.js';

const root = tempRoot('folio-updated-');
const dir = join(root, 'site');
mkdirSync(join(dir, 'content', 'posts'), { recursive: true });
writeFileSync(
  join(dir, 'folio.config.yaml'),
  'title: Notes\nurl: https://notes.example.com\ntimezone: UTC\nauthor:\n  name: Ann\n',
);
const posts = {
  revised: 'date: 2024-01-10 08:00\nupdated: 2024-06-01 12:30',
  newer: 'date: 2024-02-01',
  plain: 'date: 2024-01-01',
};
for (const [slug, dates] of Object.entries(posts)) {
  writeFileSync(
    join(dir, 'content', 'posts', `${slug}.md`),
    `---\ntitle: ${slug}\n${dates}\ntags: [notes]\n---\n\nText of ${slug}.\n`,
  );
}

let site: ServedFixture;
before(async () => {
  site = await serveSite(dir, { now: () => Date.parse('2025-01-01T00:00:00Z') });
});
after(async () => {
  await site.server.close();
});

const page = async (path: string) => cheerio.load(await (await site.get(path)).text());

describe('an updated post', () => {
  it('says on its page when it was updated, beside when it was published', async () => {
    const $ = await page('/posts/revised/');
    const times = $('.byline time')
      .map((_, time) => $(time).attr('datetime'))
      .get();
    assert.deepEqual(times, ['2024-01-10T08:00:00Z', '2024-06-01T12:30:00Z']);
    assert.match($('.byline .updated').text(), /Updated 2024-06-01 12:30/);
    const data = JSON.parse($('script[type="application/ld+json"]').text()) as Record<
      string,
      string
    >;
    assert.equal(data.datePublished, '2024-01-10T08:00:00Z');
    assert.equal(data.dateModified, '2024-06-01T12:30:00Z');
  });

  it('shows no update where there is none, and none on listing entries', async () => {
    assert.equal((await page('/posts/plain/'))('.byline .updated').length, 0);
    assert.equal((await page('/'))('.updated').length, 0);
  });

  it('keeps its place by its date in listings and feeds', async () => {
    const $ = await page('/');
    const titles = $('main article h2')
      .map((_, h) => $(h).text().trim())
      .get();
    assert.deepEqual(titles, ['newer', 'revised', 'plain']);
    const rss = await (await site.get('/feed.xml')).text();
    assert.deepEqual(
      [...rss.matchAll(/<item>[\s\S]*?<title><!\[CDATA\[(\w+)\]\]>/g)].map((m) => m[1]),
      ['newer', 'revised', 'plain'],
    );
    assert.match(rss, /<pubDate>Wed, 10 Jan 2024 08:00:00 GMT<\/pubDate>/);
  });

  it('gives the sitemap and Atom the date of its last change', async () => {
    const sitemap = await (await site.get('/sitemap.xml')).text();
    assert.match(
      sitemap,
      /<loc>https:\/\/notes\.example\.com\/posts\/revised\/<\/loc><lastmod>2024-06-01T12:30:00\.000Z<\/lastmod>/,
    );
    assert.match(sitemap, /tags\/notes\/<\/loc><lastmod>2024-06-01T12:30:00\.000Z</);
    const atom = await (await site.get('/atom.xml')).text();
    assert.match(atom, /<feed[\s\S]*?<updated>2024-06-01T12:30:00\.000Z<\/updated>/);
    const entry =
      /<entry>(?:(?!<\/entry>)[\s\S])*?revised\/(?:(?!<\/entry>)[\s\S])*<\/entry>/.exec(
        atom,
      )?.[0] ?? '';
    assert.match(entry, /<updated>2024-06-01T12:30:00\.000Z<\/updated>/);
    assert.match(entry, /<published>2024-01-10T08:00:00\.000Z<\/published>/);
  });
});

describe('an updated post, exported', () => {
  const out = join(root, 'out');
  before(async () => {
    const built = await run(['build', dir, '--out', out]);
    assert.equal(built.code, 0, built.stderr);
  });

  /** The exported file of `path`, and the server's answer for it. */
  async function both(path: string): Promise<{ exported: string; served: string }> {
    const served = await (await site.get(path)).text();
    return { exported: readFileSync(join(out, fileOf(path)), 'utf8'), served };
  }

  it('shows the update on its page and in JSON-LD as the server does', async () => {
    const { exported, served } = await both('/posts/revised/');
    for (const body of [exported, served]) {
      const $ = cheerio.load(body);
      assert.deepEqual(
        $('.byline time')
          .map((_, time) => $(time).attr('datetime'))
          .get(),
        ['2024-01-10T08:00:00Z', '2024-06-01T12:30:00Z'],
      );
      const data = JSON.parse($('script[type="application/ld+json"]').text()) as Record<
        string,
        string
      >;
      assert.equal(data.dateModified, '2024-06-01T12:30:00Z');
    }
    assert.equal(exported, served);
  });

  it('gives the sitemap and Atom the date of its last change, as the server does', async () => {
    for (const [path, change] of [
      ['/sitemap.xml', /revised\/<\/loc><lastmod>2024-06-01T12:30:00\.000Z<\/lastmod>/],
      ['/atom.xml', /revised\/"\/>\s*<updated>2024-06-01T12:30:00\.000Z<\/updated>/],
    ] as const) {
      const { exported, served } = await both(path);
      assert.match(exported, change, path);
      assert.equal(exported, served, path);
    }
  });

  it('writes a JSON Feed and a tag feed that a reader reads as the server answers them', async () => {
    const json = await both('/feed.json');
    const read = (body: string) =>
      extractFromJson(JSON.parse(body) as Parameters<typeof extractFromJson>[0], {
        normalization: true,
      });
    assert.deepEqual(
      read(json.exported).entries?.map((entry) => entry.title),
      ['newer', 'revised', 'plain'],
    );
    assert.deepEqual(read(json.exported), read(json.served));
    assert.match(json.exported, /"date_modified": "2024-06-01T12:30:00/);

    const tag = await both('/tags/notes/feed.xml');
    const feed = parseFeed(tag.exported).toJSON();
    assert.equal(feed.title, 'notes · Notes');
    assert.deepEqual(
      feed.items.map((item) => item.title),
      ['newer', 'revised', 'plain'],
    );
    assert.deepEqual(feed, parseFeed(tag.served).toJSON());
  });
});
