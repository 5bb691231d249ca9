// Symbolic links in a site folder, as `folio check`, `folio serve --watch` and `folio build` meet
// them: a link that stays inside the site is followed, any other is left out with a warning, and
// the three commands agree on what the site holds.
import assert from 'node:assert/strict';
import {
  cp,
  lstat,
  mkdir,
  mkdtemp,
  readFile,
  realpath,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eventually, folio, run, serverUrl } from './support/folio-cli.js';
import { FIXTURES } from './support/serve-fixture.js';

let work: string;
let outside: string;

before(async () => {
  work = await realpath(await mkdtemp(join(tmpdir(), 'folio-links-')));
  outside = join(work, 'outside');
  await mkdir(outside);
  await writeFile(join(outside, 'away.md'), post('Away from the site'));
  await writeFile(join(outside, 'secret.txt'), 'not for the web\n');
});

after(() => rm(work, { recursive: true, force: true }));

function post(title: string): string {
  return `---\ntitle: "${title}"\ndate: 2024-02-01\ntags: [links]\n---\n${title} opens the body.\n`;
}

/** A fresh copy of the basic fixture with two posts outside content/posts, for links to reach. */
async function siteCopy(name: string): Promise<string> {
  const dir = join(work, name);
  await cp(join(FIXTURES, 'basic'), dir, { recursive: true });
  await mkdir(join(dir, 'drafts'));
  await writeFile(join(dir, 'drafts', 'linked.md'), post('Linked post'));
  await mkdir(join(dir, 'shelf'));
  await writeFile(join(dir, 'shelf', 'shelved.md'), post('Shelved post'));
  return dir;
}

/** A linked post and a linked folder inside the site; a link out of it and one to nothing. */
async function linkPosts(dir: string): Promise<void> {
  const posts = join(dir, 'content', 'posts');
  await symlink('../../drafts/linked.md', join(posts, 'linked.md'));
  await symlink('../../shelf', join(posts, 'shelf'));
  await symlink(join(outside, 'away.md'), join(posts, 'away.md'));
  await symlink('../../drafts/gone.md', join(posts, 'gone.md'));
}

const OUTSIDE_WARNING = (dir: string): string =>
  `${join(dir, 'content', 'posts', 'away.md')}:1: warning: this link leads outside the site folder, to ${join(outside, 'away.md')} (`;
const DANGLING_WARNING = (dir: string): string =>
  `${join(dir, 'content', 'posts', 'gone.md')}:1: warning: this link leads to ${join(dir, 'drafts', 'gone.md')}, which does not exist (`;

describe('folio check with symbolic links under content/posts', () => {
  it('counts the linked post and the posts of a linked folder, and warns of the others', async () => {
    const dir = await siteCopy('check');
    await linkPosts(dir);
    const { code, stdout, stderr } = await run(['check', dir]);
    assert.equal(code, 0, stderr);
    assert.match(stdout, /15 posts \(1 draft\), no errors \(2 warnings\)/);
    assert.ok(stderr.includes(OUTSIDE_WARNING(dir)), stderr);
    assert.ok(stderr.includes(DANGLING_WARNING(dir)), stderr);
  });
});

describe('folio serve --watch with symbolic links made while it runs', () => {
  it('puts linked posts online, keeps the others out with a warning, and sees edits through a link', async () => {
    const dir = await siteCopy('serve');
    const child = folio(['serve', dir, '--port', '0', '--host', '127.0.0.1', '--watch']);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const explain = (): string => `it printed:\n${stderr}`;
    try {
      const url = await serverUrl(child);
      const page = async (path: string): Promise<{ status: number; text: string }> => {
        const response = await fetch(`${url}${path}`);
        return { status: response.status, text: await response.text() };
      };
      await linkPosts(dir);
      await eventually(async () => {
        const [linked, shelved] = await Promise.all([
          page('/posts/linked/'),
          page('/posts/shelved/'),
        ]);
        return (
          linked.text.includes('Linked post opens the body') &&
          shelved.text.includes('Shelved post opens the body') &&
          stderr.includes(OUTSIDE_WARNING(dir)) &&
          stderr.includes(DANGLING_WARNING(dir))
        );
      }, explain);
      assert.equal((await page('/posts/away/')).status, 404);

      // The watcher names the file a link leads to, not the link.
      await writeFile(join(dir, 'drafts', 'linked.md'), post('Linked post, edited'));
      await eventually(
        async () => (await page('/posts/linked/')).text.includes('Linked post, edited opens'),
        explain,
      );
    } finally {
      child.kill('SIGKILL');
    }
  });
});

describe('symbolic links under static/', () => {
  const links = async (dir: string): Promise<void> => {
    const files = join(dir, 'static');
    await symlink('images/avatar.svg', join(files, 'logo.svg'));
    await symlink('images', join(files, 'media'));
    // Inside the site folder, but not inside static/: the config must never be served.
    await symlink('../folio.config.yaml', join(files, 'config.txt'));
    await symlink(join(outside, 'secret.txt'), join(files, 'secret.txt'));
    await symlink('nowhere.svg', join(files, 'broken.svg'));
  };
  const SERVED = ['/images/avatar.svg', '/logo.svg', '/media/avatar.svg'];
  const LEFT_OUT = ['/config.txt', '/secret.txt', '/broken.svg'];

  it('are copied by folio build as the files they lead to when serve serves them, and left out with a warning when not', async () => {
    const dir = await siteCopy('static');
    await links(dir);
    const out = join(work, 'static-out');
    const built = await run(['build', dir, '--out', out]);
    assert.equal(built.code, 0, built.stderr);
    for (const name of ['config.txt', 'secret.txt', 'broken.svg']) {
      assert.ok(
        built.stderr.includes(`${join(dir, 'static', name)}:1: warning: this link leads `),
        built.stderr,
      );
    }

    const avatar = await readFile(join(dir, 'static', 'images', 'avatar.svg'));
    for (const path of SERVED) {
      const file = join(out, path);
      assert.ok((await lstat(file)).isFile(), `${path} is a file in the export, not a link`);
      assert.deepEqual(await readFile(file), avatar);
    }
    for (const path of LEFT_OUT) {
      await assert.rejects(lstat(join(out, path)), { code: 'ENOENT' }, path);
    }

    const child = folio(['serve', dir, '--port', '0', '--host', '127.0.0.1']);
    try {
      const url = await serverUrl(child);
      for (const path of SERVED) assert.equal((await fetch(`${url}${path}`)).status, 200, path);
      for (const path of LEFT_OUT) assert.equal((await fetch(`${url}${path}`)).status, 404, path);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
