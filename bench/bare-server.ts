// The ceiling for any Node server on this machine: node:http answering fixed bytes from memory,
// with no routing, no negotiation and no work per request beyond one Map lookup.
//
//   node bare-server.mjs <pages.json>
//
// pages.json holds the responses to replay — `{ pages: [{ path, headers, body }] }`, the body in
// base64 — captured from `folio serve` with the benchmark's own Accept-Encoding, so that this
// server sends the very bytes Folio sent. It listens on 127.0.0.1 on a free port and prints
// `Bare server at http://127.0.0.1:PORT/`. (The benchmark compiles this file to JavaScript first,
// so that no TypeScript loader runs inside the measured process.)
import { readFileSync } from 'node:fs';
import { createServer, type OutgoingHttpHeaders } from 'node:http';

interface StoredPage {
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

interface Page {
  readonly headers: OutgoingHttpHeaders;
  readonly body: Buffer;
}

const file = process.argv[2];
if (!file) {
  console.error('Usage: node bare-server.mjs <pages.json>');
  process.exit(2);
}

const stored = (JSON.parse(readFileSync(file, 'utf8')) as { pages: StoredPage[] }).pages;
const pages = new Map<string, Page>();
for (const page of stored) {
  const body = Buffer.from(page.body, 'base64');
  pages.set(page.path, { headers: { ...page.headers, 'content-length': body.length }, body });
}

const server = createServer((req, res) => {
  const page = pages.get(req.url ?? '');
  if (page === undefined) {
    res.writeHead(404, { 'content-length': 0 });
    res.end();
    return;
  }
  res.writeHead(200, page.headers);
  res.end(page.body);
});
server.keepAliveTimeout = 60_000;

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(`Bare server at http://127.0.0.1:${port}/`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
