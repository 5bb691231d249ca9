import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildSite } from '../../site/build-site.js';
import { at, fixtureBodies, makeConfig, makePosts } from '../../../test/support/site-fixtures.js';
import { renderRoute } from '../render-route.js';
import { favicon, icons } from './favicon.js';

const now = at('2030-01-01T00:00:00Z');
const posts = makePosts(4);

describe('the site icon', () => {
  it('shows the first letter of the title, and is drawn once however many pages link it', () => {
    const site = buildSite(makeConfig({ title: 'émigré notes', pageSize: 2 }), posts, { now });
    const before = icons.stats.misses;
    const pages = [
      renderRoute(site, { kind: 'featured', page: 1 }, fixtureBodies(posts)).body,
      renderRoute(site, { kind: 'featured', page: 2 }, fixtureBodies(posts)).body,
      ...posts.map((post) => renderRoute(site, { kind: 'post', post }, fixtureBodies(posts)).body),
    ];
    const icon = favicon(site);
    assert.match(icon.svg, />É<\/text>/);
    for (const page of pages) assert.ok(page.includes(`<link rel="icon" href="${icon.path}"`));
    assert.equal(icons.stats.misses - before, 1);
  });

  it('is drawn again only when a new version of the site changes the title', () => {
    const config = makeConfig({ title: 'Quiet Notes' });
    const first = favicon(buildSite(config, posts, { now }));
    const before = icons.stats.misses;
    const edited = buildSite(config, posts.slice(1), { now });
    assert.equal(favicon(edited), first);
    assert.equal(icons.stats.misses, before);
    const renamed = favicon(buildSite(makeConfig({ title: 'Loud Notes' }), posts, { now }));
    assert.match(renamed.svg, />L<\/text>/);
    assert.notEqual(renamed.path, first.path);
    assert.equal(icons.stats.misses - before, 1);
  });
});
