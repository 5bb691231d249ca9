// Audits the demo blog with Lighthouse (mobile) and weighs its featured listing; exits 1 when a
// score or a size misses its limit. The full reports are written to test-results/lighthouse/.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LaunchedChrome } from 'chrome-launcher';
import type { RunningServer } from '../src/delivery/server/start-server.js';
import { firstPostPath, serveDemo, transferredBody } from './audit/demo-server.js';
import { CATEGORIES, launchChromium, requestsOf, runLighthouse } from './audit/lighthouse.js';
import {
  bytes,
  explainFailure,
  judgeCategory,
  scoreTable,
  table,
  weightTable,
  type PageRuns,
  type Run,
  type WeightCheck,
} from './audit/report.js';

/** Runs per page; the median score counts, since the machines that run this are shared. */
const RUNS = 5;
const THRESHOLDS: Record<(typeof CATEGORIES)[number], number> = {
  performance: 0.95,
  accessibility: 1,
  'best-practices': 1,
  seo: 1,
};
/** The featured listing's HTML, compressed: what fits in the first round trips of a connection. */
// Lighthouse's checks of images, each to pass on every run of every page where it applies:
// images no larger than shown, in AVIF or WebP, sized, lazy below the first screen.
const IMAGE_AUDITS = [
  'uses-responsive-images',
  'modern-image-formats',
  'uses-optimized-images',
  'image-delivery-insight',
  'offscreen-images',
  'unsized-images',
  'image-size-responsive',
  'image-aspect-ratio',
] as const;
const HTML_LIMIT = 14 * 1024;
/** The featured listing on a first visit: every request, as transferred. */
const PAGE_LIMIT = 60 * 1024;
/** Gives up on a hung browser so that the command always ends. */
const GIVE_UP_MS = 15 * 60 * 1000;

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const REPORTS = join(ROOT, 'test-results', 'lighthouse');

let chrome: LaunchedChrome | undefined;
let server: RunningServer | undefined;

// Chromium runs in its own process group and would outlive an interrupted audit.
const stopBrowser = (): void => {
  chrome?.kill();
  chrome = undefined;
};
process.once('SIGTERM', () => {
  stopBrowser();
  process.exit(143);
});
setTimeout(() => {
  console.error(`audit: no result after ${GIVE_UP_MS / 60_000} minutes; giving up`);
  stopBrowser();
  process.exit(1);
}, GIVE_UP_MS).unref();

const started = performance.now();
try {
  process.exitCode = (await audit()) ? 0 : 1;
} catch (error) {
  console.error('audit: could not run:', error);
  process.exitCode = 1;
} finally {
  stopBrowser();
  await server?.close(1000);
}
console.log(`\nTook ${((performance.now() - started) / 1000).toFixed(0)} s.`);

interface AuditedPage extends PageRuns {
  /** The reports' file names start with it. */
  readonly name: string;
  readonly runs: Run[];
}

