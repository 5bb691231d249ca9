// The tools the comparison runs, installed on first use: Debian packages through apt-get, the
// Node engines at pinned versions into bench/.engines/<name>/ (never dependencies of Folio).
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, statfs } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { run } from './processes.js';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const ENGINES_DIR = join(REPO_ROOT, 'bench', '.engines');
export const WORK_DIR = join(REPO_ROOT, 'bench', '.work');

// ---------------------------------------------------------------------------------------------
// Where a run writes its corpora, engine sites and outputs

const RAM_DISK = '/dev/shm';
const TMPFS_MAGIC = 0x01021994;
const GB = 2 ** 30;
/** Memory left to the engines besides what the RAM disk holds (Hugo peaks near 3.5 GB at 10k). */
const HEADROOM = 8 * GB;

export interface Scratch {
  readonly dir: string;
  /** One line for the report: where, and why there. */
  readonly description: string;
  /** Whether the folder is on the RAM disk, rather than in bench/.work/ for want of room. */
  readonly onRamDisk: boolean;
}

async function memAvailable(): Promise<number> {
  const meminfo = await readFile('/proc/meminfo', 'utf8');
  return Number(/^MemAvailable:\s+(\d+) kB/m.exec(meminfo)?.[1] ?? 0) * 1024;
}

/**
 * The run's scratch folder: on the RAM disk when it has room for `neededBytes` and the machine has
 * the memory for it besides the engines, in bench/.work/ otherwise. On this kind of virtual disk,
 * deleting files makes creating files 10–30× slower for a while afterwards; on a RAM disk no engine
 * pays for the one before it.
 */
export async function chooseScratch(neededBytes: number): Promise<Scratch> {
  const fallback = join(WORK_DIR, 'run');
  const needed = `${(neededBytes / GB).toFixed(1)} GB`;
  let why: string;
  try {
    const fs = await statfs(RAM_DISK);
    const free = fs.bavail * fs.bsize;
    const memory = await memAvailable();
    if (fs.type !== TMPFS_MAGIC) why = `${RAM_DISK} is not a tmpfs`;
    else if (free < neededBytes) why = `${RAM_DISK} has ${(free / GB).toFixed(1)} GB free`;
    else if (memory < neededBytes + HEADROOM) {
      why = `${(memory / GB).toFixed(1)} GB of memory is available`;
    } else {
      return {
        dir: join(RAM_DISK, 'folio-bench'),
        onRamDisk: true,
        description: `corpora, engine sites and outputs on the RAM disk ${RAM_DISK} (tmpfs, ${(free / GB).toFixed(0)} GB free; this run needs about ${needed})`,
      };
    }
  } catch {
    why = `there is no ${RAM_DISK}`;
  }
  return {
    dir: fallback,
    onRamDisk: false,
    description: `corpora, engine sites and outputs in bench/.work/run on disk, not on a RAM disk: ${why} and this run needs about ${needed}`,
  };
}

/**
 * The folder on the real disk where the disk variant of the builds and the rebuilds write: the disk
 * of a laptop or a CI runner, where creating a file costs far more than on a RAM disk. Refuses a
 * folder that turns out to be on a tmpfs, which would measure the RAM disk twice.
 */
export async function chooseDisk(): Promise<Scratch> {
  const dir = join(WORK_DIR, 'disk');
  await mkdir(WORK_DIR, { recursive: true });
  const fs = await statfs(WORK_DIR);
  if (fs.type === TMPFS_MAGIC) {
    throw new Error('bench/.work/ is on a tmpfs: the disk variant needs a folder on a real disk');
  }
  const df = await run('df', ['--output=fstype,source', WORK_DIR], { timeoutMs: 30_000 });
  const [type, source] = df.stdout.trim().split('\n').at(-1)?.trim().split(/\s+/) ?? [];
  const free = (fs.bavail * fs.bsize) / GB;
  return {
    dir,
    onRamDisk: false,
    description: `disk variant and rebuilds in bench/.work/disk on the disk ${source ?? '?'} (${type ?? 'unknown file system'}, ${free.toFixed(0)} GB free)`,
  };
}

export interface NpmEngine {
  /** Package → exact version. */
  readonly packages: Readonly<Record<string, string>>;
  /** The script that runs the engine, relative to its node_modules. */
  readonly bin: string;
}

const NPM_ENGINES = {
  eleventy: {
    packages: { '@11ty/eleventy': '3.1.7' },
    bin: '@11ty/eleventy/cmd.cjs',
  },
  hexo: {
    // What `hexo init` would add for this page set: Markdown and EJS renderers, and the
    // generators of the featured listing, the category pages and the feed.
    packages: {
      hexo: '8.1.2',
      'hexo-cli': '4.3.2',
      'hexo-renderer-marked': '7.0.1',
      'hexo-renderer-ejs': '2.0.0',
      'hexo-generator-index': '4.0.0',
      'hexo-generator-category': '2.0.0',
      'hexo-generator-feed': '3.0.0',
    },
    bin: 'hexo-cli/bin/hexo',
  },
} as const satisfies Record<string, NpmEngine>;

