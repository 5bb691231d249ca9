import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { CONFIG_YAML } from '../../test/support/site-fixtures.js';
import { generatedPaths, resourceFor } from './app/core.js';
import { SiteSession } from './site-session.js';

const work = await mkdtemp(join(tmpdir(), 'folio-session-caches-'));
after(() => rm(work, { recursive: true, force: true }));

const post = (index: number, text: string, tag: string): string =>
  `---\ntitle: Post ${index}\ndate: 2024-01-${String(10 + index).padStart(2, '0')}\ntags: [${tag}]\n---\n${text}\n`;

/** A session on a new site folder of `count` posts, `post-0` to `post-N`, each tagged `tagOf(i)`. */
async function sessionOf(
  name: string,
  count: number,
  tagOf: (index: number) => string,
): Promise<{ session: SiteSession; posts: string }> {
  const dir = join(work, name);
  const posts = join(dir, 'content', 'posts');
  await mkdir(posts, { recursive: true });
  await writeFile(join(dir, 'folio.config.yaml'), CONFIG_YAML);
  for (let i = 0; i < count; i++) {
    await writeFile(join(posts, `post-${i}.md`), post(i, `Text ${i}.`, tagOf(i)));
  }
  const { session } = await SiteSession.open(dir, { keepBodies: true });
  assert.ok(session);
  return { session, posts };
}

describe('a site session after an edit of one post', () => {
  it('makes again only the pages that show the post, and keeps the others as they were', async () => {
    const { session, posts } = await sessionOf('site', 8, (i) => (i === 4 ? 'edited' : 'other'));
    const askAll = async (): Promise<void> => {
      for (const url of generatedPaths(session.site))
        await resourceFor(session.state, { method: 'GET', url });
    };
    await askAll();

    await writeFile(join(posts, 'post-4.md'), post(4, 'Text 4, edited.', 'edited'));
    const { published } = await session.update([join(posts, 'post-4.md')]);
    assert.ok(published);
    const { documents } = session.state.caches;
    // A post that neither is the edited one nor stands beside it: its page is kept.
    await resourceFor(session.state, { method: 'GET', url: '/posts/post-0/' });
    assert.equal(documents.stats.misses, 0);
    await askAll();
    // The edited post, its two neighbours, the listing page and the tag page that show it, and
    // the feeds and sitemap; every other page is kept.
    const made = documents.stats.misses;
    assert.ok(made > 0 && made < generatedPaths(session.site).length, `${made} made again`);
    const page = await resourceFor(session.state, { method: 'GET', url: '/posts/post-4/' });
    assert.ok(page.kind === 'document');
    assert.match(page.body.toString(), /Text 4, edited\./);
  });
});

describe('a site session whose update waits for the watcher to agree', () => {
  it('puts the edit online over whatever changed on the version online meanwhile', async () => {
    const { session, posts } = await sessionOf('waiting', 3, () => 'a');

    await writeFile(join(posts, 'post-1.md'), post(1, 'Text, edited.', 'a'));
    const { published } = await session.update([join(posts, 'post-1.md')], () => {
      // While the watcher waits, the body check of the version online finds a warning.
      session.showWarnings(['content/posts/post-2.md:5: an image that is not there']);
      return true;
    });
    assert.ok(published);
    assert.deepEqual(session.state.overlay.warnings, [
      'content/posts/post-2.md:5: an image that is not there',
    ]);
    const page = await resourceFor(session.state, { method: 'GET', url: '/posts/post-1/' });
    assert.ok(page.kind === 'document');
    assert.match(page.body.toString(), /Text, edited\./);
  });
});
