// The chart of a run as a self-contained SVG: horizontal bars, one panel per measure of the table,
// Folio's bars in colour, every bar labelled with its median and its ratio to the reference of
// the same run, and each target drawn as a dashed line where it applies.
import { MEDIUM_NAMES } from './build.js';
import {
  buildOf,
  buildRss,
  buildTime,
  ENGINES,
  HUNDRED_K,
  mediaOf,
  onlineMedian,
  onlineP90,
  renamedMedian,
  p99,
  PAGES,
  reloadOf,
  rps,
  serveOf,
  SERVERS,
  sizesOf,
  startMs,
  startOf,
  TEN_K,
  warmRss,
} from './figures.js';
import { type Results } from './report.js';
import { PAGE_NAMES, SERVER_NAMES, type ServeReport } from './serve.js';
import { ENGINE_NAMES } from './sites.js';
import { type StartResult } from './startup.js';
import {
  BYTES_PER_MB,
  formatBytes,
  formatCount,
  formatMs,
  formatPosts,
  formatRatio,
} from './stats.js';

interface Bar {
  readonly label: string;
  readonly value: number;
  readonly text: string;
  readonly highlight: boolean;
}

/** A target, drawn as a dashed line across its group's bars. */
interface Mark {
  readonly value: number;
  readonly label: string;
}

interface Group {
  /** Shown above the bars when not empty. */
  readonly name: string;
  readonly bars: readonly Bar[];
  readonly marks?: readonly Mark[];
}

interface Panel {
  readonly title: string;
  /** Whether bars are scaled to the largest of their group (sizes apart) or of the panel. */
  readonly scale: 'group' | 'panel';
  readonly groups: readonly Group[];
}

const WIDTH = 900;
const LABEL_WIDTH = 150;
const BAR_AREA = 380;
const BAR_HEIGHT = 18;
const BAR_GAP = 6;
const FOLIO_COLOUR = '#4f46e5';
const OTHER_COLOUR = '#9ca3af';
const TARGET_COLOUR = '#b91c1c';

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function largest(values: readonly number[]): number {
  const known = values.filter(Number.isFinite);
  return known.length > 0 ? Math.max(...known) : 0;
}

function groupMax(group: Group): number {
  return largest([...group.bars.map((b) => b.value), ...(group.marks ?? []).map((m) => m.value)]);
}

function renderPanel(panel: Panel, top: number): { svg: string; height: number } {
  const parts: string[] = [];
  let y = top + 20;
  parts.push(
    `<text x="16" y="${y}" font-size="15" font-weight="bold" fill="#111827">${escape(panel.title)}</text>`,
  );
  y += 12;
  const panelMax = largest(panel.groups.map(groupMax));
  for (const group of panel.groups) {
    if (group.bars.length === 0) continue;
    const max = panel.scale === 'group' ? groupMax(group) : panelMax;
    const x = (value: number): number =>
      LABEL_WIDTH + (Number.isFinite(value) && max > 0 ? (value / max) * BAR_AREA : 0);
    if (group.name) {
      y += 16;
      parts.push(
        `<text x="16" y="${y}" font-size="12" font-style="italic" fill="#374151">${escape(group.name)}</text>`,
      );
      y += 4;
    }
    const barsTop = y + BAR_GAP;
    const bars: string[] = [];
    for (const bar of group.bars) {
      y += BAR_GAP;
      const width = Number.isFinite(bar.value) ? Math.max(1, x(bar.value) - LABEL_WIDTH) : 0;
      const colour = bar.highlight ? FOLIO_COLOUR : OTHER_COLOUR;
      bars.push(
        `<text x="${LABEL_WIDTH - 8}" y="${y + BAR_HEIGHT - 5}" font-size="12" text-anchor="end" fill="#111827">${escape(bar.label)}</text>`,
        `<rect x="${LABEL_WIDTH}" y="${y}" width="${width.toFixed(1)}" height="${BAR_HEIGHT}" rx="2" fill="${colour}"/>`,
        // A white outline keeps the figure legible where a target line crosses it.
        `<text x="${(LABEL_WIDTH + width + 6).toFixed(1)}" y="${y + BAR_HEIGHT - 5}" font-size="12" fill="#111827" stroke="#ffffff" stroke-width="3" paint-order="stroke">${escape(bar.text)}</text>`,
      );
      y += BAR_HEIGHT;
    }
    // Target lines go under the bars and their figures.
    const marks = (group.marks ?? []).filter((mark) => Number.isFinite(mark.value));
    for (const mark of marks) {
      const at = x(mark.value).toFixed(1);
      parts.push(
        `<line x1="${at}" y1="${barsTop - 2}" x2="${at}" y2="${y + 2}" stroke="${TARGET_COLOUR}" stroke-width="1.5" stroke-dasharray="4 3"/>`,
      );
    }
    parts.push(...bars);
    if (marks.length > 0) {
      // Named in one line below the bars: lines close together would make labels beside them clash.
      y += 15;
      const legend = `dashed: target ${marks.map((m) => m.label).join('; ')}`;
      parts.push(
        `<text x="${LABEL_WIDTH}" y="${y}" font-size="11" fill="${TARGET_COLOUR}">${escape(legend)}</text>`,
      );
    }
  }
  return { svg: parts.join('\n'), height: y - top + 16 };
}

