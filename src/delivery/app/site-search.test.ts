import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildSearchIndex, type SearchIndex } from '../../search/search-index.js';
import type { Site } from '../../site/build-site.js';
import type { SiteView } from './site-state.js';
import { SiteSearchIndex } from './site-search.js';

/** A version of a site, as far as the search index tells versions apart. */
const version = (): Site => ({}) as Site;
const bodies = {} as SiteView['bodies'];

describe('the search index of the version online', () => {
  it('stops indexing a version once a newer one is asked for, and gives its waiters the newer index', async () => {
    const signals: AbortSignal[] = [];
    const newest: SearchIndex = buildSearchIndex([{ title: 'Newest', labels: [], text: '' }]);
    let finish: ((index: SearchIndex) => void) | undefined;
    const searches = new SiteSearchIndex((_view, signal) => {
      signals.push(signal);
      return new Promise<SearchIndex>((resolve, reject) => {
        finish = resolve;
        signal.addEventListener('abort', () => reject(signal.reason as Error));
      });
    });
    const older = searches.of({ site: version(), bodies });
    const newer = searches.of({ site: version(), bodies });
    assert.equal(signals.length, 2);
    assert.equal(signals[0]?.aborted, true, 'the older indexing is stopped');
    assert.equal(signals[1]?.aborted, false);
    finish?.(newest);
    assert.equal(await newer, newest);
    assert.equal(await older, newest);
  });

  it('indexes a version once, however often it is asked for, and again after a failure', async () => {
    let made = 0;
    const searches = new SiteSearchIndex(() => {
      made++;
      return made === 1
        ? Promise.reject(new Error('the disk went away'))
        : Promise.resolve(buildSearchIndex([]));
    });
    const site = version();
    await assert.rejects(searches.of({ site, bodies }), /the disk went away/);
    await searches.of({ site, bodies });
    await searches.of({ site, bodies });
    assert.equal(made, 2);
  });
});
