// `folio build` and the folder it writes: it replaces only an output folder it wrote itself, and
// never the site, a folder holding the site, or a folder Folio reads from.
import assert from 'node:assert/strict';
import {
  cp,
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  eventually,
  folio as start,
  run as folio,
  serverUrl,
  snapshot,
} from './support/folio-cli.js';
import { FIXTURES } from './support/serve-fixture.js';
import { exportSite } from '../src/delivery/static/export-site.js';
import { OutputRefused } from '../src/delivery/static/output-folder.js';

let work: string;
let site: string;

before(async () => {
  work = await mkdtemp(join(tmpdir(), 'folio-output-'));
});
after(async () => {
  await rm(work, { recursive: true, force: true });
});
beforeEach(async () => {
  for (const name of await readdir(work)) await rm(join(work, name), { recursive: true });
  site = join(work, 'blog');
  await cp(join(FIXTURES, 'basic'), site, { recursive: true });
});

/** Runs `folio build ARGS` that must be refused, and checks that nothing at all was touched. */
async function refused(args: readonly string[], reason: RegExp, cwd?: string): Promise<string> {
  const before = await snapshot(work);
  const built = await folio(['build', ...args], cwd === undefined ? {} : { cwd });
  assert.equal(built.code, 1, built.stdout);
  assert.match(built.stderr, /^Nothing was built: /);
  assert.match(built.stderr, reason);
  assert.doesNotMatch(built.stdout, /Built/);
  assert.deepEqual(await snapshot(work), before, 'a refused build changed a file');
  return built.stderr;
}

