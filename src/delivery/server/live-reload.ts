// Deliver: tells open pages of a watching server to reload, over server-sent events.
import type { IncomingMessage, ServerResponse } from 'node:http';

export class LiveReload {
  readonly #clients = new Set<ServerResponse>();

  /**
   * Keeps the response open as an event stream until the page goes away; `headers` are those
   * every answer carries.
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
    res.write(': watching\n\n');
    this.#clients.add(res);
    req.on('close', () => this.#clients.delete(res));
  }

  /** Every open page reloads: the site changed, or a problem appeared or went away. */
  notify(): void {
    for (const res of this.#clients) res.write('data: reload\n\n');
  }

  /** Ends every stream, so that stopping the server does not wait for open pages. */
  close(): void {
    for (const res of this.#clients) res.end();
    this.#clients.clear();
  }
}
