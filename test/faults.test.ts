// Faults a running site meets: its folder vanishing, or changing in a burst, under `serve --watch`;
// a stop signal while a request is answered; and a disk that fills up or turns read-only under
// `folio build`.
import assert from 'node:assert/strict';
import { spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { once } from 'node:events';
import { chmod, cp, mkdir, mkdtemp, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { Agent, get, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { corpusPost, writeCorpus } from '../bench/corpus.js';
import {
  eventually,
  folio,
  run,
  serverUrl,
  snapshot,
  unprivileged,
  type RunOptions,
} from './support/folio-cli.js';
import { saveAsVim, saveInPlace } from './support/editor-saves.js';
import { FIXTURES } from './support/serve-fixture.js';

interface Served {
  readonly dir: string;
  readonly url: string;
  readonly child: ChildProcessWithoutNullStreams;
  readonly output: { stdout: string; stderr: string };
  page(path: string): Promise<{ status: number; text: string }>;
  stop(): Promise<void>;
}

/** `folio serve` on a fresh copy of the basic fixture, with its output kept. */
async function serveCopy(...flags: string[]): Promise<Served> {
  const dir = await mkdtemp(join(tmpdir(), 'folio-faults-'));
  await cp(join(FIXTURES, 'basic'), dir, { recursive: true });
  return serve(dir, flags);
}

/** `folio serve` on a folder of its own, with its output kept; stopping removes the folder. */
async function serve(
  dir: string,
  flags: readonly string[],
  options: RunOptions = {},
): Promise<Served> {
  const child = folio(['serve', dir, '--port', '0', '--host', '127.0.0.1', ...flags], options);
  const output = { stdout: '', stderr: '' };
  child.stdout.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
  const url = await serverUrl(child);
  return {
    dir,
    url,
    child,
    output,
    async page(path) {
      const response = await fetch(`${url}${path}`);
      return { status: response.status, text: await response.text() };
    },
    async stop() {
      child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    },
  };
}

const said = (served: Served, text: string) => () =>
  Promise.resolve(served.output.stderr.includes(text));
const printed = (served: Served) => () =>
  `it printed:\n${served.output.stderr}\nand on standard output:\n${served.output.stdout}`;

/** A post file's text with `marker` as its title and as its body's first words. */
function postText(marker: string): string {
  return `---\ntitle: "${marker}"\ndate: 2024-03-01\ncategory: Algorithm\ntags: [Algorithm, search]\n---\n${marker} opens the body.\n`;
}

/** Replaces a file by renaming a complete new one over it, as many editors save. */
async function save(file: string, text: string): Promise<void> {
  await writeFile(`${file}.saving`, text);
  await rename(`${file}.saving`, file);
}

describe('serve --watch when the content folder goes away', () => {
  // Pages of every kind, some of them never rendered before the folder goes.
  const PAGES: readonly [string, RegExp][] = [
    ['/', /Binary search, twice/],
    ['/posts/binary-search/', /Binary search halves the range/],
    ['/posts/graphs/', /Visit the neighbours first/],
    ['/categories/algorithm/', /Binary search, twice/],
    ['/tags/search/', /Binary search, twice/],
    ['/feed.xml', /Binary search, twice/],
  ];

  const assertOnline = async (served: Served, when: string): Promise<void> => {
    for (const [path, content] of PAGES) {
      const { status, text } = await served.page(path);
      assert.equal(status, 200, `${path} ${when}`);
      assert.match(text, content, `${path} ${when}`);
    }
  };

  it('keeps the last good pages online while it is gone or a file, says why, and recovers', async () => {
    const served = await serveCopy('--watch');
    const content = join(served.dir, 'content');
    const posts = join(content, 'posts');
    const away = join(served.dir, 'away');
    try {
      assert.equal((await served.page('/posts/binary-search/')).status, 200);

      await rename(content, away);
      await eventually(said(served, 'content:1: the folder is gone'), printed(served));
      await assertOnline(served, 'with content/ gone');

      // Unreadable even to root: a file where the posts folder was.
      await rename(away, content);
      await rename(posts, away);
      await writeFile(posts, 'not a folder\n');
      await eventually(said(served, 'a file stands where this folder was'), printed(served));
      await assertOnline(served, 'with a file for content/posts');

      // The folder comes back with an edit made while it was away.
      await save(join(away, '2024', 'binary-search.md'), postText('Binary search, restored'));
      await rm(posts);
      await rename(away, posts);
      await eventually(async () => {
        const { text } = await served.page('/posts/binary-search/');
        return text.includes('Binary search, restored opens the body');
      }, printed(served));
      const home = await served.page('/');
      assert.doesNotMatch(home.text, /problems-banner/);
      assert.match(served.output.stdout, /reloaded: 11 posts online/);
      const graphs = await served.page('/posts/graphs/');
      assert.match(graphs.text, /Visit the neighbours first/);
    } finally {
      await served.stop();
    }
  });

  it('keeps the posts of a sub-folder that cannot be read online, says why, and recovers', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'folio-faults-'));
    await cp(join(FIXTURES, 'basic'), dir, { recursive: true });
    const served = await serve(dir, ['--watch'], { user: await unprivileged(dir) });
    const year = join(dir, 'content', 'posts', '2024');
    try {
      await chmod(year, 0);
      // A folder made beside it lists the posts folder again.
      await mkdir(join(dir, 'content', 'posts', '2025'));
      await eventually(
        said(served, `${year}:1: this folder cannot be read (EACCES)`),
        printed(served),
      );
      await assertOnline(served, 'with content/posts/2024 unreadable');
      assert.match((await served.page('/')).text, /problems-banner/);

      await chmod(year, 0o755);
      await eventually(
        async () => !(await served.page('/')).text.includes('problems-banner'),
        printed(served),
      );
      await assertOnline(served, 'with content/posts/2024 readable again');
      assert.doesNotMatch(served.output.stdout, /reloaded: (?!11 posts)/);
    } finally {
      await chmod(year, 0o755);
      await served.stop();
    }
  });

  it('makes check and build fail, naming a sub-folder of posts they cannot read', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'folio-faults-'));
    await cp(join(FIXTURES, 'basic'), dir, { recursive: true });
    const out = join(dir, 'public');
    const user = await unprivileged(dir);
    const year = join(dir, 'content', 'posts', '2024');
    await chmod(year, 0);
    try {
      for (const args of [
        ['check', dir],
        ['build', dir, '--out', out],
      ]) {
        const { code, stderr } = await run(args, { user });
        assert.equal(code, 1, `folio ${args[0]}: ${stderr}`);
        assert.match(stderr, new RegExp(`${year}:1: this folder cannot be read \\(EACCES\\)`));
      }
      assert.equal(existsSync(out), false, 'build wrote no export');
    } finally {
      await chmod(year, 0o755);
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('keeps the pages while the site folder itself is away, and watches it again when it is back', async () => {
    const served = await serveCopy('--watch');
    const away = `${served.dir}-away`;
    try {
      await rename(served.dir, away);
      await eventually(said(served, ':1: the folder is gone'), printed(served));
      await assertOnline(served, 'with the site folder gone');
      await rename(away, served.dir);
      await eventually(
        async () => !(await served.page('/')).text.includes('problems-banner'),
        printed(served),
      );
      await save(
        join(served.dir, 'content', 'posts', '2024', 'graphs.md'),
        postText('Graphs, later'),
      );
      await eventually(async () => {
        const { text } = await served.page('/posts/graphs/');
        return text.includes('Graphs, later opens the body');
      }, printed(served));
    } finally {
      await rm(away, { recursive: true, force: true });
      await served.stop();
    }
  });

  it('renders a post page from one version even between a save and its reload', async () => {
    const served = await serveCopy('--watch');
    const file = join(served.dir, 'content', 'posts', '2024', 'binary-search.md');
    const reloads = (): number => served.output.stdout.split(' reloaded: ').length;
    try {
      for (let round = 1; round <= 3; round++) {
        // The page is not rendered after this version is online, so the next request renders it.
        const before = reloads();
        await save(file, postText(`Version ${round}a`));
        await eventually(() => Promise.resolve(reloads() > before), printed(served));
        await fetch(`${served.url}/robots.txt`);
        await save(file, postText(`Version ${round}b`));
        const { text } = await served.page('/posts/binary-search/');
        const title = /<h1[^>]*>([^<]*)<\/h1>/.exec(text)?.[1];
        const body = /(Version \d+[ab]) opens the body/.exec(text)?.[1];
        assert.ok(title && body, text);
        assert.equal(body, title, 'the title and the body come from the same save');
      }
    } finally {
      await served.stop();
    }
  });
});

