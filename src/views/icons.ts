// Render: small inline SVG icons beside the text labels of profile, feed and share links.
import { html, raw, type Html } from './html.js';

/** Icons drawn with strokes (outline) or fills (solid), in a 24-unit box. */
const ICONS = {
  code: {
    stroke: false,
    body: '<path d="M8.6 6.6 3.2 12l5.4 5.4 1.4-1.4L6 12l4-4zm6.8 0L14 8l4 4-4 4 1.4 1.4 5.4-5.4z"/>',
  },
  x: {
    stroke: false,
    body: '<path d="M3.5 3h5l12 18h-5zm14.6 0h2.4l-7.2 8.3-1.3-1.9zM3.3 21l7.4-8.5 1.3 1.9L5.7 21z"/>',
  },
  linkedin: {
    stroke: false,
    body: '<path fill-rule="evenodd" d="M4.5 3h15A1.5 1.5 0 0 1 21 4.5v15a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 19.5v-15A1.5 1.5 0 0 1 4.5 3zM6.4 10v8H9v-8zm1.3-4.2a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zM11 10v8h2.6v-4.2c0-1.2.5-1.9 1.5-1.9.9 0 1.3.6 1.3 1.9V18H19v-4.9c0-2.3-1.1-3.4-2.9-3.4-1.2 0-2 .5-2.5 1.3V10z"/>',
  },
  facebook: {
    stroke: false,
    body: '<path fill-rule="evenodd" d="M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20zm1.3 19.9V14h2.4l.4-2.8h-2.8V9.5c0-.8.3-1.4 1.4-1.4h1.5V5.6a18 18 0 0 0-2.2-.1c-2.2 0-3.6 1.3-3.6 3.8v1.9H8V14h2.4v7.9z"/>',
  },
  feed: {
    stroke: false,
    body: '<circle cx="5.5" cy="18.5" r="2.5"/><path d="M3 10a11 11 0 0 1 11 11h-3a8 8 0 0 0-8-8zm0-7a18 18 0 0 1 18 18h-3A15 15 0 0 0 3 6z"/>',
  },
  mail: {
    stroke: true,
    body: '<rect x="3" y="5" width="18" height="14" rx="2"/><path d="m3.5 6.5 8.5 6.5 8.5-6.5"/>',
  },
  globe: {
    stroke: true,
    body: '<circle cx="12" cy="12" r="9"/><path d="M3 12h18M12 3c3 3.5 3 14.5 0 18M12 3c-3 3.5-3 14.5 0 18"/>',
  },
  play: {
    stroke: false,
    body: '<path fill-rule="evenodd" d="M4 5h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2zm6 3.5v7l6-3.5z"/>',
  },
  discuss: { stroke: true, body: '<path d="M4 5h16v11H9l-5 4z"/>' },
} as const;

export type IconName = keyof typeof ICONS;

/** A decorative icon: hidden from assistive technology, since a text label stands beside it. */
export function icon(name: IconName): Html {
  const { stroke, body } = ICONS[name];
  const paint = stroke
    ? raw(
        ' fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"',
      )
    : '';
  return html`<svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false"${paint}>${raw(body)}</svg>`;
}
