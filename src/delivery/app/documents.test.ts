import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { makeConfig, makePosts } from '../../../test/support/site-fixtures.js';
import { App } from './app.js';
import { SiteDocuments } from './documents.js';

const content = { config: makeConfig({ pageSize: 2 }), posts: makePosts(5) };

async function served(app: App, url: string): Promise<Buffer> {
  const response = await app.request({ method: 'GET', url, headers: {} });
  assert.ok(Buffer.isBuffer(response.body), url);
  return response.body;
}

describe('the documents an export writes', () => {
  it('lists every page, feed, the sitemap, robots.txt and the theme files, once each', () => {
    const app = new App({ content });
    const paths = new SiteDocuments(app.site).paths();
    assert.equal(new Set(paths).size, paths.length);
    for (const path of ['/', '/page/3/', '/tags/notes/', '/posts/post-03/', '/feed.xml']) {
      assert.ok(paths.includes(path), path);
    }
    for (const path of ['/atom.xml', '/sitemap.xml', '/robots.txt'])
      assert.ok(paths.includes(path));
    assert.equal(paths.filter((path) => path.startsWith('/assets/')).length, 2);
  });

  it('holds the bytes the server sends, uncompressed, and the 404 page', async () => {
    const app = new App({ content });
    const documents = new SiteDocuments(app.site);
    for (const path of documents.paths()) {
      assert.deepEqual(documents.body(path), await served(app, path), path);
    }
    assert.deepEqual(documents.notFoundBody(), await served(app, '/missing/'));
  });

  it('has no document at a path that is not one', () => {
    const documents = new SiteDocuments(new App({ content }).site);
    for (const path of ['/missing/', '/page/2', '/%E0%A4%A/']) {
      assert.equal(documents.body(path), undefined, path);
    }
  });
});
