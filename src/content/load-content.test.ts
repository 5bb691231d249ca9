import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { CONFIG_YAML } from '../../test/support/site-fixtures.js';
import { tempRoot } from '../../test/support/temp-root.js';
import {
  loadContent,
  type KnownReads,
  type LoadedContent,
  type ReadShare,
} from './load-content.js';

const root = tempRoot('folio-load-content-');

/** A site of `count` posts, the third with front matter YAML cannot read. */
function site(name: string, count = 7): string {
  const dir = join(root, name);
  mkdirSync(join(dir, 'content', 'posts'), { recursive: true });
  writeFileSync(join(dir, 'folio.config.yaml'), CONFIG_YAML);
  for (let i = 1; i <= count; i++) {
    const title = i === 3 ? '[broken' : `Post ${i}`;
    writeFileSync(
      join(dir, 'content', 'posts', `post-${i}.md`),
      `---\ntitle: ${title}\ndate: 2024-03-0${i}\ntags: [t${i % 2}]\n---\n\nThe body of post ${i}.\n`,
    );
  }
  return dir;
}

/** Two shares of one reading, each handing the other what it read, as two threads do. */
function sharePair(): { shares: [ReadShare, ReadShare]; sent: KnownReads[] } {
  const sent: KnownReads[] = [];
  const handOver: ((read: KnownReads) => void)[] = [];
  const received = [0, 1].map(
    (part) => new Promise<KnownReads>((resolve) => (handOver[part] = resolve)),
  );
  const share = (part: number): ReadShare => ({
    reads: (index) => index % 2 === part,
    swap: async (read) => {
      sent[part] = read;
      handOver[1 - part]?.(read);
      return [await (received[part] as Promise<KnownReads>)];
    },
  });
  return { shares: [share(0), share(1)], sent };
}

/** What a build shows of a load: its posts, whole, and every problem it tells. */
function seen(loaded: LoadedContent): unknown {
  return {
    posts: loaded.posts.map((post) => ({ ...post })),
    claims: loaded.claims,
    diagnostics: loaded.diagnostics,
  };
}

/** A share that answers `forged` for the files it does not read, as another load's reading. */
function answering(forged: (read: KnownReads) => KnownReads): ReadShare {
  return { reads: (index) => index % 2 === 0, swap: (read) => Promise.resolve([forged(read)]) };
}

describe('loads that split reading the post files between them', () => {
  it('each read their part alone and end with what one load reading every file has', async () => {
    const dir = site('split');
    const whole = await loadContent(dir, { keepBodies: false, hashPosts: true });
    const { shares, sent } = sharePair();
    const loads = await Promise.all(
      shares.map((share) => loadContent(dir, { keepBodies: false, hashPosts: true, share })),
    );
    const files = whole.folder.listing.files.map((listed) => listed.file);
    assert.equal(files.length, 7);
    // Each handed over the files of its part; the broken one, read by the first, with its problem.
    assert.deepEqual(
      sent.map((read) => [...read.results.keys()]),
      [files.filter((_, i) => i % 2 === 0), files.filter((_, i) => i % 2 === 1)],
    );
    for (const load of loads) assert.deepEqual(seen(load), seen(whole));
    assert.ok(
      whole.diagnostics.some((d) => d.file.endsWith('post-3.md') && d.severity === 'error'),
    );
  });

  it('read again what another load read at another stamp, or under other settings', async () => {
    const dir = site('forged');
    const whole = await loadContent(dir, { keepBodies: false });
    const otherTitles = (read: KnownReads, stamp?: string): KnownReads['results'] =>
      new Map(
        whole.folder.listing.files.flatMap(({ file, stamp: listed }) => {
          const entry = whole.folder.results.get(file);
          if (!entry?.result.post || read.results.has(file)) return [];
          const post = { ...entry.result.post, title: 'Forged' };
          return [
            [file, { ...entry, stamp: stamp ?? listed, result: { ...entry.result, post } }],
          ] as const;
        }),
      );
    const titles = (loaded: LoadedContent): string[] => loaded.posts.map((post) => post.title);
    const restamped = await loadContent(dir, {
      keepBodies: false,
      share: answering((read) => ({ ...read, results: otherTitles(read, 'another stamp') })),
    });
    assert.deepEqual(seen(restamped), seen(whole));
    const otherSettings = await loadContent(dir, {
      keepBodies: false,
      share: answering((read) => ({
        ...read,
        settings: { ...read.settings, timezone: 'UTC' },
        results: otherTitles(read),
      })),
    });
    assert.deepEqual(seen(otherSettings), seen(whole));
    // At the same stamp and settings, what the other read is what this load has of it.
    const taken = await loadContent(dir, {
      keepBodies: false,
      share: answering((read) => ({ ...read, results: otherTitles(read) })),
    });
    assert.deepEqual(titles(taken), ['Post 1', 'Forged', 'Forged', 'Post 5', 'Forged', 'Post 7']);
  });
});
