// Bundles what `folio` runs into a few files under dist/bundle/: the command line, the entries of
// the export's threads (those that render, and the one that looks through the output) and the
// search indexing process, with the packages they use. Node then loads a handful of files instead
// of nearly four hundred modules, which cost every export thread half a second before it could
// start on the site. The compiled dist/ beside it stays what tests import.
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = (path: string): string => fileURLToPath(new URL(`../${path}`, import.meta.url));
const OUT = root('dist/bundle');

await rm(OUT, { recursive: true, force: true });
await build({
  entryPoints: [
    root('src/cli/main.ts'),
    // Started by file name, beside the code that starts them: `./shard-worker.js`,
    // `./output-look-worker.js`, `./search-process.js`.
    root('src/delivery/static/shard-worker.ts'),
    root('src/delivery/static/output-look-worker.ts'),
    root('src/load/search-process.ts'),
  ],
  outdir: OUT,
  entryNames: '[name]',
  // Every file in one folder: code that finds a file from its own place finds it alike.
  chunkNames: '[name]-[hash]',
  bundle: true,
  // Each command, and the rendering code, stays a file of its own, loaded only when it runs.
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // A native module, found at run time with its binary.
  external: ['sharp'],
  sourcemap: true,
  // Packages written as CommonJS ask for Node's modules with `require`, which ESM lacks.
  banner: {
    js: "import { createRequire as createRequireOfBundle } from 'node:module'; const require = createRequireOfBundle(import.meta.url);",
  },
  logLevel: 'warning',
});
