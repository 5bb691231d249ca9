// Load: finds and reads every post file under content/posts.
import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { warning, type Diagnostic } from '../errors.js';
import { readTextFile } from '../read-text-file.js';

export const POSTS_DIR = join('content', 'posts');

/** The raw text of one post file. */
export interface PostSource {
  readonly file: string;
  /** The file name without `.md`: the post's default slug. */
  readonly fileSlug: string;
  readonly text: string;
}

export interface SourcesResult {
  readonly sources: readonly PostSource[];
  readonly diagnostics: readonly Diagnostic[];
}

// Enough files in flight to keep the disk busy without running out of descriptors.
const READ_CONCURRENCY = 64;

export async function readPostSources(siteDir: string): Promise<SourcesResult> {
  const root = join(siteDir, POSTS_DIR);
  const diagnostics: Diagnostic[] = [];
  const files = await listMarkdownFiles(root, diagnostics);
  const sources: PostSource[] = [];
  await forEachLimited(files, READ_CONCURRENCY, async (file) => {
    const text = await readTextFile(file);
    if (typeof text === 'string') sources.push({ file, fileSlug: basename(file, '.md'), text });
    else diagnostics.push(text);
  });
  sources.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return { sources, diagnostics };
}

async function listMarkdownFiles(root: string, diagnostics: Diagnostic[]): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (cause) {
      const code = (cause as NodeJS.ErrnoException).code;
      const message =
        code === 'ENOENT'
          ? 'the posts folder does not exist'
          : `the posts folder cannot be read (${code})`;
      diagnostics.push(
        warning('posts-folder', dir, 1, message, `put posts as .md files under ${POSTS_DIR}`),
      );
      return;
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.name.endsWith('.md')) found.push(path);
    }
  };
  await walk(root);
  return found;
}

async function forEachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
