import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { makeConfig, makeContent, makePosts } from '../../../test/support/site-fixtures.js';
import { SiteSession } from '../site-session.js';
import { App } from './app.js';
import { SiteDocuments } from './documents.js';

const content = makeContent(makeConfig({ pageSize: 2 }), makePosts(5));
const documentsOf = (app: App) => new SiteDocuments({ site: app.site, bodies: content.bodies });
const makeApp = () => new App({ session: SiteSession.of(content) });

async function served(app: App, url: string): Promise<Buffer> {
  const response = await app.request({ method: 'GET', url, headers: {} });
  assert.ok(Buffer.isBuffer(response.body), url);
  return response.body;
}

describe('the documents an export writes', () => {
  it('lists every page, feed, the sitemap, robots.txt and the theme files, once each', () => {
    const app = makeApp();
    const paths = documentsOf(app).paths();
    assert.equal(new Set(paths).size, paths.length);
    for (const path of ['/', '/page/3/', '/tags/notes/', '/posts/post-03/', '/feed.xml']) {
      assert.ok(paths.includes(path), path);
    }
    for (const path of ['/atom.xml', '/sitemap.xml', '/robots.txt'])
      assert.ok(paths.includes(path));
    // The theme's stylesheet and icon; KaTeX's and Mermaid's files only once a page links them.
    assert.equal(paths.filter((path) => path.startsWith('/assets/')).length, 2);
  });

  it('holds the bytes the server sends, uncompressed, and the 404 page', async () => {
    const app = makeApp();
    const documents = documentsOf(app);
    for (const path of documents.paths()) {
      assert.deepEqual(documents.body(path), await served(app, path), path);
    }
    assert.deepEqual(documents.notFoundBody(), await served(app, '/missing/'));
  });

  it('has no document at a path that is not one', () => {
    const documents = documentsOf(makeApp());
    for (const path of ['/missing/', '/page/2', '/%E0%A4%A/']) {
      assert.equal(documents.body(path), undefined, path);
    }
  });
});
