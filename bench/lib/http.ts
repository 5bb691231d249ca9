// Plain HTTP requests to the servers under test, on 127.0.0.1 only, as a browser would send them.
import { type ChildProcess } from 'node:child_process';
import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/** What every client of the benchmark accepts, like a browser. */
export const ACCEPT_ENCODING = 'gzip, br';

export interface Response {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  /** The bytes as sent, still compressed. */
  readonly body: Buffer;
}

export function get(url: string, agent?: Agent, timeoutMs = 30_000): Promise<Response> {
  const target = new URL(url);
  if (target.hostname !== '127.0.0.1') throw new Error(`only 127.0.0.1 is measured, not ${url}`);
  return new Promise((resolve, reject) => {
    const req = request(
      target,
      { agent: agent ?? false, headers: { 'accept-encoding': ACCEPT_ENCODING } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`GET ${url} timed out`)));
    req.on('error', reject);
    req.end();
  });
}

/** The body as text, whatever the encoding it was sent in. */
export function decoded(response: Response): string {
  const encoding = response.headers['content-encoding'];
  const body =
    encoding === 'br'
      ? brotliDecompressSync(response.body)
      : encoding === 'gzip'
        ? gunzipSync(response.body)
        : response.body;
  return body.toString('utf8');
}

/** Requests `url` until it answers 200, while `child` runs; returns when it did. */
export async function waitFor200(
  url: string,
  child: ChildProcess,
  timeoutMs: number,
): Promise<number> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server stopped (${child.signalCode ?? child.exitCode}) before ${url}`);
    }
    try {
      const response = await get(url);
      if (response.status === 200) return performance.now();
    } catch {
      // Not listening yet.
    }
    if (performance.now() > deadline) throw new Error(`${url} did not answer 200 in time`);
    await sleep(5);
  }
}

/** Requests every URL, `concurrency` at a time, over kept-alive connections; checks for 200. */
export async function requestAll(
  urls: readonly string[],
  concurrency = 8,
  timeoutMs = 30_000,
): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < urls.length) {
      const url = urls[next++] as string;
      const { status } = await get(url, agent, timeoutMs);
      if (status !== 200) throw new Error(`GET ${url} answered ${status}`);
    }
  };
  try {
    await Promise.all(Array.from({ length: concurrency }, worker));
  } finally {
    agent.destroy();
  }
}
