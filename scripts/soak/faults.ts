// The faults the soak stages while its load runs, each as a user or an attacker would cause it:
// the content folder moved away, replaced by a file, deleted and copied back; a post saved as
// editors save it; a YAML alias bomb in a new post; readers that never read. Each returns a line
// for the report and fails the soak where the server did not hold.
import { connect, type Socket } from 'node:net';
import { readdir, readFile, rename, rm, writeFile, cp } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FolioServer } from '../../bench/lib/folio.js';
import { get } from '../../bench/lib/http.js';
import { run } from '../../bench/lib/processes.js';
import { formatBytes, formatMs, percentile } from '../../bench/lib/stats.js';
import { aliasBomb } from '../../test/support/hostile-yaml.js';
import { article, bannerShown, fail, postVersion, type ServerLog, waitFor } from './checks.js';
import type { EditedPost, SaveStyle } from './edits.js';
import type { SiteTargets } from './site.js';

export interface Staging {
  readonly server: FolioServer;
  readonly site: SiteTargets;
  readonly edited: EditedPost;
  readonly siteDir: string;
  readonly stdout: ServerLog;
  readonly stderr: ServerLog;
}

/** The static file the slow readers ask for, written before the server starts. */
export const LARGE_FILE = { path: '/soak-large.bin', bytes: 32 << 20 };

export async function writeLargeFile(siteDir: string): Promise<void> {
  await writeFile(join(siteDir, 'static', LARGE_FILE.path), Buffer.alloc(LARGE_FILE.bytes, 0x2e));
}

/** Pages to compare before and after a fault: the edited post, the first page, 20 other posts. */
async function snapshot(staging: Staging): Promise<() => Promise<void>> {
  const { server, site } = staging;
  const samples = [`/posts/${site.editedSlug}/`, '/', ...pickSome(site.byKind.get('post'), 20)];
  const before = await Promise.all(samples.map((path) => article(server.url, path)));
  return async () => {
    for (const [index, path] of samples.entries()) {
      const now = await article(server.url, path);
      if (now !== before[index]) fail(`${path} changed: ${firstDifference(before[index], now)}`);
    }
  };
}

function firstDifference(before = '', after = ''): string {
  let at = 0;
  while (at < before.length && before[at] === after[at]) at++;
  return `${JSON.stringify(before.slice(at, at + 60))} became ${JSON.stringify(after.slice(at, at + 60))}`;
}

function pickSome(items: SiteTargets['all'] | undefined, count: number): string[] {
  const all = items ?? [];
  return Array.from(
    { length: count },
    (_, i) => all[Math.floor((i * all.length) / count)]?.path,
  ).filter((path): path is string => path !== undefined);
}

/** Every count of posts online the server logged after `from` (an offset in its output). */
function postsOnline(stdout: ServerLog, from = 0): number[] {
  return [...stdout.text.slice(from).matchAll(/ reloaded: ([\d,]+) posts? online/g)].map((match) =>
    Number((match[1] ?? '').replaceAll(',', '')),
  );
}

/** Waits until the server has not reloaded for a second. */
async function reloadsSettled(server: FolioServer): Promise<void> {
  for (let seen = -1; seen !== server.reloads.length;) {
    seen = server.reloads.length;
    await sleep(1000);
  }
}

/** The content folder moved away and put back; the posts folder replaced by a file. */
export async function contentFolderAway(staging: Staging, version: number): Promise<string> {
  const { server, edited, siteDir, stderr } = staging;
  const origin = server.url;
  const content = join(siteDir, 'content');
  const posts = join(content, 'posts');
  // Hidden folders of the site: the watcher does not look into them.
  const contentAway = join(siteDir, '.soak-content-away');
  const postsAway = join(siteDir, '.soak-posts-away');
  const unchanged = await snapshot(staging);
  edited.problemsExpected = true;

  const from = stderr.text.length;
  await rename(content, contentAway);
  const gone = await waitFor(
    'a message on content/ gone',
    stderr.logged(/content:1: the folder is gone/, from),
  );
  await unchanged();
  await rename(contentAway, content);
  const back = await waitFor('the banner going once content/ is back', async () => {
    return !(await bannerShown(origin));
  });
  await reloadsSettled(server);

  await rename(posts, postsAway);
  await writeFile(posts, 'not a folder\n');
  const file = await waitFor(
    'a message on content/posts being a file',
    stderr.logged(/posts:1: a file stands where this folder was/, from),
  );
  await unchanged();
  await edited.write(version, join(postsAway, relative(posts, edited.file)));
  await rm(posts);
  await rename(postsAway, posts);
  const restored = await waitFor('the edit made while the folder was away going online', () =>
    isOnline(staging, version),
  );
  await waitFor('the banner going', async () => !(await bannerShown(origin)));
  edited.problemsExpected = false;
  await reloadsSettled(server);
  return `moved away: logged after ${formatMs(gone)}, sampled pages unchanged, back online ${formatMs(back)} after its return; content/posts replaced by a file: logged after ${formatMs(file)}, pages unchanged; restored with an edit: online after ${formatMs(restored)}`;
}

