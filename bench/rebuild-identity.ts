// Rebuilds of a real site against builds from nothing. A copy of the site is built once, then
// edited as its author would edit it, one change at a time: a post's body at its end and at its
// start, its tags, date and category, a post renamed, deleted, added and drafted, the site's title
// and page size, search off and on again, a file added to `static/`; then a page of the output
// edited by hand and one deleted, which the next build must put back. After each change the copy
// is built into the same output (what `folio build` does by default) and, apart, from nothing
// (`--full`); the two outputs must hold the same files with the same bytes, the build's own
// `.folio*` records aside. The site itself is only read.
//
//   npm run build && npx tsx bench/rebuild-identity.ts SITE_DIR
//
// Prints one Markdown table: each change, the rebuild's time and what it wrote, the build from
// nothing's time, and whether the outputs agree (the first paths that differ, where they do).
// Exits 1 when any change left them different, or a build failed.
import { existsSync } from 'node:fs';
import { appendFile, cp, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseDocument } from 'yaml';
import { run } from './lib/processes.js';
import { REPO_ROOT, WORK_DIR } from './lib/setup.js';

const FOLIO = join(REPO_ROOT, 'bin', 'folio.js');
const WORK = join(WORK_DIR, 'rebuild-identity');
const BUILD_TIMEOUT_MS = 15 * 60_000;
// Longer than a build's wait for a file to settle (`SETTLED_MS`): each rebuild then trusts the
// stamps of the files the change did not touch, as it would for an author.
const AUTHOR_PAUSE_MS = 1_200;

/**
 * One change an author makes to the site in `site`, with the post files it may pick from; or to
 * `out`, the output the rebuilds go into, by hand.
 */
interface Change {
  readonly name: string;
  readonly apply: (site: string, posts: readonly string[], out: string) => Promise<void>;
}

/** A file spread over a list of them: each change picks another, for any size of site. */
function pick(files: readonly string[], share: number): string {
  const file = files[Math.floor(files.length * share)];
  if (file === undefined) throw new Error('the site has no files of the kind to change');
  return file;
}

/**
 * Two days ago, and `minutesLater`, as a front matter's local time: after the posts of most sites,
 * and in the past in every time zone a site may set, so that the post is not scheduled for later.
 */
function twoDaysAgo(minutesLater = 0): string {
  const time = Date.now() - 2 * 86_400_000 + minutesLater * 60_000;
  return new Date(time).toISOString().slice(0, 16).replace('T', ' ');
}

const FRONT = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/;

/** Sets `key` of a post's front matter to `value`, keeping the body. */
async function setFront(file: string, key: string, value: unknown): Promise<void> {
  const text = await readFile(file, 'utf8');
  const front = FRONT.exec(text);
  if (!front) throw new Error(`${file} has no front matter`);
  const document = parseDocument(front[1] ?? '');
  document.set(key, value);
  const yaml = document.toString().trimEnd();
  await writeFile(file, `---\n${yaml}\n---\n${text.slice(front[0].length)}`);
}

/** Sets `key` of the site's config to `value`, keeping its comments. */
async function setConfig(site: string, key: string, value: unknown): Promise<void> {
  const file = join(site, 'folio.config.yaml');
  const document = parseDocument(await readFile(file, 'utf8'));
  document.set(key, value);
  await writeFile(file, document.toString());
}

const CHANGES: readonly Change[] = [
  {
    name: "a sentence added at the end of a post's body",
    apply: (_, posts) => appendFile(pick(posts, 0.01), '\n\nOne sentence added, 一句新的话.\n'),
  },
  {
    name: 'a paragraph added at the start of a body (its excerpt changes)',
    apply: async (_, posts) => {
      const file = pick(posts, 0.4);
      const text = await readFile(file, 'utf8');
      const end = FRONT.exec(text)?.[0].length ?? 0;
      await writeFile(file, `${text.slice(0, end)}\nA new first paragraph.\n\n${text.slice(end)}`);
    },
  },
  { name: 'tags changed', apply: (_, posts) => setFront(pick(posts, 0.03), 'tags', ['retagged']) },
  {
    name: 'a post dated after every other',
    apply: (_, posts) => setFront(pick(posts, 0.05), 'date', twoDaysAgo()),
  },
  {
    name: 'category changed',
    apply: (_, posts) => setFront(pick(posts, 0.06), 'category', 'A new category'),
  },
  {
    name: 'a post file renamed',
    apply: async (_, posts) => {
      // A post of its own folder is renamed with its folder.
      const file = pick(posts, 0.07);
      const from = basename(file) === 'index.md' ? dirname(file) : file;
      await rename(from, from.replace(/(\.md)?$/, '-renamed$1'));
    },
  },
  { name: 'a post deleted', apply: (_, posts) => rm(pick(posts, 0.08)) },
  {
    name: 'a post added',
    apply: (site) =>
      writeFile(
        join(site, 'content', 'posts', 'an-added-post.md'),
        // A minute after the post dated before it, which the same minute would rank by slug.
        `---\ntitle: An added post\ndate: ${twoDaysAgo(1)}\ntags: [added]\n---\n\n` +
          'A post added to the site, about `parseHTTPRequest`.\n',
      ),
  },
  { name: 'a post made a draft', apply: (_, posts) => setFront(pick(posts, 0.09), 'draft', true) },
  {
    name: "the site's title changed",
    apply: (site) => setConfig(site, 'title', 'A Renamed Site'),
  },
  {
    name: 'page size changed',
    apply: (site) => setConfig(site, 'pageSize', 7),
  },
  {
    name: 'search turned off',
    apply: (site) => setConfig(site, 'search', false),
  },
  {
    name: 'search turned on again',
    apply: (site) => setConfig(site, 'search', true),
  },
  {
    name: 'two bodies edited together',
    apply: async (_, posts) => {
      await appendFile(pick(posts, 0.02), '\n\nMore words.\n');
      await appendFile(pick(posts, 0.021), '\n\nMore words too.\n');
    },
  },
  {
    name: 'a file added to `static/`',
    apply: async (site) => {
      await mkdir(join(site, 'static'), { recursive: true });
      await writeFile(join(site, 'static', 'added-by-the-author.txt'), 'Added.\n');
    },
  },
  {
    name: 'the home page of the output edited by hand',
    apply: (_, __, out) => appendFile(join(out, 'index.html'), '<!-- edited by hand -->\n'),
  },
  {
    name: 'a page of the output deleted by hand',
    apply: async (_, __, out) => {
      const pages = (await outputFiles(out)).filter((path) => path.endsWith('index.html'));
      await rm(join(out, pick(pages, 0.5)));
    },
  },
];