describe('serve --watch while an editor saves', () => {
  // Lines enough that half the file cuts the body, not the front matter.
  const FILLER = Array.from({ length: 40 }, (_, i) => `Line ${i} of the body.`).join('\n');

  /** A version of the post: its marker in the title, at the start and at the end of the body. */
  const versionText = (marker: string): string =>
    `---\ntitle: "${marker}"\ndate: 2024-03-01\ncategory: Algorithm\ntags: [Algorithm]\n---\n` +
    `${marker} opens the body.\n\n${FILLER}\n\n${marker} closes the body.\n`;

  /**
   * Requests the page over and over until `stop` is called; returns every answer that was not one
   * whole version — not found, a title over another version's body, a body cut short — with the
   * round of saves it was seen in.
   */
  const watchPage = (
    served: Served,
    path: string,
    round: () => number,
  ): { stop: () => Promise<{ round: number; what: string }[]> } => {
    const wrong: { round: number; what: string }[] = [];
    let stopped = false;
    const polling = (async () => {
      while (!stopped) {
        const seenIn = round();
        const { status, text } = await served.page(path);
        const title = /<h1[^>]*>([^<]*)<\/h1>/.exec(text)?.[1] ?? '';
        const what =
          status !== 200
            ? `${status} for ${path}`
            : !text.includes(`${title} opens the body`) ||
                !text.includes(`${title} closes the body`)
              ? `"${title}" without its whole body`
              : text.includes('problems-banner')
                ? `"${title}" with a problems banner`
                : undefined;
        if (what) wrong.push({ round: seenIn, what });
        await sleep(3);
      }
    })();
    return {
      async stop() {
        stopped = true;
        await polling;
        return wrong;
      },
    };
  };

  // The pause an editor makes between the parts of a save. A test process answering its own
  // requests may wake later than it asked: a round whose pause came out longer than this, plus a
  // margin, tests something else and is done again.
  const PAUSE_MS = 50;
  const LATE_MS = PAUSE_MS + 5;

  /** Each way of saving, giving the pause it really made between the parts of the save. */
  const saves: readonly [string, (file: string, text: string) => Promise<number>][] = [
    [
      `in place, in two writes ${PAUSE_MS} ms apart`,
      (file, text) => saveInPlace(file, text, Math.floor(text.length / 2), PAUSE_MS),
    ],
    [
      `as vim does: the old file renamed to a backup, the new one written ${PAUSE_MS} ms later`,
      (file, text) => saveAsVim(file, text, PAUSE_MS),
    ],
  ];

  for (const [how, saveAs] of saves) {
    it(`shows every save whole, never cut or missing, when it is saved ${how}`, async () => {
      const served = await serveCopy('--watch');
      const file = join(served.dir, 'content', 'posts', '2024', 'binary-search.md');
      const path = '/posts/binary-search/';
      try {
        await save(file, versionText('Version 0'));
        await eventually(
          async () => (await served.page(path)).text.includes('Version 0 closes the body'),
          printed(served),
        );
        let round = 0;
        const late = new Set<number>();
        const watching = watchPage(served, path, () => round);
        while (round - late.size < 5 && round < 15) {
          round++;
          if ((await saveAs(file, versionText(`Version ${round}`))) > LATE_MS) late.add(round);
          await eventually(
            async () => (await served.page(path)).text.includes(`Version ${round} closes the body`),
            printed(served),
          );
        }
        const wrong = (await watching.stop()).filter((seen) => !late.has(seen.round));
        assert.equal(round - late.size, 5, `only ${round - late.size} rounds paused on time`);
        assert.deepEqual(wrong, [], served.output.stdout);
        assert.equal(served.output.stderr, '', 'nothing reported as a problem');
      } finally {
        await served.stop();
      }
    });
  }
});

