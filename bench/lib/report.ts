// The one table the benchmark prints: every figure is a median of the runs it names, beside its
// ratio to the reference measured in the same run, and every target with PASS or MISS.
import { type BuildResult, type Medium, MEDIUM_NAMES } from './build.js';
import {
  buildOf,
  buildRss,
  buildTime,
  ENGINES,
  firstRss,
  HUNDRED_K,
  mediaOf,
  onlineMedian,
  onlineP90,
  renamedMedian,
  p99,
  PAGES,
  rebuildFiles,
  rebuildRss,
  rebuildTime,
  rps,
  serveOf,
  SERVERS,
  sizesOf,
  startMs,
  startOf,
  TEN_K,
  warmRss,
} from './figures.js';
import { REBUILD_KINDS, REBUILD_NAMES, type RebuildResult, type RebuildRun } from './rebuild.js';
import { type ReloadResult } from './reload.js';
import { PAGE_NAMES, SERVER_NAMES, type ServeReport, type ServeResult } from './serve.js';
import { type Engine, ENGINE_NAMES } from './sites.js';
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
  /** Absent in results saved before the rebuild part. */
  rebuild?: RebuildResult | undefined;
  readonly notes: string[];
}

export interface Target {
  readonly name: string;
  /** undefined: not measured in this run. */
  readonly pass: boolean | undefined;
  readonly detail: string;
}

/** A row of the table: part, measure, posts, runs, median, × reference, target. */
type Row = readonly [string, string, string, string, string, string, string];

function verdict(pass: boolean | undefined): string {
  return pass === undefined ? 'n/a' : pass ? 'PASS' : 'MISS';
}

function targetText(targets: readonly Target[]): string {
  return targets.map((t) => `${t.name}: ${verdict(t.pass)}`).join(' · ');
}

function ratioText(parts: readonly (readonly [number, string])[]): string {
  const known = parts.filter(([ratio]) => Number.isFinite(ratio));
  if (known.length === 0) return '—';
  return known.map(([ratio, name]) => `${formatRatio(ratio)} ${name}`).join(' · ');
}

function check(ratio: number, test: (value: number) => boolean): boolean | undefined {
  return Number.isFinite(ratio) ? test(ratio) : undefined;
}

/** Adds a part's targets to the run's, each name prefixed with what it is about. */
function collect(targets: Target[], prefix: string, found: readonly Target[]): void {
  targets.push(...found.map((t) => ({ ...t, name: `${prefix}: ${t.name}` })));
}

// ---------------------------------------------------------------------------------------------
// Build

/** Folio's build-time targets at 10k: a share of each other engine's time. */
const BUILD_SHARES = [
  ['hugo', 0.5, '0.5'],
  ['eleventy', 1 / 3, '⅓'],
  ['hexo', 1 / 3, '⅓'],
] as const;

/**
 * The build rows: for each size and engine, time then memory, on each medium side by side, each
 * figure against Hugo's on the same medium.
 */
function buildRows(results: Results, targets: Target[]): Row[] {
  const rows: Row[] = [];
  const media = mediaOf(results.builds);
  for (const posts of sizesOf(results.builds)) {
    for (const engine of ENGINES) {
      const found = media.flatMap((medium) => {
        const build = buildOf(results.builds, engine, posts, medium);
        return build ? [engineBuildRows(results, targets, build, medium)] : [];
      });
      rows.push(...found.map(([time]) => time), ...found.map(([, rss]) => rss));
    }
  }
  return rows;
}

/**
 * One engine's time and memory rows at one size on one medium. Folio's targets at 10k hold on each
 * medium (on the disk, against Hugo and for memory only); at 100k, against its own 10k figures on
 * the same medium.
 */
