// Import: the files of a Jekyll, Hexo, Hugo or Eleventy blog — its config, its post files, the files it
// publishes as they are — read without ever changing the blog or following a link out of it.
import { accessSync, constants, lstatSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import type { EngineName } from './engine-names.js';
import { ELEVENTY_CONFIGS, readEleventyConfig } from './eleventy.js';
import { isRecord, loadBlogYaml } from './foreign-document.js';

/** A file of the blog, by its path from the blog's folder (`/`-separated) and on disk. */
export interface BlogFile {
  readonly relative: string;
  readonly file: string;
}

/** A file or folder `walk` did not list, and why. */
export interface PassedOver {
  readonly relative: string;
  readonly why: 'outside' | 'unreadable';
}

/**
 * Every file under `folder`, links that stay inside `root` followed; links out of it and folders
 * that cannot be read are added to `passedOver`.
 */
export function walk(
  root: string,
  folder: string,
  skip: (name: string, isFolder: boolean, relative: string) => boolean,
  passedOver: PassedOver[],
): BlogFile[] {
  const realRoot = realpathSync(root);
  const found: BlogFile[] = [];
  const fromRoot = (path: string): string => relative(root, path).split(sep).join('/');
  const visit = (dir: string): void => {
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch {
      passedOver.push({ relative: fromRoot(dir), why: 'unreadable' });
      return;
    }
    for (const name of names) {
      const path = join(dir, name);
      let info = lstatSync(path);
      if (info.isSymbolicLink()) {
        let real: string | undefined;
        try {
          real = realpathSync(path);
        } catch {
          real = undefined;
        }
        if (real === undefined || (real !== realRoot && !real.startsWith(realRoot + sep))) {
          passedOver.push({ relative: fromRoot(path), why: 'outside' });
          continue;
        }
        info = lstatSync(real);
      }
      if (skip(name, info.isDirectory(), fromRoot(path))) continue;
      if (info.isDirectory()) visit(path);
      else if (info.isFile()) found.push({ relative: fromRoot(path), file: path });
    }
  };
  // The folder itself may be a link (`src` linked elsewhere): it is read only inside `root`.
  let realFolder: string | undefined;
  try {
    realFolder = realpathSync(folder);
  } catch {
    realFolder = undefined;
  }
  if (realFolder === undefined) passedOver.push({ relative: fromRoot(folder), why: 'unreadable' });
  else if (realFolder !== realRoot && !realFolder.startsWith(realRoot + sep))
    passedOver.push({ relative: fromRoot(folder), why: 'outside' });
  else visit(folder);
  return found;
}

/**
 * The text of a file of the blog that its settings or templates name (a data file, a layout, a
 * module a config imports, `CNAME`), unless it is not there or is, by a link or `../`, outside
 * the blog's folder, which an import never reads.
 */
export function readInsideBlog(source: string, file: string): string | undefined {
  try {
    const root = realpathSync(source);
    const real = realpathSync(file);
    if (real !== root && !real.startsWith(root + sep)) return undefined;
    return readFileSync(real, 'utf8');
  } catch {
    return undefined;
  }
}

/** Whether this user may read the file: one that cannot be read is left out, not copied. */
export const readable = (path: string): boolean => {
  try {
    accessSync(path, constants.R_OK);
    return true;
  } catch {
    return false;
  }
};

const exists = (path: string): boolean => {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
};

const HUGO_CONFIGS = [
  'hugo.toml',
  'hugo.yaml',
  'hugo.yml',
  'hugo.json',
  'config.toml',
  'config.yaml',
  'config.yml',
  'config.json',
];

/** The engine a blog folder was written for, by the files each engine needs. */
export function detectEngine(source: string): EngineName | undefined {
  // Eleventy's config is a script of its own name: a folder that has one is built by Eleventy,
  // whatever else it keeps (a Jekyll blog moved over often keeps its `_config.yml`).
  if (ELEVENTY_CONFIGS.some((name) => exists(join(source, name)))) return 'eleventy';
  const hasConfig = exists(join(source, '_config.yml')) || exists(join(source, '_config.yaml'));
  if (hasConfig && exists(join(source, 'source', '_posts'))) return 'hexo';
  if (hasConfig && (exists(join(source, '_posts')) || exists(join(source, '_drafts'))))
    return 'jekyll';
  const hugoConfig = HUGO_CONFIGS.some(
    (name) => exists(join(source, name)) || exists(join(source, 'config', '_default', name)),
  );
  if (hugoConfig && exists(join(source, 'content'))) return 'hugo';
  // A Hexo blog without a post yet still has Hexo's scaffolds or its package, and is told so.
  if (
    hasConfig &&
    exists(join(source, 'source')) &&
    (exists(join(source, 'scaffolds')) || blogPackages(source).has('hexo'))
  )
    return 'hexo';
  if (hasConfig) return 'jekyll';
  if (blogPackages(source).has('@11ty/eleventy')) return 'eleventy';
  return undefined;
}

/** The npm packages the blog's `package.json` depends on: Hexo itself, and its plugins. */
export function blogPackages(source: string): Set<string> {
  try {
    const manifest: unknown = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8'));
    if (!isRecord(manifest)) return new Set();
    return new Set(
      [manifest.dependencies, manifest.devDependencies].flatMap((list) =>
        isRecord(list) ? Object.keys(list) : [],
      ),
    );
  } catch {
    // No package.json, or not JSON: no package is known to be there.
    return new Set();
  }
}

/** The blog's config, as a plain mapping, and the file it came from. */
export function readBlogConfig(
  source: string,
  engine: EngineName,
): { config: Record<string, unknown>; file: string | undefined } {
  if (engine === 'eleventy') return readEleventyConfig(source);
  const names = engine === 'hugo' ? HUGO_CONFIGS : ['_config.yml', '_config.yaml'];
  const folders = engine === 'hugo' ? [source, join(source, 'config', '_default')] : [source];
  for (const folder of folders) {
    for (const name of names) {
      const file = join(folder, name);
      if (!exists(file)) continue;
      const value = readConfigFile(file);
      const config = isRecord(value) ? value : {};
      if (engine === 'hugo') {
        addSplitConfig(config, join(source, 'config', '_default'));
        spellAsRead(config);
      }
      return { config, file };
    }
  }
  return { config: {}, file: undefined };
}

// The keys of a Hugo config that Folio reads, spelled as it reads them. Hugo reads every key in
// any case, and configs written for older Hugo spell them otherwise (`DefaultContentLanguage`,
// `BaseURL`, `Title`, `Paginate`).
const HUGO_KEYS = [
  'assetDir',
  'author',
  'avatar',
  'baseURL',
  'contentDir',
  'copyright',
  'defaultContentLanguage',
  'defaultContentLanguageInSubdir',
  'description',
  'disablePathToLower',
  'github',
  'hasCJKLanguage',
  'katex',
  'languageCode',
  'languages',
  'mainSections',
  'markup',
  'math',
  'mathjax',
  'menu',
  'menus',
  'name',
  'paginate',
  'paginatePath',
  'pagination',
  'pagerSize',
  'params',
  'permalinks',
  'social',
  'socialIcons',
  'staticDir',
  'subtitle',
  'summaryLength',
  'taxonomies',
  'theme',
  'timeZone',
  'title',
  'twitter',
  'uglyURLs',
];
const HUGO_SPELLING = new Map(HUGO_KEYS.map((key) => [key.toLowerCase(), key]));

/** Gives each key of `value`'s mappings that Folio reads its spelling too, wherever it stands. */
function spellAsRead(value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) spellAsRead(item);
    return;
  }
  if (!isRecord(value)) return;
  for (const [key, inner] of Object.entries(value)) {
    spellAsRead(inner);
    const spelled = HUGO_SPELLING.get(key.toLowerCase());
    if (spelled !== undefined && !(spelled in value)) value[spelled] = inner;
  }
}

