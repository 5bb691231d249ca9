// The figures of a run as the table and the chart both show them: medians of the runs, looked up
// by engine, server, page and size. One place, so that the chart can never disagree with the table.
import { type BuildResult, MEDIA, type Medium } from './build.js';
import { type OutputChanges, type RebuildKind, type RebuildResult } from './rebuild.js';
import { type ReloadResult } from './reload.js';
import { type PageKind, type ServeReport, type ServeResult, type ServerName } from './serve.js';
import { type Engine } from './sites.js';
import { type StartResult } from './startup.js';
import { median, percentile } from './stats.js';

export const TEN_K = 10_000;
export const HUNDRED_K = 100_000;
export const ENGINES: readonly Engine[] = ['folio', 'hugo', 'eleventy', 'hexo'];
export const SERVERS: readonly ServerName[] = ['folio', 'nginx', 'bare'];
export const PAGES: readonly PageKind[] = ['listing', 'category', 'post'];

/** A build's medium: results saved before the disk variant built in the scratch folder only. */
export function mediumOf(build: BuildResult): Medium {
  return build.medium ?? 'ram';
}

export function buildOf(
  builds: readonly BuildResult[],
  engine: Engine,
  posts: number,
  medium: Medium = 'ram',
): BuildResult | undefined {
  return builds.find((b) => b.engine === engine && b.posts === posts && mediumOf(b) === medium);
}

/** The media the builds ran on, RAM disk first. */
export function mediaOf(builds: readonly BuildResult[]): Medium[] {
  return MEDIA.filter((medium) => builds.some((b) => mediumOf(b) === medium));
}

export function buildTime(build: BuildResult | undefined): number {
  return build ? median(build.runs.map((r) => r.ms)) : Number.NaN;
}

export function buildRss(build: BuildResult | undefined): number {
  return build ? median(build.runs.map((r) => r.peakRss)) : Number.NaN;
}

export function serveOf(
  serve: ServeReport | undefined,
  server: ServerName,
  page: PageKind,
): ServeResult | undefined {
  return serve?.results.find((r) => r.server === server && r.page === page);
}

export function rps(result: ServeResult | undefined): number {
  return result ? median(result.runs.map((run) => run.rps)) : Number.NaN;
}

export function p99(result: ServeResult | undefined): number {
  return result ? median(result.runs.map((run) => run.p99)) : Number.NaN;
}

export function startOf(starts: readonly StartResult[], posts: number): StartResult | undefined {
  return starts.find((s) => s.posts === posts);
}

/** Spawn → first 200. */
export function startMs(start: StartResult | undefined): number {
  return start ? median(start.runs.map((r) => r.ms)) : Number.NaN;
}

/** Resident memory right after the first 200. */
export function firstRss(start: StartResult | undefined): number {
  return start ? median(start.runs.map((r) => r.startRss)) : Number.NaN;
}

/** Resident memory after the warm-up requests. */
export function warmRss(start: StartResult | undefined): number {
  return start ? median(start.runs.map((r) => r.rss)) : Number.NaN;
}

export function reloadOf(
  reloads: readonly ReloadResult[],
  posts: number,
): ReloadResult | undefined {
  return reloads.find((r) => r.posts === posts);
}

export function onlineMedian(reload: ReloadResult | undefined): number {
  return reload ? median(reload.online) : Number.NaN;
}

export function onlineP90(reload: ReloadResult | undefined): number {
  return reload ? percentile(reload.online, 90) : Number.NaN;
}

export function renamedMedian(reload: ReloadResult | undefined): number {
  return reload ? median(reload.renamed) : Number.NaN;
}

/** Sizes present, smallest first. */
export function sizesOf(items: readonly { readonly posts: number }[]): number[] {
  return [...new Set(items.map((item) => item.posts))].sort((a, b) => a - b);
}

export function rebuildTime(rebuild: RebuildResult | undefined, kind: RebuildKind): number {
  return rebuild ? median(rebuild.runs[kind].map((r) => r.ms)) : Number.NaN;
}

export function rebuildRss(rebuild: RebuildResult | undefined, kind: RebuildKind): number {
  return rebuild ? median(rebuild.runs[kind].map((r) => r.peakRss)) : Number.NaN;
}

/** Median count of one kind of change a build made to the output. */
export function rebuildFiles(
  rebuild: RebuildResult | undefined,
  kind: RebuildKind,
  field: keyof OutputChanges,
): number {
  return rebuild ? median(rebuild.runs[kind].map((r) => r[field])) : Number.NaN;
}
