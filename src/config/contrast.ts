// Config: colours as the theme takes them, and WCAG's contrast between two of them (pure).

/** A colour as sRGB channels, each 0–255. */
export interface Rgb {
  readonly r: number;
  readonly g: number;
  readonly b: number;
}

/** WCAG AA's least contrast for text of ordinary size. */
export const AA_TEXT = 4.5;

/**
 * `#rgb` or `#rrggbb` (any case) as channels, or undefined for anything else. Named colours and
 * functions are left out: the theme derives shades from the accent, which needs its channels.
 */
export function parseHexColour(text: string): Rgb | undefined {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(text.trim());
  if (!match?.[1]) return undefined;
  const hex = match[1].length === 3 ? [...match[1]].map((c) => c + c).join('') : match[1];
  const channel = (i: number): number => parseInt(hex.slice(i, i + 2), 16);
  return { r: channel(0), g: channel(2), b: channel(4) };
}

/** `#rrggbb`, lower case. */
export function hexOf({ r, g, b }: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** Relative luminance, as WCAG 2 defines it. */
export function luminance({ r, g, b }: Rgb): number {
  const linear = (channel: number): number => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2's contrast ratio of two colours, from 1 to 21, whichever is lighter. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `weight` of `a` mixed into `b`, channel by channel (0 is `b`, 1 is `a`). */
export function mix(a: Rgb, b: Rgb, weight: number): Rgb {
  const channel = (x: number, y: number): number => Math.round(x * weight + y * (1 - weight));
  return { r: channel(a.r, b.r), g: channel(a.g, b.g), b: channel(a.b, b.b) };
}

/** A ratio as people read it: 4.48:1 rounds down, so that a failing ratio never reads 4.5. */
export function formatRatio(ratio: number): string {
  return `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;
}
