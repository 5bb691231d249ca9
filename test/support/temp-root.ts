// Test support: one temporary folder for the tests of a file, made at once, removed after them.
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';

/**
 * Makes the folder now — so that every hook and test, whatever their order, finds it — and
 * registers its removal once the file's tests end.
 */
export function tempRoot(prefix: string): string {
  const root = mkdtempSync(join(tmpdir(), prefix));
  after(() => rm(root, { recursive: true, force: true }));
  return root;
}
