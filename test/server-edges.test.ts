// The answers the server gives around the app — the live-reload stream, the 500 fallback, Node's
// own refusals of bad requests — and clients that leave mid-download, through the real server.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { cp, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { LIVE_RELOAD_PATH } from '../src/views/context.js';
import { folio, serverUrl } from './support/folio-cli.js';
import { FIXTURES, serveSite } from './support/serve-fixture.js';
import { tempRoot } from './support/temp-root.js';

const SECURITY_HEADERS = ['content-security-policy', 'x-content-type-options', 'referrer-policy'];
const BIG_FILE_BYTES = 32 * 1024 * 1024;

/** The security headers of the answer to `/`: what every other answer must carry too. */
async function expectedHeaders(url: string): Promise<Record<string, string>> {
  const response = await fetch(`${url}/`);
  await response.arrayBuffer();
  return Object.fromEntries(
    SECURITY_HEADERS.map((name) => [name, response.headers.get(name) ?? 'missing on /']),
  );
}

/** Sends `bytes` on a raw connection and returns all the server wrote back before closing. */
async function exchange(url: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
  socket.on('error', () => undefined);
  if (bytes !== '') socket.write(bytes);
  await once(socket, 'close');
  return answer;
}

/** The status line and the headers, by lower-case name, of a raw answer. */
function parse(answer: string): { statusLine: string; headers: Map<string, string> } {
  const [statusLine = '', ...lines] = (answer.split('\r\n\r\n')[0] ?? '').split('\r\n');
  const headers = new Map<string, string>();
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { statusLine, headers };
}

function assertSecurityHeaders(
  headers: Map<string, string> | Headers,
  expected: Record<string, string>,
  what: string,
): void {
  for (const name of SECURITY_HEADERS) {
    assert.equal(headers.get(name) ?? undefined, expected[name], `${name} of ${what}`);
  }
}

describe('folio serve --watch', () => {
  const root = tempRoot('folio-server-edges-');
  const site = join(root, 'site');
  let child: ChildProcessWithoutNullStreams;
  let url: string;
  let expected: Record<string, string>;
  let stderr = '';

  before(async () => {
    await cp(join(FIXTURES, 'basic'), site, { recursive: true });
    await writeFile(join(site, 'static', 'big.bin'), Buffer.alloc(BIG_FILE_BYTES, 7));
    child = folio(['serve', site, '--port', '0', '--watch']);
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    url = await serverUrl(child);
    expected = await expectedHeaders(url);
  });
  after(async () => {
    const closed = once(child, 'close');
    child.kill('SIGTERM');
    await closed;
  });

  it('sends the live-reload event stream with the security headers', async () => {
    const headers = await new Promise<Map<string, string>>((resolve, reject) => {
      const req = request(`${url}${LIVE_RELOAD_PATH}`, (res) => {
        assert.equal(res.statusCode, 200);
        assert.match(res.headers['content-type'] ?? '', /^text\/event-stream/);
        resolve(new Map(Object.entries(res.headers).map(([k, v]) => [k, String(v)])));
        req.destroy();
      });
      req.on('error', reject);
      req.end();
    });
    assert.match(expected['content-security-policy'] ?? '', /script-src 'sha256-/);
    assertSecurityHeaders(headers, expected, 'the live-reload stream');
  });

  it('answers a malformed request with 400, the security headers, and a closed connection', async () => {
    const answer = parse(await exchange(url, 'GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'));
    assert.equal(answer.statusLine, 'HTTP/1.1 400 Bad Request');
    assert.equal(answer.headers.get('connection'), 'close');
    assertSecurityHeaders(answer.headers, expected, 'the 400');
  });

  it('answers headers over 16 KiB with 431 and the security headers', async () => {
    const big = `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20 * 1024)}\r\n\r\n`;
    const answer = parse(await exchange(url, big));
    assert.equal(answer.statusLine, 'HTTP/1.1 431 Request Header Fields Too Large');
    assert.equal(answer.headers.get('connection'), 'close');
    assertSecurityHeaders(answer.headers, expected, 'the 431');
  });

  it('reports nothing when a client leaves in the middle of a download', async () => {
    const { hostname, port } = new URL(url);
    for (let i = 0; i < 3; i += 1) {
      const socket = connect(Number(port), hostname);
      socket.on('error', () => undefined);
      socket.write('GET /big.bin HTTP/1.1\r\nHost: x\r\n\r\n');
      await once(socket, 'data');
      socket.destroy();
    }
    // The server still answers, and has had time to notice each client gone.
    await sleep(500);
    assert.equal((await fetch(`${url}/`)).status, 200);
    await sleep(200);
    assert.doesNotMatch(stderr, /error answering/);
  });
});

describe('the real server, in-process', () => {
  it('answers a request too slow to send its headers with 408 and the security headers', async () => {
    const served = await serveSite(`${FIXTURES}basic`, { headersTimeout: 500 });
    try {
      const expected = await expectedHeaders(served.server.url);
      // Half a request, never finished.
      const answer = parse(await exchange(served.server.url, 'GET / HTTP/1.1\r\nHost: x\r\n'));
      assert.equal(answer.statusLine, 'HTTP/1.1 408 Request Timeout');
      assert.equal(answer.headers.get('connection'), 'close');
      assertSecurityHeaders(answer.headers, expected, 'the 408');
    } finally {
      await served.server.close();
    }
  });

  it('answers 500 with the security headers when answering fails, and reports it', async () => {
    const logged: string[] = [];
    const served = await serveSite(`${FIXTURES}basic`, {
      staticFiles: { lookup: () => Promise.reject(new Error('the disk is gone')) },
      logError: (message) => logged.push(message),
    });
    try {
      const expected = await expectedHeaders(served.server.url);
      const response = await served.get('/images/avatar.svg');
      assert.equal(response.status, 500);
      assert.equal(await response.text(), 'Internal Server Error\n');
      assertSecurityHeaders(response.headers, expected, 'the 500');
      assert.deepEqual(logged, ['error answering GET /images/avatar.svg: Error: the disk is gone']);
    } finally {
      await served.server.close();
    }
  });

  it('still reports a file that fails while it is sent', async () => {
    const logged: string[] = [];
    const failing = (): Readable =>
      new Readable({
        read() {
          this.push(Buffer.alloc(1024, 1));
          this.destroy(new Error('the disk failed mid-file'));
        },
      });
    const served = await serveSite(`${FIXTURES}basic`, {
      staticFiles: {
        lookup: () =>
          Promise.resolve({ size: 4096, etag: 'W/"x"', contentType: 'text/plain', open: failing }),
      },
      logError: (message) => logged.push(message),
    });
    try {
      await served
        .get('/file.txt')
        .then(
          (response) => response.arrayBuffer(),
          () => undefined,
        )
        .catch(() => undefined);
      await sleep(100);
      assert.deepEqual(logged, ['error answering GET /file.txt: Error: the disk failed mid-file']);
    } finally {
      await served.server.close();
    }
  });
});