const isOnline = async ({ server, site }: Staging, version: number): Promise<boolean> =>
  (await postVersion(server.url, site.editedSlug)) === version;

/**
 * The content folder deleted and copied back, as `git checkout` or a sync tool does, `times`
 * times, each copy carrying a new version of the edited post; then an edit in the new folder.
 */
export async function contentFolderSwapped(
  staging: Staging,
  firstVersion: number,
  times: number,
): Promise<{ line: string; next: number }> {
  const { server, edited, siteDir, stdout } = staging;
  const content = join(siteDir, 'content');
  const backup = join(siteDir, '.soak-content-copy');
  await rm(backup, { recursive: true, force: true });
  await cp(content, backup, { recursive: true });
  const postFile = relative(content, edited.file);
  const unchanged = await snapshot(staging);
  const [before] = postsOnline(stdout).slice(-1);
  const from = stdout.text.length;
  const online: number[] = [];
  let version = firstVersion;
  edited.problemsExpected = true;
  for (let swap = 1; swap <= times; swap++, version++) {
    await edited.write(version, join(backup, postFile));
    const started = performance.now();
    await rm(content, { recursive: true, force: true });
    const copied = await run('cp', ['-r', backup, content], { timeoutMs: 60_000 });
    if (copied.code !== 0) throw new Error(`cp -r failed: ${copied.stderr}`);
    await waitFor(`the version copied back with content/ (swap ${swap}) going online`, () =>
      isOnline(staging, version),
    );
    online.push(performance.now() - started);
    await waitFor('the banner going after the copy', async () => !(await bannerShown(server.url)));
    await unchanged();
  }
  edited.problemsExpected = false;
  await edited.write(version);
  const edit = await waitFor('an edit in the copied-back folder going online', () =>
    isOnline(staging, version),
  );
  await rm(backup, { recursive: true, force: true });
  const counts = postsOnline(stdout, from);
  const fewer = counts.filter((count) => count !== before);
  if (before === undefined || fewer.length > 0) {
    fail(`a reload during the swaps put ${fewer.join(', ')} posts online, not ${before ?? '?'}`);
  }
  await reloadsSettled(server);
  return {
    line: `deleted and copied back with \`cp -r\` ${times} times: each copy's version online ${online.map(formatMs).join(', ')} after the delete; ${counts.length} reloads, each with all ${before ?? '?'} posts online; sampled pages unchanged; a later edit online after ${formatMs(edit)}`,
    next: version + 1,
  };
}

// An editor's pause between the parts of a save, and how long past it a round still tests it:
// an in-place save's second part must land before the 60 ms the server waits for quiet; a post
// renamed away must be back before the 250 ms a shorter listing is held.
const EDITOR_PAUSE_MS = 50;
const LATE_AFTER: Readonly<Record<SaveStyle, number>> = { 'in place': 55, 'as vim': 200 };

/**
 * The edited post saved `rounds` times in each editor's way, each save waited for online. A save
 * whose pause came out longer than the server's wait covers (the machine is shared) tests
 * something else: it is made again, up to as many times more.
 */
export async function editorSaves(
  staging: Staging,
  firstVersion: number,
  rounds: number,
): Promise<{ line: string; next: number }> {
  const { edited } = staging;
  const pauses: Record<SaveStyle, number[]> = { 'in place': [], 'as vim': [] };
  const late: Record<SaveStyle, number> = { 'in place': 0, 'as vim': 0 };
  const online: number[] = [];
  let version = firstVersion;
  for (const how of ['in place', 'as vim'] as const) {
    while (pauses[how].length < rounds && late[how] <= rounds) {
      const started = performance.now();
      const pause = await edited.save(version, how, EDITOR_PAUSE_MS);
      await waitFor(`version ${version}, saved ${how}, going online`, () =>
        isOnline(staging, version),
      );
      online.push(performance.now() - started);
      const cut = edited.shownCut(version);
      if (pause > LATE_AFTER[how]) late[how]++;
      else pauses[how].push(pause);
      if (cut > 0 && pause <= LATE_AFTER[how]) {
        fail(
          `version ${version}, saved in place ${formatMs(pause)} apart, was shown cut ${cut} times`,
        );
      }
      version++;
      await sleep(100);
    }
  }
  edited.stopEditor();
  const parts = (['in place', 'as vim'] as const).map((how) => {
    if (pauses[how].length < rounds) {
      fail(
        `${late[how]} saves ${how} paused longer than ${LATE_AFTER[how]} ms: the machine is too busy`,
      );
    }
    const again = late[how] > 0 ? `, ${late[how]} made again for a late pause` : '';
    return `${pauses[how].length} ${how} (pause median ${formatMs(percentile(pauses[how], 50))}, max ${formatMs(Math.max(...pauses[how]))}${again})`;
  });
  return {
    line: `${parts.join(' and ')}, ${EDITOR_PAUSE_MS} ms between the parts; each online ${formatMs(percentile(online, 50))} (median) after the save began, never cut or missing`,
    next: version,
  };
}

// A freeze of the server shows as one slow answer; this is far above a busy machine's worst.
const RESPONSIVE_MS = 1_000;

