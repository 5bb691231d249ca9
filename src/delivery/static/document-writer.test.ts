import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { SETTLED_MS } from '../../load/read-cache.js';
import type { ManifestEntry } from './build-manifest.js';
import { DocumentWriter, type WrittenFile } from './document-writer.js';

let dir: string;
let photo: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'folio-writer-'));
  photo = join(dir, 'photo.jpg');
  writeFileSync(photo, 'the bytes of a photograph');
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Copies the photo with a writer that knows `previous`, into a root of its own. */
function copied(root: string, previous: readonly WrittenFile[] = []): WrittenFile {
  const writer = new DocumentWriter(join(dir, root), {
    previous: new Map<string, ManifestEntry>(previous.map(({ path, ...entry }) => [path, entry])),
  });
  writer.copy('images/photo.jpg', photo);
  const [file] = writer.takeWritten();
  assert.ok(file);
  return file;
}

/** Writes `text` into the photo in place, and gives it back the times it had. */
function rewriteKeepingStamp(text: string): void {
  const { atime, mtime } = statSync(photo);
  writeFileSync(photo, text);
  utimesSync(photo, atime, mtime);
}

describe('DocumentWriter.copy', () => {
  it('keeps a file it copied from a source whose stamp is the same, without reading it', () => {
    const anHourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(photo, anHourAgo, anHourAgo);
    const first = copied('first');
    assert.equal(first.written, true);
    assert.equal(
      readFileSync(join(dir, 'first', 'images', 'photo.jpg'), 'utf8'),
      'the bytes of a photograph',
    );
    // Other bytes of the same size under the same stamp: the copy the output holds stands.
    rewriteKeepingStamp('the BYTES of a photograph');
    const kept = copied('second', [first]);
    assert.equal(kept.written, false);
    assert.equal(kept.hash, first.hash);

    // A new stamp: the source is read again, and the new bytes written.
    const later = new Date(Date.now() - 1_800_000);
    utimesSync(photo, later, later);
    const again = copied('third', [first]);
    assert.equal(again.written, true);
    assert.notEqual(again.hash, first.hash);
  });

  it('reads again a source changed less than a second before the writer began', () => {
    const justNow = new Date(Date.now() - SETTLED_MS / 2);
    utimesSync(photo, justNow, justNow);
    const first = copied('first');
    assert.equal(first.source, undefined);
    rewriteKeepingStamp('the BYTES of a photograph');
    assert.equal(copied('second', [first]).written, true);
  });
});
