// CLI: `folio deploy-files TARGET [DIR]` — writes the files of one deploy recipe into a site
// folder, for a site made before `folio init` wrote them, never over a file unless told to.
import { join } from 'node:path';
import { loadConfig } from '../../config/load-config.js';
import { hasErrors } from '../../diagnostics/diagnostic.js';
import { obstacles, writeFiles } from '../new-files.js';
import { printDiagnostics } from '../print-diagnostics.js';
import { basePathOf } from '../../urls/base-path.js';
import { deployRecipe } from '../templates/deploy-recipes.js';
import type { DeployTarget } from '../templates/deploy-targets.js';

export interface DeployFilesOptions {
  /** Write over files of the same names. */
  readonly force?: boolean;
}

export async function deployFilesCommand(
  target: DeployTarget,
  siteDir: string,
  options: DeployFilesOptions = {},
): Promise<number> {
  const { config, diagnostics } = loadConfig(siteDir);
  if (!config || hasErrors(diagnostics)) {
    printDiagnostics(diagnostics);
    console.error('\nFix the problems above first: the recipe is made for the url of the config.');
    return 1;
  }
  const recipe = deployRecipe(target, {
    host: new URL(config.url).hostname,
    // The folder a server keeps the export in is named as the path reads, not percent-encoded.
    base: decodeURI(basePathOf(config.url)),
  });
  const replace = options.force === true;
  const inTheWay = await obstacles(
    siteDir,
    recipe.files.map(([path]) => path),
    'run with --force to replace it, or move yours aside',
    replace,
  );
  if (inTheWay.length > 0) {
    for (const problem of inTheWay) console.error(problem);
    console.error('\nNothing was written.');
    return 1;
  }
  await writeFiles(siteDir, recipe.files, replace);
  console.log(`Wrote the ${target} recipe (docs/deploy.md of Folio explains it):`);
  for (const [path] of recipe.files) console.log(`  ${join(siteDir, path)}`);
  console.log('\nNext:');
  for (const line of recipe.next) console.log(`  ${line}`);
  return 0;
}