describe('serve --watch under a burst of changes', () => {
  // Enough posts that deleting or rewriting them is a burst of events, not a single one.
  const POSTS = 300;

  /** A new folder holding a generated site. */
  const corpus = async (): Promise<string> => {
    const dir = await mkdtemp(join(tmpdir(), 'folio-burst-'));
    await writeCorpus(dir, POSTS);
    return dir;
  };

  /** The site served with --watch, and how many posts it had online at the start. */
  const serveWatched = async (dir: string): Promise<{ served: Served; full: number }> => {
    const served = await serve(dir, ['--watch']);
    const full = Number(/\((\d+) posts\)/.exec(served.output.stdout)?.[1]);
    assert.ok(full > 0, served.output.stdout);
    return { served, full };
  };

  /** The reloads the server logged with fewer posts online than the site has. */
  const partial = (served: Served, full: number): string[] =>
    [...served.output.stdout.matchAll(/reloaded: (\d+) posts online/g)]
      .filter((match) => Number(match[1]) < full)
      .map((match) => match[0]);

  const assertServed = async (served: Served, indexes: readonly number[]): Promise<void> => {
    for (const index of indexes) {
      const path = `/posts/${encodeURIComponent(corpusPost(index).slug)}/`;
      assert.equal((await served.page(path)).status, 200, path);
    }
  };

  const deletions: readonly [string, (posts: string) => Promise<void>][] = [
    ['file by file, as rm -r does', (posts) => rm(posts, { recursive: true })],
    [
      'a few files at a time, as a sync client does',
      async (posts) => {
        const files = await readdir(posts, { recursive: true });
        const postFiles = files.filter((name) => name.endsWith('.md'));
        // Pauses as long as a synced deletion arriving over the network: longer than the server
        // waits for a save to settle, far shorter than the quiet it waits for before posts go.
        for (let i = 0; i < postFiles.length; i += 25) {
          await Promise.all(postFiles.slice(i, i + 25).map((name) => rm(join(posts, name))));
          await sleep(20);
        }
        await rm(posts, { recursive: true });
      },
    ],
  ];

  for (const [how, remove] of deletions) {
    it(`publishes no part of a posts folder deleted ${how}, and keeps serving every post`, async () => {
      const { served, full } = await serveWatched(await corpus());
      try {
        await remove(join(served.dir, 'content', 'posts'));
        await eventually(
          said(served, `${join('content', 'posts')}:1: the folder is gone`),
          printed(served),
        );
        assert.deepEqual(partial(served, full), [], served.output.stdout);
        await assertServed(served, [0, 1, POSTS / 2, POSTS - 1]);
      } finally {
        await served.stop();
      }
    });
  }

  it(
    'publishes no partial listing when a checkout deletes half the posts and the next restores them',
    {
      skip: gitUnavailable(),
    },
    async () => {
      const dir = await corpus();
      const git = (...args: string[]): void => {
        const author = ['-c', 'user.name=Folio', '-c', 'user.email=folio@example.com'];
        const result = spawnSync('git', ['-C', dir, ...author, ...args]);
        assert.equal(result.status, 0, result.stderr.toString());
      };
      git('init', '-q', '-b', 'full');
      git('add', '-A');
      git('commit', '-q', '-m', 'every post');
      git('checkout', '-q', '-b', 'half');
      const posts = join(dir, 'content', 'posts');
      const files = await readdir(posts, { recursive: true });
      const halfOfThem = files.filter((name) => name.endsWith('.md')).filter((_, i) => i % 2 === 0);
      for (const name of halfOfThem) await rm(join(posts, name));
      git('commit', '-q', '-a', '-m', 'half the posts');
      git('checkout', '-q', 'full');
      const { served, full } = await serveWatched(dir);
      try {
        git('checkout', '-q', 'half');
        git('checkout', '-q', 'full');
        await eventually(
          () => Promise.resolve(served.output.stdout.includes(`reloaded: ${full} posts online`)),
          () => `${served.output.stdout}\n${served.output.stderr}`,
        );
        assert.deepEqual(partial(served, full), [], served.output.stdout);
        await assertServed(served, [0, 1, POSTS / 2, POSTS - 1]);
      } finally {
        await served.stop();
      }
    },
  );
});

