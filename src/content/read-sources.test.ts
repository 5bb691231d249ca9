// Load: symbolic links under content/posts and static/, decided the same way by a full listing and
// by a watcher's reload.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { loadContent } from './load-content.js';
import { listPostFiles, readStaticAssets } from './read-sources.js';

const post = (title: string): string =>
  `---\ntitle: ${title}\ndate: 2024-01-10\ntags: [notes]\n---\nBody.\n`;
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="30" height="20"></svg>\n';

let work: string;

/** A new site folder inside `work`, with `files` written and `links` made (path → target). */
async function site(
  name: string,
  files: Record<string, string>,
  links: Record<string, string> = {},
): Promise<string> {
  const dir = join(work, name);
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  await makeLinks(dir, links);
  return dir;
}

async function makeLinks(dir: string, links: Record<string, string>): Promise<void> {
  for (const [path, target] of Object.entries(links)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await symlink(target, join(dir, path));
  }
}

const POSTS = {
  'content/posts/plain.md': post('Plain'),
  'drafts/linked.md': post('Linked'),
  'shelf/2022/shelved.md': post('Shelved'),
};
const POST_LINKS = {
  // A linked post and a linked folder of posts, both inside the site folder.
  'content/posts/linked.md': '../../drafts/linked.md',
  'content/posts/shelf': '../../shelf',
  // Outside the site, nowhere, and back into the folder that holds the link.
  'content/posts/away.md': '../../../outside/away.md',
  'content/posts/gone.md': '../../drafts/gone.md',
  'content/posts/again': '..',
};

/** Each problem as `file relative to dir: code: message`. */
const problems = (dir: string, diagnostics: readonly Diagnostic[]): string[] =>
  diagnostics.map((d) => `${d.file.slice(dir.length + 1)}: ${d.severity} ${d.code}: ${d.message}`);

before(async () => {
  work = await realpath(await mkdtemp(join(tmpdir(), 'folio-sources-')));
  await mkdir(join(work, 'outside'));
  await writeFile(join(work, 'outside', 'away.md'), post('Away'));
  await writeFile(join(work, 'outside', 'secret.svg'), SVG);
});

after(() => rm(work, { recursive: true, force: true }));

describe('listPostFiles and symbolic links', () => {
  it('follows links to a post and to a folder inside the site, and refuses the others with a warning', async () => {
    const dir = await site('posts', POSTS, POST_LINKS);
    const { files, diagnostics, linked } = await listPostFiles(dir);
    assert.deepEqual(
      files.map((entry) => [entry.file.slice(dir.length + 1), entry.fileSlug]),
      [
        ['content/posts/linked.md', 'linked'],
        ['content/posts/plain.md', 'plain'],
        ['content/posts/shelf/2022/shelved.md', 'shelved'],
      ],
    );
    assert.ok(
      files.every((entry) => entry.stamp !== ''),
      'a linked file is stamped as its target',
    );
    assert.deepEqual(problems(dir, diagnostics), [
      `content/posts/again: warning link-loop: this link leads back to ${join(dir, 'content')}, a folder that holds it`,
      `content/posts/away.md: warning link-outside: this link leads outside the site folder, to ${join(work, 'outside', 'away.md')}`,
      `content/posts/gone.md: warning link-broken: this link leads to ${join(dir, 'drafts', 'gone.md')}, which does not exist`,
    ]);
    assert.equal(linked, true);
  });

  it('walks a folder linked twice over as often as it is linked, and stops at a loop of links', async () => {
    const dir = await site(
      'twice',
      { 'content/posts/a/one.md': post('One') },
      {
        'content/posts/b/to-a': '../a',
        'content/posts/a/to-b': '../b',
        'content/posts/self.md': 'self.md',
      },
    );
    const { files, diagnostics } = await listPostFiles(dir);
    assert.deepEqual(
      files.map((entry) => entry.file.slice(dir.length + 1)),
      ['content/posts/a/one.md', 'content/posts/b/to-a/one.md'],
    );
    assert.deepEqual(
      diagnostics.map((d) => [d.file.slice(dir.length + 1), d.code]),
      [
        ['content/posts/a/to-b/to-a', 'link-loop'],
        ['content/posts/b/to-a/to-b', 'link-loop'],
        ['content/posts/self.md', 'link-broken'],
      ],
    );
  });

  it('follows links inside a posts folder that is itself a link out of the site', async () => {
    await mkdir(join(work, 'kept', 'posts'), { recursive: true });
    await writeFile(join(work, 'kept', 'posts', 'kept.md'), post('Kept'));
    await symlink('kept.md', join(work, 'kept', 'posts', 'also.md'));
    const dir = await site('linked-root', {}, { 'content/posts': '../../kept/posts' });
    const { files, diagnostics } = await listPostFiles(dir);
    assert.deepEqual(
      files.map((entry) => entry.fileSlug),
      ['also', 'kept'],
    );
    assert.deepEqual(diagnostics, []);
  });

  it('decides links the same way when a watcher reports them as when the folder is listed', async () => {
    const dir = await site('watched', POSTS);
    const first = await loadContent(dir);
    await makeLinks(dir, POST_LINKS);
    const changed = Object.keys(POST_LINKS).map((path) => join(dir, path));
    const updated = await loadContent(dir, { previous: first.folder, changed });
    const full = await loadContent(dir);
    const seen = (loaded: typeof full) => ({
      posts: loaded.posts.map((p) => p.title).sort(),
      problems: problems(dir, loaded.diagnostics).filter((p) => !p.startsWith('folio.config')),
    });
    assert.deepEqual(seen(updated), seen(full));
    assert.deepEqual(seen(full).posts, ['Linked', 'Plain', 'Shelved']);

    // An edit to what a link leads to is seen, although the watcher names only the target.
    await writeFile(join(dir, 'drafts', 'linked.md'), post('Linked, edited'));
    const edited = await loadContent(dir, {
      previous: updated.folder,
      changed: [join(dir, 'drafts', 'linked.md')],
    });
    assert.deepEqual(seen(edited).posts, ['Linked, edited', 'Plain', 'Shelved']);
  });
});

describe('readStaticAssets and symbolic links', () => {
  it('follows links that stay inside static/ and refuses the others, even into the site folder', async () => {
    const dir = await site(
      'static',
      { 'static/images/a.svg': SVG, 'folio.config.yaml': 'title: Secret\n' },
      {
        'static/logo.svg': 'images/a.svg',
        'static/media': 'images',
        'static/config.yaml': '../folio.config.yaml',
        'static/secret.svg': '../../outside/secret.svg',
        'static/broken.svg': 'images/none.svg',
      },
    );
    const { paths, imageSizes, diagnostics } = await readStaticAssets(dir);
    assert.deepEqual([...paths], ['/images/a.svg', '/logo.svg', '/media/a.svg']);
    assert.deepEqual(imageSizes.get('/logo.svg'), { width: 30, height: 20 });
    assert.deepEqual(
      diagnostics.map((d) => [d.file.slice(dir.length + 1), d.code, d.severity]),
      [
        ['static/broken.svg', 'link-broken', 'warning'],
        ['static/config.yaml', 'link-outside', 'warning'],
        ['static/secret.svg', 'link-outside', 'warning'],
      ],
    );
    assert.match(diagnostics[1]?.message ?? '', /outside static\/, to .*folio\.config\.yaml$/);
  });
});