function engineBuildRows(
  results: Results,
  targets: Target[],
  build: BuildResult,
  medium: Medium,
): readonly [Row, Row] {
  const { engine, posts } = build;
  const of = (other: Engine, size = posts): BuildResult | undefined =>
    buildOf(results.builds, other, size, medium);
  const hugo = of('hugo');
  const onDisk = medium === 'disk';
  const time = buildTime(build);
  const rss = buildRss(build);
  const failed = build.runs.length === 0 ? build.failedRun : undefined;
  let timeVersus = engine === 'hugo' ? 'reference' : ratioText([[time / buildTime(hugo), 'Hugo']]);
  let rssVersus = engine === 'hugo' ? 'reference' : ratioText([[rss / buildRss(hugo), 'Hugo']]);
  const timeTargets: Target[] = [];
  const rssTargets: Target[] = [];
  if (engine === 'folio' && posts === TEN_K) {
    const others = BUILD_SHARES.map(([other]) => [of(other), ENGINE_NAMES[other]] as const);
    timeVersus = ratioText(others.map(([other, name]) => [time / buildTime(other), name]));
    rssVersus = ratioText(others.map(([other, name]) => [rss / buildRss(other), name]));
    const shares = onDisk ? BUILD_SHARES.filter(([other]) => other === 'hugo') : BUILD_SHARES;
    for (const [other, share, shown] of shares) {
      const ratio = time / buildTime(of(other));
      timeTargets.push({
        name: `≤ ${shown}× ${ENGINE_NAMES[other]}`,
        pass: check(ratio, (r) => r <= share),
        detail: `10k build time ${formatRatio(ratio)} ${ENGINE_NAMES[other]}'s${onDisk ? ' on the same disk' : ''}`,
      });
    }
    const memory = others.map(([other]) => buildRss(other));
    const below = memory.every((other) => Number.isFinite(other))
      ? memory.every((other) => rss < other)
      : undefined;
    rssTargets.push({
      name: 'below Hugo, Eleventy, Hexo',
      pass: Number.isFinite(rss) ? below : undefined,
      detail: `10k build peak memory ${formatBytes(rss)} against ${memory.map(formatBytes).join(', ')}${onDisk ? ' on the disk' : ''}`,
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
    if (failed) {
      const lowerBound = failed.ms / buildTime(tenK);
      const when = `Folio at 10k, when it ${failed.stopped ? 'was stopped' : 'failed'}`;
      // A failed build gave no site at all; a stopped one misses once it ran past 11×.
      timePass = failed.stopped ? (lowerBound > 11 ? false : undefined) : false;
      timeDetail = `the 100k build ${build.failure ?? 'failed'}, ${formatRatio(lowerBound)} the 10k time, peak RSS ${formatBytes(failed.peakRss)}`;
      timeVersus = `${failed.stopped ? '> ' : ''}${formatRatio(lowerBound)} ${when}`;
      rssVersus = `${formatRatio(failed.peakRss / buildRss(tenK))} ${when}`;
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
  const where = onDisk ? ' on disk' : '';
  collect(targets, `Folio build${where}`, timeTargets);
  collect(targets, `Folio build memory${where}`, rssTargets);
  // Results saved before the disk variant name no medium, and their rows keep their names.
  const name = `${ENGINE_NAMES[engine]}${build.medium ? `, ${MEDIUM_NAMES[build.medium]}` : ''}`;
  const failure = build.failure ? ` (${build.failure.split('\n')[0]})` : '';
  const runs = `${build.runs.length}${build.failedRun ? ' (+1 failed)' : ''}`;
  // A build that never ended gives what it reached, a lower bound when it was stopped.
  const reached = (text: string): string => `${failed?.stopped ? '> ' : ''}${text}`;
  return [
    [
      'build',
      `${name}: full build time${failure}`,
      formatPosts(posts),
      runs,
      failed ? reached(formatMs(failed.ms)) : formatMs(time),
      timeVersus,
      targetText(timeTargets),
    ],
    [
      'build',
      `${name}: peak RSS`,
      formatPosts(posts),
      runs,
      failed ? reached(formatBytes(failed.peakRss)) : formatBytes(rss),
      rssVersus,
      targetText(rssTargets),
    ],
  ];
}

/**
 * Every engine's full build time on the RAM disk and on the disk side by side, each against
 * Hugo's on the same medium: the build rows of the table, arranged for docs/performance.md.
 */
export function mediaTable(results: Results): string {
  const { builds } = results;
  if (!mediaOf(builds).includes('disk')) return 'This run built on the RAM disk only.';
  const lines = [
    '| engine | posts | RAM disk | × Hugo | disk | × Hugo | disk ÷ RAM disk |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const posts of sizesOf(builds)) {
    for (const engine of ENGINES) {
      const ram = buildOf(builds, engine, posts, 'ram');
      const disk = buildOf(builds, engine, posts, 'disk');
      if (!ram && !disk) continue;
      const versusHugo = (medium: Medium, build: BuildResult | undefined): string =>
        engine === 'hugo'
          ? 'reference'
          : formatRatio(buildTime(build) / buildTime(buildOf(builds, 'hugo', posts, medium)));
      const cells = [
        ENGINE_NAMES[engine],
        formatPosts(posts),
        formatMs(buildTime(ram)),
        versusHugo('ram', ram),
        formatMs(buildTime(disk)),
        versusHugo('disk', disk),
        formatRatio(buildTime(disk) / buildTime(ram)),
      ];
      lines.push(`| ${cells.join(' | ')} |`);
    }
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------
// Rebuild

/**
 * Folio's rebuilds on the disk, each against the full build of the same rounds: time, memory, and
 * what each did to the output (files written again, created, deleted; the build's own `.folio…`
 * records apart).
 */
function rebuildRows(rebuild: RebuildResult, targets: Target[]): Row[] {
  const rows: Row[] = [];
  const posts = formatPosts(rebuild.posts);
  const fullMs = rebuildTime(rebuild, 'full');
  const fullRss = rebuildRss(rebuild, 'full');
  for (const kind of REBUILD_KINDS) {
    // Results saved before a kind was measured have none of it.
    const measured = rebuild.runs[kind] as RebuildRun[] | undefined;
    if (!measured) continue;
    const runs = `${measured.length}`;
    const ms = rebuildTime(rebuild, kind);
    const rss = rebuildRss(rebuild, kind);
    const files = (field: 'written' | 'created' | 'deleted' | 'records'): number =>
      rebuildFiles(rebuild, kind, field);
    const written = files('written') + files('created');
    const timeTargets: Target[] = [];
    const fileTargets: Target[] = [];
    if (kind === 'post' || kind === 'watched') {
      const how = kind === 'watched' ? ' in folio build --watch' : '';
      timeTargets.push({
        name: '≤ 1 s',
        pass: check(ms, (v) => v <= 1000),
        detail: `${formatPosts(rebuild.posts)} rebuild after one post's body changed${how}, ${formatMs(ms)} on the disk`,
      });
      fileTargets.push({
        name: '≤ 30 files written',
        pass: check(written, (v) => v <= 30),
        detail: `${formatCount(written)} files written or created by the rebuild after one post's body changed${how}`,
      });
    }
    if (kind === 'config') {
      timeTargets.push({
        name: '≤ 1× full build',
        pass: check(ms / fullMs, (r) => r <= 1),
        detail: `rebuild after the site's title changed ${formatRatio(ms / fullMs)} the full build's time on the disk`,
      });
    }
    collect(targets, 'Folio rebuild', [...timeTargets, ...fileTargets]);
    const failure =
      kind === 'full' && rebuild.failure ? ` (${rebuild.failure.split('\n')[0]})` : '';
    const reference = kind === 'full';
    const row = (measure: string, value: string, versus: string, found: Target[] = []): Row => [
      'rebuild',
      `Folio, disk: ${REBUILD_NAMES[kind]}, ${measure}`,
      posts,
      runs,
      value,
      versus,
      targetText(found),
    ];
    const records = files('records');
    rows.push(
      row(
        `time${failure}`,
        formatMs(ms),
        reference ? 'reference' : ratioText([[ms / fullMs, 'full build']]),
        timeTargets,
      ),
      row(
        'peak RSS',
        formatBytes(rss),
        reference ? 'reference' : ratioText([[rss / fullRss, 'full build']]),
      ),
      row(
        'files written · created · deleted',
        `${formatCount(files('written'))} · ${formatCount(files('created'))} · ${formatCount(files('deleted'))}`,
        records > 0 ? `(+${formatCount(records)} .folio… files)` : '',
        fileTargets,
      ),
    );
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Serve

function serveRows(serve: ServeReport, targets: Target[]): Row[] {
  const rows: Row[] = [];
  // Targets hold at 10k only.
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
      const vsNginx = rps(result) / rps(nginx);
      if (server === 'folio' && page === 'listing') {
        const vsBare = rps(result) / rps(bare);
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
      if (server === 'folio' && page === 'category') {
        rpsTargets.push({
          name: '≥ 0.5× nginx',
          pass: measured ? check(vsNginx, (r) => r >= 0.5) : undefined,
          detail: `largest category page req/s ${formatRatio(vsNginx)} nginx's`,
        });
      }
      collect(targets, 'folio serve', rpsTargets);
      collect(targets, 'folio serve p99', p99Targets);
      const versus = (value: (r: ServeResult | undefined) => number): string =>
        server === 'bare'
          ? `reference · ${ratioText([[value(result) / value(nginx), 'nginx']])}`
          : server === 'nginx'
            ? `reference · ${ratioText([[value(result) / value(bare), 'bare Node']])}`
            : ratioText([
                [value(result) / value(nginx), 'nginx'],
                [value(result) / value(bare), 'bare Node'],
              ]);
      const row = (measure: string, value: string, of: typeof rps, found: Target[]): Row => [
        'serve',
        `${label}: ${measure}`,
        formatPosts(serve.posts),
        `${result.runs.length}`,
        value,
        versus(of),
        targetText(found),
      ];
      rows.push(
        row(
          `req/s${errors ? ` (${errors} errors)` : ''}`,
          formatCount(rps(result)),
          rps,
          rpsTargets,
        ),
        row('p99 latency', formatMs(p99(result)), p99, p99Targets),
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
    collect(targets, 'Cold start', timeTargets);
    collect(targets, 'Serve RSS', rssTargets);
    const failure = start.failure ? ` (${start.failure.split('\n')[0]})` : '';
    const row = (measure: string, value: string, versus: string, target = ''): Row => [
      'cold start',
      `folio serve: ${measure}`,
      formatPosts(start.posts),
      `${start.runs.length}`,
      value,
      versus,
      target,
    ];
    if (start.first) {
      const { ms } = start.first;
      rows.push([
        'cold start',
        'folio serve: spawn → first 200 of `/`, a first start with nothing kept',
        formatPosts(start.posts),
        '1',
        formatMs(ms),
        ratioText([[ms / bareMs, 'bare Node']]),
        '',
      ]);
    }
    rows.push(
      row(
        `spawn → first 200 of \`/\`, from what the last start kept${failure}`,
        formatMs(startMs(start)),
        timeVersus,
        targetText(timeTargets),
      ),
      row(
        'RSS at the first 200',
        formatBytes(firstRss(start)),
        ratioText([[firstRss(start) / bareStartRss, 'bare Node']]),
      ),
      row(
        `RSS after ${WARM_UP_REQUESTS} requests`,
        formatBytes(warmRss(start)),
        rssVersus,
        targetText(rssTargets),
      ),
    );
  }
  if (bare && bare.runs.length > 0) {
    const row = (measure: string, value: string): Row => [
      'cold start',
      `reference: bare Node server, ${measure}`,
      '—',
      `${bare.runs.length}`,
      value,
      'reference',
      '',
    ];
    rows.push(
      row('spawn → first 200', formatMs(bareMs)),
      row('RSS at the first 200', formatBytes(bareStartRss)),
      row(`RSS after ${WARM_UP_REQUESTS} requests`, formatBytes(bareRss)),
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
    const renamed = renamedMedian(reload);
    const onlineTargets: Target[] = [];
    const renamedTargets: Target[] = [];
    if (reload.posts === TEN_K) {
      // An edit written in place waits for 60 ms of quiet, so that a save in parts is never
      // shown cut: twice the time of one renamed over the post, which is online once complete.
      onlineTargets.push({
        name: '≤ 100 ms written in place',
        pass: check(online, (v) => v <= 100),
        detail: `an edit written in place online at 10k after ${formatMs(online)} (median of ${reload.online.length}; p90 ${formatMs(p90)})`,
      });
      renamedTargets.push({
        name: '≤ 50 ms renamed over',
        pass: check(renamed, (v) => v <= 50),
        detail: `an edit renamed over the post online at 10k after ${formatMs(renamed)} (median of ${reload.renamed.length})`,
      });
    }
    collect(targets, 'Live reload', [...onlineTargets, ...renamedTargets]);
    const failure = reload.failure ? ` (${reload.failure.split('\n')[0]})` : '';
    const prefix = isReference ? 'reference: ' : '';
    const row = (measure: string, runs: number, value: number, of: number, target = ''): Row => [
      'live reload',
      `${prefix}${measure}`,
      formatPosts(reload.posts),
      `${runs}`,
      formatMs(value),
      versus(value, of),
      target,
    ];
    rows.push(
      row(
        `edit written in place → page shows it, median${failure}`,
        reload.online.length,
        online,
        onlineMedian(reference),
        targetText(onlineTargets),
      ),
      row(
        'edit written in place → page shows it, p90',
        reload.online.length,
        p90,
        onlineP90(reference),
      ),
      row(
        '… of which edit → server logs the reload, median',
        reload.logged.length,
        logged,
        reference ? median(reference.logged) : Number.NaN,
      ),
      row(
        'edit renamed over the post → page shows it, median',
        reload.renamed.length,
        renamed,
        renamedMedian(reference),
        targetText(renamedTargets),
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
    ...(results.rebuild ? rebuildRows(results.rebuild, targets) : []),
    ...(results.serve ? serveRows(results.serve, targets) : []),
    ...startRows(results, targets),
    ...reloadRows(results, targets),
  ];
  const header =
    '| part | measure | posts | runs | median | × reference, same run | target |\n' +
    '| --- | --- | ---: | ---: | ---: | --- | --- |';
  const lines = rows.map((row) => `| ${row.join(' | ')} |`);
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
  /** The full builds on the RAM disk and on the disk side by side. */
  readonly media: string;
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
  const media = mediaTable(results);
  return { run, table: markdown, media, targets: targetSummary(targets), notes };
}
