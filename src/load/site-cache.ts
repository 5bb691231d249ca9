// Load: the site's `.folio/cache/` folder, where a build keeps what saves the next one work.
// Everything in it may be deleted at any time.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const SITE_CACHE_DIR = join('.folio', 'cache');

/**
 * Leaves a `.gitignore` in `folder`, which holds `what`, unless one is there: a site kept in Git
 * would otherwise list the cache as a change to commit.
 */
export function keepOutOfGit(folder: string, what: string): void {
  try {
    writeFileSync(
      join(folder, '.gitignore'),
      `# ${what} that folio build keeps for the next build: safe to delete, never to commit.\n*\n`,
      { flag: 'wx' },
    );
  } catch {
    // There already, or another thread's.
  }
}
