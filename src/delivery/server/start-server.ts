// Deliver: the HTTP server — node:http in front of the app, with timeouts and a graceful stop.
import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import { Server as NetServer, type AddressInfo, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { Duplex } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { LIVE_RELOAD_PATH } from '../../views/context.js';
import type { App } from '../app/app.js';
import type { AppRequest, AppResponse } from '../app/http.js';
import type { LiveReload } from './live-reload.js';
import { isLoopback } from './loopback.js';

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
  /** Requests being answered right now (open live-reload streams included). */
  readonly requestsInFlight: number;
  /** Connections open right now, idle ones included. */
  readonly openConnections: number;
  /**
   * Stops accepting connections, answers every request already received (telling its client to
   * close the connection), closes idle connections, and resolves once all are closed; connections
   * still open after `graceMs` are cut.
   */
  close(graceMs?: number): Promise<void>;
}

// How long a kept-alive connection may stay quiet once the server is stopping. Not zero: its
// client may be sending its next request right now, and closing under it would reset a request
// the client rightly believes was sent.
const CLOSING_IDLE_MS = 200;
const SWEEP_MS = 50;
// At most this long is spent taking connections that were waiting to be accepted. Node takes one
// a turn of its event loop, and a loaded server's turns are long, so a full queue needs this.
const DRAIN_MS = 1_000;

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const logError = options.logError ?? ((message: string) => console.error(message));
  const { liveReload } = options;
  const headers = options.app.securityHeaders;
  const inFlight = new Set<ServerResponse>();
  // Every open connection, with when it was last seen busy once the server is stopping.
  const sockets = new Map<Socket, { quietSince: number; bytesRead: number }>();
  let accepted = 0;
  let closing: Promise<void> | undefined;
  const track = (res: ServerResponse): void => {
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  };
  // Checking connections every second lets headersTimeout cut slow clients off on time.
  const server = createServer({ connectionsCheckingInterval: 1000 }, (req, res) => {
    if (closing) res.setHeader('connection', 'close');
    if (liveReload && req.method === 'GET' && req.url === LIVE_RELOAD_PATH) {
      track(res);
      liveReload.attach(req, res, headers);
      return;
    }
    const answer = options.app.request(appRequest(req));
    // Most requests are for pages already answered once: those go out at once, without the
    // turn of the event loop an awaited answer would cost, and are never in flight (bytes the
    // socket still holds keep it busy for a stop all the same).
    if (!(answer instanceof Promise)) {
      res.writeHead(answer.status, answer.headers);
      res.end(answer.body);
      return;
    }
    track(res);
    answer
      .then((response) => send(req, res, response))
      .catch((cause: unknown) => {
        // A client that went away mid-answer is no fault of the server's: nothing to report.
        if (leftByClient(req, cause)) return;
        logError(`error answering ${req.method ?? ''} ${req.url ?? ''}: ${String(cause)}`);
        // An answer already begun can only be cut short.
        if (res.headersSent) {
          res.end();
          return;
        }
        res.writeHead(500, { ...headers, 'content-type': 'text/plain; charset=utf-8' });
        res.end('Internal Server Error\n');
      });
  });
  // The requests node:http refuses itself — malformed, too slow, headers too large — are
  // answered here, so that these answers carry the security headers too.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) =>
    refuse(error, socket, headers),
  );
  server.headersTimeout = options.headersTimeout ?? 10_000;
  server.requestTimeout = 30_000;
  server.keepAliveTimeout = 5_000;
  server.on('connection', (socket: Socket) => {
    accepted += 1;
    sockets.set(socket, { quietSince: performance.now(), bytesRead: 0 });
    socket.once('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;

  /**
   * Closes the connections that have been quiet for CLOSING_IDLE_MS. Run after the event loop
   * has read the sockets (setImmediate), so that a request that reached the machine counts as
   * activity even when the loop was too busy to look before the time-out ran out.
   */
  const closeQuiet = (): void => {
    const now = performance.now();
    const busy = new Set([...inFlight].map((res) => res.socket));
    for (const [socket, seen] of sockets) {
      if (busy.has(socket) || socket.writableLength > 0 || socket.bytesRead !== seen.bytesRead) {
        seen.quietSince = now;
        seen.bytesRead = socket.bytesRead;
      } else if (now - seen.quietSince >= CLOSING_IDLE_MS) {
        socket.destroy();
      }
    }
  };

  /**
   * Takes the connections the kernel has completed but the server has not picked up yet: a busy
   * server may have a hundred waiting, with their requests sent, and closing the listener would
   * reset them. Each whole turn of the event loop accepts the oldest one waiting; the first turn
   * that accepts nothing, or the time limit, ends it: what comes later came after the signal.
   */
  const takeWaiting = async (): Promise<void> => {
    const deadline = performance.now() + DRAIN_MS;
    const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
    await turn();
    for (;;) {
      const before = accepted;
      await turn();
      if (accepted === before || performance.now() >= deadline) return;
    }
  };

  const stop = async (graceMs: number): Promise<void> => {
    liveReload?.close();
    const now = performance.now();
    for (const [socket, seen] of sockets) {
      seen.quietSince = now;
      seen.bytesRead = socket.bytesRead;
    }
    // Answers not begun yet tell their clients to close the connection after them.
    for (const res of inFlight) if (!res.headersSent) res.setHeader('connection', 'close');
    const force = setTimeout(() => server.closeAllConnections(), graceMs);
    const sweep = setInterval(() => setImmediate(closeQuiet), SWEEP_MS);
    try {
      await takeWaiting();
      // node:http's own close() also destroys every idle connection at once, including those
      // whose next request is on its way; stopping only the listener leaves them to closeQuiet.
      await new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
    } finally {
      clearTimeout(force);
      clearInterval(sweep);
    }
  };

  return {
    url: `http://${host}:${port}`,
    port,
    get requestsInFlight() {
      return inFlight.size;
    },
    get openConnections() {
      return sockets.size;
    },
    close: (graceMs = 10_000) => (closing ??= stop(graceMs)),
  };
}

function appRequest(req: IncomingMessage): AppRequest {
  // The headers the app reads, straight from the raw list: `req.headers` would first build an
  // object of every header, on every request. Repeats are joined as Node joins them.
  let acceptEncoding: string | undefined;
  let ifNoneMatch: string | undefined;
  let range: string | undefined;
  let ifRange: string | undefined;
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i] as string;
    const value = raw[i + 1] as string;
    if (name.length === 15 && name.toLowerCase() === 'accept-encoding') {
      acceptEncoding = acceptEncoding === undefined ? value : `${acceptEncoding}, ${value}`;
    } else if (name.length === 13 && name.toLowerCase() === 'if-none-match') {
      ifNoneMatch = ifNoneMatch === undefined ? value : `${ifNoneMatch}, ${value}`;
    } else if (name.length === 5 && name.toLowerCase() === 'range') {
      range = range === undefined ? value : `${range}, ${value}`;
    } else if (name.length === 8 && name.toLowerCase() === 'if-range') {
      ifRange = value;
    }
  }
  return {
    method: req.method ?? 'GET',
    url: originForm(req.url ?? '/'),
    headers: {
      'accept-encoding': acceptEncoding,
      'if-none-match': ifNoneMatch,
      range,
      'if-range': ifRange,
    },
    local: isLoopback(req.socket.remoteAddress),
  };
}

async function send(
  req: IncomingMessage,
  res: ServerResponse,
  response: AppResponse,
): Promise<void> {
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

/** Whether an answer failed only because its client closed the connection before its end. */
function leftByClient(req: IncomingMessage, cause: unknown): boolean {
  return (
    req.socket.destroyed &&
    (cause as NodeJS.ErrnoException | undefined)?.code === 'ERR_STREAM_PREMATURE_CLOSE'
  );
}

/**
 * Answers a request node:http could not read as its own default does — 408 to a request too
 * slow, 431 to headers too large, 400 otherwise — with the security headers, then closes the
 * connection. Like that default, it writes nothing once an answer on the connection has begun,
 * which would corrupt what the client reads.
 */
function refuse(
  error: NodeJS.ErrnoException,
  socket: Duplex,
  headers: Readonly<Record<string, string>>,
): void {
  const answering = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } | null })
    ._httpMessage;
  if (socket.writable && !answering?.headersSent) {
    const status =
      error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 408
        : error.code === 'HPE_HEADER_OVERFLOW'
          ? 431
          : 400;
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${lines.join('')}` +
        'content-length: 0\r\nconnection: close\r\n\r\n',
    );
  }
  socket.destroy();
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
