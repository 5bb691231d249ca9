// Config: the theme's colour schemes, the shades it derives from an accent, and whether an accent
// reads on them (pure).
import {
  AA_TEXT,
  contrastRatio,
  formatRatio,
  hexOf,
  mix,
  parseHexColour,
  type Rgb,
} from './contrast.js';

export type Scheme = 'light' | 'dark';

interface SchemeColours {
  readonly background: Rgb;
  /** How much of the accent tints the background behind tags and marked lines. */
  readonly softWeight: number;
  /** What an accent that reads too faintly is mixed towards. */
  readonly towards: Rgb;
}

const WHITE = { r: 255, g: 255, b: 255 };
const BLACK = { r: 0, g: 0, b: 0 };

export const SCHEMES: Readonly<Record<Scheme, SchemeColours>> = {
  light: { background: WHITE, softWeight: 0.1, towards: BLACK },
  dark: { background: { r: 0x0d, g: 0x11, b: 0x17 }, softWeight: 0.15, towards: WHITE },
};

/** The accent and the tint of it the theme draws tags and marked lines on, in one scheme. */
export function accentShades(accent: Rgb, scheme: Scheme): { accent: string; soft: string } {
  const { background, softWeight } = SCHEMES[scheme];
  return { accent: hexOf(accent), soft: hexOf(mix(accent, background, softWeight)) };
}

/**
 * The least contrast an accent has where the theme draws it: link text on the background, the
 * background's colour as text on the accent (buttons, the current page), and accent text on its
 * own tint (tags).
 */
export function accentContrast(accent: Rgb, scheme: Scheme): number {
  const { background, softWeight } = SCHEMES[scheme];
  return Math.min(
    contrastRatio(accent, background),
    contrastRatio(accent, mix(accent, background, softWeight)),
  );
}

/** Why an accent does not read in its scheme, with a shade of it that does. */
export interface AccentProblem {
  readonly message: string;
  readonly suggestion: string;
}

export function accentProblem(written: string, scheme: Scheme): AccentProblem | undefined {
  const accent = parseHexColour(written);
  if (!accent) return undefined;
  const ratio = accentContrast(accent, scheme);
  if (ratio >= AA_TEXT) return undefined;
  const { background, towards } = SCHEMES[scheme];
  // The nearest shade that reads: the accent mixed, a little at a time, towards black on the
  // light background or white on the dark one.
  let suggestion = accent;
  for (let weight = 0.02; weight <= 1; weight += 0.02) {
    suggestion = mix(towards, accent, weight);
    if (accentContrast(suggestion, scheme) >= AA_TEXT) break;
  }
  const shade = hexOf(suggestion);
  return {
    message: `has a contrast of ${formatRatio(ratio)} with the ${scheme} background ${hexOf(background)} and the theme's tint of it, below the 4.5:1 WCAG AA asks of text`,
    suggestion: `use a ${scheme === 'light' ? 'darker' : 'lighter'} shade that reads, e.g. '${shade}' (${formatRatio(accentContrast(suggestion, scheme))})`,
  };
}