describe('serve --watch when content/ is replaced whole, as a checkout or a sync tool does', () => {
  it('serves every post of the new folder, takes later edits, and names the posts it lost', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'folio-swap-'));
    await writeCorpus(dir, 300);
    const content = join(dir, 'content');
    const copy = await mkdtemp(join(tmpdir(), 'folio-swap-copy-'));
    await cp(content, copy, { recursive: true });
    const served = await serve(dir, ['--watch']);
    const full = Number(/\((\d+) posts\)/.exec(served.output.stdout)?.[1]);
    const lost = (): string[] =>
      [...served.output.stdout.matchAll(/reloaded: (\d+) posts online/g)]
        .filter((match) => Number(match[1]) < full)
        .map((match) => match[0]);
    try {
      // Each round replaces the folder, then adds a post that only a watched new folder shows.
      for (let round = 1; round <= 3; round++) {
        await rm(content, { recursive: true });
        await cp(copy, content, { recursive: true });
        await writeFile(join(content, 'posts', `round-${round}.md`), postText(`Round ${round}`));
        await eventually(async () => {
          const { text } = await served.page(`/posts/round-${round}/`);
          return text.includes(`Round ${round} opens the body`);
        }, printed(served));
        for (const index of [0, 1, 150, 299]) {
          const path = `/posts/${encodeURIComponent(corpusPost(index).slug)}/`;
          assert.equal((await served.page(path)).status, 200, `${path} in round ${round}`);
        }
      }
      // The copy has no round posts: replacing the folder once more takes the last one away.
      await rm(content, { recursive: true });
      await cp(copy, content, { recursive: true });
      await eventually(
        () => Promise.resolve(/reloaded: 300 posts online; /.test(served.output.stdout)),
        printed(served),
      );
      assert.match(
        served.output.stdout,
        /reloaded: 300 posts online; 1 post file no longer there: \S*round-3\.md\.\n/,
      );
      assert.equal((await served.page('/posts/round-3/')).status, 404);
      assert.deepEqual(lost(), [], served.output.stdout);
    } finally {
      await rm(copy, { recursive: true, force: true });
      await served.stop();
    }
  });
});

