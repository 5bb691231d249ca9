// CLI: `folio check` — validates the config and every post, listing every problem.
import { hasErrors } from '../../diagnostics/diagnostic.js';
import { loadSite } from '../../load/load-site.js';
import { progressLine } from '../progress.js';
import { printDiagnostics, summarize } from '../print-diagnostics.js';
import { count } from '../../text/count.js';
import { ScheduleLog } from '../print-scheduled.js';

export async function checkCommand(siteDir: string): Promise<number> {
  const progress = progressLine('Checking posts');
  const { content, diagnostics } = await loadSite(siteDir, { onProgress: progress.update });
  progress.end();
  printDiagnostics(diagnostics);
  if (!content || hasErrors(diagnostics)) {
    console.error(
      `\n${summarize(diagnostics)}: fix the lines above, then run \`folio check\` again.`,
    );
    return 1;
  }
  new ScheduleLog().report(content, Date.now());
  const drafts = content.posts.filter((post) => post.draft).length;
  const note = diagnostics.length > 0 ? ` (${count(diagnostics.length, 'warning')})` : '';
  const pages = content.pages.length > 0 ? `, ${count(content.pages.length, 'page')}` : '';
  console.log(
    `${siteDir === '.' ? 'This site' : siteDir}: ${count(content.posts.length, 'post')} (${count(drafts, 'draft')})${pages}, no errors${note}.`,
  );
  return 0;
}
