// Import: the files of a Jekyll, Hexo or Hugo blog — its config, its post files, the files it
// publishes as they are — read without ever changing the blog or following a link out of it.
import { lstatSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { CORE_SCHEMA, load } from 'js-yaml';
import { parse as parseToml } from 'smol-toml';
import type { EngineName } from './engines.js';
import { isRecord } from './foreign-document.js';

/** A file of the blog, by its path from the blog's folder (`/`-separated) and on disk. */
export interface BlogFile {
  readonly relative: string;
  readonly file: string;
}

/** Every file under `folder`, links that stay inside `root` followed, others reported. */
export function walk(
  root: string,
  folder: string,
  skip: (name: string, isFolder: boolean) => boolean,
  outside: string[],
): BlogFile[] {
  const realRoot = realpathSync(root);
  const found: BlogFile[] = [];
  const visit = (dir: string): void => {
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch {
      return;
    }
    for (const name of names) {
      const path = join(dir, name);
      let info = lstatSync(path);
      if (info.isSymbolicLink()) {
        let real: string;
        try {
          real = realpathSync(path);
        } catch {
          outside.push(relative(root, path).split(sep).join('/'));
          continue;
        }
        if (real !== realRoot && !real.startsWith(realRoot + sep)) {
          outside.push(relative(root, path).split(sep).join('/'));
          continue;
        }
        info = lstatSync(real);
      }
      if (skip(name, info.isDirectory())) continue;
      if (info.isDirectory()) visit(path);
      else if (info.isFile())
        found.push({ relative: relative(root, path).split(sep).join('/'), file: path });
    }
  };
  visit(folder);
  return found;
}

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
  const hasConfig = exists(join(source, '_config.yml')) || exists(join(source, '_config.yaml'));
  if (hasConfig && exists(join(source, 'source', '_posts'))) return 'hexo';
  if (hasConfig && (exists(join(source, '_posts')) || exists(join(source, '_drafts'))))
    return 'jekyll';
  const hugoConfig = HUGO_CONFIGS.some(
    (name) => exists(join(source, name)) || exists(join(source, 'config', '_default', name)),
  );
  if (hugoConfig && exists(join(source, 'content'))) return 'hugo';
  if (hasConfig) return 'jekyll';
  return undefined;
}

/** The blog's config, as a plain mapping, and the file it came from. */
export function readBlogConfig(
  source: string,
  engine: EngineName,
): { config: Record<string, unknown>; file: string | undefined } {
  const names = engine === 'hugo' ? HUGO_CONFIGS : ['_config.yml', '_config.yaml'];
  const folders = engine === 'hugo' ? [source, join(source, 'config', '_default')] : [source];
  for (const folder of folders) {
    for (const name of names) {
      const file = join(folder, name);
      if (!exists(file)) continue;
      const text = readFileSync(file, 'utf8');
      const value: unknown = name.endsWith('.toml')
        ? parseToml(text)
        : name.endsWith('.json')
          ? JSON.parse(text)
          : load(text, { schema: CORE_SCHEMA, json: true });
      return { config: isRecord(value) ? value : {}, file };
    }
  }
  return { config: {}, file: undefined };
}

/** The name of a file or folder each engine leaves unpublished. */
export function isHiddenName(name: string): boolean {
  return name.startsWith('.') || name.startsWith('_') || name === 'node_modules';
}
