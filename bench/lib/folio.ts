// Folio as the benchmark sees it: the built command line, `bin/folio.js`, and nothing else.
import { type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { engineEnv, launch } from './processes.js';
import { REPO_ROOT } from './setup.js';

export const FOLIO_BIN = join(REPO_ROOT, 'bin', 'folio.js');
const BUILT_CLI = join(REPO_ROOT, 'dist', 'bundle', 'main.js');

/** Throws unless Folio is built; returns a note when a source file is newer than the build. */
export async function checkBuilt(): Promise<string | undefined> {
  if (!existsSync(BUILT_CLI)) {
    throw new Error(
      'Folio is not built (dist/bundle/main.js is missing): run `npm run build` first.',
    );
  }
  const built = (await stat(BUILT_CLI)).mtimeMs;
  const sources = await readdir(join(REPO_ROOT, 'src'), { recursive: true });
  for (const name of sources) {
    if (!name.endsWith('.ts') || name.endsWith('.test.ts')) continue;
    if ((await stat(join(REPO_ROOT, 'src', name))).mtimeMs > built) {
      return `note: src/${name} is newer than dist/; run \`npm run build\` to measure the current code.`;
    }
  }
  return undefined;
}

export interface FolioServer {
  readonly child: ChildProcess;
  /** `http://127.0.0.1:PORT`, without a trailing slash. */
  readonly url: string;
  /** When each "reloaded" line arrived, in `performance.now()` time. */
  readonly reloads: number[];
  /** The server's recent output, to show when something goes wrong. */
  output(): string;
}

/** Starts `folio serve DIR --port 0 --host 127.0.0.1 [--watch]` and waits for its address. */
export function startFolio(
  siteDir: string,
  options: { readonly watch?: boolean; readonly timeoutMs: number },
): Promise<FolioServer> {
  const args = [FOLIO_BIN, 'serve', siteDir, '--port', '0', '--host', '127.0.0.1'];
  if (options.watch) args.push('--watch');
  const child = launch(process.execPath, args, {
    cwd: REPO_ROOT,
    env: engineEnv({ PORT: '', HOST: '' }),
  });
  const reloads: number[] = [];
  const lines: string[] = [];
  const remember = (line: string): void => {
    lines.push(line);
    if (lines.length > 40) lines.shift();
  };
  const output = (): string => lines.join('\n');
  let stderrRest = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    const parts = (stderrRest + chunk).split('\n');
    stderrRest = parts.pop() ?? '';
    for (const line of parts) remember(`stderr: ${line}`);
  });
  return new Promise((resolve, reject) => {
    let rest = '';
    let url: string | undefined;
    const timer = setTimeout(() => {
      reject(new Error(`folio serve printed no address within ${options.timeoutMs / 1000} s`));
    }, options.timeoutMs);
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      const arrived = performance.now();
      const parts = (rest + chunk).split('\n');
      rest = parts.pop() ?? '';
      for (const line of parts) {
        remember(line);
        if (/ reloaded: \d+ posts? online/.test(line)) reloads.push(arrived);
        const match = /^Folio is serving .* at (http:\/\/127\.0\.0\.1:\d+)\/$/.exec(line);
        if (match?.[1] && url === undefined) {
          url = match[1];
          clearTimeout(timer);
          resolve({ child, url, reloads, output });
        }
      }
    });
    child.once('error', (cause) => {
      clearTimeout(timer);
      reject(cause);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (url === undefined) {
        reject(new Error(`folio serve exited (${signal ?? code}) before serving:\n${output()}`));
      }
    });
  });
}
