import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { makeConfig, makeContent, makePosts } from '../../../test/support/site-fixtures.js';
import { buildSite } from '../../site/build-site.js';
import { NO_OVERLAY } from '../../views/context.js';
import { resourceFor } from './core.js';
import type { StaticFile } from './http.js';
import type { Resource } from './resource.js';
import { indexSitePosts } from '../../load/search-documents.js';
import { SiteSearchIndex } from './site-search.js';
import { PageCaches, type SiteState } from './site-state.js';

function makeState(): SiteState {
  const { config, posts, bodies } = makeContent(makeConfig({ pageSize: 2 }), makePosts(5));
  const site = buildSite(config, posts, { now: Date.now() });
  return {
    site,
    bodies,
    overlay: NO_OVERLAY,
    caches: new PageCaches(),
    searchIndex: new SiteSearchIndex(({ site: shown, bodies: texts }) =>
      indexSitePosts(shown, texts),
    ),
  };
}

const get = (url: string, method = 'GET') => ({ method, url });

function settled(resource: Resource | Promise<Resource>): Resource {
  assert.ok(!(resource instanceof Promise), 'found without waiting');
  return resource;
}

describe('the resource a request leads to', () => {
  it('is a page rendered once and kept under its canonical path', () => {
    const state = makeState();
    const page = settled(resourceFor(state, get('/page/2/')));
    assert.equal(page.kind, 'document');
    assert.equal(page.path, '/page/2/');
    assert.equal(page.status, 200);
    assert.equal(settled(resourceFor(state, get('/page/%32/?x'))), page);
    assert.equal(settled(resourceFor(state, get('/page/2/', 'HEAD'))), page);
    assert.deepEqual(state.caches.documents.stats, { name: 'documents', hits: 2, misses: 1 });
  });

  it('is a theme file under its hashed path, cacheable for ever', () => {
    const state = makeState();
    const page = settled(resourceFor(state, get('/')));
    assert.equal(page.kind, 'document');
    const href = /<link rel="icon" href="([^"]+)"/.exec(page.body.toString())?.[1] ?? '';
    const icon = settled(resourceFor(state, get(href)));
    assert.equal(icon.kind, 'document');
    assert.equal(icon.contentType, 'image/svg+xml; charset=utf-8');
    assert.match(icon.cacheControl, /immutable/);
  });

  it('is a redirect that keeps the query, or an error the request decides', () => {
    const state = makeState();
    const fixed = (url: string, method = 'GET') => {
      const resource = settled(resourceFor(state, get(url, method)));
      assert.equal(resource.kind, 'fixed', url);
      return resource.response;
    };
    assert.deepEqual(fixed('/page/2?a=1'), {
      status: 301,
      headers: { location: '/page/2/?a=1', 'content-length': '0' },
    });
    assert.equal(fixed('/', 'POST').status, 405);
    assert.equal(fixed('/', 'POST').headers.allow, 'GET, HEAD');
    assert.equal(fixed(`/${'x'.repeat(8192)}`).status, 414);
    assert.equal(fixed('/posts/%E0%A4%A/').status, 400);
  });

  it('is the 404 page for an unknown path when the site has no static files', () => {
    const notFound = settled(resourceFor(makeState(), get('/no/such/page')));
    assert.equal(notFound.kind, 'document');
    assert.equal(notFound.status, 404);
  });

  it('is a file of static/ when one is at the decoded path, else the 404 page', async () => {
    const file: StaticFile = {
      size: 1,
      etag: '"f"',
      contentType: 'text/plain',
      open: () => {
        throw new Error('not read here');
      },
    };
    const staticFiles = {
      lookup: (path: string) => Promise.resolve(path === '/notes/ä.txt' ? file : undefined),
    };
    const state = makeState();
    assert.deepEqual(await resourceFor(state, get('/notes/%C3%A4.txt'), staticFiles), {
      kind: 'file',
      file,
    });
    const missing = await resourceFor(state, get('/notes/b.txt'), staticFiles);
    assert.equal(missing.kind === 'document' && missing.status, 404);
  });

  it('belongs to the version of the site asked, even when the state is emptied meanwhile', async () => {
    const state = makeState();
    const staticFiles = { lookup: () => Promise.resolve(undefined) };
    const pending = resourceFor(state, get('/missing.txt'), staticFiles);
    state.caches.clear();
    const notFound = await pending;
    assert.equal(notFound.kind === 'document' && notFound.status, 404);
    assert.equal(state.caches.documents.size, 0, 'nothing kept for a version that is gone');
  });
});
