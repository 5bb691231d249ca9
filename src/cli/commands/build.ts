// CLI: `folio build` — writes the static site, replacing the previous export only when complete.
import { join, relative } from 'node:path';
import { App } from '../../delivery/app.js';
import { loadSite } from '../../delivery/load-site.js';
import { exportSite } from '../../delivery/static/export-site.js';
import { hasErrors } from '../../errors.js';
import { count, printDiagnostics, summarize } from '../print-diagnostics.js';
import { progressLine } from '../progress.js';

export async function buildCommand(siteDir: string, outDir: string | undefined): Promise<number> {
  const started = performance.now();
  const out = outDir ?? join(siteDir, 'dist');
  const loading = progressLine('Loading posts');
  const { content, diagnostics } = await loadSite(siteDir, { onProgress: loading.update });
  loading.end();
  printDiagnostics(diagnostics);
  if (!content || hasErrors(diagnostics)) {
    console.error(`\n${summarize(diagnostics)}: nothing was built, and ${out} is as it was.`);
    return 1;
  }
  const app = new App({ content, keepPages: false });
  const writing = progressLine('Writing pages');
  try {
    const summary = await exportSite({
      app,
      staticDir: join(siteDir, 'static'),
      outDir: out,
      onProgress: writing.update,
    });
    writing.end();
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    const megabytes = (summary.bytes / 1_048_576).toFixed(1);
    console.log(
      `Built ${count(summary.documents, 'page')} (${count(summary.files, 'file')}, ${megabytes} MB) into ${relative(process.cwd(), out) || '.'} in ${seconds} s.`,
    );
    return 0;
  } catch (cause) {
    writing.end();
    console.error(`The build failed: ${buildError(cause)}\n${out} is as it was before.`);
    return 1;
  }
}

function buildError(cause: unknown): string {
  const error = cause as NodeJS.ErrnoException;
  switch (error.code) {
    case 'ENOSPC':
      return `the disk is full (${error.path ?? ''}); free some space and build again.`;
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return `cannot write ${error.path ?? 'the output folder'}: ${error.code === 'EROFS' ? 'the file system is read-only' : 'permission denied'} (choose another --out, or fix the folder's permissions).`;
    default:
      return error.message;
  }
}
