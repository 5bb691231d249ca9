// Benchmark: responsive images. Builds a generated blog whose posts show photos twice into the
// same output, from an empty image cache, and reports how long each build took and how many
// images it processed: the second build must process none.
//
//   npm run build && npx tsx bench/images.ts                # 1,000 posts, 3 runs
//   npx tsx bench/images.ts --posts 10000 --runs 1
//
// Options:
//   --posts N   posts in the corpus (default 1000); each shows one of 20 photos, reused
//   --runs N    runs, each a first and a second build from an empty cache (default 3)
//   --keep      keep the run's folder
import { spawn } from 'node:child_process';
import { readdir, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { writeCorpus } from './corpus.js';
import { checkBuilt, FOLIO_BIN } from './lib/folio.js';
import { engineEnv } from './lib/processes.js';
import { WORK_DIR } from './lib/setup.js';
import { formatMs, median } from './lib/stats.js';

const PHOTOS = 20;

/** One build: how long it took, and how many images it processed now. */
interface Build {
  readonly ms: number;
  readonly processed: number;
  readonly resized: number;
}

/** A photo-like image, 1600 to 3000 pixels wide: noise over a colour, which compresses as photos do. */
async function photo(index: number): Promise<Buffer> {
  const width = 1600 + ((index * 277) % 1401);
  const height = Math.round((width * 2) / 3);
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .raw()
    .toBuffer();
  const image = sharp(noise, { raw: { width, height, channels: 3 } }).tint({
    r: 80 + ((index * 37) % 170),
    g: 120,
    b: 200 - ((index * 23) % 150),
  });
  return index % 4 === 3 ? image.png().toBuffer() : image.jpeg({ quality: 85 }).toBuffer();
}

const photoName = (index: number): string => `photo-${index}.${index % 4 === 3 ? 'png' : 'jpg'}`;

/** The corpus, with 20 photos under static/images/photos/ and one shown at the end of each post. */
async function writeSite(dir: string, posts: number): Promise<void> {
  await writeCorpus(dir, posts);
  const photos = join(dir, 'static', 'images', 'photos');
  await mkdir(photos, { recursive: true });
  for (let i = 0; i < PHOTOS; i++) await writeFile(join(photos, photoName(i)), await photo(i));
  const files = (await readdir(join(dir, 'content', 'posts'), { recursive: true }))
    .filter((name) => name.endsWith('.md'))
    .sort();
  let n = 0;
  for (const file of files) {
    const path = join(dir, 'content', 'posts', file);
    const text = await readFile(path, 'utf8');
    const shown = photoName(n++ % PHOTOS);
    await writeFile(path, `${text}\n![A generated photo](/images/photos/${shown})\n`);
  }
}

function build(site: string, out: string): Promise<Build> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [FOLIO_BIN, 'build', site, '--out', out], {
      env: engineEnv(),
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - started;
      const images = /Images: (\d+) images? in smaller sizes, (\d+) processed now/.exec(output);
      if (code !== 0 || !images) {
        reject(new Error(`folio build failed (${code}):\n${output}`));
        return;
      }
      resolve({ ms, resized: Number(images[1]), processed: Number(images[2]) });
    });
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      posts: { type: 'string', default: '1000' },
      runs: { type: 'string', default: '3' },
      keep: { type: 'boolean', default: false },
    },
  });
  const posts = Number(values.posts);
  const runs = Number(values.runs);
  const missing = await checkBuilt();
  if (missing) throw new Error(missing);
  const dir = join(WORK_DIR, 'images');
  const site = join(dir, 'site');
  const out = join(dir, 'out');
  await rm(dir, { recursive: true, force: true });
  console.log(`Writing ${posts} posts and ${PHOTOS} photos…`);
  await writeSite(site, posts);
  const firsts: Build[] = [];
  const seconds: Build[] = [];
  try {
    for (let run = 1; run <= runs; run++) {
      await rm(join(site, '.folio'), { recursive: true, force: true });
      await rm(out, { recursive: true, force: true });
      const first = await build(site, out);
      const second = await build(site, out);
      firsts.push(first);
      seconds.push(second);
      console.log(
        `run ${run}: first ${formatMs(first.ms)} (${first.processed} processed), second ${formatMs(second.ms)} (${second.processed} processed)`,
      );
      if (second.processed !== 0) throw new Error('the second build processed images again');
    }
  } finally {
    if (!values.keep) await rm(dir, { recursive: true, force: true });
  }
  const medianOf = (builds: Build[], key: 'ms' | 'processed'): number =>
    median(builds.map((made) => made[key]));
  console.log(`
| ${posts} posts, ${PHOTOS} photos (1600–3000 px), ${runs} runs | median time | images processed |
| --- | --- | --- |
| first build, empty cache | ${formatMs(medianOf(firsts, 'ms'))} | ${medianOf(firsts, 'processed')} |
| second build, same output | ${formatMs(medianOf(seconds, 'ms'))} | ${medianOf(seconds, 'processed')} |`);
}

main().catch((cause: unknown) => {
  console.error(cause instanceof Error ? cause.message : cause);
  process.exitCode = 1;
});