/** A post whose front matter is a YAML alias bomb, then its removal. */
export async function aliasBombPosted(staging: Staging): Promise<string> {
  const { server, edited, siteDir, stderr } = staging;
  const file = join(siteDir, 'content', 'posts', 'soak-alias-bomb.md');
  const text = ['---', 'title: Bomb', 'date: 2024-01-01', `tags: ${aliasBomb(10)}`, '---', 'Body.'];
  const probe = probeLatency(server.url);
  edited.problemsExpected = true;
  const from = stderr.text.length;
  await writeFile(file, `${text.join('\n')}\n`);
  const logged = await waitFor(
    'the alias bomb reported',
    stderr.logged(/soak-alias-bomb\.md:4: front matter is not valid YAML: its aliases/, from),
  );
  const banner = await waitFor('the banner naming the bomb', () => bannerShown(server.url));
  await rm(file);
  const gone = await waitFor('the banner going once the bomb is removed', async () => {
    return !(await bannerShown(server.url));
  });
  edited.problemsExpected = false;
  const slowest = await probe.stop();
  if (slowest > RESPONSIVE_MS) fail(`a request took ${formatMs(slowest)} while the bomb was read`);
  return `a 10-level alias bomb (${Buffer.byteLength(text.join('\n'))} bytes) reported after ${formatMs(logged)}, banner after ${formatMs(banner)}, gone ${formatMs(gone)} after the file was removed; slowest of the requests asked meanwhile one at a time: ${formatMs(slowest)}`;
}

/** Asks for a small file one request at a time until stopped; gives the slowest answer. */
function probeLatency(origin: string): { stop(): Promise<number> } {
  let stopped = false;
  let slowest = 0;
  const probing = (async () => {
    while (!stopped) {
      const started = performance.now();
      await get(`${origin}/robots.txt`);
      slowest = Math.max(slowest, performance.now() - started);
      await sleep(20);
    }
  })();
  return {
    async stop() {
      stopped = true;
      await probing;
      return slowest;
    },
  };
}

const SLOW_READERS = 50;
// The server's send timeout is 30 s; a reader is closed once no byte has gone for that long.
const SLOW_READERS_LIMIT_MS = 45_000;

/** Readers that ask for a large static file and never read: the server must close them. */
export async function slowReaderSwarm(staging: Staging): Promise<string> {
  const { server } = staging;
  const pid = server.child.pid as number;
  const port = Number(new URL(server.url).port);
  const descriptorsBefore = await openDescriptors(pid);
  const started = performance.now();
  const readers = await Promise.all(
    Array.from({ length: SLOW_READERS }, () => slowReader(port, LARGE_FILE.path)),
  );
  const closedAfter = new Map<number, number>();
  let descriptorsPeak = 0;
  while (closedAfter.size < readers.length) {
    if (performance.now() - started > SLOW_READERS_LIMIT_MS) break;
    await sleep(250);
    descriptorsPeak = Math.max(descriptorsPeak, await openDescriptors(pid));
    const established = await establishedPorts(port);
    for (const reader of readers) {
      if (!closedAfter.has(reader.localPort as number) && !established.has(reader.localPort ?? 0))
        closedAfter.set(reader.localPort as number, performance.now() - started);
    }
  }
  for (const reader of readers) reader.destroy();
  const open = readers.length - closedAfter.size;
  if (open > 0) {
    fail(
      `${open} of ${readers.length} readers that never read were still open after ${SLOW_READERS_LIMIT_MS / 1000} s`,
    );
  }
  await sleep(1000);
  const descriptorsAfter = await openDescriptors(pid);
  const times = [...closedAfter.values()];
  return `${readers.length} connections asking for a ${formatBytes(LARGE_FILE.bytes)} file and never reading: ${closedAfter.size} closed by the server after ${formatMs(Math.min(...times))}–${formatMs(Math.max(...times))}; the server's open descriptors ${descriptorsBefore} before, at most ${descriptorsPeak} meanwhile, ${descriptorsAfter} after`;
}

async function slowReader(port: number, path: string): Promise<Socket> {
  const socket = connect({ host: '127.0.0.1', port });
  // The server closing the connection is the point; nothing is read to hear of it.
  socket.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
  socket.pause();
  return socket;
}

/**
 * The client ports of the server's established IPv4 TCP connections, from /proc/net/tcp. A server
 * that closes a connection whose reader never reads leaves the client's side established (the
 * data before its FIN is never taken): only the server's side tells.
 */
async function establishedPorts(serverPort: number): Promise<Set<number>> {
  const table = await readFile('/proc/net/tcp', 'utf8');
  const ports = new Set<number>();
  const port = (address: string): number => Number.parseInt(address.split(':')[1] ?? '', 16);
  for (const line of table.split('\n').slice(1)) {
    const [, local, remote, state] = line.trim().split(/\s+/);
    if (state === '01' && local && remote && port(local) === serverPort) ports.add(port(remote));
  }
  return ports;
}

async function openDescriptors(pid: number): Promise<number> {
  return (await readdir(`/proc/${pid}/fd`)).length;
}
