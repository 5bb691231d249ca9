// The one table the benchmark prints: every figure is a median of the runs it names, beside its
// ratio to the reference measured in the same run, and every target with PASS or MISS.
import { type BuildResult } from './build.js';
import {
  buildOf,
  buildRss,
  buildTime,
  ENGINES,
  firstRss,
  HUNDRED_K,
  onlineMedian,
  onlineP90,
  p99,
  PAGES,
  rps,
  serveOf,
  SERVERS,
  sizesOf,
  startMs,
  startOf,
  TEN_K,
  warmRss,
} from './figures.js';
import { type ReloadResult } from './reload.js';
import { PAGE_NAMES, SERVER_NAMES, type ServeReport, type ServeResult } from './serve.js';
import { ENGINE_NAMES } from './sites.js';
import { type StartResult, WARM_UP_REQUESTS } from './startup.js';
import {
  BYTES_PER_MB,
  formatBytes,
  formatCount,
  formatMs,
  formatPosts,
  formatRatio,
  median,
} from './stats.js';

export interface Results {
  readonly startedAt: string;
  readonly command: string;
  /** Every part at every size, with the default runs and load length, and nothing broke. */
  complete: boolean;
  /** Wall-clock time of the whole run. */
  totalMs: number;
  readonly environment: string[];
  readonly builds: BuildResult[];
  serve: ServeReport | undefined;
  readonly starts: StartResult[];
  bareStart: StartResult | undefined;
  readonly reloads: ReloadResult[];
  readonly notes: string[];
}

export interface Target {
  readonly name: string;
  /** undefined: not measured in this run. */
  readonly pass: boolean | undefined;
  readonly detail: string;
}

interface Row {
  readonly part: string;
  readonly measure: string;
  readonly posts: string;
  readonly runs: string;
  readonly value: string;
  readonly versus: string;
  readonly target: string;
}

function verdict(pass: boolean | undefined): string {
  return pass === undefined ? 'n/a' : pass ? 'PASS' : 'MISS';
}

function targetText(targets: readonly Target[]): string {
  return targets.map((t) => `${t.name}: ${verdict(t.pass)}`).join(' · ');
}

function ratioText(parts: readonly [number, string][]): string {
  const known = parts.filter(([ratio]) => Number.isFinite(ratio));
  if (known.length === 0) return '—';
  return known.map(([ratio, name]) => `${formatRatio(ratio)} ${name}`).join(' · ');
}

function check(ratio: number, test: (value: number) => boolean): boolean | undefined {
  return Number.isFinite(ratio) ? test(ratio) : undefined;
}

// ---------------------------------------------------------------------------------------------
// Build

