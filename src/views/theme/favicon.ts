// Render: the site's icon — the first letter of its title on the theme's accent colour.
import type { Site } from '../../site/build-site.js';
import { escapeHtml } from '../html.js';
import { hashedPath } from './content-hash.js';

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The SVG icon of a site and the path it is served at. */
export function favicon(site: Site): { svg: string; path: string } {
  let icon = icons.get(site);
  if (!icon) {
    icon = drawIcon(site);
    icons.set(site, icon);
  }
  return icon;
}

// Every page links the icon: it is drawn and hashed once per version of the site.
const icons = new WeakMap<Site, { svg: string; path: string }>();

function drawIcon(site: Site): { svg: string; path: string } {
  const first = graphemes.segment(site.config.title).containing(0)?.segment ?? 'F';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#0b5cad"/><text x="32" y="45" font-family="system-ui, sans-serif" font-size="38" font-weight="700" text-anchor="middle" fill="#fff">${escapeHtml(first.toUpperCase())}</text></svg>\n`;
  return { svg, path: hashedPath('favicon', 'svg', svg) };
}
