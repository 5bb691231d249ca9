// Content written to exhaust a reader gets a located error at once, from `folio check` and from
// a watching server, which keeps the last good version online and answering meanwhile.
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { eventually, folio, run, serverUrl } from './support/folio-cli.js';
import { aliasBomb } from './support/hostile-yaml.js';
import { tempRoot } from './support/temp-root.js';

const CONFIG = 'title: Exhaustion\nurl: https://exhaustion.example.com\nauthor:\n  name: Ann\n';

const post = (tags: string): string =>
  ['---', 'title: Fine', 'date: 2024-03-15', `tags: ${tags}`, '---', 'Body.', ''].join('\n');

const root = tempRoot('folio-exhaustion-');
let count = 0;

/** A new site folder holding `posts` by file name. */
async function site(posts: Readonly<Record<string, string>>): Promise<string> {
  const dir = join(root, `site-${++count}`);
  await mkdir(join(dir, 'content', 'posts'), { recursive: true });
  await writeFile(join(dir, 'folio.config.yaml'), CONFIG);
  for (const [name, text] of Object.entries(posts)) {
    await writeFile(join(dir, 'content', 'posts', name), text);
  }
  return dir;
}

// Ten levels stand for ten billion values: following them would take minutes, so a reader that
// does makes these tests run out of time rather than pass.
describe('a YAML alias bomb in front matter', { timeout: 60_000 }, () => {
  it('is an error at its line from folio check', async () => {
    const dir = await site({ 'bomb.md': post(aliasBomb(10)) });
    const { code, stdout, stderr } = await run(['check', dir]);
    assert.equal(code, 1);
    assert.match(
      stdout + stderr,
      /content\/posts\/bomb\.md:4: front matter is not valid YAML: its aliases \(`\*name`\) repeat too much/,
    );
  });

  it('saved under a watching server is shown as a problem; the last good version stays online', async () => {
    const dir = await site({ 'good.md': post('[go]'), 'edited.md': post('[go]') });
    const child = folio(['serve', dir, '--watch', '--port', '0', '--host', '127.0.0.1']);
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      const url = await serverUrl(child);
      await writeFile(join(dir, 'content', 'posts', 'edited.md'), post(aliasBomb(10)));
      await eventually(
        async () => (await (await fetch(`${url}/`)).text()).includes('repeat too much'),
        () => output,
        20_000,
      );
      for (const path of ['/posts/good/', '/posts/edited/']) {
        assert.equal((await fetch(`${url}${path}`)).status, 200, path);
      }
    } finally {
      child.kill('SIGKILL');
    }
  });
});

// Forty thousand headings that share a slug: a search for a free id from the first suffix each
// time does 800 million lookups, minutes of a blocked server; one that resumes, moments.
describe('a post of forty thousand headings with one title', { timeout: 60_000 }, () => {
  it('is checked, and its page served with every heading its own id', async () => {
    const body = '## Example\n\nText.\n\n'.repeat(40_000);
    const dir = await site({ 'long.md': `${post('[go]')}${body}` });
    const checked = await run(['check', dir]);
    assert.equal(checked.code, 0, checked.stderr);
    const child = folio(['serve', dir, '--port', '0', '--host', '127.0.0.1']);
    try {
      const url = await serverUrl(child);
      const page = await (await fetch(`${url}/posts/long/`)).text();
      const ids = [...page.matchAll(/<h2 id="([^"]+)"/g)].map((match) => match[1]);
      assert.equal(ids.length, 40_000);
      assert.equal(new Set(ids).size, 40_000);
      assert.equal(ids.at(-1), 'example-39999');
    } finally {
      child.kill('SIGKILL');
    }
  });
});
