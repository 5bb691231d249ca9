// Test support: a blog of another engine written into a folder, and `folio import` run on it the
// way a user checks an import — the site passes `folio check`, and every old URL answers.
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { folio, run, serverUrl, snapshot } from './folio-cli.js';

/** Writes `files` (paths to texts) into `root/name`; returns that folder. */
export async function writeBlog(
  root: string,
  name: string,
  files: Record<string, string>,
): Promise<string> {
  const dir = join(root, name);
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(dir, path, '..'), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  return dir;
}

/**
 * Imports `source` into `root/<name>-site` (with the import's `options`), holds that the blog is
 * not changed and the site passes `folio check`, and fetches each of `oldUrls` from `folio serve`,
 * which must answer 200.
 */
export async function importAndServe(
  root: string,
  source: string,
  name: string,
  oldUrls: readonly string[],
  options: readonly string[] = [],
) {
  const target = join(root, `${name}-site`);
  const before = await snapshot(source);
  const imported = await run(['import', source, target, ...options]);
  assert.deepEqual(await snapshot(source), before, 'the source is never changed');
  const checked = await run(['check', target]);
  assert.equal(checked.code, 0, checked.stderr);
  const child = folio(['serve', target, '--port', '0']);
  const answers = new Map<string, string>();
  try {
    const base = await serverUrl(child);
    for (const url of oldUrls) {
      const response = await fetch(`${base}${url}`);
      assert.equal(response.status, 200, `${url} answers`);
      answers.set(url, await response.text());
    }
  } finally {
    child.kill('SIGTERM');
  }
  return {
    imported,
    target,
    answers,
    report: await readFile(join(target, 'import-report.md'), 'utf8'),
    config: await readFile(join(target, 'folio.config.yaml'), 'utf8'),
  };
}

/** Holds that `folio serve` of the site in `target` answers each `from` with a 301 to `to`. */
export async function assertRedirects(
  target: string,
  redirects: readonly (readonly [from: string, to: string])[],
): Promise<void> {
  const child = folio(['serve', target, '--port', '0']);
  try {
    const base = await serverUrl(child);
    for (const [from, to] of redirects) {
      const response = await fetch(`${base}${from}`, { redirect: 'manual' });
      assert.equal(response.status, 301, from);
      assert.equal(new URL(response.headers.get('location') ?? '', base).pathname, to, from);
    }
  } finally {
    child.kill('SIGTERM');
  }
}

/** `importAndServe` for the blogs of one folder, `root`, as a test file keeps them. */
export function importAndServeUnder(root: string) {
  return (
    source: string,
    name: string,
    oldUrls: readonly string[],
    options: readonly string[] = [],
  ) => importAndServe(root, source, name, oldUrls, options);
}
