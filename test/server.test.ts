// The real server over a real socket: status codes, redirects, headers, compression and page structure.
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import * as cheerio from 'cheerio';
import { FIXTURES, serveSite, type ServedFixture } from './support/serve-fixture.js';

let site: ServedFixture;

before(async () => {
  site = await serveSite(`${FIXTURES}basic`);
});
after(async () => {
  await site.server.close();
});

async function page(path: string): Promise<cheerio.CheerioAPI> {
  const response = await site.get(path);
  assert.equal(response.status, 200, `${path} answers 200`);
  return cheerio.load(await response.text());
}

/** Sends a raw request, so that the path reaches the server exactly as written. */
function rawGet(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${site.server.url}/`, { path, method: 'GET' }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('featured listing', () => {
  it('serves page 1 at / as UTF-8 HTML with the newest entries', async () => {
    const response = await site.get('/');
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'text/html; charset=utf-8');
    const $ = cheerio.load(await response.text());
    assert.equal($('header a[href="/"]').first().text(), 'Fixture Notes');
    assert.equal($('header .tagline').text(), 'A small blog the tests read.');
    const titles = $('main article h2')
      .map((_, el) => $(el).text())
      .get();
    // Two posts share 2024-03-01; the slug breaks the tie.
    assert.deepEqual(titles, ['Binary search, twice', 'Heap sort 정리']);
  });

  it('marks the current page and keeps Previous Page unlinked on page 1', async () => {
    const $ = await page('/');
    const pager = $('nav[aria-label="Pagination"]');
    assert.equal(pager.find('[aria-current="page"]').text(), '1');
    assert.equal(pager.find('[aria-current="page"]').is('a'), false);
    assert.equal(pager.find('a').filter((_, a) => $(a).text() === 'Previous Page').length, 0);
    assert.ok(pager.text().includes('Previous Page'));
    assert.equal(pager.find('a[rel="next"]').attr('href'), '/page/2/');
    const numbers = pager
      .find('li')
      .map((_, li) => $(li).text().trim())
      .get();
    assert.deepEqual(numbers, ['Previous Page', '1', '2', '3', '4', '5', 'Next Page']);
  });

  it('centres the pager on a middle page and clamps it on the last', async () => {
    const middle = await page('/page/4/');
    const numbers = (p: cheerio.CheerioAPI): string[] =>
      p('nav[aria-label="Pagination"] li')
        .slice(1, -1)
        .map((_, li) => p(li).text())
        .get();
    assert.deepEqual(numbers(middle), ['2', '3', '4', '5', '6']);
    // 11 public posts at 2 a page make 6 pages.
    const last = await page('/page/6/');
    assert.deepEqual(numbers(last), ['2', '3', '4', '5', '6']);
    assert.equal(last('nav[aria-label="Pagination"] a[rel="next"]').length, 0);
    assert.ok(last('nav[aria-label="Pagination"]').text().includes('Next Page'));
  });

  it('leaves drafts and future posts out', async () => {
    const all: string[] = [];
    for (let n = 1; n <= 6; n++) {
      const $ = await page(n === 1 ? '/' : `/page/${n}/`);
      all.push(
        ...$('main article h2')
          .map((_, el) => $(el).text())
          .get(),
      );
    }
    assert.equal(all.length, 11);
    assert.ok(!all.includes('A draft'));
    assert.ok(!all.includes('From the future'));
  });

  it('shows each entry with a post link, excerpt, tag links, author and date', async () => {
    const $ = await page('/page/2/');
    const entry = $('main article').first();
    assert.equal(entry.find('h2 a').attr('href'), '/posts/graphs/');
    assert.equal(entry.find('.entry-excerpt').text(), 'Breadth first Visit the neighbours...');
    assert.equal(entry.find('a[rel="tag"]').attr('href'), '/tags/graphs/');
    assert.equal(entry.find('img').attr('alt'), 'Tess Author');
    assert.equal(entry.find('time').attr('datetime'), '2024-02-20T18:30:00+09:00');
    assert.equal(entry.find('time').text(), '2024-02-20 18:30');
    // The tags follow the excerpt, as the specification shows them.
    const order = entry
      .children()
      .map((_, el) => $(el).attr('class'))
      .get();
    assert.ok(order.indexOf('entry-excerpt') < order.indexOf('tags'));
  });

  it('renders a hostile title as text, not markup', async () => {
    const $ = await page('/page/3/');
    const titles = $('main article h2')
      .map((_, el) => $(el).text())
      .get();
    assert.ok(titles.includes('<script>alert(1)</script> & friends'));
    assert.equal($('script:not([type="application/ld+json"])').length, 0);
  });

  it('puts the profile links, the feed link and the copyright line in the footer', async () => {
    const $ = await page('/');
    const footer = $('footer.site-footer');
    const hrefs = footer
      .find('a')
      .map((_, a) => $(a).attr('href'))
      .get();
    assert.deepEqual(hrefs, [
      'https://github.com/tess',
      'https://x.com/tess',
      'https://www.linkedin.com/in/tess',
      '/feed.xml',
    ]);
    assert.equal(footer.find('.copyright').text(), 'Copyright © Test Owner All rights reserved.');
  });
});

describe('category listing', () => {
  it('shows the localized title, the heading, every entry, share links and no pager', async () => {
    const $ = await page('/categories/algorithm/');
    assert.equal($('main h1').text(), '알고리즘');
    assert.equal($('main h2').first().text(), 'All Posts in Algorithm');
    assert.equal($('main article').length, 3);
    assert.equal($('nav[aria-label="Pagination"]').length, 0);
    const share = $('aside.share a')
      .map((_, a) => $(a).attr('href'))
      .get();
    assert.equal(share.length, 3);
    assert.ok(
      share[0]?.startsWith(
        'https://x.com/intent/post?url=https%3A%2F%2Ffixture.example.com%2Fcategories%2Falgorithm%2F',
      ),
    );
    assert.ok(share[1]?.startsWith('https://www.facebook.com/sharer/sharer.php?u='));
    assert.ok(share[2]?.startsWith('https://www.linkedin.com/sharing/share-offsite/?url='));
  });

  it('answers a category whose slug keeps Korean letters', async () => {
    const $ = await page(`/categories/${encodeURIComponent('데이터베이스')}/`);
    assert.equal($('main h2').first().text(), 'All Posts in 데이터베이스');
    assert.equal($('main article').length, 1);
  });
});

describe('status codes and redirects', () => {
  const cases: [string, number, string?][] = [
    ['/page/1/', 301, '/'],
    ['/page/1', 301, '/'],
    ['/page/2', 301, '/page/2/'],
    ['/categories/algorithm', 301, '/categories/algorithm/'],
    ['/page/7/', 404],
    ['/page/0/', 404],
    ['/categories/nope/', 404],
    ['/no/such/page', 404],
    ['/posts/draft-post/', 404],
    ['/posts/binary-search/', 200],
    ['/tags/notes/', 200],
  ];
  for (const [path, status, location] of cases) {
    it(`answers ${path} with ${status}${location ? ` to ${location}` : ''}`, async () => {
      const response = await site.get(path);
      assert.equal(response.status, status);
      if (location) assert.equal(response.headers.get('location'), location);
    });
  }

  it('answers unknown paths with a 404 page that keeps the header and footer', async () => {
    const response = await site.get('/nothing-here/');
    assert.equal(response.status, 404);
    assert.equal(response.headers.get('content-type'), 'text/html; charset=utf-8');
    const $ = cheerio.load(await response.text());
    assert.equal($('header a[href="/"]').first().text(), 'Fixture Notes');
    assert.equal($('main h1').text(), 'Page not found');
    assert.equal($('footer .copyright').text(), 'Copyright © Test Owner All rights reserved.');
  });

  it('answers other methods with 405 and Allow', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const response = await site.get('/', { method });
      assert.equal(response.status, 405, method);
      assert.equal(response.headers.get('allow'), 'GET, HEAD');
    }
  });

  it('answers malformed percent-encoding with 400', async () => {
    assert.equal(await rawGet('/categories/%E0%A4%A/'), 400);
  });

  it('never serves files outside static/', async () => {
    for (const path of [
      '/../folio.config.yaml',
      '/%2e%2e/folio.config.yaml',
      '/images/..%2f..%2ffolio.config.yaml',
      '/.%2e/content/posts/2024/short.md',
    ]) {
      const status = await rawGet(path);
      assert.ok(status === 404 || status === 400, `${path} answered ${status}`);
    }
  });
});

describe('headers, caching and compression', () => {
  it('answers HEAD with the headers of GET and no body', async () => {
    const get = await site.get('/');
    const head = await site.get('/', { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(head.headers.get('etag'), get.headers.get('etag'));
    assert.equal(head.headers.get('content-length'), get.headers.get('content-length'));
    assert.equal(await head.text(), '');
  });

  it('answers a matching If-None-Match with 304 and no body', async () => {
    const first = await site.get('/categories/algorithm/', {
      headers: { 'accept-encoding': 'identity' },
    });
    const etag = first.headers.get('etag');
    assert.ok(etag);
    const again = await site.get('/categories/algorithm/', {
      headers: { 'if-none-match': etag, 'accept-encoding': 'identity' },
    });
    assert.equal(again.status, 304);
    assert.equal(await again.text(), '');
  });

  it('compresses with brotli or gzip when asked, to the same bytes', async () => {
    const plainBody = Buffer.from(
      await (await site.get('/', { headers: { 'accept-encoding': 'identity' } })).arrayBuffer(),
    );
    for (const [encoding, decompress] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const body = await new Promise<Buffer>((resolve, reject) => {
        const req = request(
          `${site.server.url}/`,
          { headers: { 'accept-encoding': encoding } },
          (res) => {
            assert.equal(res.headers['content-encoding'], encoding);
            assert.equal(res.headers.vary, 'Accept-Encoding');
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve(Buffer.concat(chunks)));
          },
        );
        req.on('error', reject);
        req.end();
      });
      assert.ok(body.length < plainBody.length);
      assert.deepEqual(decompress(body), plainBody);
    }
  });

  it('renders a page once and serves repeated requests from memory', async () => {
    await site.get('/page/5/');
    const rendered = site.app.renderedPages;
    for (let i = 0; i < 5; i++) assert.equal((await site.get('/page/5/')).status, 200);
    assert.equal(site.app.renderedPages, rendered);
  });

  it('answers a page asked for again with the same headers and bytes, in each encoding asked for', async () => {
    const ask = async (method: string, encoding: string) => {
      const response = await site.get('/tags/notes/', {
        method,
        headers: { 'accept-encoding': encoding },
      });
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        if (!['date', 'keep-alive', 'connection'].includes(name)) headers[name] = value;
      });
      return { status: response.status, headers, body: Buffer.from(await response.arrayBuffer()) };
    };
    for (const encoding of ['gzip', 'identity', 'br']) {
      const first = await ask('GET', encoding);
      const again = await ask('GET', encoding);
      const head = await ask('HEAD', encoding);
      assert.equal(first.status, 200);
      assert.deepEqual(again, first, encoding);
      assert.deepEqual(head.headers, first.headers, `HEAD, ${encoding}`);
      assert.equal(head.body.length, 0);
    }
    const etags = await Promise.all(
      ['gzip', 'identity', 'br'].map(async (encoding) => (await ask('GET', encoding)).headers.etag),
    );
    assert.equal(new Set(etags).size, 3, 'each encoding has its own validator');
  });

  it('serves other spellings of one URL from the same single rendering', async () => {
    await site.get('/categories/algorithm/');
    const rendered = site.app.renderedPages;
    for (const spelling of [
      '/categories/%61lgorithm/',
      '/categories/%61%6cgorithm/',
      '/categories/algorith%6d/',
    ]) {
      assert.equal(await rawGet(spelling), 200, spelling);
    }
    assert.equal(site.app.renderedPages, rendered);
  });

  it('answers a request target in absolute form, as proxies send it', async () => {
    assert.equal(await rawGet('http://fixture.example.com/page/2/'), 200);
  });

  it('serves the author image from static/ with its type', async () => {
    const response = await site.get('/images/avatar.svg');
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'image/svg+xml; charset=utf-8');
    assert.ok((await response.text()).startsWith('<svg'));
  });

  it('serves the stylesheet linked from every page, cacheable for a year', async () => {
    const $ = await page('/');
    const href = $('link[rel="stylesheet"]').attr('href');
    assert.ok(href);
    const response = await site.get(href);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'text/css; charset=utf-8');
    assert.match(response.headers.get('cache-control') ?? '', /immutable/);
  });
});

describe('scheduled posts', () => {
  it('appears on a running server once its time has come, without a restart', async () => {
    // 2099-01-01 in Asia/Seoul is 15:00 UTC the day before.
    let now = Date.parse('2098-12-31T14:59:59Z');
    const scheduled = await serveSite(`${FIXTURES}basic`, { now: () => now });
    try {
      assert.equal((await scheduled.get('/posts/future-post/')).status, 404);
      // Asked for twice before its time: a page kept in memory must not outlive its version.
      await scheduled.get('/');
      await scheduled.get('/');
      now = Date.parse('2098-12-31T15:00:00Z');
      const $ = cheerio.load(await (await scheduled.get('/')).text());
      assert.equal($('main article h2').first().text(), 'From the future');
      assert.equal((await scheduled.get('/posts/future-post/')).status, 200);
    } finally {
      await scheduled.server.close();
    }
  });
});

describe('headers that protect readers', () => {
  it('forbids scripts, names the content type strictly, and hides the software', async () => {
    for (const path of ['/', '/posts/short/', '/images/avatar.svg', '/feed.xml', '/missing/']) {
      const response = await site.get(path);
      const policy = response.headers.get('content-security-policy') ?? '';
      assert.match(policy, /script-src 'none'/, path);
      assert.match(policy, /frame-ancestors 'none'/, path);
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff', path);
      assert.equal(
        response.headers.get('referrer-policy'),
        'strict-origin-when-cross-origin',
        path,
      );
      assert.equal(response.headers.get('server'), null, path);
      assert.equal(response.headers.get('x-powered-by'), null, path);
    }
  });

  it('answers a 10 KB URL with 414 and oversized headers with 431', async () => {
    assert.equal(await rawGet(`/${'a'.repeat(10 * 1024)}`), 414);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        `${site.server.url}/`,
        { headers: { 'x-big': 'b'.repeat(20 * 1024) } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end();
    });
    assert.equal(status, 431);
  });
});
