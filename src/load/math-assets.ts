// Load: KaTeX's stylesheet and fonts, read once from the katex package and served under
// content-hashed names beside the theme's files, for the pages that have math.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';

/** A file served as it is, cacheable forever since its name changes with its content. */
export interface PackagedAsset {
  readonly path: string;
  readonly contentType: string;
  readonly body: Buffer;
}

export interface MathAssets {
  /** The stylesheet a page with math links. */
  readonly stylesheet: string;
  /** The stylesheet and the fonts it names. */
  readonly files: readonly PackagedAsset[];
}

let known: MathAssets | undefined;

/**
 * KaTeX's stylesheet (the `font-display: swap` one, so that text shows while a font loads) with
 * each font named by its WOFF2 file only — what every browser Folio supports reads.
 */
export function mathAssets(): MathAssets {
  known ??= readMathAssets();
  return known;
}

function readMathAssets(): MathAssets {
  const require = createRequire(import.meta.url);
  const cssFile = require.resolve('katex/dist/katex-swap.min.css');
  const fontsDir = join(dirname(cssFile), 'fonts');
  const fonts = new Map<string, PackagedAsset>();
  const css = readFileSync(cssFile, 'utf8').replace(
    /src:url\(fonts\/([\w-]+)\.woff2\) format\("woff2"\)(?:,url\([^)]*\) format\("[^"]*"\))*/g,
    (_whole, name: string) => {
      let font = fonts.get(name);
      if (!font) {
        const body = readFileSync(join(fontsDir, `${basename(name)}.woff2`));
        font = { path: hashedAssetPath(name, 'woff2', body), contentType: 'font/woff2', body };
        fonts.set(name, font);
      }
      return `src:url(${font.path}) format("woff2")`;
    },
  );
  const body = Buffer.from(css, 'utf8');
  const stylesheet = hashedAssetPath('katex', 'css', body);
  return {
    stylesheet,
    files: [{ path: stylesheet, contentType: 'text/css; charset=utf-8', body }, ...fonts.values()],
  };
}

function hashedAssetPath(name: string, extension: string, body: Buffer): string {
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 8);
  return `/assets/${name}.${hash}.${extension}`;
}
