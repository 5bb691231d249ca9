// The bundled demo blog: a valid site, as large as the listing specification shows.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { loadSite } from '../src/load/load-site.js';
import { buildSite } from '../src/site/build-site.js';
import { REPO_ROOT } from './support/serve-fixture.js';

const DEMO = join(REPO_ROOT, 'demo');

describe('demo blog', () => {
  it('loads without a problem and fills 29 pages, with one category of 46 posts', async () => {
    const { content, diagnostics } = await loadSite(DEMO);
    assert.deepEqual(diagnostics, []);
    assert.ok(content);
    const site = buildSite(content.config, content.posts, {
      now: Date.parse('2026-11-21T00:00:00Z'),
    });
    assert.equal(site.posts.length, 288);
    assert.equal(site.pageCount, 29);
    const sizes = site.categories.map((term) => term.posts.length);
    assert.equal(sizes.filter((n) => n === 46).length, 1);
    // Every category has its localized title in the config, and every configured one has posts.
    assert.deepEqual(
      site.categories.map((term) => term.name).sort(),
      Object.keys(content.config.categories).sort(),
    );
    const dates = site.posts.map((post) => post.date);
    assert.ok(dates.length - new Set(dates).size >= 5, 'several posts share a date');
    const whole = site.posts.filter((post) => !content.bodies.excerpt(post).endsWith('...')).length;
    assert.ok(whole >= 20 && whole <= 45, `about one post in ten is shown whole (${whole})`);
  });
});
