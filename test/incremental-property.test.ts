// A build into a folder built before, after any sequence of edits to the site, leaves the very
// files a build from scratch writes: only the `.folio*` records of the build differ.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { exportSite, type ExportOptions } from '../src/delivery/static/export-site.js';
import { at } from './support/site-fixtures.js';
import { tempRoot } from './support/temp-root.js';

const root = tempRoot('folio-incremental-');

interface PostState {
  readonly title: string;
  readonly description: string | undefined;
  readonly day: number;
  readonly tags: readonly string[];
  readonly category: boolean;
  readonly body: string;
  // Each flag in turn: pinned, with an alias, in the series, a draft.
  readonly pinned?: boolean;
  readonly alias?: boolean;
  readonly series?: boolean;
  readonly draft?: boolean;
}

interface SiteState {
  readonly posts: ReadonlyMap<string, PostState>;
  readonly title: string;
  readonly pageSize: number;
  readonly categoryTitle: string;
  readonly accent: string;
  readonly css: string;
  readonly version: string;
  readonly precompress: boolean;
  /** Whether listing entries show the minutes to read. */
  readonly minutes: boolean;
  /** Whether `---` and straight quotes are shown as dashes and curly quotes. */
  readonly typographer: boolean;
}

const TAGS = ['rust', 'notes', 'sql', 'web'];
// Each with the contrast the config asks of an accent on the light background.
const ACCENTS = ['#0b5cad', '#1d5e20', '#9b1c1c'];
const LONG_START = 'The first paragraph runs on past the sixty characters an excerpt keeps of it.';
const BODIES = [
  'A short body.',
  'A longer body with **bold** words and a [link](https://example.com).\n\nTwo paragraphs.',
  '## A heading\n\n```ts\nconst answer: number = 42;\n```\n\nAfter the code.',
  `${'Words that fill a page past a kilobyte, so that it is compressed. '.repeat(30)}`,
  '- one\n- two\n- three\n\n> A quote.',
  'It was---as "they" said--not *quite* done... yet.',
  // Three bodies with one start, longer than the excerpt: an edit past it shows on the post's page
  // alone, unless it changes the minutes to read.
  `${LONG_START}\n\nOne ending.`,
  `${LONG_START}\n\nAnother ending, a few words longer than the first one.`,
  `${LONG_START}\n\n${'Many more words to read. '.repeat(120)}`,
];

const TITLES = ['Hello', 'Sorting', 'On SQLite', 'Notes'];
const DESCRIPTIONS = [undefined, 'What this post is about.', 'Another summary.'];

const post = fc.record({
  title: fc.constantFrom(...TITLES),
  description: fc.constantFrom(...DESCRIPTIONS),
  day: fc.integer({ min: 1, max: 28 }),
  tags: fc.subarray(TAGS, { minLength: 1, maxLength: 2 }),
  category: fc.boolean(),
  body: fc.constantFrom(...BODIES),
});

const pick = fc.nat();
const edit = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), post }),
  fc.record({ kind: fc.constant('remove' as const), pick }),
  fc.record({ kind: fc.constant('rename' as const), pick }),
  // No tag at all is an error of the site, which the build after must leave the output as it was.
  fc.record({ kind: fc.constant('retag' as const), pick, tags: fc.subarray(TAGS) }),
  fc.record({ kind: fc.constant('redate' as const), pick, day: fc.integer({ min: 1, max: 28 }) }),
  fc.record({ kind: fc.constant('body' as const), pick, body: fc.constantFrom(...BODIES) }),
  fc.record({ kind: fc.constant('retitle' as const), pick, title: fc.constantFrom(...TITLES) }),
  fc.record({
    kind: fc.constant('describe' as const),
    pick,
    description: fc.constantFrom(...DESCRIPTIONS),
  }),
  fc.record({
    kind: fc.constant('flag' as const),
    pick,
    flag: fc.constantFrom('pinned' as const, 'alias' as const, 'series' as const, 'draft' as const),
  }),
  fc.record({ kind: fc.constant('title' as const), pick }),
  fc.record({ kind: fc.constant('pageSize' as const), size: fc.integer({ min: 1, max: 5 }) }),
  fc.record({ kind: fc.constant('categoryTitle' as const), pick }),
  fc.record({ kind: fc.constant('css' as const), pick }),
  fc.record({ kind: fc.constant('accent' as const), pick }),
  fc.record({ kind: fc.constant('version' as const), pick }),
  fc.record({ kind: fc.constant('precompress' as const) }),
  fc.record({ kind: fc.constant('minutes' as const) }),
  fc.record({ kind: fc.constant('typographer' as const) }),
  fc.record({ kind: fc.constant('handEdit' as const), pick }),
);
type Edit = typeof edit extends fc.Arbitrary<infer T> ? T : never;

