// The app through its one entry point, `request`, without a socket: what a server would send.
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  at,
  makeConfig,
  makeContent,
  makePost,
  makePosts,
} from '../../../test/support/site-fixtures.js';
import type { SiteContent } from '../../load/load-site.js';
import { SiteSession, type SessionOptions } from '../site-session.js';
import { App } from './app.js';
import type { AppResponse, StaticFile, StaticFiles } from './http.js';

const config = makeConfig({ pageSize: 2 });
const content = makeContent(config, makePosts(5));

interface Opening extends SessionOptions {
  readonly content?: SiteContent;
  readonly staticFiles?: StaticFiles;
}

/** An app over a session of content in memory, and the session, which changes what it shows. */
function open(options: Opening = {}): { app: App; session: SiteSession } {
  const session = SiteSession.of(options.content ?? content, options);
  return { app: new App({ session, staticFiles: options.staticFiles }), session };
}

const makeApp = (options: Opening = {}): App => open(options).app;

interface Ask {
  readonly method?: string;
  readonly encoding?: string | undefined;
  readonly ifNoneMatch?: string;
  /** The client is on this machine; by default it is, as the author previewing. */
  readonly local?: boolean;
}

/** What `request` gives, as it gives it: a promise, or the answer itself. */
function askNow(app: App, url: string, options: Ask = {}): ReturnType<App['request']> {
  return app.request({
    method: options.method ?? 'GET',
    url,
    headers: { 'accept-encoding': options.encoding, 'if-none-match': options.ifNoneMatch },
    local: options.local ?? true,
  });
}

/** What `request` gives, awaited. */
const ask = async (app: App, url: string, options: Ask = {}): Promise<AppResponse> =>
  askNow(app, url, options);

function bodyOf(response: AppResponse): Buffer {
  assert.ok(Buffer.isBuffer(response.body), `a body in memory (status ${response.status})`);
  return response.body;
}

const textOf = (response: AppResponse): string => bodyOf(response).toString('utf8');

/** The answer a request is given at once, failing if it is a promise. */
function remembered(answer: ReturnType<App['request']>): AppResponse {
  assert.ok(!(answer instanceof Promise), 'answered at once, from memory');
  return answer;
}

describe('answering a page', () => {
  it('sends the rendered page with its type, validator, length and caching', async () => {
    const response = await ask(makeApp(), '/');
    assert.equal(response.status, 200);
    assert.equal(response.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(response.headers['cache-control'], 'public, max-age=0, must-revalidate');
    assert.match(response.headers.etag ?? '', /^"[\w-]{27}"$/);
    assert.equal(response.headers.vary, 'Accept-Encoding');
    assert.equal(response.headers['content-encoding'], undefined);
    assert.equal(response.headers['content-length'], String(bodyOf(response).length));
    assert.match(textOf(response), /Post post-05/);
  });

  it('carries the security headers on every answer', async () => {
    const app = makeApp();
    for (const [url, method] of [
      ['/', 'GET'],
      ['/', 'GET'],
      ['/missing/', 'GET'],
      ['/page/2', 'GET'],
      ['/', 'POST'],
      ['/%E0%A4%A/', 'GET'],
    ] as const) {
      const { headers } = await ask(app, url, { method });
      assert.match(headers['content-security-policy'] ?? '', /script-src 'none'/, url);
      assert.equal(headers['x-content-type-options'], 'nosniff', url);
      assert.equal(headers['referrer-policy'], 'strict-origin-when-cross-origin', url);
    }
  });

  it('allows the live-reload script by its hash on a watching server', async () => {
    const { headers } = await ask(makeApp({ liveReload: true }), '/');
    assert.match(headers['content-security-policy'] ?? '', /script-src 'sha256-[\w+/=]+'/);
  });

  it('renders a page once, whichever spelling of its URL is asked for', async () => {
    const app = makeApp();
    await ask(app, '/posts/post-01/');
    const rendered = app.renderedPages;
    for (const url of ['/posts/post-01/', '/posts/post%2D01/', '/posts/%70ost-01/?ref=x']) {
      assert.equal((await ask(app, url)).status, 200, url);
    }
    assert.equal(app.renderedPages, rendered);
  });

  it('serves the theme files under their hashed paths, cacheable for a year', async () => {
    const app = makeApp();
    const href = /<link rel="stylesheet" href="([^"]+)"/.exec(textOf(await ask(app, '/')))?.[1];
    assert.ok(href);
    const response = await ask(app, href);
    assert.equal(response.status, 200);
    assert.equal(response.headers['content-type'], 'text/css; charset=utf-8');
    assert.equal(response.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.deepEqual(remembered(askNow(app, href)), response);
  });
});

