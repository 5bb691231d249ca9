// CLI: `folio check` — validates the config and every post, listing every problem.
import { hasErrors, sortDiagnostics } from '../../diagnostics/diagnostic.js';
import { ImageStore, resizableImages } from '../../load/image-store.js';
import { loadSite } from '../../load/load-site.js';
import { progressLine } from '../progress.js';
import { printDiagnostics, summarize } from '../print-diagnostics.js';
import { count } from '../../text/count.js';
import { ScheduleLog } from '../print-scheduled.js';

export async function checkCommand(siteDir: string): Promise<number> {
  const progress = progressLine('Checking posts');
  const images = new ImageStore(siteDir);
  const load = await loadSite(siteDir, {
    onProgress: progress.update,
    checkBodies: false,
    keepBodies: true,
    images,
  });
  progress.end();
  // Images are decoded before bodies are checked, so that one that cannot be is named where a
  // post shows it; what is made goes to the cache, and the next build has no image left to make.
  if (load.content) {
    const { posts, pages } = load.content;
    const folderPosts = [...posts, ...pages].filter((post) => post.ownFolder);
    // An image takes a tenth of a second or more to resize: a first check of a blog of hundreds
    // shows how far it is.
    const resizing = progressLine('Resizing images', 1);
    await images.prepareAll(
      await resizableImages(
        siteDir,
        folderPosts.map((post) => post.file),
      ),
      resizing.update,
    );
    resizing.end();
  }
  const { content } = load;
  const diagnostics = sortDiagnostics([...load.diagnostics, ...load.checkBodies()]);
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
