import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { MANIFEST_FILE, MANIFEST_FORMAT, readManifest } from './build-manifest.js';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'folio-manifest-'));
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Reads a manifest that lists the file `path` and a document made of it. */
async function readListing(path: string): Promise<boolean> {
  const manifest = {
    format: MANIFEST_FORMAT,
    folio: '0.0.0',
    node: process.versions.node,
    site: { dir: '/site', url: 'https://example.com/' },
    precompress: false,
    files: { paths: [path], hashes: ['x'], sizes: [1], mtimes: [1], sources: [null] },
    documents: { paths: ['/'], keys: ['k'], files: [[0]], features: [[]] },
  };
  // Each read is of a new file: the last one read is remembered by its stamp.
  const name = `${MANIFEST_FILE}-${Math.random().toString(36).slice(2)}`;
  writeFileSync(join(dir, name), JSON.stringify(manifest));
  return 'manifest' in (await readManifest(dir, name));
}

describe('a manifest read from an output folder', () => {
  it('is trusted with files inside the folder, dotted names among them', async () => {
    for (const path of [
      'index.html',
      'posts/a/index.html',
      '.well-known/security.txt',
      'posts/.hidden',
      '...',
      'a/..b/c.',
    ]) {
      assert.equal(await readListing(path), true, path);
    }
  });

  it('is not trusted when it lists a file outside the folder or no file at all', async () => {
    for (const path of [
      '',
      '../outside.txt',
      'posts/../../outside.txt',
      '/etc/passwd',
      './index.html',
      'posts/.',
      'posts/..',
      'posts//index.html',
      'posts/',
      'posts/\0.html',
    ]) {
      assert.equal(await readListing(path), false, JSON.stringify(path));
    }
  });
});
