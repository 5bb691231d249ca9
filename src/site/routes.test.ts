import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildSite } from './build-site.js';
import { parsePage } from '../content/parse-page.js';
import { at, makeConfig, makePosts } from '../../test/support/site-fixtures.js';
import {
  categoryPath,
  listRoutes,
  pathOf,
  postPath,
  resolvePath,
  type Resolution,
  type Route,
} from './routes.js';

// 25 posts at 10 per page: three featured pages.
const posts = makePosts(25).map((post, i) => ({
  ...post,
  category: i % 2 === 0 ? '알고리즘' : 'Node.js',
  tags: i % 2 === 0 ? ['Rust 러스트'] : ['testing'],
}));
const site = buildSite(makeConfig(), posts, { now: at('2030-01-01T00:00:00Z') });
const koreanSlug = encodeURIComponent('알고리즘');

/** The route a path serves; fails when the path does not lead to a page. */
function routeAt(path: string): Route {
  const resolution = resolvePath(site, path);
  if (resolution.type !== 'page') assert.fail(`${path} → ${JSON.stringify(resolution)}`);
  return resolution.route;
}

const redirect = (location: string): Resolution => ({ type: 'redirect', location });

describe('resolving request paths', () => {
  it('serves featured page 1 at /', () => {
    assert.deepEqual(routeAt('/'), { kind: 'featured', page: 1 });
  });

  it('serves featured page 2 at /page/2/', () => {
    assert.deepEqual(routeAt('/page/2/'), { kind: 'featured', page: 2 });
  });

  it('serves the last featured page', () => {
    assert.deepEqual(routeAt('/page/3/'), { kind: 'featured', page: 3 });
  });

  it('redirects /page/1/ and /page/1 to /', () => {
    assert.deepEqual(resolvePath(site, '/page/1/'), redirect('/'));
    assert.deepEqual(resolvePath(site, '/page/1'), redirect('/'));
  });

  it('redirects a page path without its trailing slash to the one with it', () => {
    assert.deepEqual(resolvePath(site, '/page/2'), redirect('/page/2/'));
    assert.deepEqual(
      resolvePath(site, `/categories/${koreanSlug}`),
      redirect(`/categories/${koreanSlug}/`),
    );
    assert.deepEqual(resolvePath(site, '/posts/post-01'), redirect('/posts/post-01/'));
  });

  it('answers not-found for page 0, a zero-padded page number and pages past the last', () => {
    for (const path of [
      '/page/0/',
      '/page/01/',
      '/page/4/',
      '/page/999999999999/',
      '/page/-1/',
      '/page/2.0/',
      '/page/two/',
    ]) {
      assert.deepEqual(resolvePath(site, path), { type: 'not-found' }, path);
    }
  });

  it('answers not-found for /page/ with no number and for unknown sections', () => {
    for (const path of ['/page/', '/nothing/', '/page/2/extra/', '/posts/']) {
      assert.deepEqual(resolvePath(site, path), { type: 'not-found' }, path);
    }
  });

  it('resolves a category whose slug is Korean, percent-encoded', () => {
    const route = routeAt(`/categories/${koreanSlug}/`);
    assert.equal(route.kind, 'category');
    assert.equal(route.kind === 'category' && route.term.name, '알고리즘');
  });

  it('resolves the category slug with lower-case percent-encoding too', () => {
    const route = routeAt(`/categories/${koreanSlug.toLowerCase()}/`);
    assert.equal(route.kind === 'category' && route.term.name, '알고리즘');
  });

  it('resolves a category by its slug, not by its name', () => {
    assert.equal(routeAt('/categories/nodejs/').kind, 'category');
    assert.deepEqual(resolvePath(site, '/categories/Node.js/'), { type: 'not-found' });
  });

  it('resolves a tag with a mixed-script slug', () => {
    const route = routeAt(`/tags/${encodeURIComponent('rust-러스트')}/`);
    assert.equal(route.kind === 'tag' && route.term.name, 'Rust 러스트');
  });

  it('answers not-found for an unknown category, tag or post', () => {
    for (const path of ['/categories/nope/', '/tags/nope/', '/posts/nope/']) {
      assert.deepEqual(resolvePath(site, path), { type: 'not-found' }, path);
    }
  });

  it('answers bad-request for malformed percent-encoding', () => {
    assert.deepEqual(resolvePath(site, '/categories/%E0%A4%A/'), { type: 'bad-request' });
    assert.deepEqual(resolvePath(site, '/tags/%zz/'), { type: 'bad-request' });
  });

  it('resolves a post at /posts/<slug>/', () => {
    const route = routeAt('/posts/post-07/');
    assert.equal(route.kind === 'post' && route.post.slug, 'post-07');
  });
});