/** Runs everything and prints the results; true when every check passes. */
async function audit(): Promise<boolean> {
  server = await serveDemo();
  const base = server.url;
  const pages: AuditedPage[] = [
    { name: 'featured', label: 'featured listing', path: '/', runs: [] },
    { name: 'category', label: 'category', path: '/categories/algorithm/', runs: [] },
    { name: 'archives', label: 'archive', path: '/archives/', runs: [] },
    { name: 'categories', label: 'index of categories', path: '/categories/', runs: [] },
    { name: 'tags', label: 'index of tags', path: '/tags/', runs: [] },
    { name: 'about', label: 'page of content/pages', path: '/about/', runs: [] },
    { name: 'series', label: 'series', path: '/series/binary-search/', runs: [] },
    {
      name: 'photo',
      label: 'post with a photo in smaller sizes',
      path: '/posts/core-web-vitals-lcp-inp-cls/',
      runs: [],
    },
    {
      name: 'post',
      label: 'first post of the listing',
      path: await firstPostPath(`${base}/`),
      runs: [],
    },
  ];

  await rm(REPORTS, { recursive: true, force: true });
  chrome = await launchChromium();
  console.log(`Lighthouse on the demo blog at ${base}, ${RUNS} runs per page\n`);
  // Round by round rather than page by page, so that a busy moment of the machine is shared.
  for (let run = 1; run <= RUNS; run++) {
    for (const page of pages) {
      const runStarted = performance.now();
      const { lhr, json } = await runLighthouse(`${base}${page.path}`, chrome.port);
      const file = join(REPORTS, `${page.name}-${run}.json`);
      // Made again for each report, in case something else empties test-results/ meanwhile.
      await mkdir(REPORTS, { recursive: true });
      await writeFile(file, json);
      page.runs.push({ lhr, file: relative(ROOT, file) });
      const scores = CATEGORIES.map(
        (category) => `${category} ${lhr.categories[category]?.score?.toFixed(2) ?? 'none'}`,
      );
      const seconds = ((performance.now() - runStarted) / 1000).toFixed(1);
      console.log(`run ${run} ${page.path}: ${scores.join(', ')} (${seconds} s)`);
    }
  }

  const first = pages[0]?.runs[0]?.lhr;
  if (first) {
    const { configSettings: settings, environment } = first;
    console.log(
      `\nLighthouse ${first.lighthouseVersion}, ${settings.formFactor}, ` +
        `${settings.throttlingMethod} throttling, ${environment.hostUserAgent.match(/\S*Chrome\/\S+/)?.[0] ?? 'Chromium'}, ` +
        `benchmark index ${Math.round(environment.benchmarkIndex)}`,
    );
  }
  const warnings = new Set(
    pages.flatMap((page) => page.runs.flatMap(({ lhr }) => lhr.runWarnings)),
  );
  for (const warning of warnings) console.log(`Lighthouse warns: ${warning}`);

  const verdicts = pages.flatMap((page) =>
    CATEGORIES.map((category) => judgeCategory(page, category, THRESHOLDS[category])),
  );
  console.log(`\nScores (median of ${RUNS} runs)\n${scoreTable(verdicts)}`);
  const failures = verdicts.filter((verdict) => !verdict.pass);
  if (failures.length > 0) {
    console.log('\nWhat lowers the failing scores (from the median run):');
    for (const verdict of failures) console.log(explainFailure(verdict).join('\n'));
  }

  const imageFailures = pages.flatMap((page) =>
    page.runs.flatMap(({ lhr }, run) =>
      IMAGE_AUDITS.flatMap((id) => {
        const result = lhr.audits[id];
        const applies =
          result && !['notApplicable', 'informative', 'manual'].includes(result.scoreDisplayMode);
        return applies && (result.score === null || result.score < 1)
          ? [
              `  ${page.path} run ${run + 1}: ${id} ${result.score ?? 'error'} ${result.displayValue ?? ''}`,
            ]
          : [];
      }),
    ),
  );
  console.log(
    imageFailures.length === 0
      ? `\nImages: ${IMAGE_AUDITS.join(', ')} pass on every run of every page.`
      : `\nImages: checks that fail\n${imageFailures.join('\n')}`,
  );

  const featured = pages[0];
  if (!featured) throw new Error('no featured listing');
  // The same first visit in every run; the largest one is checked.
  const visits = featured.runs.map(({ lhr }) => requestsOf(lhr));
  const visit = visits.reduce((a, b) => (total(b) > total(a) ? b : a));
  const weights: WeightCheck[] = [
    {
      label: 'HTML of /, brotli',
      bytes: await transferredBody(`${base}/`, 'br'),
      limit: HTML_LIMIT,
    },
    {
      label: 'HTML of /, gzip',
      bytes: await transferredBody(`${base}/`, 'gzip'),
      limit: HTML_LIMIT,
    },
    {
      label: `/ on a first visit, ${visit.length} requests`,
      bytes: total(visit),
      limit: PAGE_LIMIT,
    },
  ];
  console.log(`\nPage weight of the featured listing\n${weightTable(weights)}`);
  const requests = visit.map((request) => [
    request.url.startsWith(`${base}/`) ? request.url.slice(base.length) : request.url,
    String(request.status),
    bytes(request.bytes),
  ]);
  console.log(
    `\nFirst visit, as transferred (headers included)\n${table(['request', 'status', 'size'], requests, [false, true, true])}`,
  );
  const overweight = weights.filter((check) => check.bytes > check.limit);

  const failed = failures.length + overweight.length + imageFailures.length;
  console.log(
    failed === 0
      ? '\nAudit passed.'
      : `\nAudit failed: ${failed} ${failed === 1 ? 'check misses its limit' : 'checks miss their limits'}.`,
  );
  console.log(`Reports: ${relative(ROOT, REPORTS)}/`);
  return failed === 0;
}

function total(requests: readonly { bytes: number }[]): number {
  return requests.reduce((sum, request) => sum + request.bytes, 0);
}
