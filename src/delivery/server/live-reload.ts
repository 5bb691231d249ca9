// Deliver: tells open pages of a watching server to reload, over server-sent events.
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface LiveReloadOptions {
  /**
   * How often an idle stream carries a comment, in ms (default 10 s): it keeps the connection
   * from timing out as idle, here (after 15 s without a byte) and in proxies, while the page is
   * open.
   */
  readonly heartbeatMs?: number;
  /**
   * How long a stream is kept open, in ms (default 5 min); the browser opens a new one a second
   * later. A page whose client is gone without a word holds its connection no longer than this.
   */
  readonly lifetimeMs?: number;
}

// How soon a browser opens a new stream after one ends, in ms.
const RECONNECT_MS = 1000;

export class LiveReload {
  readonly #clients = new Map<ServerResponse, number>();
  readonly #lifetimeMs: number;
  readonly #heartbeat: NodeJS.Timeout;

  constructor(options: LiveReloadOptions = {}) {
    this.#lifetimeMs = options.lifetimeMs ?? 5 * 60_000;
    this.#heartbeat = setInterval(() => this.#beat(), options.heartbeatMs ?? 10_000);
    this.#heartbeat.unref();
  }

  /**
   * Keeps the response open as an event stream until the page goes away or the stream's time is
   * up; `headers` are those every answer carries.
   */
  attach(
    req: IncomingMessage,
    res: ServerResponse,
    headers: Readonly<Record<string, string>>,
  ): void {
    res.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
    });
    res.write(`retry: ${RECONNECT_MS}\n: watching\n\n`);
    this.#clients.set(res, performance.now() + this.#lifetimeMs);
    req.on('close', () => this.#clients.delete(res));
  }

  /** Every open page reloads: the site changed, or a problem appeared or went away. */
  notify(): void {
    for (const res of this.#clients.keys()) res.write('data: reload\n\n');
  }

  /** How many streams are open. */
  get streams(): number {
    return this.#clients.size;
  }

  /** Ends every stream, so that stopping the server does not wait for open pages. */
  close(): void {
    clearInterval(this.#heartbeat);
    for (const res of this.#clients.keys()) res.end();
    this.#clients.clear();
  }

  #beat(): void {
    const now = performance.now();
    for (const [res, endsAt] of this.#clients) {
      if (now >= endsAt) {
        res.end();
        this.#clients.delete(res);
      } else {
        res.write(': still watching\n\n');
      }
    }
  }
}