export type NpmEngineName = keyof typeof NPM_ENGINES;

export function npmEngine(name: NpmEngineName): NpmEngine {
  return NPM_ENGINES[name];
}

/** The path of the script that runs an installed engine. */
export function engineBin(name: NpmEngineName): string {
  return join(ENGINES_DIR, name, 'node_modules', NPM_ENGINES[name].bin);
}

function installedVersion(name: NpmEngineName, pkg: string): string | undefined {
  const manifest = join(ENGINES_DIR, name, 'node_modules', pkg, 'package.json');
  if (!existsSync(manifest)) return undefined;
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string }).version;
}

/** Installs an engine's packages at their pinned versions, unless they already are. */
export async function ensureNpmEngine(name: NpmEngineName): Promise<string> {
  const { packages } = NPM_ENGINES[name];
  const wanted = Object.entries(packages);
  const summary = wanted.map(([pkg, version]) => `${pkg}@${version}`).join(' ');
  if (wanted.every(([pkg, version]) => installedVersion(name, pkg) === version)) return summary;
  console.log(`Installing ${summary} into bench/.engines/${name}/ …`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = await run(
    npm,
    [
      'install',
      '--prefix',
      join(ENGINES_DIR, name),
      '--save-exact',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      ...wanted.map(([pkg, version]) => `${pkg}@${version}`),
    ],
    { cwd: REPO_ROOT, timeoutMs: 600_000 },
  );
  if (result.code !== 0) {
    throw new Error(`npm install for ${name} failed:\n${result.stderr || result.stdout}`);
  }
  return summary;
}

// ---------------------------------------------------------------------------------------------
// Debian packages

export const NGINX_BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

const DEBIAN: Readonly<Record<string, { readonly pkg: string; readonly path: string }>> = {
  hugo: { pkg: 'hugo', path: '/usr/bin/hugo' },
  nginx: { pkg: 'nginx', path: '/usr/sbin/nginx' },
  wrk: { pkg: 'wrk', path: '/usr/bin/wrk' },
  time: { pkg: 'time', path: '/usr/bin/time' },
  brotli: { pkg: 'libnginx-mod-http-brotli-static', path: NGINX_BROTLI_MODULE },
  headlessChromium: { pkg: 'chromium-headless-shell', path: '/usr/bin/chromium-headless-shell' },
};
export type DebianTool = keyof typeof DEBIAN;

let updated = false;

async function aptInstall(pkg: string): Promise<boolean> {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = (): Promise<{ code: number | null; stderr: string }> =>
    run('apt-get', ['install', '-y', '--no-install-recommends', pkg], {
      env,
      timeoutMs: 600_000,
    });
  let result = await install();
  if (result.code !== 0 && !updated) {
    updated = true;
    await run('apt-get', ['update'], { env, timeoutMs: 600_000 });
    result = await install();
  }
  return result.code === 0;
}

/** Whether apt knows a version of `pkg` it could install. */
async function aptHasCandidate(pkg: string): Promise<boolean> {
  const policy = await run('apt-cache', ['policy', pkg], { timeoutMs: 60_000 });
  return /Candidate: (?!\(none\))\S+/.test(policy.stdout);
}

/**
 * Returns the path of a Debian tool, installing its package first if it is missing. `optional`
 * tools that cannot be installed give undefined; required ones throw.
 */
export async function ensureDebian(
  tool: DebianTool,
  optional = false,
): Promise<string | undefined> {
  const { pkg, path } = DEBIAN[tool] as { pkg: string; path: string };
  if (existsSync(path)) return path;
  const root = process.getuid?.() === 0;
  if (root && (!optional || (await aptHasCandidate(pkg)))) {
    console.log(`Installing the Debian package ${pkg} …`);
    const nginxWasRunning = tool === 'nginx' && existsSync('/run/nginx.pid');
    if (await aptInstall(pkg)) {
      // The package's scripts may start the system service: it is not ours to leave running.
      if (tool === 'nginx' && !nginxWasRunning && existsSync('/run/nginx.pid')) {
        await run(path, ['-s', 'stop'], { timeoutMs: 30_000 });
      }
      if (existsSync(path)) return path;
    }
  }
  if (optional) return undefined;
  throw new Error(
    `${path} is missing and could not be installed: run \`apt-get install -y ${pkg}\` as root.`,
  );
}

/** First line of a command's output, to print which versions were measured. */
export async function versionOf(command: string, args: readonly string[]): Promise<string> {
  const result = await run(command, args, { timeoutMs: 30_000 });
  return (result.stdout || result.stderr).split('\n')[0]?.trim() ?? '';
}
