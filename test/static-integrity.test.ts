// A file of static/ that changes while it is sent: the answer holds exactly the bytes it declared,
// or the connection is closed — never an answer that runs into the next one.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { appendFile, mkdir, truncate, writeFile } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { folio, serverUrl } from './support/folio-cli.js';
import { tempRoot } from './support/temp-root.js';

const root = tempRoot('folio-static-integrity-');
// Far more than the socket's buffers hold, so that the server is still reading the file when it
// changes: a client that reads nothing holds the rest back.
const SIZE = 48 * 1024 * 1024;
const POST = ['---', 'title: Fine', 'date: 2024-03-15', 'tags: [a]', '---', 'Body.', ''];

let dir = '';
let server: ReturnType<typeof folio> | undefined;
let port = 0;

before(async () => {
  dir = join(root, 'site');
  await mkdir(join(dir, 'content', 'posts'), { recursive: true });
  await mkdir(join(dir, 'static'), { recursive: true });
  await writeFile(
    join(dir, 'folio.config.yaml'),
    'title: Integrity\nurl: https://integrity.example.com\nauthor:\n  name: Ann\n',
  );
  await writeFile(join(dir, 'content', 'posts', 'fine.md'), POST.join('\n'));
  await writeFile(join(dir, 'static', 'small.txt'), 'small\n');
  server = folio(['serve', dir, '--port', '0', '--host', '127.0.0.1']);
  port = Number(new URL(await serverUrl(server)).port);
});
after(() => {
  server?.kill('SIGKILL');
});

/** Everything a socket receives until the server closes it. */
async function receiveAll(socket: Socket): Promise<Buffer> {
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  await once(socket, 'close');
  return Buffer.concat(chunks);
}

/** Sends `requests` on one connection, waits for the first bytes of the answer, then `change`s. */
async function askWhileChanging(
  requests: readonly string[],
  change: () => Promise<void>,
): Promise<Buffer> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.write(requests.map((path) => `GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`).join(''));
  const [first] = (await once(socket, 'data')) as [Buffer];
  socket.pause();
  await change();
  const rest = receiveAll(socket);
  socket.unshift(first);
  socket.resume();
  // The server keeps a connection that ended cleanly open for the next request: end it ourselves
  // once it has been quiet for a moment.
  let quiet = setTimeout(() => socket.end(), 1000);
  socket.on('data', () => {
    clearTimeout(quiet);
    quiet = setTimeout(() => socket.end(), 1000);
  });
  return rest;
}

function contentLength(received: Buffer): { declared: number; body: Buffer } {
  const headEnd = received.indexOf('\r\n\r\n');
  const head = received.subarray(0, headEnd).toString('latin1');
  const declared = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1]);
  return { declared, body: received.subarray(headEnd + 4) };
}

describe('a file of static/ that changes while it is sent', { timeout: 60_000 }, () => {
  it('that grows is sent as it was when its answer began, and the next answer follows intact', async () => {
    const file = join(dir, 'static', 'grows.bin');
    await writeFile(file, Buffer.alloc(SIZE, 0x61));
    const received = await askWhileChanging(['/grows.bin', '/small.txt'], () =>
      appendFile(file, Buffer.alloc(1024 * 1024, 0x62)),
    );
    const { declared, body } = contentLength(received);
    assert.equal(declared, SIZE);
    const first = body.subarray(0, declared);
    assert.equal(first.indexOf(0x62), -1, 'no byte written after the answer began');
    const next = body.subarray(declared).toString('latin1');
    assert.match(next, /^HTTP\/1\.1 200 OK\r\n[\s\S]*\r\n\r\nsmall\n$/, 'the next answer, whole');
  });

  it('that shrinks closes the connection, so the next answer is not taken for its rest', async () => {
    const file = join(dir, 'static', 'shrinks.bin');
    await writeFile(file, Buffer.alloc(SIZE, 0x61));
    const received = await askWhileChanging(['/shrinks.bin', '/small.txt'], () =>
      truncate(file, 1024),
    );
    const { declared, body } = contentLength(received);
    assert.equal(declared, SIZE);
    assert.ok(body.length < declared, 'fewer bytes than declared, and then the connection closed');
    assert.equal(body.indexOf('HTTP/1.1'), -1, 'no answer runs into the cut one');
  });
});

// A video player asks for a file in parts; a server that answers every part with the whole file
// leaves Safari unable to play it.
describe('a range of a file of static/', { timeout: 30_000 }, () => {
  const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
  const ask = async (range: string, method = 'GET') => {
    await writeFile(join(dir, 'static', 'clip.mp4'), bytes);
    const response = await fetch(`http://127.0.0.1:${port}/clip.mp4`, {
      method,
      headers: { range },
    });
    return { response, body: Buffer.from(await response.arrayBuffer()) };
  };

  it('is sent alone, with where it stands in the file', async () => {
    for (const [range, start, end] of [
      ['bytes=0-99', 0, 99],
      ['bytes=900-', 900, 999],
      ['bytes=-10', 990, 999],
      ['bytes=500-99999', 500, 999],
    ] as const) {
      const { response, body } = await ask(range);
      assert.equal(response.status, 206, range);
      assert.equal(response.headers.get('content-range'), `bytes ${start}-${end}/1000`, range);
      assert.equal(response.headers.get('content-length'), String(end - start + 1), range);
      assert.deepEqual(body, bytes.subarray(start, end + 1), range);
    }
  });

  it('past the end of the file is refused with the file’s length', async () => {
    const { response } = await ask('bytes=1000-');
    assert.equal(response.status, 416);
    assert.equal(response.headers.get('content-range'), 'bytes */1000');
  });

  it('of several parts, or asked with HEAD, gets the whole file, which says ranges are taken', async () => {
    for (const [range, method] of [
      ['bytes=0-1,5-6', 'GET'],
      ['bytes=0-99', 'HEAD'],
    ] as const) {
      const { response, body } = await ask(range, method);
      assert.equal(response.status, 200, range);
      assert.equal(response.headers.get('accept-ranges'), 'bytes');
      assert.equal(response.headers.get('content-length'), '1000');
      if (method === 'GET') assert.deepEqual(body, bytes);
    }
  });
});
