// The soak's load generator: N kept-alive connections over node:http, each sending its next
// request as soon as the last is answered, and every answer checked: its status against the one
// its URL must have, its body against its Content-Length, and, where asked, its text.
//
// Hand-rolled rather than autocannon, because the checks need each response with its URL, its
// complete body and the moment it was sent, and the stop under load needs every failure by kind.
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { formatMs } from '../../bench/lib/stats.js';

export interface Target {
  readonly path: string;
  /** What the soak calls this kind of URL in its report: listing, post, static… */
  readonly kind: string;
  readonly status: number;
  /** Ask for the page uncompressed, so that `check` can read it cheaply. */
  readonly identity?: boolean;
}

export interface Sent {
  readonly target: Target;
  /** `performance.now()` when the request was sent. */
  readonly at: number;
}

/** Returns why the body is wrong, or undefined when it is right. */
export type BodyCheck = (sent: Sent, body: Buffer) => string | undefined;

export interface LoadOptions {
  readonly origin: string;
  readonly connections: number;
  /** Stops sending once this much time has passed (or `until` resolves, whichever is first). */
  readonly durationMs: number;
  readonly until?: Promise<unknown>;
  /** Picks the next target, once per request; undefined when there is nothing more to ask. */
  next(): Target | undefined;
  readonly check?: BodyCheck;
  /** Every response whose headers arrived after this moment is counted as after the stop signal. */
  readonly signalledAt?: () => number | undefined;
}

export interface LoadResult {
  readonly requests: number;
  readonly elapsedMs: number;
  /** Responses by status. */
  readonly statuses: Map<number, number>;
  /** Requests by kind of URL. */
  readonly kinds: Map<string, number>;
  /** Socket errors and responses cut short, by code. */
  readonly errors: Map<string, number>;
  /** Connections the server turned away once it was asked to stop: it no longer listens. */
  readonly turnedAway: number;
  /** A response with another status than its URL must have, or a wrong body. */
  readonly wrong: number;
  /** The first few problems, to show. */
  readonly problems: string[];
  /** Milliseconds from sending to the last byte, per completed request. */
  readonly latencies: Float64Array;
  /** Requests answered whole after the stop signal. */
  readonly completedAfterSignal: number;
}

const SHOWN_PROBLEMS = 10;
const REQUEST_TIMEOUT_MS = 30_000;

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const statuses = new Map<number, number>();
  const kinds = new Map<string, number>();
  const errors = new Map<string, number>();
  const problems: string[] = [];
  let latencies = new Float64Array(1 << 16);
  let requests = 0;
  let completed = 0;
  let turnedAway = 0;
  let wrong = 0;
  let completedAfterSignal = 0;
  let stopped = false;
  const problem = (text: string): void => {
    if (problems.length < SHOWN_PROBLEMS) problems.push(text);
  };
  const started = performance.now();
  const deadline = started + options.durationMs;
  void options.until?.then(() => (stopped = true));

  const worker = async (): Promise<void> => {
    while (!stopped && performance.now() < deadline) {
      const target = options.next();
      if (!target) return;
      add(kinds, target.kind);
      const sent: Sent = { target, at: performance.now() };
      const outcome = await send(agent, options.origin, target);
      requests += 1;
      if ('error' in outcome) {
        const signalled = options.signalledAt?.();
        if (signalled !== undefined && neverTaken(outcome, sent.at > signalled)) {
          turnedAway += 1;
          // The server has stopped listening: this connection's work is done.
          return;
        }
        add(errors, outcome.error);
        const when =
          signalled === undefined
            ? ''
            : ` (sent at ${signedMs(sent.at - signalled)}, failed at ${signedMs(performance.now() - signalled)} from the stop signal)`;
        problem(
          `GET ${target.path}: ${outcome.error}${outcome.started ? ' mid-response' : ''}${when}`,
        );
        continue;
      }
      const latency = performance.now() - sent.at;
      if (completed === latencies.length) {
        const grown = new Float64Array(latencies.length * 2);
        grown.set(latencies);
        latencies = grown;
      }
      latencies[completed++] = latency;
      add(statuses, outcome.status);
      const signalled = options.signalledAt?.();
      if (signalled !== undefined && outcome.headersAt > signalled) completedAfterSignal += 1;
      if (outcome.status !== target.status) {
        wrong += 1;
        problem(`GET ${target.path}: ${outcome.status}, expected ${target.status}`);
        continue;
      }
      const why = options.check?.(sent, outcome.body);
      if (why) {
        wrong += 1;
        problem(`GET ${target.path}: ${why}`);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: options.connections }, worker));
  } finally {
    agent.destroy();
  }
  return {
    requests,
    elapsedMs: performance.now() - started,
    statuses,
    kinds,
    errors,
    turnedAway,
    wrong,
    problems,
    latencies: latencies.subarray(0, completed),
    completedAfterSignal,
  };
}

type Outcome =
  | { readonly status: number; readonly body: Buffer; readonly headersAt: number }
  | { readonly error: string; readonly started: boolean; readonly reused: boolean };

/**
 * Whether a failure means the stopping server never took the request: the connection was refused,
 * or it was opened after the stop signal, waited to be accepted, and was reset when the server
 * stopped listening, before any answer.
 */
function neverTaken(
  outcome: { error: string; started: boolean; reused: boolean },
  sentAfter: boolean,
): boolean {
  if (outcome.error === 'ECONNREFUSED') return true;
  return sentAfter && outcome.error === 'ECONNRESET' && !outcome.started && !outcome.reused;
}

/** One GET; never rejects: a failure is an outcome like any other. */
function send(agent: Agent, origin: string, target: Target): Promise<Outcome> {
  return new Promise((resolve) => {
    let started = false;
    const fail = (cause: unknown): void => {
      const code = (cause as NodeJS.ErrnoException).code ?? String(cause);
      resolve({ error: code, started, reused: req.reusedSocket });
    };
    const req = request(
      `${origin}${target.path}`,
      {
        agent,
        headers: { 'accept-encoding': target.identity ? 'identity' : 'gzip, br' },
      },
      (res) => {
        started = true;
        const headersAt = performance.now();
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', fail);
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const length = res.headers['content-length'];
          if (length !== undefined && Number(length) !== body.length) {
            resolve({ error: `SHORT_BODY(${body.length}/${length})`, started, reused: true });
          } else {
            resolve({ status: res.statusCode ?? 0, body, headersAt });
          }
        });
      },
    );
    req.setTimeout(REQUEST_TIMEOUT_MS, () =>
      req.destroy(Object.assign(new Error('timed out'), { code: 'TIMEOUT' })),
    );
    req.on('error', fail);
    req.end();
  });
}

function signedMs(ms: number): string {
  return `${ms < 0 ? '-' : '+'}${formatMs(Math.abs(ms))}`;
}

function add<K>(counts: Map<K, number>, key: K): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}
