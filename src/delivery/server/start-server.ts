// Deliver: the HTTP server — node:http in front of the app, with timeouts and a graceful stop.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream/promises';
import { LIVE_RELOAD_PATH } from '../../views/context.js';
import type { App } from '../app.js';
import type { LiveReload } from './live-reload.js';

export interface ServerOptions {
  readonly app: App;
  readonly port: number;
  readonly host: string;
  /** Where unexpected failures are reported; the server keeps running. */
  readonly logError?: (message: string) => void;
  /** How long a client may take to send its request headers, in ms (default 10 s). */
  readonly headersTimeout?: number;
  /** On a watching server: the event stream that makes open pages reload. */
  readonly liveReload?: LiveReload;
}

export interface RunningServer {
  /** The base URL, e.g. `http://127.0.0.1:4000`, with the port actually bound. */
  readonly url: string;
  readonly port: number;
  /** Stops accepting connections and resolves when requests in flight have finished. */
  close(graceMs?: number): Promise<void>;
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const logError = options.logError ?? ((message: string) => console.error(message));
  const { liveReload } = options;
  // Checking connections every second lets headersTimeout cut slow clients off on time.
  const server = createServer({ connectionsCheckingInterval: 1000 }, (req, res) => {
    if (liveReload && req.method === 'GET' && req.url === LIVE_RELOAD_PATH) {
      liveReload.attach(req, res);
      return;
    }
    respond(options.app, req, res).catch((cause: unknown) => {
      logError(`error answering ${req.method ?? ''} ${req.url ?? ''}: ${String(cause)}`);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(res.headersSent ? undefined : 'Internal Server Error\n');
    });
  });
  server.headersTimeout = options.headersTimeout ?? 10_000;
  server.requestTimeout = 30_000;
  server.keepAliveTimeout = 5_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}`,
    port,
    close: (graceMs = 10_000) =>
      new Promise<void>((resolve) => {
        liveReload?.close();
        const force = setTimeout(() => server.closeAllConnections(), graceMs);
        force.unref();
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}

async function respond(app: App, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const response = await app.handle({
    method: req.method ?? 'GET',
    url: originForm(req.url ?? '/'),
    headers: {
      'accept-encoding': header(req, 'accept-encoding'),
      'if-none-match': header(req, 'if-none-match'),
    },
  });
  res.writeHead(response.status, response.headers);
  const body = response.body;
  if (req.method === 'HEAD' || body === undefined) {
    if (body && !Buffer.isBuffer(body)) body.destroy();
    res.end();
  } else if (Buffer.isBuffer(body)) {
    res.end(body);
  } else {
    await pipeline(body, res);
  }
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** `GET http://host/path` (absolute form, as proxies send it) → `/path`. */
function originForm(target: string): string {
  if (target.startsWith('/')) return target;
  try {
    const url = new URL(target);
    return `${url.pathname}${url.search}`;
  } catch {
    return target;
  }
}