function ratioNote(value: number, reference: number, name: string): string {
  return Number.isFinite(value / reference) ? ` (${formatRatio(value / reference)} ${name})` : '';
}

/** One group per size and medium, RAM disk first; the disk's 10k time is held to Hugo's only. */
function buildPanels(results: Results): Panel[] {
  const { builds } = results;
  const media = mediaOf(builds);
  // Results saved before the disk variant name no medium, and their groups keep their names.
  const named = media.includes('disk');
  const measures = [
    { title: 'Full build time', value: buildTime, format: formatMs },
    { title: 'Peak memory (RSS) of the full build', value: buildRss, format: formatBytes },
  ] as const;
  return measures.map(({ title, value, format }) => {
    const groups = sizesOf(builds).flatMap((posts) =>
      media.map((medium): Group => {
        const where = named ? `, ${MEDIUM_NAMES[medium]}` : '';
        const of = (engine: (typeof ENGINES)[number]): number =>
          value(buildOf(builds, engine, posts, medium));
        if (posts === HUNDRED_K) {
          // Folio's alone, measured against its own 10k build.
          const v = of('folio');
          const reference = value(buildOf(builds, 'folio', TEN_K, medium));
          return {
            name: `${formatPosts(posts)} posts${where} (Folio only)`,
            bars: [
              {
                label: 'Folio',
                value: v,
                text: `${format(v)}${ratioNote(v, reference, 'Folio at 10k')}`,
                highlight: true,
              },
            ],
            marks: [{ value: 11 * reference, label: '≤ 11× Folio at 10k' }],
          };
        }
        const hugo = of('hugo');
        const bars = ENGINES.flatMap((engine): Bar[] => {
          const v = of(engine);
          if (!Number.isFinite(v)) return [];
          const versus = engine === 'hugo' ? ' (reference)' : ratioNote(v, hugo, 'Hugo');
          return [
            {
              label: ENGINE_NAMES[engine],
              value: v,
              text: `${format(v)}${versus}`,
              highlight: engine === 'folio',
            },
          ];
        });
        const marks: Mark[] =
          posts !== TEN_K
            ? []
            : value === buildTime
              ? [
                  { value: 0.5 * hugo, label: '≤ 0.5× Hugo' },
                  ...(medium === 'disk'
                    ? []
                    : [
                        {
                          value: Math.min(of('eleventy'), of('hexo')) / 3,
                          label: '≤ ⅓× Eleventy and Hexo',
                        },
                      ]),
                ]
              : [
                  {
                    value: Math.min(hugo, of('eleventy'), of('hexo')),
                    label: 'below every other engine',
                  },
                ];
        return { name: `${formatPosts(posts)} posts${where}`, bars, marks };
      }),
    );
    return { title: `${title} (lower is better; bars scaled per size)`, scale: 'group', groups };
  });
}

function servePanels(serve: ServeReport): Panel[] {
  const at = `${formatPosts(serve.posts)} posts, wrk, ${serve.connections} connections`;
  const group = (page: (typeof PAGES)[number], isRps: boolean): Group => {
    const value = isRps ? rps : p99;
    const nginx = value(serveOf(serve, 'nginx', page));
    const bare = value(serveOf(serve, 'bare', page));
    const bars = SERVERS.flatMap((server): Bar[] => {
      const result = serveOf(serve, server, page);
      if (!result) return [];
      const v = value(result);
      const shown = isRps ? `${formatCount(v)} req/s` : formatMs(v);
      const versus =
        server === 'folio'
          ? ` (${formatRatio(v / nginx)} nginx, ${formatRatio(v / bare)} bare Node)`
          : server === 'nginx'
            ? ' (reference)'
            : ' (ceiling for Node)';
      return [
        {
          label: SERVER_NAMES[server],
          value: v,
          text: shown + versus,
          highlight: server === 'folio',
        },
      ];
    });
    const marks: Mark[] = [];
    if (isRps && page === 'listing') {
      marks.push(
        { value: 0.9 * bare, label: '≥ 0.9× bare Node' },
        { value: 0.6 * nginx, label: '≥ 0.6× nginx' },
      );
    }
    if (isRps && page === 'category') marks.push({ value: 0.5 * nginx, label: '≥ 0.5× nginx' });
    if (!isRps && page === 'listing') marks.push({ value: 10, label: 'p99 ≤ 10 ms' });
    const path = serveOf(serve, 'folio', page)?.path ?? '';
    return { name: `${PAGE_NAMES[page]} ${path}`, bars, marks };
  };
  return [
    {
      title: `Requests per second, ${at} (higher is better)`,
      scale: 'panel',
      groups: PAGES.map((page) => group(page, true)),
    },
    {
      title: `p99 latency, ${at} (lower is better)`,
      scale: 'panel',
      groups: PAGES.map((page) => group(page, false)),
    },
  ];
}

