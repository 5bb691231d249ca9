// The chart of a run as a self-contained SVG: horizontal bars, one panel per measure, Folio's
// bars in colour, every bar labelled with its value and its ratio to the panel's reference.
import { type BuildResult } from './build.js';
import { type Results } from './report.js';
import { PAGE_NAMES, SERVER_NAMES, type ServeResult } from './serve.js';
import { ENGINE_NAMES, type Engine } from './sites.js';
import { BYTES_PER_MB, formatPosts, formatRatio, median } from './stats.js';

interface Bar {
  readonly label: string;
  readonly value: number;
  readonly text: string;
  readonly highlight: boolean;
}

interface Panel {
  readonly title: string;
  /** Whether bars are scaled to the largest of their group (sizes apart) or of the panel. */
  readonly scale: 'group' | 'panel';
  /** Bars in groups; a group's name is shown above its bars when it has one. */
  readonly groups: readonly { readonly name: string; readonly bars: readonly Bar[] }[];
}

const WIDTH = 820;
const LABEL_WIDTH = 150;
const BAR_AREA = 440;
const BAR_HEIGHT = 18;
const BAR_GAP = 6;
const FOLIO_COLOUR = '#4f46e5';
const OTHER_COLOUR = '#9ca3af';

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function renderPanel(panel: Panel, top: number): { svg: string; height: number } {
  const parts: string[] = [];
  let y = top + 20;
  parts.push(
    `<text x="16" y="${y}" font-size="15" font-weight="bold" fill="#111827">${escape(panel.title)}</text>`,
  );
  y += 12;
  const largest = (bars: readonly Bar[]): number =>
    Math.max(...bars.map((bar) => bar.value).filter(Number.isFinite));
  const panelMax = largest(panel.groups.flatMap((group) => group.bars));
  for (const group of panel.groups) {
    const max = panel.scale === 'group' ? largest(group.bars) : panelMax;
    if (group.name) {
      y += 16;
      parts.push(
        `<text x="16" y="${y}" font-size="12" font-style="italic" fill="#374151">${escape(group.name)}</text>`,
      );
      y += 4;
    }
    for (const bar of group.bars) {
      y += BAR_GAP;
      const width =
        Number.isFinite(bar.value) && max > 0 ? Math.max(1, (bar.value / max) * BAR_AREA) : 0;
      const colour = bar.highlight ? FOLIO_COLOUR : OTHER_COLOUR;
      parts.push(
        `<text x="${LABEL_WIDTH - 8}" y="${y + BAR_HEIGHT - 5}" font-size="12" text-anchor="end" fill="#111827">${escape(bar.label)}</text>`,
        `<rect x="${LABEL_WIDTH}" y="${y}" width="${width.toFixed(1)}" height="${BAR_HEIGHT}" rx="2" fill="${colour}"/>`,
        `<text x="${(LABEL_WIDTH + width + 6).toFixed(1)}" y="${y + BAR_HEIGHT - 5}" font-size="12" fill="#111827">${escape(bar.text)}</text>`,
      );
      y += BAR_HEIGHT;
    }
  }
  return { svg: parts.join('\n'), height: y - top + 16 };
}

function buildPanels(builds: readonly BuildResult[]): Panel[] {
  const engines: readonly Engine[] = ['folio', 'hugo', 'eleventy', 'hexo'];
  const sizes = [...new Set(builds.filter((b) => b.engine === 'hugo').map((b) => b.posts))].sort(
    (a, b) => a - b,
  );
  const panels: Panel[] = [];
  for (const [title, value, unit] of [
    ['Full build time', (b: BuildResult) => median(b.runs.map((r) => r.ms)) / 1000, 's'],
    [
      'Peak memory of the build',
      (b: BuildResult) => median(b.runs.map((r) => r.peakRss)) / BYTES_PER_MB,
      'MB',
    ],
  ] as const) {
    const groups = sizes.map((posts) => {
      const hugo = builds.find((b) => b.engine === 'hugo' && b.posts === posts);
      const reference = hugo ? value(hugo) : Number.NaN;
      const bars = engines.flatMap((engine) => {
        const build = builds.find((b) => b.engine === engine && b.posts === posts);
        if (!build || build.runs.length === 0) return [];
        const v = value(build);
        return [
          {
            label: ENGINE_NAMES[engine],
            value: v,
            text: `${v >= 100 ? v.toFixed(0) : v.toFixed(1)} ${unit} (${formatRatio(v / reference)} Hugo)`,
            highlight: engine === 'folio',
          },
        ];
      });
      return { name: `${formatPosts(posts)} posts`, bars };
    });
    panels.push({
      title: `${title} (lower is better; bars scaled per size)`,
      groups,
      scale: 'group',
    });
  }
  return panels;
}

function servePanel(results: readonly ServeResult[], posts: number): Panel {
  const groups = (['listing', 'category', 'post'] as const).map((page) => {
    const of = (server: string): ServeResult | undefined =>
      results.find((r) => r.page === page && r.server === server);
    const nginx = of('nginx');
    const reference = nginx ? median(nginx.runs.map((r) => r.rps)) : Number.NaN;
    const bars = (['folio', 'nginx', 'bare'] as const).flatMap((server) => {
      const result = of(server);
      if (!result) return [];
      const rps = median(result.runs.map((r) => r.rps));
      return [
        {
          label: SERVER_NAMES[server],
          value: rps,
          text: `${Math.round(rps).toLocaleString('en-US')} req/s (${formatRatio(rps / reference)} nginx)`,
          highlight: server === 'folio',
        },
      ];
    });
    const path = of('folio')?.path ?? '';
    return { name: `${PAGE_NAMES[page]} ${path}`, bars };
  });
  return {
    title: `Requests per second, ${formatPosts(posts)} posts, 64 connections (higher is better)`,
    groups,
    scale: 'panel',
  };
}

export function chart(results: Results): string {
  const panels = buildPanels(results.builds);
  if (results.serve) panels.push(servePanel(results.serve.results, results.serve.posts));
  const rendered: string[] = [];
  let top = 8;
  for (const panel of panels) {
    const { svg, height } = renderPanel(panel, top);
    rendered.push(svg);
    top += height;
  }
  const footer = `Folio comparative benchmark, ${results.startedAt.slice(0, 10)}: medians of the runs in docs/performance.md`;
  top += 8;
  rendered.push(`<text x="16" y="${top}" font-size="11" fill="#6b7280">${escape(footer)}</text>`);
  const height = top + 12;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="system-ui, sans-serif" role="img" aria-labelledby="title">
<title id="title">Folio against Hugo, Eleventy, Hexo and nginx: build time, build memory and requests per second</title>
<rect width="${WIDTH}" height="${height}" fill="#ffffff"/>
${rendered.join('\n')}
</svg>
`;
}
