// Benchmark: related posts. How long working out the related posts of every post takes, on a
// generated corpus: the cost a full export pays, and a server pays page by page as posts are asked.
//
//   npx tsx bench/related.ts [SITE_DIR] [RUNS]     # default /dev/shm/corpus-10k, 7 runs
//
// Each run builds a new version of the site (not timed), so that nothing of the run before is
// remembered, then asks for the related posts of every public post in the site's order. Prints
// each run and the median.
import { performance } from 'node:perf_hooks';
import { loadSite } from '../src/load/load-site.js';
import { buildSite } from '../src/site/build-site.js';
import { relatedPosts } from '../src/site/related.js';

const siteDir = process.argv[2] ?? '/dev/shm/corpus-10k';
const runs = Number(process.argv[3] ?? 7);

const { content, diagnostics } = await loadSite(siteDir, { checkBodies: false });
if (!content) {
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  throw new Error(`${siteDir} does not load: ${errors.map((e) => e.message).join('; ')}`);
}

const times: number[] = [];
let shown = 0;
for (let run = 0; run < runs; run++) {
  const site = buildSite(content.config, content.posts, { now: Date.now() });
  const start = performance.now();
  shown = 0;
  for (const post of site.posts) shown += relatedPosts(site, post).length;
  const elapsed = performance.now() - start;
  times.push(elapsed);
  console.log(`run ${run + 1}: ${elapsed.toFixed(1)} ms for ${site.posts.length} posts`);
}
const sorted = [...times].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)] ?? NaN;
console.log(
  `median of ${runs}: ${median.toFixed(1)} ms (${content.config.relatedPosts} related posts a post; ${shown} links in all)`,
);
