// `folio build --watch`: one process that builds the site, then builds it again after each change
// to its folder, writing only what the change altered, and keeping the last good output through
// errors and a posts folder gone for a moment.
import assert from 'node:assert/strict';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { appendFile, cp, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { assertSameAsFullBuild, eventually, folio, run, snapshot } from './support/folio-cli.js';
import { FIXTURES } from './support/serve-fixture.js';
import { tempRoot } from './support/temp-root.js';

const root = tempRoot('folio-build-watch-');
let cases = 0;

const REBUILT = /^\d\d:\d\d:\d\d Built \d+ pages into .* in [\d.]+ s: (\d+) files? written/gm;

interface Watching {
  readonly site: string;
  readonly out: string;
  readonly child: ChildProcessWithoutNullStreams;
  readonly printed: { stdout: string; stderr: string };
  /** Waits until the process has printed `count` rebuilds in all. */
  readonly rebuilds: (count: number) => Promise<void>;
  /** Waits until it has printed `text` on either stream. */
  readonly prints: (text: string) => Promise<void>;
}

async function watching(
  options: {
    readonly args?: readonly string[];
    /** Called with the site's folder before the watch starts. */
    readonly before?: (site: string) => Promise<void>;
    readonly whileFirstBuild?: (site: string) => Promise<void>;
  } = {},
): Promise<Watching> {
  const dir = join(root, `case-${cases++}`);
  const site = join(dir, 'blog');
  const out = join(dir, 'out');
  await cp(join(FIXTURES, 'basic'), site, { recursive: true });
  await options.before?.(site);
  await mkdir(out, { recursive: true });
  const child = folio(['build', site, '--out', out, '--watch', ...(options.args ?? [])]);
  const printed = { stdout: '', stderr: '' };
  child.stdout.on('data', (chunk: Buffer) => (printed.stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (printed.stderr += chunk.toString()));
  const explain = () => `it printed: ${printed.stdout}${printed.stderr}`;
  const prints = (text: string) =>
    eventually(
      () => Promise.resolve((printed.stdout + printed.stderr).includes(text)),
      explain,
      15000,
    );
  const rebuilds = (count: number) =>
    eventually(
      () => Promise.resolve([...printed.stdout.matchAll(REBUILT)].length >= count),
      explain,
      15000,
    );
  await options.whileFirstBuild?.(site);
  await prints('Watching for changes');
  return { site, out, child, printed, rebuilds, prints };
}

/** Stops the process as Ctrl+C does; answers its exit code. */
async function stop(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  const closed = once(child, 'close');
  child.kill('SIGINT');
  const [code] = (await closed) as [number | null];
  return code;
}

const post = (title: string, date = '2024-05-01') =>
  `---\ntitle: ${title}\ndate: ${date}\ntags: [notes]\n---\n\nThe body of ${title}.\n`;

after(() => rm(root, { recursive: true, force: true }));

describe('folio build --watch', () => {
  it('builds again after each save, writing only what it changed, until Ctrl+C', async () => {
    const { site, out, child, printed, rebuilds } = await watching();
    try {
      assert.match(printed.stdout, /^Built \d+ pages \(\d+ files/m);
      await appendFile(join(site, 'content', 'posts', '2024', 'short.md'), '\nA line saved.\n');
      await rebuilds(1);
      const [first] = [...printed.stdout.matchAll(REBUILT)];
      const written = Number(first?.[1]);
      assert.ok(written >= 1 && written <= 16, `${written} files written`);
      assert.match(await readFile(join(out, 'posts/short/index.html'), 'utf8'), /A line saved/);
      // A new post adds files the next builds must know as their own, not refuse as foreign.
      await writeFile(join(site, 'content', 'posts', 'arrival.md'), post('Arrival'));
      await rebuilds(2);
      await appendFile(join(site, 'content', 'posts', 'arrival.md'), '\nMore.\n');
      await rebuilds(3);
      assert.match(await readFile(join(out, 'posts/arrival/index.html'), 'utf8'), /More\./);
      // A page of its own edited by hand is put back by the next build.
      const graphs = join(out, 'posts', 'graphs', 'index.html');
      const original = await readFile(graphs);
      await writeFile(graphs, 'edited by hand');
      await appendFile(join(site, 'content', 'posts', 'arrival.md'), '\nAnd more.\n');
      await rebuilds(4);
      assert.ok((await readFile(graphs)).equals(original));
      assert.equal(printed.stderr, '');
      assert.equal(await stop(child), 0);
      assert.match(printed.stdout, /SIGINT: stopping/);
      await assertSameAsFullBuild(site, out);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('keeps the search index of a site of many posts the same as a full build through edits', async () => {
    // Posts enough for many batches of search, so that a save changes one and the others are
    // taken from the index the build before made, and the terms of the one are found changed
    // or not; a post deleted numbers every later one anew.
    const words = ['merge', 'heap', 'queue', '알고리즘을', '分布式系统', 'parseHTTPRequest'];
    const many = join('content', 'posts', 'many');
    const postAt = (n: number) => join(many, `post-${String(n).padStart(3, '0')}.md`);
    const { site, child, out, rebuilds } = await watching({
      before: async (dir) => {
        await mkdir(join(dir, many), { recursive: true });
        for (let n = 0; n < 540; n++) {
          const day = `2022-${String((n % 12) + 1).padStart(2, '0')}-${String((n % 28) + 1).padStart(2, '0')}`;
          const text = Array.from({ length: 12 }, (_, k) => words[(n + k * 5) % words.length]);
          await writeFile(
            join(dir, postAt(n)),
            post(`Post ${n}`, day).replace('The body', text.join(' ')),
          );
        }
      },
    });
    try {
      await appendFile(join(site, postAt(7)), '\nA sentence with zebra in it.\n');
      await rebuilds(1);
      await writeFile(
        join(site, postAt(140)),
        post('Post 140', '2022-05-05').replace('The body', 'quokka'),
      );
      await rebuilds(2);
      await writeFile(join(site, 'content', 'posts', 'newest.md'), post('Newest', '2025-01-01'));
      await rebuilds(3);
      await rm(join(site, postAt(3)));
      await rebuilds(4);
      await appendFile(join(site, postAt(300)), '\n알고리즘은 quokka.\n');
      await rebuilds(5);
      assert.equal(await stop(child), 0);
      await assertSameAsFullBuild(site, out);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('keeps the output as it was while the site has an error, and builds once it is fixed', async () => {
    const { site, out, child, printed, rebuilds, prints } = await watching();
    try {
      const before = await snapshot(out);
      const broken = join(site, 'content', 'posts', 'broken.md');
      await writeFile(broken, post('Broken', 'not a date'));
      await prints('nothing was built');
      assert.match(printed.stderr, /broken\.md:3: `date` "not a date" is not a date/);
      assert.deepEqual(await snapshot(out), before);
      await writeFile(broken, post('Broken no more'));
      await rebuilds(1);
      assert.match(await readFile(join(out, 'posts/broken/index.html'), 'utf8'), /Broken no more/);
      assert.equal(await stop(child), 0);
      await assertSameAsFullBuild(site, out);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('prints each warning once while it stands, and each new one as it comes', async () => {
    const { site, out, child, printed, rebuilds, prints } = await watching();
    const warned = /a-dead-end\.md:9: warning: the link \/posts\/nowhere\/ leads to no post/g;
    const times = () => [...printed.stderr.matchAll(warned)].length;
    try {
      const deadEnd = join(site, 'content', 'posts', 'a-dead-end.md');
      await writeFile(deadEnd, `${post('A dead end')}\nSee [this](/posts/nowhere/).\n`);
      await rebuilds(1);
      assert.equal(times(), 1);
      await appendFile(join(site, 'content', 'posts', '2024', 'short.md'), '\nAn edit.\n');
      await rebuilds(2);
      assert.equal(times(), 1, 'a warning that stands is not printed at every save');
      assert.match(printed.stdout, /1 problem shown before still stands\.\n$/);
      // A build stopped by an error did not look at bodies: the warning still stood all along.
      const broken = join(site, 'content', 'posts', 'broken.md');
      await writeFile(broken, post('Broken', 'not a date'));
      await prints('nothing was built');
      await writeFile(broken, post('Broken no more'));
      await rebuilds(3);
      assert.equal(times(), 1);
      await appendFile(deadEnd, 'And [another](/posts/elsewhere/).\n');
      await rebuilds(4);
      assert.match(printed.stderr, /a-dead-end\.md:10: warning: the link \/posts\/elsewhere\//);
      assert.equal(times(), 1);
      await writeFile(deadEnd, post('A dead end no more'));
      await rebuilds(5);
      assert.doesNotMatch(printed.stdout.split('\n').at(-2) ?? '', /shown before/);
      assert.equal(await stop(child), 0);
      await assertSameAsFullBuild(site, out);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('leaves every page in place while the posts folder is gone, and builds once it is back', async () => {
    const { site, out, child, printed, rebuilds, prints } = await watching();
    try {
      const before = await snapshot(out);
      const posts = join(site, 'content', 'posts');
      await rename(posts, join(site, 'posts-away'));
      await prints('stays as it is until the folder is back');
      assert.match(printed.stderr, /the folder is gone/);
      assert.deepEqual(await snapshot(out), before);
      await rename(join(site, 'posts-away'), posts);
      await appendFile(join(posts, '2024', 'short.md'), '\nBack.\n');
      await rebuilds(1);
      assert.match(await readFile(join(out, 'posts/short/index.html'), 'utf8'), /Back\./);
      assert.equal(await stop(child), 0);
      await assertSameAsFullBuild(site, out);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('builds an edit saved while its first build runs', async () => {
    const { site, out, child, printed } = await watching({
      whileFirstBuild: (dir) =>
        appendFile(join(dir, 'content', 'posts', '2024', 'short.md'), '\nSaved early.\n'),
    });
    try {
      await eventually(
        async () =>
          (await readFile(join(out, 'posts/short/index.html'), 'utf8').catch(() => '')).includes(
            'Saved early.',
          ),
        () => printed.stdout + printed.stderr,
        15000,
      );
      assert.equal(await stop(child), 0);
      await assertSameAsFullBuild(site, out);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('lets Ctrl+C during the first build end it, and leaves no lock', async () => {
    const dir = join(root, `case-${cases++}`);
    const site = join(dir, 'blog');
    await cp(join(FIXTURES, 'basic'), site, { recursive: true });
    const child = folio(['build', site, '--out', join(dir, 'out'), '--watch']);
    // The lock beside the output stands while the first build runs.
    await eventually(
      async () => (await readdir(dir)).includes('.out.lock'),
      () => 'the first build took no lock',
      15000,
    );
    assert.equal(await stop(child), 0);
    assert.deepEqual(
      (await readdir(dir)).filter((name) => name.endsWith('.lock')),
      [],
    );
  });

  it('deletes no file that came into the output later, even when started with --clean, and builds once it is moved', async () => {
    const { site, out, child, printed, prints, rebuilds } = await watching({ args: ['--clean'] });
    try {
      await writeFile(join(out, 'CNAME'), 'blog.example.com\n');
      await appendFile(join(site, 'content', 'posts', '2024', 'short.md'), '\nAn edit.\n');
      await prints('Nothing was built');
      assert.match(printed.stderr, /CNAME[^]*It builds once they are gone\./);
      assert.equal(await readFile(join(out, 'CNAME'), 'utf8'), 'blog.example.com\n');
      // Moved out of the way, outside the site folder, the file lets the edit through with no
      // other change to the site.
      await rename(join(out, 'CNAME'), join(out, '..', 'CNAME'));
      await rebuilds(1);
      assert.match(await readFile(join(out, 'posts/short/index.html'), 'utf8'), /An edit\./);
      assert.equal(await stop(child), 0);
      await assertSameAsFullBuild(site, out);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('waits for files it did not write without crashing, or building again and again, when it cannot see them go', async () => {
    const { site, out, child, printed, rebuilds } = await watching();
    const refusals = () => printed.stderr.split('Nothing was built').length - 1;
    const refused = (count: number) =>
      eventually(
        () => Promise.resolve(refusals() >= count),
        () => printed.stderr,
        15000,
      );
    const edit = (text: string) =>
      appendFile(join(site, 'content', 'posts', '2024', 'short.md'), `\n${text}\n`);
    try {
      // A name that is not UTF-8 is listed with a stand-in character: no path to it by that name.
      const unnamed = Buffer.from(join(out, 'raw\xff.txt'), 'latin1');
      await writeFile(unnamed, 'mine\n');
      await edit('An edit.');
      await refused(1);
      await sleep(2500);
      assert.equal(refusals(), 1, 'refused once, then waited for the next edit');
      // The folder it named made a file: still something no build wrote.
      await mkdir(join(out, 'extra'));
      await writeFile(join(out, 'extra', 'notes.txt'), 'mine too\n');
      await edit('Another.');
      await refused(2);
      await rm(join(out, 'extra'), { recursive: true });
      await writeFile(join(out, 'extra'), 'a file now\n');
      await sleep(2500);
      assert.equal(child.exitCode, null, `it stopped: ${printed.stderr}`);
      assert.equal(refusals(), 2);
      await rm(join(out, 'extra'));
      await rm(unnamed);
      await edit('And one more.');
      await rebuilds(1);
      assert.equal(await stop(child), 0);
      await assertSameAsFullBuild(site, out);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('builds a posts folder copied back file by file once, when the copy ends', async () => {
    const { site, out, child, printed, rebuilds, prints } = await watching();
    try {
      const before = await snapshot(out);
      const posts = join(site, 'content', 'posts');
      const away = join(site, 'posts-away');
      await rename(posts, away);
      await prints('stays as it is until the folder is back');
      await mkdir(posts);
      // Slower than the longest wait of a save, faster than the quiet a burst waits for.
      for (const entry of await readdir(away, { recursive: true, withFileTypes: true })) {
        const from = join(entry.parentPath, entry.name);
        const to = join(posts, from.slice(away.length + 1));
        if (entry.isDirectory()) await mkdir(to, { recursive: true });
        else await cp(from, to);
        await sleep(120);
      }
      await rebuilds(1);
      await sleep(1500);
      assert.equal([...printed.stdout.matchAll(REBUILT)].length, 1, printed.stdout);
      assert.deepEqual(
        [...(await snapshot(out)).keys()].filter(
          (path) => !before.has(path) && !path.startsWith('assets/search/'),
        ),
        [],
      );
      assert.equal(await stop(child), 0);
      await assertSameAsFullBuild(site, out);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('stops at once, without watching, when the output folder is refused', async () => {
    const dir = join(root, `case-${cases++}`);
    const site = join(dir, 'blog');
    const out = join(dir, 'out');
    await cp(join(FIXTURES, 'basic'), site, { recursive: true });
    await cp(join(FIXTURES, 'basic', 'folio.config.yaml'), join(out, 'notes.yaml'));
    const built = await run(['build', site, '--out', out, '--watch']);
    assert.equal(built.code, 1);
    assert.match(built.stderr, /notes\.yaml/);
    assert.doesNotMatch(built.stdout, /Watching/);
    assert.equal(
      await readFile(join(out, 'notes.yaml'), 'utf8'),
      await readFile(join(site, 'folio.config.yaml'), 'utf8'),
    );
  });
});
