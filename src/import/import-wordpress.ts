// Import: a WordPress export (Tools → Export's file) → a Folio site folder. The export is written
// out as the Jekyll blog it would be, in a folder of its own that is removed after, and imported as
// one; the report names each post by the export's line its item starts on.
import {
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  ImportRefused,
  importSite,
  type ImportOptions,
  type ImportSummary,
} from './import-site.js';
import { wordPressAsJekyll } from './wordpress-blog.js';
import { isWordPressExport, readWordPressExport } from './wordpress-export.js';

/** Whether the file at `path` is a WordPress export, by its first bytes. */
export function isWordPressExportFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    const start = Buffer.alloc(20_000);
    const handle = openSync(path, 'r');
    try {
      const read = readSync(handle, start, 0, start.length, 0);
      return isWordPressExport(start.subarray(0, read).toString('utf8'));
    } finally {
      closeSync(handle);
    }
  } catch {
    return false;
  }
}

/** Imports the WordPress export at `options.source` into `options.target`. */
export function importWordPress(
  options: Omit<ImportOptions, 'from' | 'origin' | 'built' | 'lang'>,
): ImportSummary {
  let text: string;
  try {
    text = readFileSync(options.source, 'utf8');
  } catch (cause) {
    throw new ImportRefused(
      `${options.source} cannot be read (${(cause as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
  const site = readWordPressExport(text);
  if (!site.items.some((item) => item.type === 'post')) {
    throw new ImportRefused(
      `${options.source} is a WordPress export with no post in it (export "All content" from Tools → Export)`,
    );
  }
  const blog = wordPressAsJekyll(site);
  const folder = mkdtempSync(join(tmpdir(), 'folio-wordpress-'));
  try {
    for (const [path, content] of blog.files) {
      const file = join(folder, path);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, content);
    }
    return importSite({
      ...options,
      source: folder,
      from: 'jekyll',
      origin: {
        title: 'a WordPress export',
        source: options.source,
        // A post's or page's file is its item; the config is the export's head.
        place: (relative) => {
          const line = relative === '_config.yml' ? 1 : blog.lines.get(relative);
          return line === undefined ? undefined : { file: options.source, line };
        },
        termPages: blog.termPages,
        lists: blog.lists,
        redirects: blog.redirects,
        leftOut: blog.leftOut.map((note) => ({ file: options.source, ...note })),
      },
    });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