/** Why git cannot be run here, or undefined when it can. */
function gitUnavailable(): string | undefined {
  const probe = spawnSync('git', ['--version']);
  return probe.status === 0 ? undefined : 'git is not installed';
}

describe('serve on SIGTERM', () => {
  it('answers a request in flight to its last byte, refuses new connections, and exits 0', async () => {
    const served = await serveCopy();
    const big = randomBytes(16 * 1024 * 1024);
    await writeFile(join(served.dir, 'static', 'big.bin'), big);
    const agent = new Agent({ keepAlive: true });
    try {
      // An idle kept-alive connection must not hold the stop up.
      await (await fetch(`${served.url}/robots.txt`)).text();
      const response = await new Promise<IncomingMessage>((resolve, reject) =>
        get(`${served.url}/big.bin`, { agent }, resolve).on('error', reject),
      );
      response.pause();
      const exited = once(served.child, 'exit') as Promise<[number | null, string | null]>;
      served.child.kill('SIGTERM');
      await eventually(
        () => Promise.resolve(/SIGTERM: finishing 1 request in flight/.test(served.output.stdout)),
        () => served.output.stdout,
      );
      await assert.rejects(
        new Promise((resolve, reject) =>
          get(`${served.url}/`, { agent: false }, resolve).on('error', reject),
        ),
        { code: 'ECONNREFUSED' },
        'a new connection is refused',
      );

      const stopping = performance.now();
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.resume();
      await once(response, 'end');
      const body = Buffer.concat(chunks);
      assert.equal(body.length, big.length);
      assert.ok(body.equals(big), 'the response arrives whole');
      const [code, signal] = await exited;
      assert.deepEqual([code, signal], [0, null]);
      const ms = performance.now() - stopping;
      assert.ok(ms < 2000, `stopped ${Math.round(ms)} ms after the last byte`);
      assert.match(served.output.stdout, /Stopped in \d+ ms\./);
    } finally {
      agent.destroy();
      await served.stop();
    }
  });
});

