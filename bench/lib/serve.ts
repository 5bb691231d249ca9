// Part 2: serving. Three servers answer the same three pages of the same corpus — `folio serve`,
// nginx serving Folio's own static export with its precompressed files, and a bare node:http
// server replaying Folio's bytes from memory — and wrk loads each page for a fixed time with
// browser-like requests (64 connections, `Accept-Encoding: gzip, br`), on 127.0.0.1 only.
import { type ChildProcess } from 'node:child_process';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import ts from 'typescript';
import { startFolio } from './folio.js';
import { ACCEPT_ENCODING, decoded, get, type Response, waitFor200 } from './http.js';
import { checkDeployment, nginxSite, type SiteOptions, siteHeaders } from './nginx.js';
import { launch, run, stop } from './processes.js';
import { REPO_ROOT } from './setup.js';
import { formatCount, formatMs } from './stats.js';

export type ServerName = 'folio' | 'nginx' | 'bare';
export const SERVER_NAMES: Readonly<Record<ServerName, string>> = {
  folio: 'folio serve',
  nginx: 'nginx',
  bare: 'bare Node',
};

export type PageKind = 'listing' | 'category' | 'post';
export const PAGE_NAMES: Readonly<Record<PageKind, string>> = {
  listing: 'listing page',
  category: 'largest category page',
  post: 'post page (median size)',
};

export interface LoadRun {
  readonly rps: number;
  /** 99th percentile latency in ms, as wrk reports it. */
  readonly p99: number;
  /** Socket errors, time-outs and non-2xx answers. */
  readonly errors: number;
}

export interface ServeResult {
  readonly server: ServerName;
  readonly page: PageKind;
  readonly path: string;
  /** Content-Encoding and size of the answer as sent. */
  readonly encoding: string;
  readonly bytes: number;
  readonly runs: LoadRun[];
}

export interface ServeReport {
  readonly posts: number;
  readonly brotliStatic: boolean;
  /** The headers folio serve adds to every answer, which nginx was configured to send too. */
  readonly siteHeaders: Readonly<Record<string, string>>;
  readonly connections: number;
  readonly seconds: number;
  readonly results: ServeResult[];
  readonly notes: string[];
}

export interface ServeOptions {
  readonly posts: number;
  readonly corpusDir: string;
  /** Folio's static export of the same corpus, served by nginx. */
  readonly exportDir: string;
  readonly work: string;
  readonly wrk: string;
  readonly nginx: string;
  readonly brotliModule: string | undefined;
  readonly rounds: number;
  readonly seconds: number;
  readonly warmUpSeconds: number;
}

const CONNECTIONS = 64;
const THREADS = 2;
const START_TIMEOUT_MS = 600_000;

// ---------------------------------------------------------------------------------------------
// The pages

/** The index.html files of the sub-folders of `dir`, with their sizes. */
async function pageSizes(dir: string): Promise<{ name: string; size: number }[]> {
  const names = await readdir(dir);
  const sized: { name: string; size: number }[] = [];
  for (const name of names) {
    try {
      sized.push({ name, size: (await stat(join(dir, name, 'index.html'))).size });
    } catch {
      // Not a page folder (a feed, say).
    }
  }
  return sized.sort((a, b) => a.size - b.size || a.name.localeCompare(b.name));
}

/** `/page/2/`, the category page with the most bytes, and the post page of median size. */
export async function choosePages(exportDir: string): Promise<Record<PageKind, string>> {
  const categories = await pageSizes(join(exportDir, 'categories'));
  const posts = await pageSizes(join(exportDir, 'posts'));
  const largest = categories.at(-1);
  const middle = posts[Math.floor(posts.length / 2)];
  if (!largest || !middle) throw new Error(`${exportDir} has no category or post pages`);
  return {
    listing: '/page/2/',
    category: `/categories/${largest.name}/`,
    post: `/posts/${middle.name}/`,
  };
}

// ---------------------------------------------------------------------------------------------
// The servers

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'date',
  'content-length',
]);

