// Clients that hold connections rather than read: a flood of idle connections past what the
// process may open, readers that stop reading a large file, and live-reload streams of pages that
// are long gone. The server answers the flood 503 at once, keeps files for its own work, cuts
// readers that make no progress and bounds every live stream.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Agent, get, request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { LiveReload } from '../src/delivery/server/live-reload.js';
import { LIVE_RELOAD_PATH } from '../src/views/context.js';
import { BIN, eventually, serverUrl } from './support/folio-cli.js';
import { FIXTURES, serveSite, type ServedFixture } from './support/serve-fixture.js';

// A large file of static/: far more than the socket's buffers hold.
const LARGE = 48 * 1024 * 1024;

let dir = '';
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'folio-connections-'));
  await cp(join(FIXTURES, 'basic'), dir, { recursive: true });
  await writeFile(join(dir, 'static', 'large.bin'), Buffer.alloc(LARGE, 7));
});
after(() => rm(dir, { recursive: true, force: true }));

/** Opens `count` connections that never send a byte. */
async function idleConnections(port: number, count: number): Promise<Socket[]> {
  const sockets = Array.from({ length: count }, () => {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    return socket;
  });
  await Promise.all(sockets.map((socket) => once(socket, 'connect')));
  return sockets;
}

/**
 * Asks for `path` on a connection of its own, reads the first bytes of the answer, then nothing
 * more; fails, rather than waits for ever, if the server closes it first.
 */
async function stalledReader(port: number, path: string): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  await once(socket, 'connect');
  socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`);
  await new Promise<void>((resolve, reject) => {
    const closed = () =>
      reject(new Error(`the server closed a reader of ${path} before answering`));
    socket.once('close', closed);
    socket.once('data', () => {
      socket.pause();
      socket.off('close', closed);
      resolve();
    });
  });
  return socket;
}

/** A GET on `agent`, with its status, headers and how long it took. */
function timedGet(
  url: string,
  agent?: Agent,
): Promise<{ status: number; headers: Record<string, unknown>; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    get(url, agent ? { agent } : {}, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          ms: performance.now() - started,
        }),
      );
    }).on('error', reject);
  });
}

describe('folio serve under a flood of idle connections', () => {
  it('answers 503 at once past its bound, keeps files for its own work, and serves again after', async () => {
    // As a system with a low limit of open files would run it: 200, of which the server may
    // serve (200 - 64) / 2 = 68 connections.
    const child = spawn('sh', [
      '-c',
      'ulimit -n 200 && exec "$@"',
      'sh',
      process.execPath,
      BIN,
      'serve',
      dir,
      '--port',
      '0',
      '--host',
      '127.0.0.1',
    ]);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const url = await serverUrl(child);
    const port = Number(new URL(url).port);
    const kept = new Agent({ keepAlive: true, maxSockets: 1 });
    let idle: Socket[] = [];
    try {
      // A reader with a connection open before the flood.
      assert.equal((await timedGet(`${url}/`, kept)).status, 200);
      idle = await idleConnections(port, 300);

      const refused = await timedGet(`${url}/posts/graphs/`);
      assert.equal(refused.status, 503);
      assert.ok(refused.ms < 1000, `answered after ${Math.round(refused.ms)} ms`);
      assert.equal(refused.headers['retry-after'], '1');
      assert.match(String(refused.headers['content-security-policy']), /default-src/);

      // The reader already connected is still served, a file of static/ included: the bound
      // leaves the server files to open.
      assert.equal((await timedGet(`${url}/images/avatar.svg`, kept)).status, 200);
      assert.equal((await timedGet(`${url}/posts/graphs/`, kept)).status, 200);

      for (const socket of idle) socket.destroy();
      await eventually(
        async () => (await timedGet(`${url}/posts/graphs/`)).status === 200,
        () => stderr,
      );
      assert.doesNotMatch(stderr, /EMFILE|error/i);
    } finally {
      for (const socket of idle) socket.destroy();
      kept.destroy();
      child.kill('SIGKILL');
    }
  });
});

describe('folio serve with clients that stop reading', () => {
  // Long enough that a busy machine's delays stay small beside it, for the bound below.
  const SEND_TIMEOUT_MS = 2000;
  let site: ServedFixture;
  const liveReload = new LiveReload({ heartbeatMs: 100, lifetimeMs: 600 });
  before(async () => {
    site = await serveSite(dir, { sendTimeout: SEND_TIMEOUT_MS, liveReload });
  });
  after(async () => {
    liveReload.close();
    await site.server.close(100);
  });

  it('closes the connections of readers that stopped reading a large file once the send timeout has passed, and serves others meanwhile', async () => {
    const { port } = site.server;
    // All at once: a connection that waited for its turn to ask, silent, would be closed first.
    const readers = await Promise.all(
      Array.from({ length: 20 }, () => stalledReader(port, '/large.bin')),
    );
    const stopped = performance.now();
    assert.ok(site.server.openConnections >= 20);
    // On a connection of its own, closed once answered, so that only the readers stay open.
    const others = new Agent({ keepAlive: false });
    assert.equal((await timedGet(`${site.server.url}/posts/graphs/`, others)).status, 200);
    await eventually(
      () => Promise.resolve(site.server.openConnections === 0),
      () => `${site.server.openConnections} connections still open`,
    );
    // Closed once the timeout has passed without a byte sent, not at twice the timeout.
    const closedAfter = performance.now() - stopped;
    assert.ok(closedAfter < SEND_TIMEOUT_MS * 1.8, `closed after ${Math.round(closedAfter)} ms`);
    for (const socket of readers) socket.destroy();
  });

  it('keeps an open page’s live-reload stream alive with comments, and ends it when its time is up', async () => {
    const chunks: string[] = [];
    const started = performance.now();
    const ended = new Promise<number>((resolve, reject) => {
      request(`${site.server.url}${LIVE_RELOAD_PATH}`, (res) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => chunks.push(chunk));
        res.on('end', () => resolve(performance.now() - started));
      })
        .on('error', reject)
        .end();
    });
    const lifetime = await ended;
    const stream = chunks.join('');
    assert.match(stream, /^retry: 1000\n/, 'the browser is told to open a new stream at once');
    assert.ok(
      (stream.match(/: still watching/g) ?? []).length >= 3,
      `comments while idle: ${JSON.stringify(stream)}`,
    );
    assert.ok(lifetime >= 600 && lifetime < 2000, `ended after ${Math.round(lifetime)} ms`);
  });
});
