// Load: the files of the packages some bodies need — KaTeX's stylesheet and fonts for math,
// Mermaid's script for diagrams — read from node_modules the first time they are asked for, and
// served from the site itself under content-hashed names, only to the pages that use them.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import type { BodyFeature } from '../content/post.js';
import { ASSET_FOLDER, hashedPath } from '../urls/hashed-path.js';

/** A file served as it is, cacheable forever since its name changes with its content. */
export interface PackagedAsset {
  readonly path: string;
  readonly contentType: string;
  readonly body: Buffer;
}

/** The files a feature's pages load, and the one they link. */
export interface FeatureFiles {
  readonly entry: string;
  readonly files: readonly PackagedAsset[];
}

const require = createRequire(import.meta.url);
const known = new Map<'math' | 'diagram', FeatureFiles>();

/** KaTeX's stylesheet, with the WOFF2 fonts it names. */
export function mathFiles(): FeatureFiles {
  return once('math', readMathFiles);
}

/** Mermaid's script, the build of it that is one file with no dependency. */
export function diagramFiles(): FeatureFiles {
  return once('diagram', () => {
    const body = readFileSync(require.resolve('@mermaid-js/tiny/dist/mermaid.tiny.js'));
    const path = hashedPath('mermaid', 'js', body);
    return { entry: path, files: [{ path, contentType: 'text/javascript; charset=utf-8', body }] };
  });
}

/** The packaged files the pages using `features` load (code needs none: its script is inline). */
export function packagedFiles(features: Iterable<BodyFeature>): PackagedAsset[] {
  const wanted = new Set(features);
  return [
    ...(wanted.has('math') ? mathFiles().files : []),
    ...(wanted.has('diagram') ? diagramFiles().files : []),
  ];
}

function once(feature: 'math' | 'diagram', read: () => FeatureFiles): FeatureFiles {
  let files = known.get(feature);
  if (!files) {
    files = read();
    known.set(feature, files);
  }
  return files;
}

/**
 * KaTeX's stylesheet (the `font-display: swap` one, so that text shows while a font loads) with
 * each font named by its WOFF2 file only — what every browser Folio supports reads — from the
 * stylesheet, in the folder of both.
 */
function readMathFiles(): FeatureFiles {
  const cssFile = require.resolve('katex/dist/katex-swap.min.css');
  const fontsDir = join(dirname(cssFile), 'fonts');
  const fonts = new Map<string, PackagedAsset>();
  const css = readFileSync(cssFile, 'utf8').replace(
    /src:url\(fonts\/([\w-]+)\.woff2\) format\("woff2"\)(?:,url\([^)]*\) format\("[^"]*"\))*/g,
    (_whole, name: string) => {
      let font = fonts.get(name);
      if (!font) {
        const body = readFileSync(join(fontsDir, `${basename(name)}.woff2`));
        font = { path: hashedPath(name, 'woff2', body), contentType: 'font/woff2', body };
        fonts.set(name, font);
      }
      // Named from the stylesheet, beside it in the same folder: a site served under a path
      // (`/blog/`) has its fonts there too, where a path from the root would miss them.
      return `src:url(${font.path.slice(ASSET_FOLDER.length)}) format("woff2")`;
    },
  );
  const body = Buffer.from(css, 'utf8');
  const stylesheet = hashedPath('katex', 'css', body);
  return {
    entry: stylesheet,
    files: [{ path: stylesheet, contentType: 'text/css; charset=utf-8', body }, ...fonts.values()],
  };
}
