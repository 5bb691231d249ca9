// Import: which Hugo built a blog, as the blog's own files name it — the version its deploy
// workflow, its host's settings or its tool list pin — for the rules by which that Hugo made its
// paths (see `HugoPathRules`).
import { existsSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { HugoPathRules } from './engines.js';
import { readTextOrUndefined } from '../text/read-text-file.js';
import { isRecord } from './foreign-document.js';

/** A Hugo version a blog's file names, where it names it. */
export interface HugoVersionFound {
  /** `0.92.2`, or `latest` for whatever Hugo was newest when the site was built. */
  readonly version: string;
  /** Path of the file in the blog's folder, `/`-separated, and the line that names it. */
  readonly file: string;
  readonly line: number;
  /** Whether the site was built with this very version, or with it or a later one. */
  readonly exact: boolean;
}

/** How Hugo made the blog's paths, and what says so (nothing, where no file names a version). */
export interface HugoPathReading {
  readonly rules: HugoPathRules;
  readonly found: HugoVersionFound | undefined;
}

const VERSION = String.raw`v?(\d+\.\d+(?:\.\d+)?|latest)\b`;

// Where a deploy names the Hugo it builds with: peaceiris/actions-hugo's `hugo-version`, the
// `HUGO_VERSION` that Netlify, Vercel, Cloudflare Pages and most workflows read, asdf's and mise's
// tool lists, and the tag of a Hugo image (`klakegg/hugo:0.83.1`, `hugomods/hugo:exts-0.120.4`).
const NAMED_IN_SETTINGS = [
  new RegExp(String.raw`\bhugo[-_]version["']?\s*[:=]\s*["']?${VERSION}`, 'i'),
  new RegExp(
    String.raw`^[ \t]*hugo(?:[-_]extended)?[ \t]*[:=]?[ \t]*["']?(?:extended_)?${VERSION}`,
    'im',
  ),
  new RegExp(String.raw`\bhugo[\w./-]*:(?:[a-z]+-)*${VERSION}`, 'i'),
];

// The files a blog pins its Hugo in, in the order a pin is looked for: the deploy's own first.
const SETTINGS_FILES = [
  'netlify.toml',
  'vercel.json',
  '.gitlab-ci.yml',
  'amplify.yml',
  'render.yaml',
  'wrangler.toml',
  '.tool-versions',
  'mise.toml',
  '.mise.toml',
  'Dockerfile',
];

/** The Hugo version a file of the blog pins, or the least one its config or theme asks for. */
export function hugoVersionOf(
  blogDir: string,
  config: Readonly<Record<string, unknown>>,
  configFile: string | undefined,
  themes: readonly string[],
): HugoVersionFound | undefined {
  const workflows = join(blogDir, '.github', 'workflows');
  const workflowFiles = existsSync(workflows)
    ? readdirSync(workflows)
        .filter((name) => /\.ya?ml$/.test(name))
        .sort()
        .map((name) => `.github/workflows/${name}`)
    : [];
  for (const file of [...workflowFiles, ...SETTINGS_FILES]) {
    const found = pinnedIn(blogDir, file);
    if (found) return found;
  }
  const npm = pinnedByNpm(blogDir);
  if (npm) return npm;
  // Lower bounds, of which the highest counts: the config's `module.hugoVersion.min`, a theme's
  // `min_version`, and a config named `hugo.toml`, which Hugo reads from 0.110 on.
  const bounds: HugoVersionFound[] = [];
  const least = valueAt(config, ['module', 'hugoversion', 'min']);
  if (typeof least === 'string' && configFile !== undefined) {
    const line = lineOf(readTextOrUndefined(join(blogDir, configFile)) ?? '', least);
    bounds.push({ version: least.replace(/^v/, ''), file: configFile, line, exact: false });
  }
  for (const theme of themes) {
    const file = `themes/${theme}/theme.toml`;
    const text = readTextOrUndefined(join(blogDir, file));
    const match = text === undefined ? null : /^[ \t]*min_version\s*=\s*["']v?([\d.]+)/m.exec(text);
    if (text !== undefined && match?.[1] !== undefined)
      bounds.push({ version: match[1], file, line: lineOf(text, match[0]), exact: false });
  }
  if (configFile !== undefined && /^hugo\.(toml|ya?ml|json)$/.test(basename(configFile)))
    bounds.push({ version: '0.110', file: configFile, line: 1, exact: false });
  return bounds.sort((a, b) => compareVersions(b.version, a.version))[0];
}

/**
 * The rules by which the blog's Hugo made its paths: those of the version a file of it names,
 * else those of every Hugo since 0.93 (February 2022), which a blog built today is built with.
 * A least version below 0.93 says nothing of which one built it.
 */
export function hugoPathReading(found: HugoVersionFound | undefined): HugoPathReading {
  if (found === undefined || found.version === 'latest') return { rules: 'since-0.93', found };
  if (compareVersions(found.version, '0.93') >= 0) return { rules: 'since-0.93', found };
  return found.exact ? { rules: 'before-0.93', found } : { rules: 'since-0.93', found: undefined };
}

/** Orders versions written `0.92.2`: below zero where `a` is the older. */
function compareVersions(a: string, b: string): number {
  const [aParts, bParts] = [a, b].map((version) => version.split('.').map(Number));
  for (let at = 0; at < 3; at++) {
    const difference = (aParts?.[at] ?? 0) - (bParts?.[at] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

function pinnedIn(blogDir: string, file: string): HugoVersionFound | undefined {
  const text = readTextOrUndefined(join(blogDir, file));
  if (text === undefined || !/hugo/i.test(text)) return undefined;
  for (const pattern of NAMED_IN_SETTINGS) {
    const match = pattern.exec(text);
    if (match?.[1] !== undefined)
      return { version: match[1].toLowerCase(), file, line: lineOf(text, match[0]), exact: true };
  }
  return undefined;
}

// npm's `hugo-extended` installs the Hugo of its own version.
function pinnedByNpm(blogDir: string): HugoVersionFound | undefined {
  const text = readTextOrUndefined(join(blogDir, 'package.json'));
  const match =
    text === undefined ? null : /"hugo-extended"\s*:\s*"[\^~>=v\s]*(\d+\.\d+(?:\.\d+)?)/.exec(text);
  if (text === undefined || match?.[1] === undefined) return undefined;
  return { version: match[1], file: 'package.json', line: lineOf(text, match[0]), exact: true };
}

/** The value at `keys` in nested records, each key matched in any case, as Hugo reads its config. */
function valueAt(record: unknown, keys: readonly string[]): unknown {
  let value = record;
  for (const key of keys) {
    if (!isRecord(value)) return undefined;
    const own = Object.keys(value).find((name) => name.toLowerCase() === key);
    value = own === undefined ? undefined : value[own];
  }
  return value;
}

function lineOf(text: string, found: string): number {
  const at = text.indexOf(found);
  return at < 0 ? 1 : text.slice(0, at).split('\n').length;
}
