// CLI: `folio init [DIR]` — creates a working site in a new folder or beside files already there,
// never writing over one.
import { basename, join, relative, resolve } from 'node:path';
import { DateTime } from 'luxon';
import { POSTS_DIR, STATIC_DIR } from '../../content/site-layout.js';
import { folioRoot } from '../../load/folio-package.js';
import { obstacles, writeFiles, writeIfAbsent } from '../new-files.js';
import { githubPagesWorkflow, WORKFLOW_FILE } from '../templates/deploy-recipes.js';
import { AVATAR_SVG, configTemplate, firstPost } from '../templates/site-files.js';

// Keeps the built site out of a repository.
const GITIGNORE =
  '# The static site that `folio build` writes, and what an interrupted build leaves beside it\n/dist/\n/.dist.*/\n';

const SCHEMA = join(folioRoot(), 'schema', 'folio.config.schema.json');

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
    'move yours aside',
  );
  if (inTheWay.length > 0) {
    for (const problem of inTheWay) console.error(problem);
    console.error(
      '\nNothing was written: Folio never replaces a file. Move those aside, or run folio init in another folder.',
    );
    return 1;
  }
  await writeFiles(siteDir, files);
  const written = files.map(([path]) => path);
  const kept: string[] = [];
  // A repository's own .gitignore and deploy workflow are the author's to keep.
  for (const [path, text] of [
    ['.gitignore', GITIGNORE],
    [WORKFLOW_FILE, githubPagesWorkflow()],
  ] as const) {
    ((await writeIfAbsent(join(siteDir, path), text)) ? written : kept).push(path);
  }
  console.log(`Created a Folio site in ${siteDir === '.' ? 'this folder' : siteDir}:`);
  for (const path of written) console.log(`  ${join(siteDir, path)}`);
  if (kept.length > 0) console.log(`Kept as they were: ${kept.join(', ')}`);
  const serve =
    siteDir === '.' ? 'folio serve --watch' : `folio serve ${shellWord(siteDir)} --watch`;
  console.log(`\nNext: ${serve}`);
  return 0;
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
