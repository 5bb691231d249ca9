import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import fc from 'fast-check';
import { CONFIG_YAML } from '../../test/support/site-fixtures.js';
import type { BodyStore } from '../load/body-store.js';
import { loadSite } from '../load/load-site.js';
import { buildSite, type Site } from '../site/build-site.js';
import { generatedPaths, resourceFor } from './app/core.js';
import { SiteDocuments } from './app/documents.js';
import type { SiteState } from './app/site-state.js';
import { SiteSession } from './site-session.js';

// Whatever an author does between two reloads — edit a post's text, refile it, date it later,
// add or delete posts, change the settings — and however the clock moves, the site a session puts
// online is the site a build from scratch gives, and so are the bodies its pages show.

const DAY = 86_400_000;
const START = Date.parse('2024-01-01T00:00:00Z');
const work = await mkdtemp(join(tmpdir(), 'folio-session-'));
after(() => rm(work, { recursive: true, force: true }));

const fields = fc.record({
  day: fc.integer({ min: 0, max: 30 }),
  category: fc.constantFrom(undefined, 'Algorithm', 'Go'),
  tags: fc.uniqueArray(fc.constantFrom('a', 'b', 'c'), { minLength: 1, maxLength: 2 }),
  draft: fc.boolean(),
  body: fc
    .constantFrom('Plain text.', 'A [link](/posts/post-0/).', '# Heading\n\nMore text.')
    .map((body): string => body),
});
type Fields = typeof fields extends fc.Arbitrary<infer T> ? T : never;

const step = fc.oneof(
  fc.record({ kind: fc.constant('text' as const), index: fc.nat(), body: fc.string() }),
  fc.record({ kind: fc.constant('refile' as const), index: fc.nat(), fields }),
  fc.record({ kind: fc.constant('add' as const), fields }),
  fc.record({ kind: fc.constant('remove' as const), index: fc.nat() }),
  fc.record({ kind: fc.constant('settings' as const), pageSize: fc.integer({ min: 1, max: 3 }) }),
);

function postText(index: number, post: Fields, version: number): string {
  const date = new Date(START + post.day * DAY).toISOString().slice(0, 10);
  return [
    '---',
    `title: Post ${index} version ${version}`,
    `date: ${date}`,
    ...(post.category ? [`category: ${post.category}`] : []),
    `tags: [${post.tags.join(', ')}]`,
    ...(post.draft ? ['draft: true'] : []),
    '---',
    '',
    post.body,
    '',
  ].join('\n');
}

const config = (pageSize: number): string =>
  CONFIG_YAML.replace('pageSize: 10', `pageSize: ${pageSize}`).replace(
    /author:\n {2}name: Jane Doe\n {2}image: \/images\/avatar.png\n/,
    'author:\n  name: Jane Doe\n',
  );

let runs = 0;

/** Every generated page of the state online, asked for as a client would, by path. */
function pagesOf(state: SiteState): Map<string, string> {
  const pages = new Map<string, string>();
  for (const path of generatedPaths(state.site)) {
    const resource = resourceFor(state, { method: 'GET', url: path });
    assert.ok(!(resource instanceof Promise) && resource.kind === 'document', path);
    pages.set(path, resource.body.toString());
  }
  return pages;
}

describe('a site session (properties)', () => {
  it('puts online, after any edits and clock moves, what a build from scratch gives', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fields, { minLength: 1, maxLength: 5 }),
        fc.array(fc.tuple(step, fc.integer({ min: 0, max: 35 }), fc.integer({ min: 0, max: 35 })), {
          minLength: 1,
          maxLength: 5,
        }),
        fc.integer({ min: 0, max: 35 }),
        fc.boolean(),
        async (initial, steps, firstDay, showDrafts) => {
          const dir = join(work, `site-${runs++}`);
          const posts = join(dir, 'content', 'posts');
          await mkdir(posts, { recursive: true });
          const file = (index: number): string => join(posts, `post-${index}.md`);
          const live = new Map<number, Fields>();
          let version = 0;
          await writeFile(join(dir, 'folio.config.yaml'), config(2));
          for (const [index, post] of initial.entries()) {
            live.set(index, post);
            await writeFile(file(index), postText(index, post, version));
          }
          let now = START + firstDay * DAY;
          const opened = await SiteSession.open(dir, {
            now: () => now,
            showDrafts,
            keepBodies: true,
          });
          const session: SiteSession | undefined = opened.session;
          assert.ok(session, JSON.stringify(opened.load.diagnostics));
          let next = initial.length;
          for (const [change, day, later] of steps) {
            version++;
            const indexes = [...live.keys()];
            const pick = (n: number): number | undefined => indexes[n % indexes.length];
            const changed: string[] = [];
            if (change.kind === 'settings') {
              await writeFile(join(dir, 'folio.config.yaml'), config(change.pageSize));
              changed.push(join(dir, 'folio.config.yaml'));
            } else if (change.kind === 'add') {
              live.set(next, change.fields);
              await writeFile(file(next), postText(next, change.fields, version));
              changed.push(file(next++));
            } else {
              const index = pick(change.index);
              if (index === undefined) continue;
              const before = live.get(index) as Fields;
              if (change.kind === 'remove') {
                if (live.size === 1) continue;
                live.delete(index);
                await rm(file(index));
              } else {
                const after =
                  change.kind === 'text' ? { ...before, body: change.body } : change.fields;
                live.set(index, after);
                await writeFile(file(index), postText(index, after, version));
              }
              changed.push(file(index));
            }
            // Every page is asked for before the change, so that whatever the session keeps of
            // the last version is tested against the new one.
            const pagesBefore = pagesOf(session.state);
            now = START + day * DAY;
            const { load, published } = await session.update(changed);
            assert.ok(published, JSON.stringify(load.diagnostics));

            const fresh = await loadSite(dir, { checkBodies: false, keepBodies: true });
            assert.ok(fresh.content);
            const scratch = buildSite(fresh.content.config, fresh.content.posts, {
              now,
              showDrafts,
            });
            const site: Site = session.site;
            assert.deepStrictEqual(site, scratch);
            const online: BodyStore = session.content.bodies;
            const built: BodyStore = fresh.content.bodies;
            scratch.posts.forEach((post, i) => {
              const mine = site.posts[i];
              assert.ok(mine);
              assert.equal(online.html(mine), built.html(post));
              assert.equal(online.excerpt(mine), built.excerpt(post));
            });
            // The pages it answers, some kept from the last version, are those of a new build.
            const fromScratch = new SiteDocuments({ site: scratch, bodies: built });
            const pages = pagesOf(session.state);
            assert.deepEqual([...pages.keys()], fromScratch.paths());
            for (const [path, body] of pages) {
              assert.equal(
                body,
                fromScratch.body(path)?.toString(),
                `${path} after ${change.kind}`,
              );
            }
            assert.ok(pagesBefore.size > 0);
            // The clock moves on (or back) with no edit: scheduled posts come out on time.
            if (later >= day) {
              now = START + later * DAY;
              const atLater = buildSite(fresh.content.config, fresh.content.posts, {
                now,
                showDrafts,
              });
              assert.deepStrictEqual(session.site.posts, atLater.posts);
            }
          }
        },
      ),
      { numRuns: 60, verbose: true },
    );
  });
});