/** Writes Folio's answers, headers and bytes, for the bare server to replay. */
async function writeReplay(file: string, answers: ReadonlyMap<string, Response>): Promise<void> {
  const pages = [...answers].map(([path, response]) => ({
    path,
    headers: Object.fromEntries(
      Object.entries(response.headers)
        .filter(([name, value]) => !HOP_BY_HOP.has(name) && value !== undefined)
        .map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value)]),
    ),
    body: response.body.toString('base64'),
  }));
  await writeFile(file, JSON.stringify({ pages }));
}

/** Compiles bench/bare-server.ts to plain JavaScript, so no loader runs in the measured process. */
async function compileBareServer(work: string): Promise<string> {
  const source = await readFile(join(REPO_ROOT, 'bench', 'bare-server.ts'), 'utf8');
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  const file = join(work, 'bare-server.mjs');
  await writeFile(file, outputText);
  return file;
}

export interface BareServer {
  readonly child: ChildProcess;
  readonly url: string;
}

export interface BareFiles {
  readonly script: string;
  readonly replay: string;
}

/** Writes the compiled bare server and the answers it replays into `work`. */
export async function prepareBare(
  work: string,
  answers: ReadonlyMap<string, Response>,
): Promise<BareFiles> {
  const script = await compileBareServer(work);
  const replay = join(work, 'bare-pages.json');
  await writeReplay(replay, answers);
  return { script, replay };
}

/** Starts the bare server; resolves with its address once it listens. */
export function startBare(files: BareFiles): Promise<BareServer> {
  const child = launch(process.execPath, [files.script, files.replay]);
  return new Promise((resolve, reject) => {
    let rest = '';
    const timer = setTimeout(() => reject(new Error('the bare server did not start')), 30_000);
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      rest += chunk;
      const match = /Bare server at (http:\/\/127\.0\.0\.1:\d+)\//.exec(rest);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ child, url: match[1] });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the bare server exited (${code})`));
    });
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The whole nginx configuration: the deployment's `map` and `server` block as docs/performance.md
 * shows them, in a main configuration of the benchmark's own (its folder, no access log, keep-alive
 * as long as wrk's connections).
 */
function nginxConfig(prefix: string, brotliModule: string | undefined, site: SiteOptions): string {
  const indented = nginxSite(site).replace(/^(?=.)/gm, '  ');
  return `${brotliModule ? `load_module ${brotliModule};\n` : ''}worker_processes auto;
daemon off;
pid ${join(prefix, 'nginx.pid')};
error_log ${join(prefix, 'error.log')} warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  client_body_temp_path ${join(prefix, 'body')};
  proxy_temp_path ${join(prefix, 'proxy')};
  fastcgi_temp_path ${join(prefix, 'fastcgi')};
  uwsgi_temp_path ${join(prefix, 'uwsgi')};
  scgi_temp_path ${join(prefix, 'scgi')};
${indented}}
`;
}

async function startNginx(
  options: ServeOptions,
  headers: Readonly<Record<string, string>>,
): Promise<{ child: ChildProcess; url: string }> {
  const prefix = join(options.work, 'nginx');
  await mkdir(prefix, { recursive: true });
  const port = await freePort();
  const conf = join(prefix, 'nginx.conf');
  const site: SiteOptions = {
    listen: `127.0.0.1:${port}`,
    root: options.exportDir,
    brotli: options.brotliModule !== undefined,
    headers,
  };
  await writeFile(conf, nginxConfig(prefix, options.brotliModule, site));
  const test = await run(options.nginx, ['-t', '-p', prefix, '-c', conf], { timeoutMs: 30_000 });
  if (test.code !== 0) throw new Error(`nginx -t failed:\n${test.stderr}`);
  const child = launch(options.nginx, ['-p', prefix, '-c', conf]);
  const url = `http://127.0.0.1:${port}`;
  await waitFor200(`${url}/`, child, 30_000);
  return { child, url };
}

// ---------------------------------------------------------------------------------------------
// Load

const UNITS_MS: Readonly<Record<string, number>> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

export function parseWrk(output: string): LoadRun {
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1]);
  const p99 = /^\s+99%\s+([\d.]+)(us|ms|s|m)\s*$/m.exec(output);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(
    output,
  );
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0);
  const errors =
    non2xx + (socket ? socket.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0);
  if (!Number.isFinite(rps) || !p99?.[1] || !p99[2]) {
    throw new Error(`unexpected wrk output:\n${output}`);
  }
  return { rps, p99: Number(p99[1]) * (UNITS_MS[p99[2]] ?? Number.NaN), errors };
}

