// Posts' cover images through the real server, `folio build`, `folio check` and `serve --watch`:
// shown sized on the post's page and, where the config says, in listings; the picture of social
// cards by absolute URL under the site's path; a missing file named with its line.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync, crc32 } from 'node:zlib';
import { describe, it } from 'node:test';
import * as cheerio from 'cheerio';
import { HtmlValidate } from 'html-validate';
import { eventually, folio, run, serverUrl } from './support/folio-cli.js';
import { servedForTests } from './support/serve-fixture.js';
import { tempRoot } from './support/temp-root.js';

const root = tempRoot('folio-covers-');

/** A grey PNG of the given size, valid to the last checksum. */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer): Buffer => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per sample; colour type 0, grey
  const rows = Buffer.alloc((width + 1) * height, 0x80);
  for (let row = 0; row < height; row++) rows[row * (width + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const svg = (width: number, height: number): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="teal"/></svg>\n`;

const POSTS: Record<string, string> = {
  'harbour.md': 'date: 2025-03-05\nimage: /images/harbour.png\nimageAlt: Boats in a harbour',
  'trip/index.md': 'date: 2025-03-04\nimage: cover.svg',
  'remote.md': 'date: 2025-03-03\nimage: https://cdn.example.org/photo.webp',
  'plain.md': 'date: 2025-03-02',
  'oldest.md': 'date: 2025-03-01\nimage: /images/harbour.png',
};

function writeSite(dir: string, posts: Record<string, string> = POSTS): void {
  mkdirSync(join(dir, 'content', 'posts', 'trip'), { recursive: true });
  mkdirSync(join(dir, 'static', 'images'), { recursive: true });
  writeFileSync(
    join(dir, 'folio.config.yaml'),
    'title: Notes\nurl: https://x.github.io/blog\ntimezone: UTC\nauthor:\n  name: Ann\n' +
      'socialImage: /images/card.png\nentryExtras: [image]\n',
  );
  writeFileSync(join(dir, 'static', 'images', 'harbour.png'), png(1200, 630));
  writeFileSync(join(dir, 'static', 'images', 'card.png'), png(600, 315));
  writeFileSync(join(dir, 'content', 'posts', 'trip', 'cover.svg'), svg(800, 600));
  for (const [file, front] of Object.entries(posts)) {
    const title = file.replace(/(?:\/index)?\.md$/, '');
    writeFileSync(
      join(dir, 'content', 'posts', file),
      `---\ntitle: ${title}\n${front}\ntags: [notes]\n---\n\nText of ${title}.\n${title === 'trip' ? '\n![The route](cover.svg)\n' : ''}`,
    );
  }
}

const dir = join(root, 'site');
writeSite(dir);

const site = servedForTests(dir, { now: () => Date.parse('2026-01-01T00:00:00Z') });
const { page } = site;

const meta = ($: cheerio.CheerioAPI, key: string): string | undefined =>
  $(`meta[property="${key}"], meta[name="${key}"]`).attr('content');

/** What a post page's cover and social card say, as one line each to compare. */
function coverOf($: cheerio.CheerioAPI): Record<string, string | undefined> {
  const img = $('article.post > header img.post-cover');
  return {
    img:
      img.length === 0
        ? undefined
        : `${img.attr('src')} ${img.attr('width')}x${img.attr('height')} alt="${img.attr('alt')}" ${img.attr('loading') ?? 'eager'} ${img.attr('decoding')}`,
    og: `${meta($, 'og:image')} ${meta($, 'og:image:width')}x${meta($, 'og:image:height')} ${meta($, 'og:image:alt')}`,
    twitter: `${meta($, 'twitter:card')} ${meta($, 'twitter:image')}`,
    jsonLd: (JSON.parse($('script[type="application/ld+json"]').text()) as { image?: string })
      .image,
  };
}

describe('a cover image on the server', () => {
  it('opens the post page sized, and is its large social card by absolute URL under the site path', async () => {
    assert.deepEqual(coverOf(await page('/blog/posts/harbour/')), {
      img: '/blog/images/harbour.png 1200x630 alt="Boats in a harbour" eager async',
      og: 'https://x.github.io/blog/images/harbour.png 1200x630 Boats in a harbour',
      twitter: 'summary_large_image https://x.github.io/blog/images/harbour.png',
      jsonLd: 'https://x.github.io/blog/images/harbour.png',
    });
    const image = await site.get('/blog/images/harbour.png');
    assert.equal(image.status, 200);
    assert.equal(image.headers.get('content-type'), 'image/png');
  });

  it('may lie beside a post written as slug/index.md, served there with its size known', async () => {
    assert.deepEqual(coverOf(await page('/blog/posts/trip/')), {
      img: '/blog/posts/trip/cover.svg 800x600 alt="" eager async',
      og: 'https://x.github.io/blog/posts/trip/cover.svg 800x600 undefined',
      twitter: 'summary_large_image https://x.github.io/blog/posts/trip/cover.svg',
      jsonLd: 'https://x.github.io/blog/posts/trip/cover.svg',
    });
    // An image of the body beside the post is read the same way.
    const body = (await page('/blog/posts/trip/'))('.post-body img');
    assert.deepEqual(
      [body.attr('src'), body.attr('width'), body.attr('height')],
      ['/blog/posts/trip/cover.svg', '800', '600'],
    );
    const image = await site.get('/blog/posts/trip/cover.svg');
    assert.equal(image.status, 200);
    assert.equal(await image.text(), svg(800, 600));
  });

  it("goes without a size when it is on another site; a post without one has the site's card", async () => {
    assert.deepEqual(coverOf(await page('/blog/posts/remote/')), {
      img: 'https://cdn.example.org/photo.webp undefinedxundefined alt="" eager async',
      og: 'https://cdn.example.org/photo.webp undefinedxundefined undefined',
      twitter: 'summary_large_image https://cdn.example.org/photo.webp',
      jsonLd: 'https://cdn.example.org/photo.webp',
    });
    assert.deepEqual(coverOf(await page('/blog/posts/plain/')), {
      img: undefined,
      og: 'https://x.github.io/blog/images/card.png 600x315 undefined',
      twitter: 'summary_large_image https://x.github.io/blog/images/card.png',
      jsonLd: undefined,
    });
  });

  it('shows in listing entries, the first two loaded at once, and listings have the site card', async () => {
    for (const path of ['/', '/tags/notes/']) {
      const $ = await page(`/blog${path}`);
      const shown = $('main article.entry')
        .map((_, entry) => {
          const img = $(entry).find('img.entry-image');
          const title = $(entry).find('.entry-title').text().trim();
          return img.length === 0
            ? title
            : `${title}: ${img.attr('src')} ${img.attr('width') ?? '-'} ${img.attr('loading') ?? 'eager'}`;
        })
        .get();
      assert.deepEqual(
        shown,
        [
          'harbour: /blog/images/harbour.png 1200 eager',
          'trip: /blog/posts/trip/cover.svg 800 eager',
          'remote: https://cdn.example.org/photo.webp - lazy',
          'plain',
          'oldest: /blog/images/harbour.png 1200 lazy',
        ],
        path,
      );
      assert.equal(meta($, 'og:image'), 'https://x.github.io/blog/images/card.png', path);
      assert.equal(meta($, 'twitter:card'), 'summary_large_image', path);
    }
  });

  it('is the image of its JSON Feed item', async () => {
    const feed = (await (await site.get('/blog/feed.json')).json()) as {
      items: { title: string; image?: string }[];
    };
    assert.deepEqual(
      feed.items.map((item) => `${item.title} ${item.image ?? '-'}`),
      [
        'harbour https://x.github.io/blog/images/harbour.png',
        'trip https://x.github.io/blog/posts/trip/cover.svg',
        'remote https://cdn.example.org/photo.webp',
        'plain -',
        'oldest https://x.github.io/blog/images/harbour.png',
      ],
    );
  });
});

describe('pages with cover images', () => {
  it('give zero html-validate errors', async () => {
    const validator = new HtmlValidate({ extends: ['html-validate:recommended'] });
    for (const path of ['/', '/tags/notes/', '/posts/harbour/', '/posts/trip/', '/posts/remote/']) {
      const report = await validator.validateString(await (await site.get(`/blog${path}`)).text());
      const problems = report.results.flatMap((result) => result.messages);
      assert.deepEqual(
        problems.map((m) => `${path}:${m.line}: ${m.ruleId}: ${m.message}`),
        [],
      );
    }
  });
});

describe('a cover image in folio build', () => {
  it('is written as the server shows it, the file beside its post copied there', async () => {
    const out = join(root, 'out');
    const built = await run(['build', dir, '--out', out]);
    assert.equal(built.code, 0, built.stderr);
    const $ = cheerio.load(readFileSync(join(out, 'posts', 'trip', 'index.html'), 'utf8'));
    assert.deepEqual(coverOf($), coverOf(await page('/blog/posts/trip/')));
    assert.equal(readFileSync(join(out, 'posts', 'trip', 'cover.svg'), 'utf8'), svg(800, 600));
    const home = cheerio.load(readFileSync(join(out, 'index.html'), 'utf8'));
    assert.equal(home('img.entry-image').first().attr('width'), '1200');
    assert.equal(meta(home, 'og:image'), 'https://x.github.io/blog/images/card.png');
  });
});

describe('a missing cover image', () => {
  it('is a warning of folio check naming the file, the line of image: and the fix', async () => {
    const broken = join(root, 'broken');
    writeSite(broken, {
      ...POSTS,
      'harbour.md': 'date: 2025-03-05\nimage: /images/gone.png',
      'trip/index.md': 'date: 2025-03-04\nimage: photo.jpg',
    });
    writeFileSync(
      join(broken, 'folio.config.yaml'),
      'title: Notes\nurl: https://x.github.io/blog\nauthor:\n  name: Ann\nsocialImage: /images/nope.png\n',
    );
    const { code, stdout, stderr } = await run(['check', broken]);
    assert.equal(code, 0, stderr);
    assert.match(stdout, /no errors \(3 warnings\)/);
    const posts = join(broken, 'content', 'posts');
    for (const line of [
      `${join(posts, 'harbour.md')}:4: warning: the image /images/gone.png is not in static/ (put the file at static/images/gone.png or correct the path)`,
      `${join(posts, 'trip', 'index.md')}:4: warning: the image photo.jpg is not in the post's folder (put the file beside ${join(posts, 'trip', 'index.md')}, or correct the path)`,
      `${join(broken, 'folio.config.yaml')}:5: warning: the social cards' image /images/nope.png is not in static/ (put the file at static/images/nope.png or correct the path)`,
    ]) {
      assert.ok(stderr.includes(line), `${line}\nnot in:\n${stderr}`);
    }
  });
});