/** The post files of a site, in a fixed order. */
async function postFiles(site: string): Promise<string[]> {
  const dir = join(site, 'content', 'posts');
  const names = await readdir(dir, { recursive: true });
  return names
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => join(dir, name));
}

/** Every file of an output but the build's own records, by relative path. */
async function outputFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .filter((path) => !path.split('/').some((part) => part.startsWith('.folio')))
    .sort();
}

/** The paths whose files differ between two outputs, or that one holds alone. */
async function differences(a: string, b: string): Promise<string[]> {
  const [inA, inB] = await Promise.all([outputFiles(a), outputFiles(b)]);
  const inFirst = new Set(inA);
  const inSecond = new Set(inB);
  const differing = [
    ...inA.filter((path) => !inSecond.has(path)),
    ...inB.filter((path) => !inFirst.has(path)),
  ];
  for (const path of inA.filter((p) => inSecond.has(p))) {
    const [x, y] = await Promise.all([readFile(join(a, path)), readFile(join(b, path))]);
    if (!x.equals(y)) differing.push(path);
  }
  return differing;
}

interface Built {
  readonly seconds: number;
  readonly summary: string;
}

async function build(site: string, out: string, full: boolean): Promise<Built> {
  const args = [FOLIO, 'build', site, '--out', out, ...(full ? ['--full'] : [])];
  const result = await run(process.execPath, args, { timeoutMs: BUILD_TIMEOUT_MS });
  if (result.code !== 0) {
    throw new Error(`folio build ${full ? '--full ' : ''}failed:\n${result.stderr.slice(-2000)}`);
  }
  const summary = /(\d+) files? written, (\d+) deleted/.exec(result.stdout);
  return {
    seconds: result.ms / 1000,
    summary: summary ? `${summary[1]} written, ${summary[2]} deleted` : 'everything written',
  };
}

async function main(): Promise<number> {
  const given = process.argv[2];
  if (given === undefined || !existsSync(join(given, 'folio.config.yaml'))) {
    console.error('Usage: npx tsx bench/rebuild-identity.ts SITE_DIR (a Folio site folder)');
    return 2;
  }
  const site = join(WORK, 'site');
  const out = join(WORK, 'out');
  const fromNothing = join(WORK, 'from-nothing');
  await rm(WORK, { recursive: true, force: true });
  // The site's own caches are left behind: the first build here starts as a new author's would.
  const caches = join(resolve(given), '.folio');
  await cp(resolve(given), site, { recursive: true, filter: (source) => source !== caches });
  console.error(`Building ${given} once, into ${out}…`);
  await build(site, out, false);
  const rows: string[] = [];
  let failed = false;
  for (const change of CHANGES) {
    await change.apply(site, await postFiles(site), out);
    await sleep(AUTHOR_PAUSE_MS);
    const rebuilt = await build(site, out, false);
    await rm(fromNothing, { recursive: true, force: true });
    const whole = await build(site, fromNothing, true);
    const differing = await differences(out, fromNothing);
    failed ||= differing.length > 0;
    const verdict =
      differing.length === 0
        ? 'same bytes'
        : `**${differing.length} differ**: ${differing.slice(0, 3).join(', ')}`;
    console.error(`${change.name}: ${verdict}`);
    rows.push(
      `| ${change.name} | ${rebuilt.seconds.toFixed(2)} s | ${rebuilt.summary} | ` +
        `${whole.seconds.toFixed(2)} s | ${verdict} |`,
    );
  }
  console.log('| change | rebuild | files | build from nothing | outputs |');
  console.log('| --- | ---: | --- | ---: | --- |');
  for (const row of rows) console.log(row);
  await rm(WORK, { recursive: true, force: true });
  return failed ? 1 : 0;
}

process.exitCode = await main();
