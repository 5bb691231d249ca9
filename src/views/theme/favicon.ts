// Render: the site's icon — the first letter of its title on the site's accent colour.
import { Memo } from '../../memo/memo.js';
import type { Site } from '../../site/build-site.js';
import { escapeHtml } from '../html.js';
import { hashedPath } from '../../urls/hashed-path.js';

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** An icon as served: the SVG and the path it is served at. */
export interface Icon {
  readonly svg: string;
  readonly path: string;
}

/** The SVG icon of a site and the path it is served at. */
export function favicon(site: Site): Icon {
  const { title, theme } = site.config;
  return icons.get(`${theme.accent ?? DEFAULT_ACCENT}\u0000${title}`, drawIcon);
}

const DEFAULT_ACCENT = '#0b5cad';

/**
 * Every page links the icon, which only the site's title and accent decide: it is drawn and hashed
 * once per title and accent, however many versions of the site a server builds.
 */
export const icons = new Memo<string, Icon>('site icons', 16);

function drawIcon(key: string): Icon {
  // The accent is hex, without the separator; the title may hold anything.
  const split = key.indexOf('\u0000');
  const accent = key.slice(0, split);
  const title = key.slice(split + 1);
  const first = graphemes.segment(title).containing(0)?.segment ?? 'F';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${accent}"/><text x="32" y="45" font-family="system-ui, sans-serif" font-size="38" font-weight="700" text-anchor="middle" fill="#fff">${escapeHtml(first.toUpperCase())}</text></svg>\n`;
  return { svg, path: hashedPath('favicon', 'svg', svg) };
}