describe('an edited cover image under serve --watch', () => {
  it('shows on the post page and in the listing at once', async () => {
    const watched = join(root, 'watched');
    writeSite(watched);
    const child = folio(['serve', watched, '--port', '0', '--host', '127.0.0.1', '--watch']);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      const url = await serverUrl(child);
      const text = async (path: string): Promise<string> => (await fetch(`${url}${path}`)).text();
      // Both pages are rendered, and kept, before the edit.
      assert.match(await text('/blog/posts/plain/'), /og:image" content="[^"]*card\.png"/);
      assert.doesNotMatch(await text('/blog/'), /entry-image" src="\/blog\/images\/card\.png"/);
      writeFileSync(
        join(watched, 'content', 'posts', 'plain.md'),
        '---\ntitle: plain\ndate: 2025-03-02\nimage: /images/card.png\nimageAlt: The card\ntags: [notes]\n---\n\nText of plain.\n',
      );
      await eventually(
        async () => {
          const post = cheerio.load(await text('/blog/posts/plain/'));
          const home = cheerio.load(await text('/blog/'));
          return (
            post('img.post-cover').attr('src') === '/blog/images/card.png' &&
            meta(post, 'og:image:alt') === 'The card' &&
            home('img.entry-image[src="/blog/images/card.png"]').attr('alt') === 'The card'
          );
        },
        () => `it printed:\n${stderr}`,
      );
    } finally {
      child.kill('SIGKILL');
    }
  });
});
