// A server started without --watch shows the site as it was loaded, reading bodies from disk when
// a page needs them: a post whose file changed since is loaded again before its page is answered,
// so that no page shows one version's title over another's body.
import assert from 'node:assert/strict';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { folio, serverUrl } from './support/folio-cli.js';
import { tempRoot } from './support/temp-root.js';

const root = tempRoot('folio-plain-serve-');
const dir = join(root, 'site');
const posts = join(dir, 'content', 'posts');
let server: ReturnType<typeof folio> | undefined;
let url = '';

const post = (title: string, body: string): string =>
  ['---', `title: ${title}`, 'date: 2024-03-15', 'tags: [a]', '---', body, ''].join('\n');

before(async () => {
  await mkdir(posts, { recursive: true });
  await writeFile(
    join(dir, 'folio.config.yaml'),
    'title: Plain\nurl: https://plain.example.com\nauthor:\n  name: Ann\n',
  );
  for (const name of ['edited', 'deleted', 'broken', 'kept']) {
    await writeFile(join(posts, `${name}.md`), post(`Old ${name}`, `Old body of ${name}.`));
  }
  server = folio(['serve', dir, '--port', '0', '--host', '127.0.0.1']);
  url = await serverUrl(server);
});
after(() => {
  server?.kill('SIGKILL');
});

const page = async (path: string): Promise<{ status: number; text: string }> => {
  const response = await fetch(`${url}${path}`);
  return { status: response.status, text: await response.text() };
};

describe('a post changed on disk under a server without --watch', { timeout: 30_000 }, () => {
  it('is shown whole in its new version: new title over new body', async () => {
    await writeFile(join(posts, 'edited.md'), post('New edited', 'New body of edited.'));
    const { status, text } = await page('/posts/edited/');
    assert.equal(status, 200);
    assert.match(text, /New edited/);
    assert.match(text, /New body of edited\./);
    assert.doesNotMatch(text, /Old edited/);
  });

  it('that was deleted is not found, rather than shown with an empty body', async () => {
    await rm(join(posts, 'deleted.md'));
    assert.equal((await page('/posts/deleted/')).status, 404);
  });

  it('that no longer loads answers 503, never a mix of the two versions', async () => {
    await writeFile(
      join(posts, 'broken.md'),
      post('New broken', 'New body.').replace('date:', 'dat:'),
    );
    const { status, text } = await page('/posts/broken/');
    assert.equal(status, 503);
    assert.doesNotMatch(text, /Old broken|New body/);
  });

  it('leaves posts that did not change as they were', async () => {
    const { status, text } = await page('/posts/kept/');
    assert.equal(status, 200);
    assert.match(text, /Old kept[\s\S]*Old body of kept\./);
  });
});