describe('folio build refuses an output folder it did not make', () => {
  it('refuses the site folder itself as --out, leaving the site whole', async () => {
    await refused([site, '--out', site], /is the site folder itself/);
  });

  it('refuses `--out .` run inside the site folder', async () => {
    await refused(['--out', '.'], /is the site folder itself/, site);
  });

  it('refuses a folder that holds the site folder', async () => {
    const stderr = await refused([site, '--out', work], /holds the site folder/);
    assert.match(stderr, /--out with a new folder/);
    await refused(['blog', '--out', '.'], /holds the site folder/, work);
  });

  it("refuses a folder inside the site's content/ or static/ folder", async () => {
    await refused(
      [site, '--out', join(site, 'content', 'site')],
      /content\/ folder, which Folio reads/,
    );
    await refused([site, '--out', join(site, 'static')], /static\/ folder, which Folio reads/);
  });

  it('refuses the real folders behind a linked static/ or posts folder, even with --clean', async () => {
    const assets = join(work, 'assets');
    await rename(join(site, 'static'), assets);
    await symlink(assets, join(site, 'static'));
    await refused([site, '--out', join(assets, 'dist')], /lies in the site's static\/ folder/);
    await refused([site, '--out', assets, '--clean'], /is the site's static\/ folder/);
    const notes = join(work, 'notes');
    await mkdir(notes);
    await rename(join(site, 'content', 'posts'), join(notes, 'posts'));
    await symlink(join(notes, 'posts'), join(site, 'content', 'posts'));
    await refused([site, '--out', notes, '--clean'], /holds the site's content\/posts\/ folder/);
  });

  it('refuses a folder holding files of its own, listing them, and leaves them there', async () => {
    const www = join(work, 'www');
    await mkdir(join(www, '.well-known'), { recursive: true });
    await writeFile(join(www, 'keep.txt'), 'mine');
    await writeFile(join(www, '.well-known', 'acme'), 'token');
    const stderr = await refused(
      [site, '--out', www],
      /holds files that folio build did not write/,
    );
    assert.match(stderr, /^ {2}\.well-known\/$/m);
    assert.match(stderr, /^ {2}keep\.txt$/m);
    assert.match(stderr, /--clean/);
  });

  it('refuses a file, or a link to nothing, as --out', async () => {
    await writeFile(join(work, 'out'), 'a file');
    await refused([site, '--out', join(work, 'out')], /is a file, not a folder/);
    await symlink(join(work, 'nowhere'), join(work, 'dangling'));
    await refused([site, '--out', join(work, 'dangling')], /is a link that leads nowhere/);
  });

  it('refuses a folder it built once a file of someone else is put in it, naming the file', async () => {
    const out = join(work, 'out');
    const first = await folio(['build', site, '--out', out]);
    assert.equal(first.code, 0, first.stderr);
    await writeFile(join(out, 'CNAME'), 'blog.example.com');
    await writeFile(join(out, 'posts', 'notes.txt'), 'mine');
    const stderr = await refused([site, '--out', out], /did not write/);
    assert.match(stderr, /^ {2}CNAME$/m);
    assert.match(stderr, /^ {2}posts\/notes\.txt$/m);
  });
  it('refuses what was put deep in its folders, or in place of one, and never looks into it', async () => {
    const out = join(work, 'out');
    const first = await folio(['build', site, '--out', out]);
    assert.equal(first.code, 0, first.stderr);
    const [post] = (await readdir(join(out, 'posts'), { withFileTypes: true })).filter((entry) =>
      entry.isDirectory(),
    );
    assert.ok(post, 'the build wrote no folder of a post');
    // A folder of someone else's inside a post's folder, holding more folders of theirs.
    await mkdir(join(out, 'posts', post.name, 'drafts', 'old'), { recursive: true });
    await writeFile(join(out, 'posts', post.name, 'drafts', 'old', 'a.txt'), 'mine');
    // A folder of the build's moved away, and a link to it put in its place.
    await rename(join(out, 'tags'), join(work, 'tags-kept'));
    await symlink(join(work, 'tags-kept'), join(out, 'tags'));
    const stderr = await refused([site, '--out', out], /did not write/);
    assert.match(stderr, new RegExp(`^ {2}posts/${post.name}/drafts/$`, 'm'));
    assert.doesNotMatch(stderr, /drafts\/old/);
    assert.match(stderr, /^ {2}tags$/m);
    assert.doesNotMatch(stderr, /tags\//);
  });

  it("refuses a folder of someone else's whose name only begins as a build's staging folder's", async () => {
    const out = join(work, 'out');
    const first = await folio(['build', site, '--out', out]);
    assert.equal(first.code, 0, first.stderr);
    await mkdir(join(out, '.folio-staging-mine'));
    await writeFile(join(out, '.folio-staging-mine', 'precious.txt'), 'mine');
    for (const args of [[], ['--full']]) {
      const stderr = await refused([site, '--out', out, ...args], /did not write/);
      assert.match(stderr, /^ {2}\.folio-staging-mine\/$/m);
    }
    assert.equal(await readFile(join(out, '.folio-staging-mine', 'precious.txt'), 'utf8'), 'mine');
  });
});

describe('folio build replaces what it wrote', () => {
  it('builds into a new folder or an empty one, and replaces its own output without a word', async () => {
    await mkdir(join(work, 'empty'));
    for (const out of [join(work, 'new', 'out'), join(work, 'empty')]) {
      for (const round of [1, 2]) {
        const built = await folio(['build', site, '--out', out]);
        assert.equal(built.code, 0, `round ${round}: ${built.stderr}`);
        assert.equal(built.stderr, '');
      }
      const marker = await readFile(join(out, '.folio-build'), 'utf8');
      assert.match(marker, /^index\.html$/m);
      assert.match(marker, /^images\/avatar\.svg$/m);
    }
  });

  it('knows its own files whatever their names, and a marker whose lines became CRLF', async () => {
    await writeFile(join(site, 'static', '#notes.txt'), 'mine');
    await writeFile(join(site, 'static', '"quoted".txt'), 'mine');
    const out = join(work, 'out');
    for (const round of [1, 2, 3]) {
      const built = await folio(['build', site, '--out', out]);
      assert.equal(built.code, 0, `round ${round}: ${built.stderr}`);
      const marker = join(out, '.folio-build');
      await writeFile(marker, (await readFile(marker, 'utf8')).replaceAll('\n', '\r\n'));
    }
    assert.equal(await readFile(join(out, '#notes.txt'), 'utf8'), 'mine');
  });

  it('with --clean, lists the files it did not write, then replaces the folder with them', async () => {
    const www = join(work, 'www');
    await mkdir(join(www, '.well-known'), { recursive: true });
    await writeFile(join(www, 'keep.txt'), 'mine');
    await writeFile(join(www, '.well-known', 'acme'), 'token');
    const built = await folio(['build', site, '--out', www, '--clean']);
    assert.equal(built.code, 0, built.stderr);
    assert.match(built.stderr, /--clean: .*did not write/);
    assert.match(built.stderr, /^ {2}\.well-known\/\n {2}keep\.txt$/m);
    const files = await readdir(www);
    assert.ok(files.includes('index.html'));
    assert.ok(!files.includes('keep.txt') && !files.includes('.well-known'));
  });

  it('with --clean, still refuses the site folder', async () => {
    await refused([site, '--out', site, '--clean'], /is the site folder itself/);
  });

  it('removes what a stopped build left beside the output, and only that', async () => {
    const abandoned = join(work, '.out.building-999999999-abc');
    const running = join(work, `.out.building-${process.pid}-abc`);
    const mine = join(work, '.out.building-notes');
    for (const folder of [abandoned, running, mine]) await mkdir(folder);
    const built = await folio(['build', site, '--out', join(work, 'out')]);
    assert.equal(built.code, 0, built.stderr);
    assert.deepEqual((await readdir(work)).sort(), [
      `.out.building-${process.pid}-abc`,
      '.out.building-notes',
      'blog',
      'out',
    ]);
  });

  it('writes through a link to the output folder, keeping the link', async () => {
    const real = join(work, 'real-out');
    await mkdir(real);
    await symlink(real, join(work, 'out'));
    const built = await folio(['build', site, '--out', join(work, 'out')]);
    assert.equal(built.code, 0, built.stderr);
    assert.ok((await lstat(join(work, 'out'))).isSymbolicLink());
    assert.ok((await readdir(real)).includes('index.html'));
  });
});

describe('one build at a time into an output folder', () => {
  const lock = () => join(work, '.out.lock');
  const holder = (pid: number) =>
    `${JSON.stringify({ pid, token: 'held-by-the-test', since: '2026-11-28T05:00:00.000Z' })}\n`;

  it('refuses a build while another that still runs holds the folder, naming it and the fix', async () => {
    const out = join(work, 'out');
    assert.equal((await folio(['build', site, '--out', out])).code, 0);
    // This test's own process runs: its lock is a build's at work.
    await writeFile(lock(), holder(process.pid));
    const said = await refused(
      [site, '--out', out],
      new RegExp(
        `another folio build \\(process ${process.pid}, started 2026-11-28T05:00:00.000Z\\)`,
      ),
    );
    assert.match(said, /Wait for it to end; if no build runs, delete .*\.out\.lock\./);
  });

  it('takes over the lock of a build that was stopped, and leaves none once done', async () => {
    const stopped = spawnSync(process.execPath, ['-e', '']).pid;
    await writeFile(lock(), holder(stopped));
    const built = await folio(['build', site, '--out', join(work, 'out')]);
    assert.equal(built.code, 0, built.stderr);
    assert.deepEqual((await readdir(work)).sort(), ['blog', 'out']);
  });

  it('leaves alone a file in the place of its lock that it did not write', async () => {
    await writeFile(lock(), 'notes\n');
    await refused([site, '--out', join(work, 'out')], /\.out\.lock is in the way of the lock/);
    assert.equal(await readFile(lock(), 'utf8'), 'notes\n');
  });

  it('lets one of two builds started together write the folder, and refuses the other', async () => {
    const out = join(work, 'out');
    const both = await Promise.allSettled([
      exportSite({ siteDir: site, outDir: out }),
      exportSite({ siteDir: site, outDir: out }),
    ]);
    const refusals = both.flatMap((settled) =>
      settled.status === 'rejected' ? [settled.reason as Error] : [],
    );
    assert.equal(refusals.length, 1, 'one build, not both, not none, was refused');
    assert.ok(refusals[0] instanceof OutputRefused, String(refusals[0]));
    assert.match(refusals[0].message, /^another folio build \(process \d+/);
    const again = await folio(['build', site, '--out', out]);
    assert.match(again.stdout, /: 0 files written, 0 deleted/);
    assert.deepEqual((await readdir(work)).sort(), ['blog', 'out']);
  });
});

describe('static files in the way of generated ones', () => {
  it('are a check error naming both, and stop the build', async () => {
    await writeFile(join(site, 'static', 'feed.xml'), '<rss/>');
    const checked = await folio(['check', site]);
    assert.equal(checked.code, 1);
    assert.match(checked.stderr, /static\/feed\.xml:1: .*the RSS feed \(\/feed\.xml\)/);
    const built = await folio(['build', site, '--out', join(work, 'out')]);
    assert.equal(built.code, 1);
    assert.match(built.stderr, /static\/feed\.xml:1: /);
    assert.deepEqual(await readdir(work), ['blog']);
  });
});

describe('hidden files of static/', () => {
  it('publish .well-known/ in the build and on serve, and nothing else hidden', async () => {
    await mkdir(join(site, 'static', '.well-known'), { recursive: true });
    await writeFile(join(site, 'static', '.well-known', 'security.txt'), 'Contact: me');
    await writeFile(join(site, 'static', '.env'), 'SECRET=1');
    const out = join(work, 'out');
    const built = await folio(['build', site, '--out', out]);
    assert.equal(built.code, 0, built.stderr);
    assert.equal(await readFile(join(out, '.well-known', 'security.txt'), 'utf8'), 'Contact: me');
    assert.ok(!(await readdir(out)).includes('.env'));

    const server = start(['serve', site, '--port', '0']);
    try {
      const url = await serverUrl(server);
      const published = await fetch(`${url}/.well-known/security.txt`);
      assert.equal(published.status, 200);
      assert.equal(await published.text(), 'Contact: me');
      assert.equal((await fetch(`${url}/.env`)).status, 404);
    } finally {
      server.kill('SIGTERM');
    }
  });
});

describe('a build inside the site folder under serve --watch', () => {
  it('is not taken for content: its output is not watched, and edits still reload', async () => {
    const server = start(['serve', site, '--port', '0', '--watch']);
    let log = '';
    server.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
    server.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
    try {
      await serverUrl(server);
      const built = await folio(['build', site, '--out', join(site, 'public')]);
      assert.equal(built.code, 0, built.stderr);
      // Long enough for a watcher that did see the new folder to have reloaded for it.
      await sleep(600);
      assert.doesNotMatch(log, /reloaded/);
      const post = join(site, 'content', 'posts', '2023', 'oldest.md');
      await writeFile(
        post,
        (await readFile(post, 'utf8')).replace(/^title: .*$/m, 'title: Edited'),
      );
      await eventually(
        () => Promise.resolve(/reloaded/.test(log)),
        () => log,
      );
      assert.equal(log.match(/reloaded/g)?.length, 1, log);
    } finally {
      server.kill('SIGTERM');
    }
  });
});
