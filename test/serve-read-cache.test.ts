// A server started without --watch keeps what reading each post file gave in the site's cache, as
// a build does, and starts next time from it, reading again only the files that changed since. The
// site is known by its real folder, whatever the author typed, while problems name its files under
// the folder as the author named it: here through a link to the site.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, it } from 'node:test';
import { folio, serverUrl } from './support/folio-cli.js';
import { tempRoot } from './support/temp-root.js';

const root = tempRoot('folio-serve-reads-');
const dir = join(root, 'site');
const link = join(root, 'link');
const posts = join(dir, 'content', 'posts');
const readsFile = join(dir, '.folio', 'cache', 'reads.bin');

const post = (title: string, extra = ''): string =>
  [
    '---',
    `title: ${title}`,
    'date: 2024-03-15',
    'tags: [a]',
    extra,
    '---',
    `Body of ${title}.`,
    '',
  ].join('\n');

/** Serves the site through the link until `use` is done; answers what it printed on stderr. */
async function served(use: (url: string) => Promise<void>): Promise<string> {
  const server = folio(['serve', link, '--port', '0', '--host', '127.0.0.1']);
  let stderr = '';
  server.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    await use(await serverUrl(server));
  } finally {
    server.kill('SIGKILL');
  }
  return stderr;
}

const page = async (url: string, path: string): Promise<string> => {
  const response = await fetch(`${url}${path}`);
  assert.equal(response.status, 200, path);
  return response.text();
};

const WARNED = /unknown front matter key `colour`/;

describe('a server without --watch', { timeout: 60_000 }, () => {
  it('keeps what it read in the site cache, and names problems as the author named the folder', async () => {
    await mkdir(posts, { recursive: true });
    await writeFile(
      join(dir, 'folio.config.yaml'),
      'title: Kept\nurl: https://kept.example.com\nauthor:\n  name: Ann\n',
    );
    await writeFile(join(posts, 'edited.md'), post('Old edited'));
    await writeFile(join(posts, 'kept.md'), post('Old kept'));
    await writeFile(join(posts, 'warned.md'), post('Warned', 'colour: red'));
    await symlink(dir, link);

    const stderr = await served(async (url) => {
      assert.match(await page(url, '/posts/kept/'), /Old kept/);
      // Kept once the first pages can be answered.
      for (let waited = 0; !existsSync(readsFile) && waited < 5_000; waited += 50) await sleep(50);
      assert.ok(existsSync(readsFile), 'the server keeps what it read for the next start');
    });
    assert.match(stderr, WARNED);
    assert.ok(stderr.includes(join(link, 'content', 'posts', 'warned.md')), stderr);
    assert.ok(!stderr.includes(join(dir, 'content')), stderr);
  });

  it('starts again from what it kept: a post edited since as it is now, the problems of the others as before', async () => {
    await writeFile(join(posts, 'edited.md'), post('New edited'));
    const stderr = await served(async (url) => {
      assert.match(await page(url, '/posts/edited/'), /New edited[\s\S]*Body of New edited\./);
      assert.match(await page(url, '/posts/kept/'), /Old kept/);
      assert.doesNotMatch(await page(url, '/'), /Old edited/);
    });
    assert.match(stderr, WARNED);
    assert.ok(stderr.includes(join(link, 'content', 'posts', 'warned.md')), stderr);
    assert.ok(!stderr.includes(join(dir, 'content')), stderr);
  });
});
