// Test support: one temporary folder for the tests of a file, made before them, removed after.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';

/** Registers the folder's making and removal; the result gives its path once tests run. */
export function tempRoot(prefix: string): () => string {
  let root = '';
  before(async () => {
    root = await mkdtemp(join(tmpdir(), prefix));
  });
  after(() => rm(root, { recursive: true, force: true }));
  return () => root;
}