function startPanels(starts: readonly StartResult[], bare: StartResult | undefined): Panel[] {
  const sizes = sizesOf(starts);
  const measures = [
    {
      title: 'Cold start of folio serve: spawn → first 200 of / (lower is better)',
      value: startMs,
      format: formatMs,
      target: { value: 1000, label: '≤ 1 s at 10k' },
    },
    {
      title: 'Resident memory of folio serve after the warm-up requests (lower is better)',
      value: warmRss,
      format: formatBytes,
      target: { value: 200 * BYTES_PER_MB, label: '≤ 200 MB at 10k' },
    },
  ] as const;
  return measures.map(({ title, value, format, target }) => {
    const reference = value(bare);
    const tenK = value(startOf(starts, TEN_K));
    const bars: Bar[] = sizes.map((posts) => {
      const v = value(startOf(starts, posts));
      const versus =
        posts === HUNDRED_K
          ? `${ratioNote(v, tenK, 'at 10k')}`
          : ratioNote(v, reference, 'bare Node');
      return {
        label: `Folio, ${formatPosts(posts)} posts`,
        value: v,
        text: `${format(v)}${versus}`,
        highlight: true,
      };
    });
    if (Number.isFinite(reference)) {
      bars.unshift({
        label: 'bare Node',
        value: reference,
        text: `${format(reference)} (reference)`,
        highlight: false,
      });
    }
    const marks: Mark[] = sizes.includes(TEN_K) ? [target] : [];
    if (sizes.includes(HUNDRED_K)) marks.push({ value: 11 * tenK, label: '≤ 11× at 10k' });
    return { title, scale: 'panel', groups: [{ name: '', bars, marks }] };
  });
}

function reloadPanel(results: Results): Panel {
  const bars = sizesOf(results.reloads).flatMap((posts): Bar[] => {
    const reload = reloadOf(results.reloads, posts);
    const label = `${formatPosts(posts)} posts`;
    return [
      {
        label: `${label}, median`,
        value: onlineMedian(reload),
        text: formatMs(onlineMedian(reload)),
        highlight: true,
      },
      {
        label: `${label}, p90`,
        value: onlineP90(reload),
        text: formatMs(onlineP90(reload)),
        highlight: false,
      },
      {
        label: `${label}, renamed over, median`,
        value: renamedMedian(reload),
        text: formatMs(renamedMedian(reload)),
        highlight: false,
      },
    ];
  });
  const marks = results.reloads.some((r) => r.posts === TEN_K)
    ? [
        { value: 100, label: '≤ 100 ms in place at 10k' },
        { value: 50, label: '≤ 50 ms renamed at 10k' },
      ]
    : [];
  return {
    title:
      'Live reload under serve --watch: edit written in place (or renamed over) → page shows it (lower is better)',
    scale: 'panel',
    groups: [{ name: '', bars, marks }],
  };
}

export function chart(results: Results): string {
  const panels = buildPanels(results);
  if (results.serve) panels.push(...servePanels(results.serve));
  if (results.starts.length > 0) panels.push(...startPanels(results.starts, results.bareStart));
  if (results.reloads.length > 0) panels.push(reloadPanel(results));
  const rendered: string[] = [];
  let top = 8;
  for (const panel of panels) {
    const { svg, height } = renderPanel(panel, top);
    rendered.push(svg);
    top += height;
  }
  const footer = `Medians of the runs in the table of docs/performance.md; ${results.startedAt}, ${results.command}`;
  top += 8;
  rendered.push(`<text x="16" y="${top}" font-size="11" fill="#6b7280">${escape(footer)}</text>`);
  const height = top + 12;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="system-ui, sans-serif" role="img" aria-labelledby="title">
<title id="title">Folio against Hugo, Eleventy, Hexo, nginx and a bare Node server: build time and memory, requests per second and p99 latency, cold start, memory and live reload</title>
<rect width="${WIDTH}" height="${height}" fill="#ffffff"/>
${rendered.join('\n')}
</svg>
`;
}