describe('remembered answers', () => {
  it('answers a plain GET of a page asked for before at once, with the same answer', async () => {
    const app = makeApp();
    const first = askNow(app, '/page/2/', { encoding: 'gzip, br' });
    assert.ok(first instanceof Promise, 'the first answer is made');
    const made = await first;
    const again = remembered(askNow(app, '/page/2/', { encoding: 'gzip, br' }));
    assert.deepEqual(again, made);
  });

  it('answers HEAD at once after a GET, with its headers and no body', async () => {
    const app = makeApp();
    const get = await ask(app, '/tags/notes/');
    const head = remembered(askNow(app, '/tags/notes/', { method: 'HEAD' }));
    assert.equal(head.status, 200);
    assert.deepEqual(head.headers, get.headers);
    assert.equal(head.body, undefined);
  });

  it('remembers each encoding apart', async () => {
    const app = makeApp();
    await ask(app, '/', { encoding: 'br' });
    const gzipped = askNow(app, '/', { encoding: 'gzip' });
    assert.ok(gzipped instanceof Promise);
    await gzipped;
    assert.equal(
      remembered(askNow(app, '/', { encoding: 'br' })).headers['content-encoding'],
      'br',
    );
    assert.equal(
      remembered(askNow(app, '/', { encoding: 'gzip' })).headers['content-encoding'],
      'gzip',
    );
  });

  it('keeps nothing for a query, another spelling, a conditional request or a 404', async () => {
    const app = makeApp();
    for (const [url, options] of [
      ['/?utm=x', {}],
      ['/posts/post%2D01/', {}],
      ['/', { ifNoneMatch: '"other"' }],
      ['/missing/', {}],
      ['/page/2', {}],
    ] as const) {
      await ask(app, url, options);
      assert.ok(askNow(app, url, options) instanceof Promise, url);
    }
  });

  it('forgets every answer when content is replaced, problems or warnings shown', async () => {
    const { app, session } = open({ liveReload: true });
    const fresh = makePost('fresh', { date: at('2024-02-01T00:00:00Z') });
    const changes: [string, () => void, RegExp][] = [
      [
        'new content',
        () => session.publish(makeContent(config, [...content.posts, fresh])),
        /Post fresh/,
      ],
      ['problems', () => session.showProblems(['posts/x.md:3: a broken date']), /a broken date/],
      ['warnings', () => session.showWarnings(['posts/y.md:9: an image is missing']), /is missing/],
    ];
    for (const [change, make, shown] of changes) {
      await ask(app, '/');
      remembered(askNow(app, '/'));
      make();
      const answer = askNow(app, '/');
      assert.ok(answer instanceof Promise, `after ${change}, the page is answered afresh`);
      assert.match(textOf(await answer), shown, change);
    }
  });

  it('answers HEAD with no body and GET with the whole body, remembered or not', async () => {
    const app = makeApp();
    for (const url of ['/', '/missing/', '/page/2', '/%E0%A4%A/', `/${'a'.repeat(9000)}`]) {
      const head = await ask(app, url, { method: 'HEAD' });
      const get = await ask(app, url);
      assert.equal(head.body, undefined, url);
      assert.equal(head.status, get.status, url);
      assert.deepEqual(head.headers, get.headers, url);
    }
  });
});

describe('problems and warnings of a watching server', () => {
  const problem = 'content/posts/x.md:3: a broken date';
  const warning = 'content/posts/y.md:9: an image is missing';

  it('are shown only to this machine, each kind of client answered from its own memory', async () => {
    const { app, session } = open({ liveReload: true });
    session.showProblems([problem]);
    session.showWarnings([warning]);
    for (const round of ['first', 'remembered']) {
      for (const url of ['/', '/posts/post-1/', '/missing/']) {
        const mine = textOf(await ask(app, url));
        const theirs = textOf(await ask(app, url, { local: false }));
        assert.match(mine, /a broken date/, `${round} ${url}`);
        assert.match(mine, /an image is missing/, `${round} ${url}`);
        assert.doesNotMatch(
          theirs,
          /broken date|image is missing|content\/posts/,
          `${round} ${url}`,
        );
        assert.match(theirs, /live/, 'other clients still reload');
      }
    }
    assert.doesNotMatch(
      textOf(await app.request({ method: 'GET', url: '/', headers: {} })),
      /a broken date/,
      'a request that does not say it is local is not',
    );
  });

  it('leave the pages of other clients as they were once fixed, and reach them no more', async () => {
    const { app, session } = open({ liveReload: true });
    const before = textOf(await ask(app, '/', { local: false }));
    session.showProblems([problem]);
    assert.equal(textOf(await ask(app, '/', { local: false })), before);
    session.showProblems([]);
    session.showWarnings([]);
    assert.equal(
      app.caches,
      session.stateFor(false).caches,
      'one state when there is nothing to hide',
    );
    assert.doesNotMatch(textOf(await ask(app, '/')), /a broken date/);
  });
});

