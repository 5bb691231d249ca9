// Test support: a plain static file server for an exported site, as a CDN serves one — files by
// path, `index.html` for folders, no Folio code in the way — on an ephemeral port; at the root, or
// under a mount path as GitHub Pages serves a project site (`/blog/`).
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.svg': 'image/svg+xml',
  '.bin': 'application/octet-stream',
};

export interface StaticServer {
  readonly url: string;
  /** Every path asked for, with the bytes sent. */
  readonly requests: { readonly path: string; readonly bytes: number }[];
  close(): Promise<void>;
}

/**
 * Serves the folder `root`; with `mount` (`/blog`), only under that path — `/blog/x.html` is the
 * folder's `x.html` — and anything else is a 404.
 */
export async function serveStatic(
  root: string,
  options: { readonly mount?: string } = {},
): Promise<StaticServer> {
  const requests: { path: string; bytes: number }[] = [];
  const mount = options.mount ?? '';
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    if (!path.startsWith(`${mount}/`)) {
      requests.push({ path, bytes: 0 });
      response.writeHead(404).end();
      return;
    }
    const inside = path.slice(mount.length);
    const file = normalize(join(root, inside.endsWith('/') ? `${inside}index.html` : inside));
    if (!file.startsWith(root)) {
      response.writeHead(400).end();
      return;
    }
    readFile(file).then(
      (body) => {
        requests.push({ path, bytes: body.length });
        response.writeHead(200, {
          'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        });
        response.end(body);
      },
      () => {
        requests.push({ path, bytes: 0 });
        response.writeHead(404).end();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