describe('paths of pages', () => {
  it('builds percent-encoded paths that resolve back to the same page', () => {
    for (const route of listRoutes(site)) {
      assert.deepEqual(routeAt(pathOf(route)), route, pathOf(route));
    }
  });

  it('lists every featured page, category, tag and post once', () => {
    const kinds = listRoutes(site).map((route) => route.kind);
    assert.equal(kinds.filter((k) => k === 'featured').length, 3);
    assert.equal(kinds.filter((k) => k === 'category').length, 2);
    assert.equal(kinds.filter((k) => k === 'tag').length, 2);
    assert.equal(kinds.filter((k) => k === 'post').length, 25);
  });

  it('puts post and category slugs in paths with a trailing slash', () => {
    const term = site.categoryBySlug.get('알고리즘');
    assert.ok(term);
    assert.equal(categoryPath(term), `/categories/${koreanSlug}/`);
    const post = site.posts.find((p) => p.slug === 'post-03');
    assert.ok(post);
    assert.equal(postPath(post), '/posts/post-03/');
  });
});

describe('posts at their own URLs, old paths and files beside posts', () => {
  const dated = makePosts(3).map((post, i) => ({
    ...post,
    path: `/2024/01/0${i + 1}/${post.slug}/`,
    aliases: i === 0 ? ['/old/first.html', '/%EC%98%9B/'] : [],
    ownFolder: i === 1,
  }));
  const config = makeConfig({ redirects: { '/tag/Notes/': '/tags/notes/' } });
  const moved = buildSite(config, dated, { now: at('2030-01-01T00:00:00Z') });

  it('serves a post at the path its permalink gives, and redirects it without the slash', () => {
    const resolution = resolvePath(moved, '/2024/01/02/post-02/');
    assert.equal(resolution.type === 'page' && resolution.route.kind, 'post');
    assert.deepEqual(resolvePath(moved, '/2024/01/02/post-02'), redirect('/2024/01/02/post-02/'));
    assert.deepEqual(resolvePath(moved, '/posts/post-02/'), { type: 'not-found' });
  });

  it("redirects a post's aliases to it, percent-encoded or not, and the config's redirects", () => {
    assert.deepEqual(resolvePath(moved, '/old/first.html'), redirect('/2024/01/01/post-01/'));
    assert.deepEqual(resolvePath(moved, '/%EC%98%9B/'), redirect('/2024/01/01/post-01/'));
    assert.deepEqual(resolvePath(moved, '/%EC%98%9B'), redirect('/2024/01/01/post-01/'));
    assert.deepEqual(resolvePath(moved, '/tag/Notes/'), redirect('/tags/notes/'));
  });

  it('leads a path inside the page of a post written as a folder to the file beside it', () => {
    const resolution = resolvePath(moved, '/2024/01/02/post-02/images/cat.png');
    assert.equal(resolution.type, 'post-file');
    assert.equal(resolution.type === 'post-file' && resolution.path, 'images/cat.png');
    // Its source, hidden files, and the folders of posts that are single files are not served.
    for (const path of [
      '/2024/01/02/post-02/index.md',
      '/2024/01/02/post-02/.git/config',
      '/2024/01/01/post-01/cat.png',
    ]) {
      assert.deepEqual(resolvePath(moved, path), { type: 'not-found' }, path);
    }
  });
});

describe('pages of content/pages', () => {
  const about = parsePage('---\ntitle: About\nnav: true\n---\n\nHi.\n', 'about.md', 'about').page;
  const plans = parsePage(
    '---\ntitle: Plans\ndraft: true\n---\n\nSoon.\n',
    'plans.md',
    'plans',
  ).page;
  assert.ok(about && plans);
  const withPages = (showDrafts: boolean) =>
    buildSite(makeConfig(), posts, {
      now: at('2030-01-01T00:00:00Z'),
      pages: [about, plans],
      showDrafts,
    });

  it('answers a page at its path, and a draft only on a preview', () => {
    assert.deepEqual(resolvePath(withPages(false), '/about/'), {
      type: 'page',
      route: { kind: 'page', page: about },
    });
    assert.deepEqual(resolvePath(withPages(false), '/plans/'), { type: 'not-found' });
    assert.equal(resolvePath(withPages(true), '/plans/').type, 'page');
  });

  it('lists public pages among the routes, and never a page under another', () => {
    const paths = listRoutes(withPages(false)).map(pathOf);
    assert.ok(paths.includes('/about/'));
    assert.ok(!paths.includes('/plans/'));
    assert.deepEqual(resolvePath(withPages(false), '/about/x/'), { type: 'not-found' });
  });
});