describe('compression', () => {
  it('sends the form Accept-Encoding asks for, each with its own validator', async () => {
    const app = makeApp();
    const plain = bodyOf(await ask(app, '/', { encoding: 'identity' }));
    const cases: [string | undefined, string | undefined, (body: Buffer) => Buffer][] = [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['br;q=0.5, gzip', 'gzip', gunzipSync],
      ['gzip', 'gzip', gunzipSync],
      ['br;q=0, gzip;q=0', undefined, (body) => body],
      [undefined, undefined, (body) => body],
    ];
    const etags = new Set<string>();
    for (const [accept, encoding, decompress] of cases) {
      const response = await ask(app, '/', { encoding: accept });
      const body = bodyOf(response);
      assert.equal(response.headers['content-encoding'], encoding, String(accept));
      assert.equal(response.headers.vary, 'Accept-Encoding', String(accept));
      assert.equal(response.headers['content-length'], String(body.length), String(accept));
      assert.deepEqual(decompress(body), plain, String(accept));
      if (encoding) assert.ok(body.length < plain.length, String(accept));
      etags.add(response.headers.etag ?? '');
    }
    assert.equal(etags.size, 3, 'one validator per form');
  });

  it('compresses a version of a document once per encoding', async () => {
    const { app, session } = open();
    const misses = () => app.caches.compressed.stats.misses;
    await ask(app, '/page/2/', { encoding: 'br' });
    assert.equal(misses(), 1);
    // A conditional request is not remembered: it reaches the compressed forms.
    await ask(app, '/page/2/', { encoding: 'br', ifNoneMatch: '"other"' });
    await ask(app, '/page/2/?x', { encoding: 'br' });
    assert.equal(misses(), 1);
    await ask(app, '/page/2/', { encoding: 'gzip' });
    assert.equal(misses(), 2);
    session.showWarnings(['a warning']);
    assert.equal(misses(), 0, 'a new version starts with caches of its own');
    await ask(app, '/page/2/', { encoding: 'br' });
    assert.equal(misses(), 1, 'a new version is compressed again');
  });
});

describe('conditional GET', () => {
  it('answers 304 when If-None-Match names the validator of the form asked for', async () => {
    const app = makeApp();
    for (const encoding of ['br', 'gzip', 'identity']) {
      const { headers } = await ask(app, '/tags/notes/', { encoding });
      const etag = headers.etag ?? '';
      for (const ifNoneMatch of [etag, `W/${etag}`, `"x", ${etag}`, '*']) {
        const response = await ask(app, '/tags/notes/', { encoding, ifNoneMatch });
        assert.equal(response.status, 304, `${encoding}: ${ifNoneMatch}`);
        assert.equal(response.body, undefined);
        assert.equal(response.headers.etag, etag);
        assert.equal(response.headers.vary, 'Accept-Encoding');
        assert.equal(response.headers['content-length'], undefined);
        assert.equal(response.headers['content-encoding'], undefined);
      }
    }
  });

  it('sends the whole form when the validator named is another form’s or another version’s', async () => {
    const { app, session } = open();
    const brotli = (await ask(app, '/', { encoding: 'br' })).headers.etag ?? '';
    const other = await ask(app, '/', { encoding: 'gzip', ifNoneMatch: brotli });
    assert.equal(other.status, 200);
    assert.equal(other.headers['content-encoding'], 'gzip');
    session.showWarnings(['a warning']);
    assert.equal((await ask(app, '/', { encoding: 'br', ifNoneMatch: brotli })).status, 200);
  });

  it('never answers 304 for the 404 page', async () => {
    const app = makeApp();
    const { headers } = await ask(app, '/missing/');
    assert.equal((await ask(app, '/missing/', { ifNoneMatch: headers.etag ?? '' })).status, 404);
  });
});

