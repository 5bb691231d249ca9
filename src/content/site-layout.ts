// Load: where a site folder keeps its posts, pages and static files, and how a file is known
// unchanged. Kept apart from reading them, so that code that only names these folders or stamps
// files (the thread that looks through an output folder) loads no parser with them.
import type { Stats } from 'node:fs';
import { join } from 'node:path';

export const POSTS_DIR = join('content', 'posts');
export const PAGES_DIR = join('content', 'pages');
export const STATIC_DIR = 'static';

/** A file's stamp: its size, modification time and inode, which change when it is written. */
export function stampOf(info: Stats): string {
  return `${info.size}:${info.mtimeMs}:${info.ino}`;
}

/** When the file of `stamp` was last changed, epoch ms; NaN for no file. */
export function stampChangedAt(stamp: string): number {
  return Number(stamp.split(':')[1]);
}