function buildRows(results: Results, targets: Target[]): Row[] {
  const rows: Row[] = [];
  const of = (engine: (typeof ENGINES)[number], posts: number): BuildResult | undefined =>
    buildOf(results.builds, engine, posts);
  for (const posts of sizesOf(results.builds)) {
    const hugo = of('hugo', posts);
    for (const engine of ENGINES) {
      const build = of(engine, posts);
      if (!build) continue;
      const name = ENGINE_NAMES[engine];
      const runs = `${build.runs.length}${build.failedRun ? ' (+1 failed)' : ''}`;
      const time = buildTime(build);
      const rss = buildRss(build);
      let timeVersus =
        engine === 'hugo' ? 'reference' : ratioText([[time / buildTime(hugo), 'Hugo']]);
      let rssVersus = engine === 'hugo' ? 'reference' : ratioText([[rss / buildRss(hugo), 'Hugo']]);
      const timeTargets: Target[] = [];
      const rssTargets: Target[] = [];
      if (engine === 'folio' && posts === TEN_K) {
        const eleventy = of('eleventy', posts);
        const hexo = of('hexo', posts);
        timeVersus = ratioText([
          [time / buildTime(hugo), 'Hugo'],
          [time / buildTime(eleventy), 'Eleventy'],
          [time / buildTime(hexo), 'Hexo'],
        ]);
        rssVersus = ratioText([
          [rss / buildRss(hugo), 'Hugo'],
          [rss / buildRss(eleventy), 'Eleventy'],
          [rss / buildRss(hexo), 'Hexo'],
        ]);
        timeTargets.push(
          {
            name: '≤ 0.5× Hugo',
            pass: check(time / buildTime(hugo), (r) => r <= 0.5),
            detail: `10k build time ${formatRatio(time / buildTime(hugo))} Hugo's`,
          },
          {
            name: '≤ ⅓× Eleventy',
            pass: check(time / buildTime(eleventy), (r) => r <= 1 / 3),
            detail: `10k build time ${formatRatio(time / buildTime(eleventy))} Eleventy's`,
          },
          {
            name: '≤ ⅓× Hexo',
            pass: check(time / buildTime(hexo), (r) => r <= 1 / 3),
            detail: `10k build time ${formatRatio(time / buildTime(hexo))} Hexo's`,
          },
        );
        const others = [hugo, eleventy, hexo].map(buildRss);
        const below = others.every((other) => Number.isFinite(other))
          ? others.every((other) => rss < other)
          : undefined;
        rssTargets.push({
          name: 'below Hugo, Eleventy, Hexo',
          pass: Number.isFinite(rss) ? below : undefined,
          detail: `10k build peak memory ${formatBytes(rss)} against ${others.map(formatBytes).join(', ')}`,
        });
      }
      if (engine === 'folio' && posts === HUNDRED_K) {
        const tenK = of('folio', TEN_K);
        const timeRatio = time / buildTime(tenK);
        const rssRatio = rss / buildRss(tenK);
        timeVersus = ratioText([[timeRatio, 'Folio at 10k']]);
        rssVersus = ratioText([[rssRatio, 'Folio at 10k']]);
        let timePass = check(timeRatio, (r) => r <= 11);
        let timeDetail = `100k build time ${formatRatio(timeRatio)} the 10k one`;
        const failed = build.runs.length === 0 ? build.failedRun : undefined;
        if (failed) {
          const lowerBound = failed.ms / buildTime(tenK);
          // A failed build gave no site at all; a stopped one misses once it ran past 11×.
          timePass = failed.stopped ? (lowerBound > 11 ? false : undefined) : false;
          timeDetail = `the 100k build ${build.failure ?? 'failed'}, ${formatRatio(lowerBound)} the 10k time, peak RSS ${formatBytes(failed.peakRss)}`;
          timeVersus = `${failed.stopped ? '> ' : ''}${formatRatio(lowerBound)} Folio at 10k, when it ${failed.stopped ? 'was stopped' : 'failed'}`;
          rssVersus = `${formatRatio(failed.peakRss / buildRss(tenK))} Folio at 10k, when it ${failed.stopped ? 'was stopped' : 'failed'}`;
        }
        timeTargets.push({ name: '≤ 11× 10k', pass: timePass, detail: timeDetail });
        rssTargets.push({
          name: '≤ 11× 10k',
          pass: failed && !failed.stopped ? false : check(rssRatio, (r) => r <= 11),
          detail: failed
            ? `the 100k build ${build.failure ?? 'failed'} at ${formatBytes(failed.peakRss)} peak RSS`
            : `100k build peak memory ${formatRatio(rssRatio)} the 10k one`,
        });
      }
      targets.push(...timeTargets.map((t) => ({ ...t, name: `Folio build: ${t.name}` })));
      targets.push(...rssTargets.map((t) => ({ ...t, name: `Folio build memory: ${t.name}` })));
      const failure = build.failure ? ` (${build.failure.split('\n')[0]})` : '';
      const failed = build.runs.length === 0 ? build.failedRun : undefined;
      rows.push(
        {
          part: 'build',
          measure: `${name}: full build time${failure}`,
          posts: formatPosts(posts),
          runs,
          value: failed ? `${failed.stopped ? '> ' : ''}${formatMs(failed.ms)}` : formatMs(time),
          versus: timeVersus,
          target: targetText(timeTargets),
        },
        {
          part: 'build',
          measure: `${name}: peak RSS`,
          posts: formatPosts(posts),
          runs,
          value: failed
            ? `${failed.stopped ? '> ' : ''}${formatBytes(failed.peakRss)}`
            : formatBytes(rss),
          versus: rssVersus,
          target: targetText(rssTargets),
        },
      );
    }
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Serve

function serveRows(serve: ServeReport, targets: Target[]): Row[] {
  const rows: Row[] = [];
  const at = formatPosts(serve.posts);
  const measured = serve.posts === TEN_K;
  for (const page of PAGES) {
    const nginx = serveOf(serve, 'nginx', page);
    const bare = serveOf(serve, 'bare', page);
    for (const server of SERVERS) {
      const result = serveOf(serve, server, page);
      if (!result) continue;
      const errors = result.runs.reduce((sum, run) => sum + run.errors, 0);
      const label = `${PAGE_NAMES[page]}, ${SERVER_NAMES[server]}`;
      const rpsTargets: Target[] = [];
      const p99Targets: Target[] = [];
      if (server === 'folio') {
        const vsNginx = rps(result) / rps(nginx);
        const vsBare = rps(result) / rps(bare);
        if (page === 'listing') {
          rpsTargets.push(
            {
              name: '≥ 0.9× bare Node',
              pass: measured ? check(vsBare, (r) => r >= 0.9) : undefined,
              detail: `listing req/s ${formatRatio(vsBare)} the bare Node server's`,
            },
            {
              name: '≥ 0.6× nginx',
              pass: measured ? check(vsNginx, (r) => r >= 0.6) : undefined,
              detail: `listing req/s ${formatRatio(vsNginx)} nginx's`,
            },
          );
          p99Targets.push({
            name: '≤ 10 ms',
            pass: measured ? check(p99(result), (v) => v <= 10) : undefined,
            detail: `listing p99 ${formatMs(p99(result))} at ${serve.connections} connections`,
          });
        }
        if (page === 'category') {
          rpsTargets.push({
            name: '≥ 0.5× nginx',
            pass: measured ? check(vsNginx, (r) => r >= 0.5) : undefined,
            detail: `largest category page req/s ${formatRatio(vsNginx)} nginx's`,
          });
        }
      }
      targets.push(...rpsTargets.map((t) => ({ ...t, name: `folio serve: ${t.name}` })));
      targets.push(...p99Targets.map((t) => ({ ...t, name: `folio serve p99: ${t.name}` })));
      const versus = (value: (r: ServeResult | undefined) => number): string =>
        server === 'bare'
          ? `reference · ${ratioText([[value(result) / value(nginx), 'nginx']])}`
          : server === 'nginx'
            ? `reference · ${ratioText([[value(result) / value(bare), 'bare Node']])}`
            : ratioText([
                [value(result) / value(nginx), 'nginx'],
                [value(result) / value(bare), 'bare Node'],
              ]);
      rows.push(
        {
          part: 'serve',
          measure: `${label}: req/s${errors ? ` (${errors} errors)` : ''}`,
          posts: at,
          runs: `${result.runs.length}`,
          value: formatCount(rps(result)),
          versus: versus(rps),
          target: targetText(rpsTargets),
        },
        {
          part: 'serve',
          measure: `${label}: p99 latency`,
          posts: at,
          runs: `${result.runs.length}`,
          value: formatMs(p99(result)),
          versus: versus(p99),
          target: targetText(p99Targets),
        },
      );
    }
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Cold start

function startRows(results: Results, targets: Target[]): Row[] {
  const rows: Row[] = [];
  const bare = results.bareStart;
  const bareMs = startMs(bare);
  const bareRss = warmRss(bare);
  const bareStartRss = firstRss(bare);
  const tenK = startOf(results.starts, TEN_K);
  for (const start of [...results.starts].sort((a, b) => a.posts - b.posts)) {
    const timeTargets: Target[] = [];
    const rssTargets: Target[] = [];
    let timeVersus = ratioText([[startMs(start) / bareMs, 'bare Node']]);
    let rssVersus = ratioText([[warmRss(start) / bareRss, 'bare Node']]);
    if (start.posts === TEN_K) {
      timeTargets.push({
        name: '≤ 1 s',
        pass: check(startMs(start), (v) => v <= 1000),
        detail: `cold start at 10k ${formatMs(startMs(start))}`,
      });
      rssTargets.push({
        name: '≤ 200 MB',
        pass: check(warmRss(start), (v) => v <= 200 * BYTES_PER_MB),
        detail: `resident memory at 10k ${formatBytes(warmRss(start))}`,
      });
    }
    if (start.posts === HUNDRED_K) {
      const timeRatio = startMs(start) / startMs(tenK);
      const rssRatio = warmRss(start) / warmRss(tenK);
      timeVersus = ratioText([
        [startMs(start) / bareMs, 'bare Node'],
        [timeRatio, 'at 10k'],
      ]);
      rssVersus = ratioText([
        [warmRss(start) / bareRss, 'bare Node'],
        [rssRatio, 'at 10k'],
      ]);
      timeTargets.push({
        name: '≤ 11× 10k',
        pass: check(timeRatio, (r) => r <= 11),
        detail: `cold start at 100k ${formatRatio(timeRatio)} the 10k one`,
      });
      rssTargets.push({
        name: '≤ 11× 10k',
        pass: check(rssRatio, (r) => r <= 11),
        detail: `resident memory at 100k ${formatRatio(rssRatio)} the 10k one`,
      });
    }
    targets.push(...timeTargets.map((t) => ({ ...t, name: `Cold start: ${t.name}` })));
    targets.push(...rssTargets.map((t) => ({ ...t, name: `Serve RSS: ${t.name}` })));
    const failure = start.failure ? ` (${start.failure.split('\n')[0]})` : '';
    rows.push(
      {
        part: 'cold start',
        measure: `folio serve: spawn → first 200 of \`/\`${failure}`,
        posts: formatPosts(start.posts),
        runs: `${start.runs.length}`,
        value: formatMs(startMs(start)),
        versus: timeVersus,
        target: targetText(timeTargets),
      },
      {
        part: 'cold start',
        measure: 'folio serve: RSS at the first 200',
        posts: formatPosts(start.posts),
        runs: `${start.runs.length}`,
        value: formatBytes(firstRss(start)),
        versus: ratioText([[firstRss(start) / bareStartRss, 'bare Node']]),
        target: '',
      },
      {
        part: 'cold start',
        measure: `folio serve: RSS after ${WARM_UP_REQUESTS} requests`,
        posts: formatPosts(start.posts),
        runs: `${start.runs.length}`,
        value: formatBytes(warmRss(start)),
        versus: rssVersus,
        target: targetText(rssTargets),
      },
    );
  }
  if (bare && bare.runs.length > 0) {
    rows.push(
      {
        part: 'cold start',
        measure: 'reference: bare Node server, spawn → first 200',
        posts: '—',
        runs: `${bare.runs.length}`,
        value: formatMs(bareMs),
        versus: 'reference',
        target: '',
      },
      {
        part: 'cold start',
        measure: 'reference: bare Node server, RSS at the first 200',
        posts: '—',
        runs: `${bare.runs.length}`,
        value: formatBytes(bareStartRss),
        versus: 'reference',
        target: '',
      },
      {
        part: 'cold start',
        measure: `reference: bare Node server, RSS after ${WARM_UP_REQUESTS} requests`,
        posts: '—',
        runs: `${bare.runs.length}`,
        value: formatBytes(bareRss),
        versus: 'reference',
        target: '',
      },
    );
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Live reload

function reloadRows(results: Results, targets: Target[]): Row[] {
  const rows: Row[] = [];
  const sorted = [...results.reloads].sort((a, b) => a.posts - b.posts);
  // The smallest size is the reference of the others: how the time grows with the site.
  const reference = sorted.length > 1 ? sorted[0] : undefined;
  const against = reference ? `at ${formatPosts(reference.posts)}` : '';
  for (const reload of [...sorted].reverse()) {
    const isReference = reload === reference;
    const online = onlineMedian(reload);
    const p90 = onlineP90(reload);
    const logged = median(reload.logged);
    const versus = (value: number, of: number): string =>
      isReference || !reference ? 'reference' : ratioText([[value / of, against]]);
    const onlineTargets: Target[] = [];
    if (reload.posts === TEN_K) {
      onlineTargets.push({
        name: '≤ 50 ms',
        pass: check(online, (v) => v <= 50),
        detail: `an edit online at 10k after ${formatMs(online)} (median of ${reload.online.length}; p90 ${formatMs(p90)})`,
      });
    }
    targets.push(...onlineTargets.map((t) => ({ ...t, name: `Live reload: ${t.name}` })));
    const failure = reload.failure ? ` (${reload.failure.split('\n')[0]})` : '';
    const prefix = isReference ? 'reference: ' : '';
    const row = (measure: string, runs: number, value: number, of: number, target = ''): Row => ({
      part: 'live reload',
      measure: `${prefix}${measure}`,
      posts: formatPosts(reload.posts),
      runs: `${runs}`,
      value: formatMs(value),
      versus: versus(value, of),
      target,
    });
    rows.push(
      row(
        `edit → page shows it, median${failure}`,
        reload.online.length,
        online,
        onlineMedian(reference),
        targetText(onlineTargets),
      ),
      row('edit → page shows it, p90', reload.online.length, p90, onlineP90(reference)),
      row(
        '… of which edit → server logs the reload, median',
        reload.logged.length,
        logged,
        reference ? median(reference.logged) : Number.NaN,
      ),
    );
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------

export function table(results: Results): { markdown: string; targets: Target[] } {
  const targets: Target[] = [];
  const rows = [
    ...buildRows(results, targets),
    ...(results.serve ? serveRows(results.serve, targets) : []),
    ...startRows(results, targets),
    ...reloadRows(results, targets),
  ];
  const header =
    '| part | measure | posts | runs | median | × reference, same run | target |\n' +
    '| --- | --- | ---: | ---: | ---: | --- | --- |';
  const lines = rows.map(
    (r) =>
      `| ${r.part} | ${r.measure} | ${r.posts} | ${r.runs} | ${r.value} | ${r.versus} | ${r.target} |`,
  );
  return { markdown: [header, ...lines].join('\n'), targets };
}

export function targetSummary(targets: readonly Target[]): string {
  if (targets.length === 0) return 'Targets: none apply to the parts and sizes of this run.';
  const lines = targets.map((t) => `- ${verdict(t.pass)} — ${t.name} (${t.detail})`);
  const passed = targets.filter((t) => t.pass === true).length;
  const missed = targets.filter((t) => t.pass === false).length;
  return `Targets: ${passed} PASS, ${missed} MISS, ${targets.length - passed - missed} not measured\n\n${lines.join('\n')}`;
}

/** The run as Markdown, in the parts the console shows and docs/performance.md takes in. */
export interface Report {
  /** When, the exact command, the machine and the versions measured. */
  readonly run: string;
  readonly table: string;
  readonly targets: string;
  readonly notes: string;
}

function formatDuration(ms: number): string {
  return ms >= 120_000 ? `${Math.round(ms / 60_000)} minutes` : formatMs(ms);
}

export function report(results: Results): Report {
  const { markdown, targets } = table(results);
  const run = [
    `Run of ${results.startedAt}, ${formatDuration(results.totalMs)} in all:`,
    '',
    '```sh',
    results.command,
    '```',
    '',
    ...results.environment.map((line) => `- ${line}`),
  ].join('\n');
  const notes = results.notes.map((note) => `- ${note}`).join('\n');
  return { run, table: markdown, targets: targetSummary(targets), notes };
}
