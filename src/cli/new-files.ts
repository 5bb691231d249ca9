// CLI: writing a command's files into a site folder without ever replacing one that is there,
// unless the author asked for it.
import { lstat, mkdir, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * What stands where the site's files and their folders would go, each as `path: what (what to do)`.
 * A folder in the way hides what is below it, so only the file or folder nearest the site is named.
 * `replace` lets existing files be written over: only folders in the way are named then.
 */
export async function obstacles(
  siteDir: string,
  files: readonly string[],
  fix: string,
  replace = false,
): Promise<string[]> {
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
    if (found && !(replace && found.isFile())) {
      problems.push(
        `${file}: already exists (Folio would write its own ${basename(file)} here; ${fix})`,
      );
    }
  }
  return problems;
}

/** Writes each file under `siteDir`, making its folders; `replace` writes over a file there. */
export async function writeFiles(
  siteDir: string,
  files: readonly (readonly [string, string])[],
  replace = false,
): Promise<void> {
  for (const [path, text] of files) {
    const file = join(siteDir, path);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, text, { flag: replace ? 'w' : 'wx' });
  }
}

/**
 * Writes `file` unless something is there already, or a file stands where one of its folders
 * would go; whether it wrote.
 */
export async function writeIfAbsent(file: string, text: string): Promise<boolean> {
  try {
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, text, { flag: 'wx' });
    return true;
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || code === 'ENOTDIR') return false;
    throw cause;
  }
}
