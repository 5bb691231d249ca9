// Requests an attacker would send: none reaches a file outside static/, none is echoed into a page,
// and a client that trickles its headers is cut off.
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { FIXTURES, serveSite, type ServedFixture } from './support/serve-fixture.js';

let site: ServedFixture;

before(async () => {
  site = await serveSite(`${FIXTURES}basic`, { headersTimeout: 1000 });
});
after(async () => {
  await site.server.close();
});

/** Sends `path` exactly as written in the request line and returns the status and body. */
function send(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(site.server.port, '127.0.0.1');
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0);
      resolve({ status, body: data.slice(data.indexOf('\r\n\r\n') + 4) });
    });
    const all = { Host: '127.0.0.1', Connection: 'close', ...headers };
    const lines = [`GET ${path} HTTP/1.1`, ...Object.entries(all).map(([k, v]) => `${k}: ${v}`)];
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
  });
}

// Files outside static/ that a traversal would aim for, and a line each of them holds.
const SECRETS = ['title: Fixture Notes', 'title: "Binary search, twice"', 'root:x:0:0'];

describe('path traversal in every spelling', () => {
  const attempts = [
    '/../folio.config.yaml',
    '/images/../../folio.config.yaml',
    '/images/..%2f..%2ffolio.config.yaml',
    '/%2e%2e/folio.config.yaml',
    '/%2E%2E%2Ffolio.config.yaml',
    '/images/%252e%252e/%252e%252e/folio.config.yaml',
    '/images/..\\..\\folio.config.yaml',
    '/images/..%5c..%5cfolio.config.yaml',
    '/%c0%ae%c0%ae/folio.config.yaml',
    '/%c0%ae%c0%ae%c0%af%c0%ae%c0%ae%c0%affolio.config.yaml',
    '/images/avatar.svg%00.yaml',
    '/content/posts/2024/binary-search.md',
    '//etc/passwd',
    '/%2fetc%2fpasswd',
    '/../../../../../../etc/passwd',
    '/images/../../../../../../etc/passwd%00',
    '/.%2e/.%2e/etc/passwd',
    '/static/../folio.config.yaml',
  ];
  for (const path of attempts) {
    it(`answers ${path} with 400 or 404 and no file`, async () => {
      const { status, body } = await send(path);
      assert.ok(status === 400 || status === 404, `${path} answered ${status}`);
      for (const secret of SECRETS) assert.ok(!body.includes(secret), `${path} leaked ${secret}`);
    });
  }

  it('still serves the file that is really there', async () => {
    const { status, body } = await send('/images/avatar.svg');
    assert.equal(status, 200);
    assert.match(body, /^<svg/);
  });
});

describe('headers a client controls', () => {
  it('never echoes the Host header into a page', async () => {
    const host = '"><script>alert(1)</script>';
    for (const path of ['/', '/missing/', '/page/2', '/feed.xml']) {
      const { body } = await send(path, { Host: host, 'X-Forwarded-Host': host, Referer: host });
      assert.ok(!body.includes('<script>alert(1)'), path);
    }
  });

  it('cuts off a client that sends its headers one byte at a time', async () => {
    const started = Date.now();
    const closed = await new Promise<boolean>((resolve) => {
      const socket = connect(site.server.port, '127.0.0.1');
      const request = 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ' + 'a'.repeat(1000);
      let sent = 0;
      const drip = setInterval(() => {
        if (sent < request.length && !socket.destroyed) socket.write(request[sent++] ?? '');
      }, 100);
      const give = setTimeout(() => {
        clearInterval(drip);
        socket.destroy();
        resolve(false);
      }, 8000);
      socket.on('close', () => {
        clearInterval(drip);
        clearTimeout(give);
        resolve(true);
      });
      socket.on('error', () => undefined);
    });
    assert.ok(closed, 'the server kept the slow connection open');
    assert.ok(Date.now() - started < 8000);
  });
});
