#!/usr/bin/env node
// The `folio` command: runs the bundled CLI (`npm run build` makes dist/bundle/).
import { existsSync } from 'node:fs';

const entry = new URL('../dist/bundle/main.js', import.meta.url);
if (!existsSync(entry)) {
  console.error(
    'Folio is not built yet: run `npm install` (or `npm run build`) in the Folio folder first.',
  );
  process.exit(1);
}
await import(entry.href);