async function load(wrk: string, url: string, seconds: number): Promise<LoadRun> {
  const result = await run(
    wrk,
    [
      `-t${THREADS}`,
      `-c${CONNECTIONS}`,
      `-d${seconds}s`,
      '--latency',
      '-H',
      `Accept-Encoding: ${ACCEPT_ENCODING}`,
      url,
    ],
    { timeoutMs: (seconds + 20) * 1000 },
  );
  if (result.code !== 0) throw new Error(`wrk failed (${result.code}): ${result.stderr}`);
  return parseWrk(result.stdout);
}

// ---------------------------------------------------------------------------------------------
// The part

export async function benchServing(options: ServeOptions): Promise<ServeReport> {
  const notes: string[] = [];
  const pages = await choosePages(options.exportDir);
  const servers: Partial<Record<ServerName, { child: ChildProcess; url: string }>> = {};
  try {
    const folio = await startFolio(options.corpusDir, { timeoutMs: START_TIMEOUT_MS });
    servers.folio = folio;
    const answers = new Map<string, Response>();
    for (const path of Object.values(pages)) {
      const response = await get(`${folio.url}${path}`);
      if (response.status !== 200)
        throw new Error(`folio serve answered ${response.status} for ${path}`);
      answers.set(path, response);
    }
    servers.bare = await startBare(await prepareBare(options.work, answers));
    const headers = siteHeaders((answers.get(pages.listing) as Response).headers);
    servers.nginx = await startNginx(options, headers);
    for (const problem of await checkDeployment(servers.nginx.url, folio.url, options.exportDir)) {
      console.log(`  nginx answers other than folio serve: ${problem}`);
      notes.push(`nginx answered other than folio serve: ${problem}`);
    }

    // Every server must send the same page for each path before it is timed.
    const results: ServeResult[] = [];
    for (const [page, path] of Object.entries(pages) as [PageKind, string][]) {
      const reference = decoded(answers.get(path) as Response);
      for (const name of ['folio', 'nginx', 'bare'] as const) {
        const server = servers[name] as { url: string };
        const response = await get(`${server.url}${path}`);
        if (response.status !== 200)
          throw new Error(`${name} answered ${response.status} for ${path}`);
        if (decoded(response) !== reference) {
          notes.push(`${SERVER_NAMES[name]} sent other content than folio serve for ${path}`);
        }
        results.push({
          server: name,
          page,
          path,
          encoding: response.headers['content-encoding'] ?? 'identity',
          bytes: response.body.length,
          runs: [],
        });
      }
    }

    for (const [page, path] of Object.entries(pages) as [PageKind, string][]) {
      const sent = results
        .filter((r) => r.page === page)
        .map((r) => `${SERVER_NAMES[r.server]} ${r.encoding} ${(r.bytes / 1024).toFixed(1)} KiB`);
      notes.push(`${PAGE_NAMES[page]} ${path}: ${sent.join(', ')}`);
    }
    for (const result of results) {
      const server = servers[result.server] as { url: string };
      await load(options.wrk, `${server.url}${result.path}`, options.warmUpSeconds);
    }
    for (let round = 1; round <= options.rounds; round += 1) {
      for (const result of results) {
        const server = servers[result.server] as { url: string };
        const runResult = await load(options.wrk, `${server.url}${result.path}`, options.seconds);
        result.runs.push(runResult);
        console.log(
          `  ${SERVER_NAMES[result.server].padEnd(11)} ${result.path} run ${round}: ${formatCount(runResult.rps)} req/s, p99 ${formatMs(runResult.p99)}${runResult.errors ? `, ${runResult.errors} errors` : ''} (${result.encoding}, ${(result.bytes / 1024).toFixed(1)} KiB)`,
        );
      }
    }
    if (!options.brotliModule) {
      notes.push(
        "nginx ran without brotli_static (Debian's module is not installed): it sent gzip",
      );
    }
    return {
      posts: options.posts,
      brotliStatic: options.brotliModule !== undefined,
      siteHeaders: headers,
      connections: CONNECTIONS,
      seconds: options.seconds,
      results,
      notes,
    };
  } finally {
    for (const server of Object.values(servers)) await stop(server.child);
  }
}
