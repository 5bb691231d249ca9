// Responsive images through `folio build`, `folio check` and the real server: smaller AVIF, WebP
// and original-format versions of local images, made once and then taken from the cache; GIFs,
// SVGs and broken images served as they are, each broken one named with its line.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import * as cheerio from 'cheerio';
import sharp from 'sharp';
import { run } from './support/folio-cli.js';
import { serveSite } from './support/serve-fixture.js';
import { tempRoot } from './support/temp-root.js';
import { ImageStore, IMAGE_CACHE_DIR } from '../src/load/image-store.js';

const root = tempRoot('folio-images-');

/** A photo-like JPEG: a gradient with noise, which compresses as photos do. */
async function photo(width: number, height: number): Promise<Buffer> {
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg()
    .toBuffer();
  return sharp(noise).tint({ r: 200, g: 120, b: 60 }).jpeg({ quality: 90 }).toBuffer();
}

async function writeSite(dir: string): Promise<void> {
  mkdirSync(join(dir, 'content', 'posts', 'trip'), { recursive: true });
  mkdirSync(join(dir, 'static', 'images'), { recursive: true });
  writeFileSync(
    join(dir, 'folio.config.yaml'),
    'title: Notes\nurl: https://example.org\ntimezone: UTC\nauthor:\n  name: Ann\n',
  );
  const images = join(dir, 'static', 'images');
  writeFileSync(join(images, 'harbour.jpg'), await photo(1000, 600));
  writeFileSync(
    join(images, 'chart.png'),
    await sharp({ create: { width: 500, height: 300, channels: 4, background: '#08a' } })
      .png()
      .toBuffer(),
  );
  writeFileSync(
    join(images, 'spinner.gif'),
    await sharp({ create: { width: 900, height: 900, channels: 3, background: '#a08' } })
      .gif()
      .toBuffer(),
  );
  writeFileSync(
    join(images, 'logo.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" width="900" height="300"><rect width="100%" height="100%"/></svg>\n',
  );
  // A JPEG cut off halfway: its header reads, its pixels do not.
  const whole = await photo(900, 600);
  writeFileSync(join(images, 'broken.jpg'), whole.subarray(0, whole.length >> 1));
  writeFileSync(join(images, 'notes.jpg'), 'these are notes, not a photo\n');
  // A PNG whose header says 10000×6000: 60 megapixels.
  const huge = Buffer.from(
    '89504e470d0a1a0a0000000d494844520000271000001770080200000000000000',
    'hex',
  );
  writeFileSync(join(images, 'huge.png'), huge);
  writeFileSync(join(dir, 'content', 'posts', 'trip', 'beach.jpg'), await photo(2000, 1000));
  writeFileSync(
    join(dir, 'content', 'posts', 'harbour.md'),
    '---\ntitle: Harbour\ndate: 2025-03-05\ntags: [photos]\nimage: /images/harbour.jpg\nimageAlt: Boats\n---\n\nThe harbour.\n\n![A chart](/images/chart.png)\n\n![Spinner](/images/spinner.gif)\n\n![Logo](/images/logo.svg)\n',
  );
  writeFileSync(
    join(dir, 'content', 'posts', 'broken.md'),
    '---\ntitle: Broken\ndate: 2025-03-04\ntags: [photos]\n---\n\nText.\n\n![Cut off](/images/broken.jpg)\n\n![Notes](/images/notes.jpg)\n\n![Huge](/images/huge.png)\n',
  );
  writeFileSync(
    join(dir, 'content', 'posts', 'trip', 'index.md'),
    '---\ntitle: Trip\ndate: 2025-03-03\ntags: [photos]\n---\n\n![The beach](beach.jpg)\n',
  );
}

const site = join(root, 'site');
const out = join(root, 'out');

describe('folio build with images', () => {
  let first = '';
  let second = '';
  it('builds', async () => {
    await writeSite(site);
    const built = await run(['build', site, '--out', out]);
    assert.equal(built.code, 0, built.stderr);
    first = built.stdout + built.stderr;
    const again = await run(['build', site, '--out', out]);
    assert.equal(again.code, 0, again.stderr);
    second = again.stdout + again.stderr;
  });

  it('processes each image once: a second build takes every variant from the cache', () => {
    assert.match(first, /Images: 3 images in smaller sizes, 3 processed now, 0 from /);
    assert.match(second, /Images: 3 images in smaller sizes, 0 processed now, 3 from /);
    assert.ok(existsSync(join(site, IMAGE_CACHE_DIR)));
  });

  it('offers AVIF, then WebP, then the original format, at widths up to the original', async () => {
    const $ = cheerio.load(readFileSync(join(out, 'posts', 'harbour', 'index.html'), 'utf8'));
    const body = $('.post-body picture').first();
    assert.deepEqual(
      body
        .find('source')
        .toArray()
        .map((element) => $(element).attr('type')),
      ['image/avif', 'image/webp'],
    );
    const img = body.find('img');
    assert.equal(img.attr('src'), '/images/chart.png');
    assert.equal(img.attr('width'), '500');
    assert.equal(img.attr('height'), '300');
    assert.equal(img.attr('loading'), 'lazy');
    const candidates = (img.attr('srcset') ?? '').split(', ');
    assert.equal(candidates.length, 2);
    assert.match(candidates[0] ?? '', /^\/assets\/images\/chart\.[0-9a-f]{16}\.480\.png 480w$/);
    assert.match(candidates[1] ?? '', /\.500\.png 500w$/);
    for (const candidate of $('source, img[srcset]')
      .toArray()
      .flatMap((element) => ($(element).attr('srcset') ?? '').split(', '))) {
      const [path = '', descriptor = ''] = candidate.split(' ');
      const file = join(out, ...path.split('/'));
      const meta = await sharp(file).metadata();
      assert.equal(`${meta.width}w`, descriptor, path);
      const format = path.endsWith('.jpg') ? 'jpeg' : path.slice(path.lastIndexOf('.') + 1);
      assert.equal(meta.format === 'heif' ? 'avif' : meta.format, format, path);
    }
    // The cover, shown on the post's page, has the same.
    const cover = $('picture > img.post-cover');
    assert.match(cover.attr('srcset') ?? '', /harbour\.[0-9a-f]{16}\.1000\.jpg 1000w$/);
  });

  it('resizes an image beside its post, never wider than 1600', () => {
    const $ = cheerio.load(readFileSync(join(out, 'posts', 'trip', 'index.html'), 'utf8'));
    const srcset = $('picture img').attr('srcset') ?? '';
    assert.match(srcset, /beach\.[0-9a-f]{16}\.1600\.jpg 1600w$/);
    assert.doesNotMatch(srcset, /2000w/);
    assert.equal($('picture img').attr('src'), '/posts/trip/beach.jpg');
  });

  it('leaves GIFs and SVGs as they are', () => {
    const $ = cheerio.load(readFileSync(join(out, 'posts', 'harbour', 'index.html'), 'utf8'));
    for (const src of ['/images/spinner.gif', '/images/logo.svg']) {
      const img = $(`img[src="${src}"]`);
      assert.equal(img.length, 1);
      assert.equal(img.attr('srcset'), undefined);
      assert.equal(img.parent('picture').length, 0);
    }
    const names = readdirSync(join(out, 'assets', 'images'));
    assert.ok(!names.some((name) => /spinner|logo/.test(name)));
  });

  it('serves broken, fake and huge images as they are, and warns with their lines', () => {
    const $ = cheerio.load(readFileSync(join(out, 'posts', 'broken', 'index.html'), 'utf8'));
    assert.equal($('picture').length, 0);
    assert.equal($('img[srcset]').length, 0);
    assert.equal(readFileSync(join(out, 'images', 'broken.jpg')).length > 0, true);
    for (const output of [first, second]) {
      assert.match(output, /broken\.md:9: .*broken\.jpg could not be decoded/);
      assert.match(output, /broken\.md:11: .*notes\.jpg is not an image/);
      assert.match(output, /broken\.md:13: .*huge\.png is 10000×6000, more than the 50 megapixels/);
    }
  });

  it('folio check names the same images, from the cache', async () => {
    const checked = await run(['check', site]);
    const output = checked.stdout + checked.stderr;
    assert.match(output, /broken\.md:9: .*could not be decoded/);
    assert.match(output, /broken\.md:11: .*is not an image/);
    assert.match(output, /broken\.md:13: .*50 megapixels/);
  });
});

describe('folio check with images', () => {
  it('decodes every image before any build, and names the broken ones with their lines', async () => {
    const dir = join(root, 'checked');
    await writeSite(dir);
    const checked = await run(['check', dir]);
    const output = checked.stdout + checked.stderr;
    assert.equal(checked.code, 0, output);
    assert.match(output, /broken\.md:9: .*broken\.jpg could not be decoded/);
    // What check made, the build takes from the cache.
    const built = await run(['build', dir, '--out', join(root, 'checked-out')]);
    assert.match(built.stdout, /Images: 3 images in smaller sizes, 0 processed now, 3 from /);
  });
});

describe('folio serve with images', () => {
  it('makes a variant on first request, keeps it, and serves it for good', async () => {
    const dir = join(root, 'served');
    await writeSite(dir);
    const images = new ImageStore(dir, { concurrency: 1 });
    const served = await serveSite(dir, { images });
    try {
      const page = cheerio.load(await (await served.get('/posts/harbour/')).text());
      const srcset = page('.post-body picture source[type="image/avif"]').attr('srcset') ?? '';
      const path = srcset.split(' ')[0] ?? '';
      assert.match(path, /^\/assets\/images\/chart\.[0-9a-f]{16}\.480\.avif$/);
      const answer = await served.get(path);
      assert.equal(answer.status, 200);
      assert.equal(answer.headers.get('content-type'), 'image/avif');
      assert.match(answer.headers.get('cache-control') ?? '', /immutable/);
      const meta = await sharp(Buffer.from(await answer.arrayBuffer())).metadata();
      assert.equal(meta.width, 480);
      assert.equal(images.processed, 1);
      const cached = join(dir, IMAGE_CACHE_DIR, `${path.split('.')[1]}.480.avif`);
      const made = statSync(cached).mtimeMs;
      const again = await served.get(path.replace('.480.avif', '.500.webp'));
      assert.equal(again.status, 200);
      assert.equal((await served.get(path)).status, 200);
      assert.equal(images.processed, 1);
      assert.equal(statSync(cached).mtimeMs, made);
      // No such variant: a width that is not on the ladder.
      assert.equal((await served.get(path.replace('.480.', '.481.'))).status, 404);
    } finally {
      await served.server.close();
    }
  });

  it('sends a reader to the original when an image cannot be decoded', async () => {
    const dir = join(root, 'served-broken');
    await writeSite(dir);
    writeFileSync(
      join(dir, 'content', 'posts', 'broken.md'),
      '---\ntitle: Broken\ndate: 2025-03-04\ntags: [photos]\n---\n\n![Cut off](/images/broken.jpg)\n',
    );
    const images = new ImageStore(dir, { concurrency: 1 });
    const served = await serveSite(dir, { images });
    try {
      // Not known to be broken yet: the page names variants, which fail when first made.
      const page = cheerio.load(await (await served.get('/posts/broken/')).text());
      const path = (page('img').attr('srcset') ?? '').split(' ')[0] ?? '';
      assert.match(path, /^\/assets\/images\/broken\./);
      const answer = await served.get(path);
      assert.equal(answer.status, 307);
      assert.equal(answer.headers.get('location'), '/images/broken.jpg');
      assert.equal(images.processed, 0);
    } finally {
      await served.server.close();
    }
  });

  it('sends a reader to the original when the cache of smaller versions cannot be written', async () => {
    const dir = join(root, 'served-read-only-cache');
    await writeSite(dir);
    // A file where the cache's folder would be: nothing can be written under it.
    writeFileSync(join(dir, '.folio'), 'not a folder');
    const images = new ImageStore(dir, { concurrency: 1 });
    const served = await serveSite(dir, { images });
    try {
      const page = cheerio.load(await (await served.get('/posts/harbour/')).text());
      const srcset = page('.post-body picture source[type="image/avif"]').attr('srcset') ?? '';
      const answer = await served.get(srcset.split(' ')[0] ?? '');
      assert.equal(answer.status, 307);
      assert.match(answer.headers.get('location') ?? '', /^\/images\/chart\.png$/);
      assert.equal((await served.get('/posts/harbour/')).status, 200, 'the server goes on');
    } finally {
      await served.server.close();
    }
  });
});
