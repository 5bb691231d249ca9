// CLI: `folio import SOURCE [DIR]` — a Jekyll, Hexo, Hugo or Eleventy blog, or a WordPress export,
// made a Folio site, its old URLs kept; the blog itself is only read.
import { relative } from 'node:path';
import { blogOf, type EngineName } from '../../import/engine-names.js';
import { ImportRefused, importSite, summaryLines } from '../../import/import-site.js';
import { importWordPress, isWordPressExportFile } from '../../import/import-wordpress.js';

export interface ImportCommandOptions {
  readonly from?: EngineName | undefined;
  readonly lang?: string | undefined;
  readonly fallbackTag: string;
  readonly built?: string | undefined;
}

export function importCommand(source: string, dir: string, options: ImportCommandOptions): number {
  const started = performance.now();
  let summary;
  try {
    const wordPress = isWordPressExportFile(source);
    // What names a blog's folder has no meaning for an export, which holds the whole blog.
    const unused = (['from', 'lang', 'built'] as const).filter((key) => options[key] !== undefined);
    if (wordPress && unused.length > 0)
      console.error(
        `folio import: ${unused.map((key) => `--${key}`).join(', ')} read nothing of a WordPress export, which holds the whole blog; left aside`,
      );
    summary = wordPress
      ? importWordPress({ source, target: dir, fallbackTag: options.fallbackTag })
      : importSite({ source, target: dir, ...options });
  } catch (cause) {
    if (!(cause instanceof ImportRefused)) throw cause;
    console.error(`folio import: ${cause.message}. Nothing was written.`);
    return 1;
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  console.log(
    `Imported ${summary.origin ?? blogOf(summary.engine)} into ${dir === '.' ? 'this folder' : dir} in ${seconds} s:`,
  );
  for (const line of summaryLines(summary)) console.log(`  ${line}`);
  for (const note of summary.skipped) console.error(`${note.file}:${note.line}: ${note.text}`);
  const report = relative(process.cwd(), summary.reportFile);
  console.log(
    `\nThe whole report, post by post: ${report.startsWith('..') ? summary.reportFile : report}`,
  );
  console.log(`Next: folio check ${dir} && folio serve ${dir}`);
  // Whatever was left out is the author's to look at: a script sees it in the exit code.
  return summary.skipped.length > 0 ? 1 : 0;
}