/** A config file of the blog that cannot be read, at the line where it goes wrong. */
export class BlogConfigProblem extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    problem: string,
  ) {
    super(problem);
  }
}

function readConfigFile(file: string): unknown {
  try {
    const text = readFileSync(file, 'utf8');
    if (file.endsWith('.toml')) return parseToml(text);
    if (file.endsWith('.json')) return JSON.parse(text);
    return loadBlogYaml(text);
  } catch (cause) {
    const error = cause as Error & { line?: number; mark?: { line: number } };
    const line = error.mark ? error.mark.line + 1 : (error.line ?? 1);
    throw new BlogConfigProblem(file, line, error.message.split('\n')[0] ?? error.message);
  }
}

/**
 * Hugo's config folder holds a file per key beside the main one: `params.toml` is `params`,
 * `languages.ko.toml` is `languages.ko`.
 */
function addSplitConfig(config: Record<string, unknown>, folder: string): void {
  let names: string[];
  try {
    names = readdirSync(folder).sort();
  } catch {
    return;
  }
  for (const name of names) {
    const keys = name.replace(/\.(?:toml|ya?ml|json)$/, '').split('.');
    if (keys.length === 0 || keys.join('.') === name || ['hugo', 'config'].includes(keys[0] ?? ''))
      continue;
    const value = readConfigFile(join(folder, name));
    let into = config;
    for (const key of keys.slice(0, -1)) {
      const inner = into[key];
      into = isRecord(inner) ? inner : (into[key] = {});
    }
    const last = keys[keys.length - 1] ?? '';
    const had = into[last];
    into[last] = isRecord(had) && isRecord(value) ? { ...had, ...value } : value;
  }
}

/** The name of a file or folder each engine leaves unpublished. */
export function isHiddenName(name: string): boolean {
  return name.startsWith('.') || name.startsWith('_') || name === 'node_modules';
}
