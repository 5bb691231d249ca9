// The bundled demo blog: current with its generator, and as large as the listing specification shows.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { loadSite } from '../src/load/load-site.js';
import { buildSite } from '../src/site/build-site.js';
import { REPO_ROOT } from './support/serve-fixture.js';

const DEMO = join(REPO_ROOT, 'demo');

async function listFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return (
    entries
      .filter((entry) => entry.isFile())
      .map((entry) => relative(root, join(entry.parentPath, entry.name)))
      // A build's output is not part of the demo.
      .filter((path) => !path.startsWith(`dist${sep}`))
      .sort()
  );
}

describe('demo blog', () => {
  it('is exactly what its generator writes', async () => {
    const out = await mkdtemp(join(tmpdir(), 'folio-demo-'));
    try {
      await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'scripts/generate-demo.ts', out],
        {
          cwd: REPO_ROOT,
        },
      );
      const files = await listFiles(DEMO);
      assert.deepEqual(await listFiles(out), files);
      for (const file of files) {
        const [generated, committed] = await Promise.all([
          readFile(join(out, file)),
          readFile(join(DEMO, file)),
        ]);
        assert.ok(generated.equals(committed), `${file} differs: run npm run demo:generate`);
      }
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });

  it('loads without a problem and fills 29 pages, with one category of 46 posts', async () => {
    const { content, diagnostics } = await loadSite(DEMO);
    assert.deepEqual(diagnostics, []);
    assert.ok(content);
    const site = buildSite(content.config, content.posts, {
      now: Date.parse('2026-11-21T00:00:00Z'),
    });
    assert.equal(site.posts.length, 287);
    assert.equal(site.pageCount, 29);
    const sizes = site.categories.map((term) => term.posts.length);
    assert.equal(sizes.filter((n) => n === 46).length, 1);
    const dates = site.posts.map((post) => post.date);
    assert.ok(dates.length - new Set(dates).size >= 5, 'several posts share a date');
    const whole = site.posts.filter((post) => !post.excerpt.endsWith('...')).length;
    assert.ok(whole >= 20 && whole <= 45, `about one post in ten is shown whole (${whole})`);
  });
});
