// CLI: `folio init [DIR]` — creates a working site in a new folder or beside files already there,
// never writing over one.
import { lstat, mkdir, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DateTime } from 'luxon';
import { POSTS_DIR, STATIC_DIR } from '../../content/read-sources.js';
import { AVATAR_SVG, configTemplate, firstPost } from '../templates/site-files.js';

// Keeps the built site out of a repository; written only where there is no .gitignore, as a
// repository's own is the author's to keep.
const GITIGNORE =
  '# The static site that `folio build` writes, and what an interrupted build leaves beside it\n/dist/\n/.dist.*/\n';

const SCHEMA = fileURLToPath(new URL('../../../schema/folio.config.schema.json', import.meta.url));

export async function initCommand(siteDir: string): Promise<number> {
  const timezone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  const title = titleFromFolder(siteDir);
  const files: [string, string][] = [
    [
      'folio.config.yaml',
      configTemplate({ title, timezone, schemaPath: relative(resolve(siteDir), SCHEMA) }),
    ],
    [
      join(POSTS_DIR, 'hello-folio.md'),
      firstPost(DateTime.now().setZone(timezone).toFormat('yyyy-MM-dd HH:mm')),
    ],
    [join(STATIC_DIR, 'images', 'avatar.svg'), AVATAR_SVG],
  ];
  // Everything is looked at before anything is written, so a refusal leaves the folder as it was.
  const inTheWay = await obstacles(
    siteDir,
    files.map(([path]) => path),
  );
  if (inTheWay.length > 0) {
    for (const problem of inTheWay) console.error(problem);
    console.error(
      '\nNothing was written: Folio never replaces a file. Move those aside, or run folio init in another folder.',
    );
    return 1;
  }
  for (const [path, text] of files) {
    const file = join(siteDir, path);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, text, { flag: 'wx' });
  }
  const written = files.map(([path]) => path);
  if (await writeIfAbsent(join(siteDir, '.gitignore'), GITIGNORE)) written.push('.gitignore');
  console.log(`Created a Folio site in ${siteDir === '.' ? 'this folder' : siteDir}:`);
  for (const path of written) console.log(`  ${join(siteDir, path)}`);
  const serve =
    siteDir === '.' ? 'folio serve --watch' : `folio serve ${shellWord(siteDir)} --watch`;
  console.log(`\nNext: ${serve}`);
  return 0;
}

/**
 * What stands where the site's files and their folders would go, each as `path: what (what to do)`.
 * A folder in the way hides what is below it, so only the file or folder nearest the site is named.
 */
async function obstacles(siteDir: string, files: readonly string[]): Promise<string[]> {
  const folders = new Set<string>([siteDir]);
  for (const file of files) {
    for (let folder = dirname(file); folder !== '.'; folder = dirname(folder)) {
      folders.add(join(siteDir, folder));
    }
  }
  const problems: string[] = [];
  for (const folder of [...folders].sort()) {
    const found = await stat(folder).catch(() => undefined);
    if (found && !found.isDirectory()) {
      problems.push(`${folder}: is a file where Folio needs a folder (move it aside)`);
    }
  }
  for (const file of files.map((path) => join(siteDir, path))) {
    const found = await lstat(file).catch(() => undefined);
    if (found) {
      problems.push(
        `${file}: already exists (Folio would write its own ${basename(file)} here; move yours aside)`,
      );
    }
  }
  return problems;
}

/** Writes `file` unless something is there already; whether it wrote. */
async function writeIfAbsent(file: string, text: string): Promise<boolean> {
  try {
    await writeFile(file, text, { flag: 'wx' });
    return true;
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw cause;
  }
}

/** `dir` as one word for a POSIX shell, so the printed hint can be pasted. */
function shellWord(dir: string): string {
  return /^[\w@%+=:,./-]+$/.test(dir) ? dir : `'${dir.replaceAll("'", `'\\''`)}'`;
}

function titleFromFolder(siteDir: string): string {
  const words = basename(resolve(siteDir))
    .split(/[-_\s]+/)
    .filter(Boolean);
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ') || 'My Blog';
}