let nextSlug = 0;

function initialState(): SiteState {
  const posts = new Map<string, PostState>();
  for (let i = 0; i < 12; i++) {
    posts.set(`post-${nextSlug++}`, {
      title: `Post ${i}`,
      description: DESCRIPTIONS[i % DESCRIPTIONS.length],
      // In the middle of the month, so that a post added or re-dated lands before them as well as
      // among them or after them: at the end of the order it changes how many pages a listing has.
      day: (i % 12) + 10,
      tags: [TAGS[i % TAGS.length] ?? 'notes'],
      category: i % 3 === 0,
      body: BODIES[i % BODIES.length] ?? '',
    });
  }
  return {
    posts,
    title: 'Dev Notes',
    pageSize: 3,
    categoryTitle: 'Algorithms',
    accent: ACCENTS[0] ?? '',
    css: 'body { margin: 0; }\n',
    version: '1.0.0',
    precompress: false,
    minutes: false,
    typographer: false,
  };
}

/** The slug of the post `pick` chooses, if the site has any. */
function chosen(state: SiteState, pick: number): string | undefined {
  const slugs = [...state.posts.keys()];
  return slugs.length === 0 ? undefined : slugs[pick % slugs.length];
}

function withPost(state: SiteState, pick: number, change: (post: PostState) => PostState) {
  const slug = chosen(state, pick);
  if (slug === undefined) return state;
  const posts = new Map(state.posts);
  posts.set(slug, change(posts.get(slug) as PostState));
  return { ...state, posts };
}

function apply(state: SiteState, change: Edit): SiteState {
  switch (change.kind) {
    case 'add':
      return { ...state, posts: new Map([...state.posts, [`post-${nextSlug++}`, change.post]]) };
    case 'remove':
    case 'rename': {
      const slug = chosen(state, change.pick);
      if (slug === undefined) return state;
      const posts = new Map(state.posts);
      const removed = posts.get(slug) as PostState;
      posts.delete(slug);
      if (change.kind === 'rename') posts.set(`post-${nextSlug++}`, removed);
      return { ...state, posts };
    }
    case 'retag':
      return withPost(state, change.pick, (post) => ({ ...post, tags: change.tags }));
    case 'redate':
      return withPost(state, change.pick, (post) => ({ ...post, day: change.day }));
    case 'body':
      return withPost(state, change.pick, (post) => ({ ...post, body: change.body }));
    case 'retitle':
      return withPost(state, change.pick, (post) => ({ ...post, title: change.title }));
    case 'describe':
      return withPost(state, change.pick, (post) => ({ ...post, description: change.description }));
    case 'flag':
      return withPost(state, change.pick, (post) => ({
        ...post,
        [change.flag]: !post[change.flag],
      }));
    case 'title':
      return { ...state, title: `Notes ${change.pick % 5}` };
    case 'pageSize':
      return { ...state, pageSize: change.size };
    case 'categoryTitle':
      return { ...state, categoryTitle: `Algorithms ${change.pick % 3}` };
    case 'css':
      return { ...state, css: `body { margin: ${change.pick % 4}px; }\n` };
    case 'accent':
      return { ...state, accent: ACCENTS[change.pick % ACCENTS.length] ?? state.accent };
    case 'version':
      return { ...state, version: `1.${(change.pick % 3) + 1}.0` };
    case 'precompress':
      return { ...state, precompress: !state.precompress };
    case 'minutes':
      return { ...state, minutes: !state.minutes };
    case 'typographer':
      return { ...state, typographer: !state.typographer };
    case 'handEdit':
      return state;
  }
}

/**
 * Writes the site of `state` into `dir` as an author edits one: only the files whose text changes
 * are written, and those the site no longer holds are deleted, its `.folio/` cache kept. Written
 * anew, every file would take a new stamp, the static files' stamps a new key for the site, and
 * every document would be rendered again at every step, leaving untested what a build keeps.
 */