describe('requests the app refuses or sends elsewhere', () => {
  it('answers other methods with 405 and Allow', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      const response = await ask(makeApp(), '/', { method });
      assert.equal(response.status, 405, method);
      assert.equal(response.headers.allow, 'GET, HEAD');
      assert.equal(textOf(response), 'Method Not Allowed\n');
    }
  });

  it('answers a request target longer than 8 KiB with 414', async () => {
    const app = makeApp();
    assert.equal((await ask(app, `/${'a'.repeat(8191)}`)).status, 404);
    const response = await ask(app, `/${'a'.repeat(8192)}`);
    assert.equal(response.status, 414);
    assert.equal(textOf(response), 'URI Too Long\n');
  });

  it('answers a path that is not percent-encoded UTF-8 with 400', async () => {
    for (const url of ['/categories/%E0%A4%A/', '/posts/%ff/', '/%']) {
      const response = await ask(makeApp(), url);
      assert.equal(response.status, 400, url);
      assert.equal(response.headers['content-type'], 'text/plain; charset=utf-8');
    }
  });

  it('redirects to the canonical URL, keeping the query', async () => {
    const app = makeApp();
    for (const [url, location] of [
      ['/page/2', '/page/2/'],
      ['/page/2?x=1&y', '/page/2/?x=1&y'],
      ['/page/1/?from=feed', '/?from=feed'],
      ['/tags/notes', '/tags/notes/'],
    ]) {
      const response = await ask(app, url ?? '');
      assert.equal(response.status, 301, url);
      assert.equal(response.headers.location, location, url);
      assert.equal(response.headers['content-length'], '0');
      assert.equal(response.body, undefined);
    }
  });

  it('answers an unknown path with the 404 page', async () => {
    const response = await ask(makeApp(), '/no/such/page');
    assert.equal(response.status, 404);
    assert.equal(response.headers['content-type'], 'text/html; charset=utf-8');
    assert.match(textOf(response), /<html/);
  });

  it('rejects, rather than throws, when answering fails', async () => {
    const staticFiles = {
      lookup: (): Promise<StaticFile | undefined> => {
        throw new Error('the disk is gone');
      },
    };
    const answer = askNow(makeApp({ staticFiles }), '/images/a.png');
    assert.ok(answer instanceof Promise);
    await assert.rejects(answer, /the disk is gone/);
  });
});

describe('files of static/', () => {
  const bytes = Buffer.from('not really a PNG');
  const makeFiles = () => {
    const asked: string[] = [];
    let opened = 0;
    const file: StaticFile = {
      size: bytes.length,
      etag: '"file-1"',
      contentType: 'image/png',
      open: () => {
        opened++;
        return Readable.from([bytes]);
      },
    };
    const staticFiles = {
      lookup: (path: string) => {
        asked.push(path);
        return Promise.resolve(path === '/images/a b.png' ? file : undefined);
      },
    };
    return { staticFiles, asked, opened: () => opened };
  };

  it('serves a file by its decoded path, as a stream, cacheable for an hour', async () => {
    const files = makeFiles();
    const app = makeApp({ staticFiles: files.staticFiles });
    const response = await ask(app, '/images/a%20b.png', { encoding: 'br' });
    assert.deepEqual(files.asked, ['/images/a b.png']);
    assert.equal(response.status, 200);
    assert.equal(response.headers['content-type'], 'image/png');
    assert.equal(response.headers['cache-control'], 'public, max-age=3600');
    assert.equal(response.headers.etag, '"file-1"');
    assert.equal(response.headers['content-length'], String(bytes.length));
    assert.equal(response.headers['content-encoding'], undefined);
    assert.equal(response.headers.vary, undefined);
    assert.ok(response.body instanceof Readable);
    assert.deepEqual(Buffer.concat(await response.body.toArray()), bytes);
  });

  it('answers 304 and HEAD without opening the file, and never remembers it', async () => {
    const files = makeFiles();
    const app = makeApp({ staticFiles: files.staticFiles });
    const unchanged = await ask(app, '/images/a%20b.png', { ifNoneMatch: '"file-1"' });
    assert.equal(unchanged.status, 304);
    const head = askNow(app, '/images/a%20b.png', { method: 'HEAD' });
    assert.ok(head instanceof Promise);
    assert.equal((await head).body, undefined);
    assert.equal(files.opened(), 0);
  });

  it('answers the 404 page when no file is there', async () => {
    const files = makeFiles();
    const response = await ask(makeApp({ staticFiles: files.staticFiles }), '/images/b.png');
    assert.equal(response.status, 404);
    assert.equal(response.headers['content-type'], 'text/html; charset=utf-8');
  });
});

describe('the site clock', () => {
  const due = at('2024-06-01T00:00:00Z');
  const scheduled = makeContent(config, [
    ...content.posts,
    makePost('scheduled', { date: due, title: 'Scheduled post' }),
  ]);

  it('shows a scheduled post once the clock passes its date, without a stale answer', async () => {
    let now = due - 1;
    const app = makeApp({ content: scheduled, now: () => now });
    assert.equal((await ask(app, '/posts/scheduled/')).status, 404);
    await ask(app, '/');
    assert.doesNotMatch(textOf(remembered(askNow(app, '/'))), /Scheduled post/);
    now = due;
    const answer = askNow(app, '/');
    assert.ok(answer instanceof Promise, 'the remembered answer is past its time');
    assert.match(textOf(await answer), /Scheduled post/);
    assert.equal((await ask(app, '/posts/scheduled/')).status, 200);
    assert.equal(app.site.validUntil, Infinity);
  });

  it('rebuilds the site when asked for it past its time', () => {
    let now = due - 1;
    const app = makeApp({ content: scheduled, now: () => now });
    assert.equal(app.site.posts.length, 5);
    now = due;
    assert.equal(app.site.posts.length, 6);
  });
});
