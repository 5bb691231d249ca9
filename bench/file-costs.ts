// Benchmark: what the file system of a folder charges a build for the two things an export does
// thousands of times — creating a file in a folder that holds many (the search index's files, all
// in assets/search/), and making a folder for one page (posts/<slug>/index.html) — timed apart, in
// alternated rounds, as system time of this process. It tells which of the two a change that
// writes fewer of them saves on the disk at hand.
//
//   npx tsx bench/file-costs.ts [DIR] [--files N] [--folders N] [--rounds N]
//
// DIR is where the rounds write (default bench/.work/file-costs, on the disk the benchmark's disk
// variant uses; /dev/shm/… for a RAM disk); every round's files are deleted before the next.
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { WORK_DIR } from './lib/setup.js';
import { median } from './lib/stats.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    files: { type: 'string', default: '1963' },
    folders: { type: 'string', default: '10000' },
    rounds: { type: 'string', default: '3' },
  },
});
const root = resolve(positionals[0] ?? join(WORK_DIR, 'file-costs'));
const files = Number(values.files);
const folders = Number(values.folders);
const rounds = Number(values.rounds);
// The sizes of a search file and of a post page of the benchmark's corpus, about.
const SEARCH_FILE = Buffer.alloc(14_000, 0x61);
const PAGE = Buffer.alloc(20_000, 0x61);

interface Cost {
  readonly wallMs: number;
  readonly systemMs: number;
}

/** Runs `work` and answers its wall-clock time and this process's system time in it. */
function timed(work: () => void): Cost {
  const start = performance.now();
  const before = process.cpuUsage();
  work();
  const used = process.cpuUsage(before);
  return { wallMs: performance.now() - start, systemMs: used.system / 1000 };
}

/** `count` files in one folder, each written and then looked at, as the export writes them. */
function filesInOneFolder(folder: string, count: number): Cost {
  mkdirSync(folder, { recursive: true });
  return timed(() => {
    for (let i = 0; i < count; i++) {
      const file = join(folder, `file-${i}.json`);
      writeFileSync(file, SEARCH_FILE);
      statSync(file);
    }
  });
}

/** `count` folders in one folder, each with one page written and looked at. */
function folderPerPage(folder: string, count: number): Cost {
  mkdirSync(folder, { recursive: true });
  return timed(() => {
    for (let i = 0; i < count; i++) {
      const page = join(folder, `post-${i}`);
      mkdirSync(page);
      const file = join(page, 'index.html');
      writeFileSync(file, PAGE);
      statSync(file);
    }
  });
}

const results = { files: [] as Cost[], folders: [] as Cost[] };
for (let round = 0; round < rounds; round++) {
  rmSync(root, { recursive: true, force: true });
  // Each kind goes first in every other round, so that a disk slowing down weighs on both alike.
  const kinds = round % 2 === 0 ? (['files', 'folders'] as const) : (['folders', 'files'] as const);
  for (const kind of kinds) {
    const cost =
      kind === 'files'
        ? filesInOneFolder(join(root, 'search'), files)
        : folderPerPage(join(root, 'posts'), folders);
    results[kind].push(cost);
    const count = kind === 'files' ? files : folders;
    console.log(
      `round ${round + 1}: ${count} ${kind === 'files' ? 'files in one folder' : 'folders with a page each'}: ` +
        `${cost.wallMs.toFixed(0)} ms, ${cost.systemMs.toFixed(0)} ms of system time (${((1000 * cost.systemMs) / count).toFixed(0)} µs each)`,
    );
  }
}
rmSync(root, { recursive: true, force: true });
for (const [kind, count] of [
  ['files', files],
  ['folders', folders],
] as const) {
  const systemMs = median(results[kind].map((cost) => cost.systemMs));
  const wallMs = median(results[kind].map((cost) => cost.wallMs));
  console.log(
    `median, ${kind === 'files' ? 'a file in one folder' : 'a folder with a page'}: ` +
      `${((1000 * systemMs) / count).toFixed(0)} µs of system time, ${((1000 * wallMs) / count).toFixed(0)} µs wall-clock (${root})`,
  );
}