async function writeSiteFolder(dir: string, state: SiteState): Promise<void> {
  const files = new Map<string, string>();
  files.set(
    join(dir, 'folio.config.yaml'),
    [
      `title: ${state.title}`,
      'tagline: Notes on software.',
      'owner: Jane Doe',
      'url: https://blog.example.com',
      'locale: en',
      'timezone: UTC',
      'author:',
      '  name: Jane Doe',
      '  image: /images/avatar.svg',
      `pageSize: ${state.pageSize}`,
      'excerptLength: 60',
      `entryExtras: [${state.minutes ? 'readingTime' : ''}]`,
      `typographer: ${state.typographer}`,
      'categories:',
      '  Algorithm:',
      `    title: ${state.categoryTitle}`,
      'theme:',
      `  accent: '${state.accent}'`,
      '',
    ].join('\n'),
  );
  files.set(
    join(dir, 'static', 'images', 'avatar.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>',
  );
  files.set(join(dir, 'static', 'custom.css'), state.css);
  for (const [slug, post] of state.posts) {
    const front = [
      '---',
      `title: ${post.title}`,
      ...(post.description === undefined ? [] : [`description: ${post.description}`]),
      `date: 2024-01-${String(post.day).padStart(2, '0')}`,
      `tags: [${post.tags.join(', ')}]`,
      ...(post.category ? ['category: Algorithm'] : []),
      ...(post.pinned ? ['pinned: true'] : []),
      ...(post.alias ? [`aliases: [/old/${slug}/]`] : []),
      ...(post.series ? ['series: A Series'] : []),
      ...(post.draft ? ['draft: true'] : []),
      '---',
    ];
    files.set(join(dir, 'content', 'posts', `${slug}.md`), `${front.join('\n')}\n${post.body}\n`);
  }
  for (const folder of ['content', 'static']) {
    const held = existsSync(join(dir, folder))
      ? readdirSync(join(dir, folder), { recursive: true, withFileTypes: true })
      : [];
    for (const entry of held) {
      const file = join(entry.parentPath, entry.name);
      if (entry.isFile() && !files.has(file)) await rm(file);
    }
  }
  for (const [file, text] of files) {
    if (existsSync(file) && readFileSync(file, 'utf8') === text) continue;
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, text);
  }
}

/** Every file below `dir` but the build's own `.folio*` records, by path. */
function tree(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name).slice(dir.length + 1);
    if (path.startsWith('.folio')) continue;
    files.set(path, readFileSync(join(dir, path)));
  }
  return files;
}

function assertSameTree(built: string, fresh: string, step: string): void {
  const a = tree(built);
  const b = tree(fresh);
  assert.deepEqual([...a.keys()].sort(), [...b.keys()].sort(), `${step}: the same files`);
  for (const [path, bytes] of a) {
    assert.ok(bytes.equals(b.get(path) as Buffer), `${step}: ${path} differs`);
  }
}

/** Changes a file of the output by hand, as a person might, to be put right by the next build. */
async function editByHand(out: string, pick: number): Promise<void> {
  const files = [...tree(out).keys()].sort();
  const file = files[pick % files.length];
  if (file) await writeFile(join(out, file), 'edited by hand, and longer than before it was');
}

describe('an incremental build', () => {
  it('writes what a build from scratch writes, after any edits', { timeout: 600_000 }, async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(edit, { minLength: 15, maxLength: 20 }), async (edits) => {
        const dir = join(root, `run-${run++}`);
        const site = join(dir, 'site');
        const out = join(dir, 'out');
        let state = initialState();
        const build = (outDir: string, options: Partial<ExportOptions> = {}) =>
          exportSite({
            siteDir: site,
            outDir,
            threads: 1,
            now: at('2025-01-01T00:00:00Z'),
            version: state.version,
            precompress: state.precompress,
            ...options,
          });
        await writeSiteFolder(site, state);
        await build(out);
        // The version of Folio that the output was last built with.
        let built = state.version;
        for (const [i, change] of edits.entries()) {
          const step = `step ${i} (${JSON.stringify(change)})`;
          state = apply(state, change);
          if (change.kind === 'handEdit') await editByHand(out, change.pick);
          await writeSiteFolder(site, state);
          const fresh = join(dir, `fresh-${i}`);
          let fullBuild: string | undefined;
          const before = tree(out);
          const incremental = await build(out, {
            onOutputPlanned: (output) => (fullBuild = output.fullBuild),
          });
          // From scratch: into a new folder, every body rendered anew rather than from the cache.
          const whole = await build(fresh, { full: true });
          if (!whole.summary) {
            assert.equal(incremental.summary, undefined, step);
            const after = tree(out);
            assert.deepEqual([...after.keys()], [...before.keys()], step);
            for (const [path, bytes] of after) assert.ok(bytes.equals(before.get(path) as Buffer));
            continue;
          }
          assert.equal(incremental.summary?.incremental, built === state.version, step);
          if (built !== state.version) assert.match(fullBuild ?? '', /from Folio 1\.\d\.0/);
          built = state.version;
          assertSameTree(out, fresh, step);
          const records = readdirSync(out).filter((name) => name.startsWith('.folio'));
          assert.deepEqual(records.sort(), ['.folio-build', '.folio-manifest.json'], step);
          await rm(fresh, { recursive: true, force: true });
        }
        await rm(dir, { recursive: true, force: true });
      }),
      { numRuns: Number(process.env.INCREMENTAL_RUNS ?? 3) },
    );
  });
});
