// Load: Folio's own package folder, found from wherever its code runs: `src/` under a TypeScript
// loader, `dist/` as compiled, or `dist/bundle/` as bundled into a few files. Its files (the
// version, the config schema, the search page's script) are read from there, not relative to the
// module asking, which a bundle moves.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_NAME = 'folio-blog';

interface PackageJson {
  readonly name?: unknown;
  readonly version?: unknown;
}

let found: { readonly root: string; readonly version: string } | undefined;

function folioPackage(): { readonly root: string; readonly version: string } {
  if (found) return found;
  const here = fileURLToPath(import.meta.url);
  for (let dir = dirname(here); ; dir = dirname(dir)) {
    let manifest: PackageJson | undefined;
    try {
      manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson;
    } catch {
      // No package here, or not one to read: look further up.
    }
    if (manifest?.name === PACKAGE_NAME && typeof manifest.version === 'string') {
      found = { root: dir, version: manifest.version };
      return found;
    }
    if (dirname(dir) === dir) {
      throw new Error(`Folio's package.json was not found in any folder above ${here}`);
    }
  }
}

/** The folder of Folio's package.json. */
export function folioRoot(): string {
  return folioPackage().root;
}

/** The version of this Folio. */
export function folioVersion(): string {
  return folioPackage().version;
}
