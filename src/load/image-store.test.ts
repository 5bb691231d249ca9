import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { IMAGE_CACHE_DIR, ImageStore } from './image-store.js';
import { SETTLED_MS } from './read-cache.js';

/** A PNG's signature and header, saying `width`×`height`, then bytes of `fill`. */
function png(width: number, height: number, fill: number): Buffer {
  const header = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
  const size = Buffer.alloc(8);
  size.writeUInt32BE(width, 0);
  size.writeUInt32BE(height, 4);
  return Buffer.concat([header, size, Buffer.from('0802000000', 'hex'), Buffer.alloc(68, fill)]);
}

let site: string;
let image: string;

/** Writes `bytes` into the image file in place, and gives it back the times it had. */
function rewriteKeepingStamp(bytes: Buffer): void {
  const { atime, mtime } = statSync(image);
  writeFileSync(image, bytes);
  utimesSync(image, atime, mtime);
}

beforeEach(() => {
  site = mkdtempSync(join(tmpdir(), 'folio-image-store-'));
  mkdirSync(join(site, 'static'));
  image = join(site, 'static', 'chart.png');
  writeFileSync(image, png(640, 480, 1));
});

afterEach(() => rmSync(site, { recursive: true, force: true }));

describe('ImageStore', () => {
  it('tells how many images of how many it has prepared, as it goes', async () => {
    const other = join(site, 'static', 'broken.png');
    writeFileSync(other, 'no image at all');
    const told: [number, number][] = [];
    await new ImageStore(site).prepareAll([image, other], (done, total) =>
      told.push([done, total]),
    );
    assert.deepEqual(told, [
      [1, 2],
      [2, 2],
    ]);
  });

  it('reads an image kept by an earlier store again only once its stamp changed', () => {
    const anHourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(image, anHourAgo, anHourAgo);
    const first = new ImageStore(site);
    const key = first.source(image)?.key;
    assert.deepEqual(first.source(image)?.size, { width: 640, height: 480 });
    first.keepSources();

    // Other bytes under the same stamp: the kept facts stand for them, the file is not read.
    rewriteKeepingStamp(png(640, 480, 2));
    assert.equal(new ImageStore(site).source(image)?.key, key);

    const later = new Date(Date.now() - 1_800_000);
    utimesSync(image, later, later);
    assert.notEqual(new ImageStore(site).source(image)?.key, key);
  });

  it('keeps what was wrong with a file that is no image, as it keeps an image', () => {
    const notes = 'these are notes, not a chart'.padEnd(png(640, 480, 1).length, '.');
    writeFileSync(image, notes);
    const anHourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(image, anHourAgo, anHourAgo);
    const first = new ImageStore(site);
    assert.equal(first.problem(image)?.code, 'image-not-an-image');
    first.keepSources();
    // An image of the same size under the same stamp: what the store kept stands for it.
    rewriteKeepingStamp(png(640, 480, 1));
    assert.equal(new ImageStore(site).problem(image)?.code, 'image-not-an-image');
    rmSync(join(site, IMAGE_CACHE_DIR, 'sources.bin'));
    assert.equal(new ImageStore(site).problem(image), undefined);
  });

  it('keeps nothing of an image changed less than a second before the store began', () => {
    const justNow = new Date(Date.now() - SETTLED_MS / 2);
    utimesSync(image, justNow, justNow);
    const first = new ImageStore(site);
    const key = first.source(image)?.key;
    first.keepSources();
    rewriteKeepingStamp(png(640, 480, 2));
    assert.notEqual(new ImageStore(site).source(image)?.key, key);
  });

  it('reads every image when the file of kept sources is damaged', () => {
    mkdirSync(join(site, IMAGE_CACHE_DIR), { recursive: true });
    writeFileSync(join(site, IMAGE_CACHE_DIR, 'sources.bin'), 'not what a store wrote');
    assert.deepEqual(new ImageStore(site).source(image)?.size, { width: 640, height: 480 });
  });
});
