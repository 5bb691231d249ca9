import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import {
  type DocumentRecord,
  forgetReadManifests,
  type Manifest,
  type ManifestEntry,
  MANIFEST_FILE,
  MANIFEST_FORMAT,
  readManifest,
  rememberManifest,
  writeManifest,
} from './build-manifest.js';

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

describe('a manifest remembered as written', () => {
  it('is what reading its file gives, and is read again once the file changes', async () => {
    const written: Manifest = {
      format: MANIFEST_FORMAT,
      folio: '0.0.0',
      node: process.versions.node,
      site: { dir: '/site', url: 'https://example.com/' },
      precompress: true,
      // As a build hands them over: written files carry their path and whether they were written.
      files: new Map<string, ManifestEntry>([
        [
          'index.html',
          {
            hash: 'a',
            size: 10,
            mtime: 1733491234567.125,
            path: 'index.html',
            written: true,
          } as ManifestEntry,
        ],
        ['index.html.br', { hash: 'b', size: 4, mtime: 1733491234567.5 }],
        ['logo.png', { hash: 'c', size: 99, mtime: 1, source: '99:1:7' }],
      ]),
      documents: new Map([
        [
          '/',
          {
            key: 'k',
            files: ['index.html', 'index.html.br'],
            features: ['math'],
            path: '/',
          } as DocumentRecord,
        ],
      ]),
      frame: { key: 'f', bodies: new Map([['content/posts/a.md', 'h']]) },
    };
    await writeManifest(dir, written);
    rememberManifest(dir, written);
    const remembered = await readManifest(dir);
    assert.ok('manifest' in remembered);
    const again = await readManifest(dir);
    assert.ok('manifest' in again);
    assert.equal(again.manifest, remembered.manifest);
    forgetReadManifests();
    const read = await readManifest(dir);
    assert.ok('manifest' in read);
    assert.deepStrictEqual(remembered.manifest, read.manifest);
    assert.notEqual(remembered.manifest, read.manifest);

    rememberManifest(dir, written);
    writeFileSync(join(dir, MANIFEST_FILE), 'edited by hand');
    assert.ok('unreadable' in (await readManifest(dir)));
  });
});