/** Why file systems cannot be mounted here, or undefined when they can. */
function mountUnavailable(): string | undefined {
  if (process.platform !== 'linux') return 'tmpfs mounts are tested on Linux only';
  if (process.getuid?.() !== 0) return 'mounting a small tmpfs needs root';
  const probe = spawnSync('sh', [
    '-c',
    'd=$(mktemp -d) && mount -t tmpfs -o size=1m tmpfs "$d" && umount "$d"; s=$?; rmdir "$d"; exit $s',
  ]);
  if (probe.status !== 0) {
    return `mount -t tmpfs is not permitted here: ${probe.stderr.toString().trim()}`;
  }
  return undefined;
}

describe('folio build onto a disk that cannot take it', { skip: mountUnavailable() }, () => {
  let work: string;
  let disk: string;
  let large: string;
  let out: string;
  let previous: Map<string, string>;

  const mount = (...args: string[]): void => {
    const result = spawnSync('mount', args);
    assert.equal(result.status, 0, result.stderr.toString());
  };

  before(async () => {
    work = await mkdtemp(join(tmpdir(), 'folio-disk-'));
    disk = join(work, 'disk');
    large = join(work, 'large');
    out = join(disk, 'out');
    await cp(join(FIXTURES, 'basic'), join(work, 'small'), { recursive: true });
    // About 5 MB exported: more than the disk holds beside the small site's 0.8 MB.
    await writeCorpus(large, 60);
    await mkdir(disk);
    mount('-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', disk);
    const first = await run(['build', join(work, 'small'), '--out', out]);
    assert.equal(first.code, 0, first.stderr);
    previous = await snapshot(out);
  });

  after(() => {
    spawnSync('umount', [disk]);
    return rm(work, { recursive: true, force: true });
  });

  it('fails with exit 1 when the disk fills up, says so, and leaves the previous export as it was', async () => {
    const built = await run(['build', large, '--out', out]);
    assert.equal(built.code, 1, built.stdout);
    assert.match(built.stderr, /disk is full/);
    assert.deepEqual(await snapshot(out), previous);
    assert.deepEqual(await readdir(disk), ['out'], 'nothing of the failed build is left behind');
  });

  it('fails with exit 1 on a read-only disk, says so, and leaves the previous export as it was', async () => {
    mount('-o', 'remount,ro', disk);
    const built = await run(['build', join(work, 'small'), '--out', out]);
    assert.equal(built.code, 1, built.stdout);
    assert.match(built.stderr, /read-only/);
    assert.deepEqual(await snapshot(out), previous);
  });
});
