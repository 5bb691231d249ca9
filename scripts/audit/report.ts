// The audit's verdicts and their text: medians of Lighthouse runs, thresholds, the failing audits.
import type { Result } from 'lighthouse';

type AuditResult = Result['audits'][string];

/** One Lighthouse run: its result and where its report was written. */
export interface Run {
  readonly lhr: Result;
  readonly file: string;
}

/** The runs of one page, in the order they were made. */
export interface PageRuns {
  /** What the page is, e.g. `featured listing`. */
  readonly label: string;
  readonly path: string;
  readonly runs: readonly Run[];
}

export interface CategoryVerdict {
  readonly page: PageRuns;
  readonly category: string;
  /** One score per run; null where Lighthouse could not score the category. */
  readonly scores: readonly (number | null)[];
  readonly median: number;
  readonly threshold: number;
  readonly pass: boolean;
  /** The run whose score is the median: the one whose audits explain it. */
  readonly medianRun: number;
}

export interface WeightCheck {
  readonly label: string;
  readonly bytes: number;
  readonly limit: number;
}

export function judgeCategory(
  page: PageRuns,
  category: string,
  threshold: number,
): CategoryVerdict {
  const scores = page.runs.map(({ lhr }) => lhr.categories[category]?.score ?? null);
  // An unscored run counts as 0, so that it can only pull the median down.
  const order = scores.map((score, run) => ({ score: score ?? 0, run })).sort(byScore);
  const middle = order[Math.floor(order.length / 2)];
  if (!middle) throw new Error(`no Lighthouse run of ${page.path}`);
  const median =
    order.length % 2 === 1
      ? middle.score
      : (middle.score + (order[order.length / 2 - 1]?.score ?? 0)) / 2;
  return {
    page,
    category,
    scores,
    median,
    threshold,
    pass: median >= threshold,
    medianRun: middle.run,
  };
}

function byScore(a: { score: number }, b: { score: number }): number {
  return a.score - b.score;
}

/** One row per page and category: every run, the median, the threshold, pass or fail. */
export function scoreTable(verdicts: readonly CategoryVerdict[]): string {
  const rows = verdicts.map((verdict, index) => [
    index > 0 && verdicts[index - 1]?.page === verdict.page ? '' : verdict.page.path,
    verdict.category,
    verdict.scores.map((score) => (score === null ? 'none' : score.toFixed(2))).join(' '),
    verdict.median.toFixed(2),
    verdict.threshold.toFixed(2),
    verdict.pass ? 'pass' : 'FAIL',
  ]);
  return table(['page', 'category', 'runs', 'median', 'threshold', 'result'], rows);
}

export function weightTable(checks: readonly WeightCheck[]): string {
  const rows = checks.map((check) => [
    check.label,
    bytes(check.bytes),
    bytes(check.limit),
    check.bytes <= check.limit ? 'pass' : 'FAIL',
  ]);
  return table(['measure', 'size', 'limit', 'result'], rows, [false, true, true, false]);
}

/**
 * What keeps a category below its threshold, from its median run: the audits of the category
 * that did not pass (the hidden duplicates of newer "insight" audits left out), heaviest first.
 */
export function explainFailure(verdict: CategoryVerdict): string[] {
  const run = verdict.page.runs[verdict.medianRun];
  if (!run) return [];
  const { lhr, file } = run;
  const lines = [
    `${verdict.page.path} (${verdict.page.label}), ${verdict.category}: ` +
      `${verdict.median.toFixed(2)} < ${verdict.threshold.toFixed(2)}; ` +
      `run ${verdict.medianRun + 1}, report ${file}`,
  ];
  if (lhr.runtimeError) {
    lines.push(`  Lighthouse could not audit the page: ${lhr.runtimeError.message}`);
  }
  // Addresses of the audited server are shown as paths.
  const origin = new URL(lhr.requestedUrl ?? lhr.finalDisplayedUrl).origin;
  const refs = [...(lhr.categories[verdict.category]?.auditRefs ?? [])]
    .filter((ref) => ref.group !== 'hidden')
    .sort((a, b) => b.weight - a.weight);
  for (const ref of refs) {
    const audit = lhr.audits[ref.id];
    if (!audit || !isFailing(audit)) continue;
    const score = audit.score === null ? 'error' : audit.score.toFixed(2);
    const value = audit.displayValue ? ` (${audit.displayValue})` : '';
    lines.push(`  ${ref.id} [score ${score}, weight ${ref.weight}]: ${audit.title}${value}`);
    if (audit.errorMessage) lines.push(`    error: ${audit.errorMessage}`);
    if (audit.explanation) lines.push(`    ${audit.explanation}`);
    const items = countSame(detailItems(audit, origin));
    for (const [item, count] of items.slice(0, 5)) {
      lines.push(`    - ${item}${count > 1 ? ` (${count} times)` : ''}`);
    }
    if (items.length > 5) lines.push(`    - and ${items.length - 5} more in the report`);
  }
  return lines;
}

function countSame(items: readonly string[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return [...counts];
}

function isFailing(audit: AuditResult): boolean {
  if (audit.scoreDisplayMode === 'error') return true;
  return audit.score !== null && audit.score < 1;
}

/** One line per row of an audit's details: the element, message or URL it is about. */
function detailItems(audit: AuditResult, origin: string): string[] {
  const details: unknown = audit.details;
  if (!isRecord(details) || !Array.isArray(details['items'])) return [];
  return details['items'].filter(isRecord).map((item) => describeItem(item, origin));
}

function describeItem(item: Record<string, unknown>, origin: string): string {
  const parts: string[] = [];
  const node = item['node'];
  if (isRecord(node)) {
    const snippet = text(node['snippet']);
    const selector = text(node['selector']);
    if (snippet) parts.push(snippet);
    if (selector) parts.push(`at ${selector}`);
    const explanation = text(node['explanation']);
    if (explanation) parts.push(`: ${explanation.replace(/\s+/g, ' ')}`);
  }
  const description = text(item['description']);
  if (description) parts.push(description);
  const linkText = text(item['text']);
  if (linkText) parts.push(JSON.stringify(linkText));
  const source = item['sourceLocation'] ?? item['source'];
  const url =
    text(item['url']) ?? text(item['href']) ?? (isRecord(source) ? text(source['url']) : undefined);
  if (url) {
    const path = url.startsWith(`${origin}/`) ? url.slice(origin.length) : url;
    parts.push(parts.length > 0 ? `(${path})` : path);
  }
  const cacheLifetime = item['cacheLifetimeMs'];
  if (typeof cacheLifetime === 'number') parts.push(`cached ${cacheLifetime / 1000} s,`);
  for (const [key, unit] of [
    ['totalBytes', 'B in all'],
    ['wastedBytes', 'B to save'],
    ['wastedMs', 'ms to save'],
  ] as const) {
    const value = item[key];
    if (typeof value === 'number') parts.push(`${Math.round(value)} ${unit}`);
  }
  return parts.length > 0 ? parts.join(' ') : JSON.stringify(item).slice(0, 200);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** `12 345 B (12.1 KiB)`. */
export function bytes(count: number): string {
  return `${count.toLocaleString('en-US')} B (${(count / 1024).toFixed(1)} KiB)`;
}

/** A plain-text table; columns marked true are aligned right. */
export function table(
  headings: readonly string[],
  rows: readonly (readonly string[])[],
  alignRight: readonly boolean[] = [],
): string {
  const widths = headings.map((heading, column) =>
    Math.max(heading.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, column) =>
        alignRight[column] ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd();
  return [line(headings), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join(
    '\n',
  );
}
