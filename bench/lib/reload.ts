// Part 4: live reload at a given size. `folio serve --watch` runs on the corpus; each round opens
// a post's page, rewrites the post's title, and from the moment the save is done requests the
// page every 2 ms until it carries the new title. Each round saves twice, as the two kinds of
// editor do: written in place (the server waits for 60 ms of quiet, so that a save in parts is
// never shown cut), then written whole beside the post and renamed over it.
import { readFile, rename, writeFile } from 'node:fs/promises';
import { Agent } from 'node:http';
import { basename, dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { corpusPost } from '../corpus.js';
import { type FolioServer, startFolio } from './folio.js';
import { decoded, get } from './http.js';
import { stop } from './processes.js';
import { formatMs, formatPosts } from './stats.js';

export interface ReloadResult {
  readonly posts: number;
  /** Written in place → the page shows the new title, per measured round. */
  readonly online: number[];
  /** Written in place → the server logged the reload. */
  readonly logged: number[];
  /** Renamed over the post → the page shows the new title, per measured round. */
  readonly renamed: number[];
  failure?: string;
}

type Save = 'in place' | 'renamed';

const POLL_MS = 2;
// Time for the watcher to go quiet between rounds, so that one round's reload never overlaps the next.
const SETTLE_MS = 300;
const ROUND_TIMEOUT_MS = 10_000;

async function editRound(
  server: FolioServer,
  agent: Agent,
  corpusDir: string,
  round: string,
  index: number,
  save: Save,
): Promise<{ online: number; logged: number }> {
  const post = corpusPost(index);
  const url = `${server.url}/posts/${encodeURIComponent(post.slug)}/`;
  // The page is open before the edit, as it would be in the author's browser.
  const before = await get(url, agent);
  if (before.status !== 200) throw new Error(`${url} answered ${before.status} before the edit`);

  const file = join(corpusDir, post.file);
  const text = await readFile(file, 'utf8');
  const marker = `Edited in round ${round} (post ${index + 1})`;
  const edited = text.replace(/^title: .*$/m, `title: ${JSON.stringify(`${marker} — 제목 수정`)}`);
  if (edited === text) throw new Error(`${file} has no title line`);

  const reloadsBefore = server.reloads.length;
  if (save === 'in place') {
    await writeFile(file, edited);
  } else {
    // Hidden and not Markdown, as editors name the file they write before the rename.
    const whole = join(dirname(file), `.${basename(file)}.saving`);
    await writeFile(whole, edited);
    await rename(whole, file);
  }
  const written = performance.now();
  let online: number | undefined;
  while (online === undefined) {
    const polled = performance.now();
    if (polled - written > ROUND_TIMEOUT_MS) {
      throw new Error(`${url} did not show the new title within ${ROUND_TIMEOUT_MS / 1000} s`);
    }
    const response = await get(url, agent);
    if (response.status === 200 && decoded(response).includes(marker)) {
      online = performance.now() - written;
    } else {
      await sleep(Math.max(0, polled + POLL_MS - performance.now()));
    }
  }
  const deadline = performance.now() + ROUND_TIMEOUT_MS;
  while (server.reloads.length <= reloadsBefore && performance.now() < deadline) await sleep(1);
  const loggedAt = server.reloads[reloadsBefore];
  return { online, logged: loggedAt === undefined ? Number.NaN : loggedAt - written };
}

export interface ReloadOptions {
  readonly posts: number;
  readonly corpusDir: string;
  readonly warmUpRounds: number;
  readonly rounds: number;
  readonly timeoutMs: number;
}

/** Edits `rounds` posts (after `warmUpRounds`) under `folio serve --watch` and times each. */
export async function benchReload(options: ReloadOptions): Promise<ReloadResult> {
  const result: ReloadResult = { posts: options.posts, online: [], logged: [], renamed: [] };
  const label = formatPosts(options.posts);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  let server: FolioServer | undefined;
  try {
    server = await startFolio(options.corpusDir, { watch: true, timeoutMs: options.timeoutMs });
    for (let round = 0; round < options.warmUpRounds + options.rounds; round += 1) {
      // A different post each round, spread over the corpus (137 shares no factor with 10ⁿ).
      const index = (137 * round + 11) % options.posts;
      const edit = (save: Save, mark: string): Promise<{ online: number; logged: number }> =>
        editRound(server as FolioServer, agent, options.corpusDir, mark, index, save);
      const { online, logged } = await edit('in place', `${round + 1}`);
      await sleep(SETTLE_MS);
      const renamed = await edit('renamed', `${round + 1}, renamed`);
      await sleep(SETTLE_MS);
      const warmUp = round < options.warmUpRounds;
      if (!warmUp) {
        result.online.push(online);
        result.logged.push(logged);
        result.renamed.push(renamed.online);
      }
      console.log(
        `  ${label} ${warmUp ? 'warm-up' : 'round'} ${round + 1}: written in place, online after ${formatMs(online)} (reload logged after ${formatMs(logged)}); renamed over, online after ${formatMs(renamed.online)}`,
      );
    }
  } catch (cause) {
    result.failure = cause instanceof Error ? cause.message : String(cause);
    if (server) result.failure += `\n${server.output()}`;
    console.log(`  ${label}: ${result.failure}`);
  } finally {
    agent.destroy();
    if (server) await stop(server.child);
  }
  return result;
}
