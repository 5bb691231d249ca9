// CLI: `folio init DIR` — creates a working site folder, never touching an existing one.
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { basename, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DateTime } from 'luxon';
import { AVATAR_SVG, configTemplate, firstPost } from '../templates/site-files.js';

const SCHEMA = fileURLToPath(new URL('../../../schema/folio.config.schema.json', import.meta.url));

export async function initCommand(siteDir: string): Promise<number> {
  const existing = await readdir(siteDir).catch(() => []);
  if (existing.length > 0) {
    console.error(
      `${siteDir} is not empty: Folio creates sites only in a new or empty folder (name another one).`,
    );
    return 1;
  }
  const timezone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  const title = titleFromFolder(siteDir);
  const files: [string, string][] = [
    [
      'folio.config.yaml',
      configTemplate({ title, timezone, schemaPath: relative(resolve(siteDir), SCHEMA) }),
    ],
    [
      join('content', 'posts', 'hello-folio.md'),
      firstPost(DateTime.now().setZone(timezone).toFormat('yyyy-MM-dd HH:mm')),
    ],
    [join('static', 'images', 'avatar.svg'), AVATAR_SVG],
  ];
  for (const [path, text] of files) {
    const file = join(siteDir, path);
    await mkdir(join(file, '..'), { recursive: true });
    await writeFile(file, text, { flag: 'wx' });
  }
  console.log(`Created a Folio site in ${siteDir}:`);
  for (const [path] of files) console.log(`  ${join(siteDir, path)}`);
  console.log(`\nNext: npx folio serve ${siteDir} --watch`);
  return 0;
}

function titleFromFolder(siteDir: string): string {
  const words = basename(resolve(siteDir))
    .split(/[-_\s]+/)
    .filter(Boolean);
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ') || 'My Blog';
}
