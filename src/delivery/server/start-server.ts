// Deliver: the HTTP server — node:http in front of the app, with timeouts and a graceful stop.
import { readFileSync } from 'node:fs';
import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import { Server as NetServer, type AddressInfo, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { Duplex } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { LIVE_RELOAD_PATH } from '../../views/context.js';
import { basePathOf, linkTo } from '../../urls/base-path.js';
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
  /**
   * How long a connection may make no progress, reading or writing, in ms (default 30 s): a
   * client that stops reading an answer holds a connection and a file open until then.
   */
  readonly sendTimeout?: number;
  /**
   * How many connections are served at once (default: from the process's limit of open files);
   * a client past the bound is answered 503 at once rather than left waiting.
   */
  readonly maxConnections?: number;
  /** On a watching server: the event stream that makes open pages reload. */
  readonly liveReload?: LiveReload;
}

export interface RunningServer {
  /** The base URL, e.g. `http://127.0.0.1:4000`, with the port actually bound. */
  readonly url: string;
  readonly port: number;
  /** Requests being answered right now (open live-reload streams included). */
  readonly requestsInFlight: number;
  /** Connections open right now, idle ones included (those answered 503 past the bound not). */
  readonly openConnections: number;
  /** How many connections are served at once. */
  readonly maxConnections: number;
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
// A connection past the bound gets this long to send the request it is answered 503 to; this
// many of the newest wait at once, and an older one is closed for a newer.
const REFUSED_WAIT_MS = 1_000;
const PAST_BOUND_WAITING = 32;
// A connection that has sent nothing for this long gives its place to a new one when all are taken.
const SILENT_MS = 1_000;

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const logError = options.logError ?? ((message: string) => console.error(message));
  const { liveReload } = options;
  const headers = options.app.securityHeaders;
  const inFlight = new Set<ServerResponse>();
  const maxConnections = options.maxConnections ?? connectionBound();
  // Connections accepted past the bound, oldest first: each is answered 503 and closed.
  const pastBound = new Set<Socket>();
  // Every open connection served, oldest first, with when it was opened and, once the server is
  // stopping, when it was last seen busy.
  const sockets = new Map<Socket, { openedAt: number; quietSince: number; bytesRead: number }>();
  let accepted = 0;
  let closing: Promise<void> | undefined;
  const track = (res: ServerResponse): void => {
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  };
  // Checking connections every second lets headersTimeout cut slow clients off on time.
  const server = createServer({ connectionsCheckingInterval: 1000 }, (req, res) => {
    if (pastBound.size > 0 && pastBound.has(req.socket)) {
      res.writeHead(503, { ...headers, ...BUSY_HEADERS, connection: 'close' });
      res.end(BUSY_TEXT);
      return;
    }
    if (closing) res.setHeader('connection', 'close');
    if (liveReload && req.method === 'GET' && req.url === liveReloadPath(options.app)) {
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
  // Node closes a connection whose answer is stuck only at the second time-out in a row (the
  // first one it lets pass if the bytes queued changed since the last write): half the limit
  // each closes it once the limit has passed without progress.
  server.timeout = (options.sendTimeout ?? 30_000) / 2;
  server.on('connection', (socket: Socket) => {
    accepted += 1;
    const now = performance.now();
    if (sockets.size >= maxConnections) {
      // A connection that has not said a word for a second makes room for the new one...
      const silent = oldestSilent(now);
      if (silent) {
        silent.destroy();
      } else {
        // ...or the new one is answered 503, not served. Only the newest few wait for their
        // request, briefly: a flood of idle connections cannot use up the files the server needs.
        pastBound.add(socket);
        socket.setTimeout(REFUSED_WAIT_MS, () => socket.destroy());
        socket.once('close', () => pastBound.delete(socket));
        if (pastBound.size > PAST_BOUND_WAITING) pastBound.values().next().value?.destroy();
        return;
      }
    }
    sockets.set(socket, { openedAt: now, quietSince: now, bytesRead: 0 });
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

  /** The oldest connection that has sent nothing since it opened, at least SILENT_MS ago. */
  const oldestSilent = (now: number): Socket | undefined => {
    for (const [socket, { openedAt }] of sockets) {
      // Oldest first: once one is too young, so is every one after it.
      if (now - openedAt < SILENT_MS) return undefined;
      if (socket.bytesRead === 0) return socket;
    }
    return undefined;
  };
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
    maxConnections,
    close: (graceMs = 10_000) => (closing ??= stop(graceMs)),
  };
}

const BUSY_TEXT = 'Service Unavailable: too many connections; try again in a moment\n';
const BUSY_HEADERS = {
  'content-type': 'text/plain; charset=utf-8',
  'content-length': String(Buffer.byteLength(BUSY_TEXT)),
  'retry-after': '1',
};

// Files the server keeps for itself beyond its connections: the site's files while it reloads,
// the watcher, the standard streams.
const RESERVED_FILES = 64;
// Above this many connections at once a personal blog is under attack, not read.
const MOST_CONNECTIONS = 16_384;

/**
 * How many connections to serve at once: each may also hold a file of static/ open while it is
 * sent, so half of what the process may open, less what it needs for itself. The limit is read
 * where the system tells it (Linux); elsewhere the smallest common default, 256, is assumed.
 */
function connectionBound(): number {
  let limit = 256;
  try {
    const line = /^Max open files\s+(\d+|unlimited)/m.exec(
      readFileSync('/proc/self/limits', 'utf8'),
    );
    if (line?.[1]) limit = line[1] === 'unlimited' ? Infinity : Number(line[1]);
  } catch {
    // Not Linux: keep the assumed limit.
  }
  return Math.max(16, Math.min(MOST_CONNECTIONS, Math.floor((limit - RESERVED_FILES) / 2)));
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

/** Where pages stream change events from: under the base path of the site online. */
function liveReloadPath(app: App): string {
  return linkTo(basePathOf(app.site.config.url), LIVE_RELOAD_PATH);
}
