// CLI: `folio serve` — loads the site, refuses invalid content, serves it until stopped.
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { App } from '../../delivery/app/app.js';
import { startServer } from '../../delivery/server/start-server.js';
import { staticFolder } from '../../delivery/server/static-folder.js';
import { LiveReload } from '../../delivery/server/live-reload.js';
import { isLoopback } from '../../delivery/server/loopback.js';
import { watchSite } from '../../delivery/server/watch-site.js';
import { STATIC_DIR } from '../../content/site-layout.js';
import { progressLine } from '../progress.js';
import { hasErrors } from '../../diagnostics/diagnostic.js';
import type { LoadResult } from '../../load/load-site.js';
import { SiteSession } from '../../delivery/site-session.js';
import { ImageStore } from '../../load/image-store.js';
import { displayDiagnostic, displayPath, ProblemLog, summarize } from '../print-diagnostics.js';
import { count } from '../../text/count.js';
import { ScheduleLog } from '../print-scheduled.js';
import { WatchWarnings } from '../watch-warnings.js';
import { clockTime } from '../clock.js';
import { stopSignal } from '../stop-signal.js';
import { fileUnder, namedUnder, realSiteFolder } from '../../load/site-folder.js';
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { ReadCache } from '../../load/read-cache.js';
import { rendererFingerprint } from '../../load/body-cache.js';
import { folioVersion } from '../../load/folio-package.js';

// Requests still unanswered this long after a stop signal are cut off: a service manager waits a
// little longer than this before it kills the process.
const SHUTDOWN_GRACE_MS = 8_000;

export interface ServeOptions {
  readonly port: number;
  readonly host: string;
  readonly drafts: boolean;
  readonly watch: boolean;
}

export async function serveCommand(given: string, options: ServeOptions): Promise<number> {
  // The site is known by its real folder, as a build knows it, so that what reading each post
  // file gave, kept by a build, is found again; problems name its files as the author named it.
  const siteDir = await realSiteFolder(given);
  const named = namedUnder(siteDir, given);
  const progress = progressLine('Loading posts');
  // One image at a time: variants are made as readers ask for them, and pages must not wait.
  const images = new ImageStore(siteDir, { concurrency: 1 });
  // A server that reads bodies again when pages need them starts from what was kept of each file
  // (at 10,000 posts, reading and parsing every file took it 0.65 s); one that watches keeps
  // every body it reads, so it reads them all.
  const reads = options.watch
    ? undefined
    : new ReadCache(siteDir, rendererFingerprint(folioVersion()));
  const startedAt = Date.now();
  const { session, load } = await SiteSession.open(siteDir, {
    images,
    onProgress: progress.update,
    showDrafts: options.drafts,
    liveReload: options.watch,
    // A watched folder changes under the server: each version keeps its own bodies.
    keepBodies: options.watch,
    // Readers can search from the first request without waiting for the whole index.
    indexAtOnce: true,
    readCache: reads,
  });
  progress.end();
  const diagnostics = load.diagnostics.map(named);
  const problems = new ProblemLog();
  problems.report(diagnostics);
  const content = session?.content;
  if (!session || !content || hasErrors(diagnostics)) {
    console.error(
      `\n${summarize(diagnostics)}: Folio did not start. Fix the lines above and run it again.`,
    );
    return 1;
  }
  const schedule = new ScheduleLog();
  schedule.report(content, Date.now());
  const app = new App({ session, staticFiles: staticFolder(join(siteDir, STATIC_DIR), images) });
  const liveReload = options.watch ? new LiveReload() : undefined;
  let server;
  try {
    server = await startServer({
      app,
      port: options.port,
      host: options.host,
      ...(liveReload ? { liveReload } : {}),
    });
  } catch (cause) {
    console.error(listenError(cause, options));
    return 1;
  }
  // The address is printed once everything is ready, watching included, as scripts wait for it.
  const stopWatching = liveReload
    ? await watchContent({
        siteDir,
        named,
        fileNamed: fileUnder(siteDir, given),
        session,
        load,
        liveReload,
        problems,
        schedule,
      })
    : undefined;
  const { posts } = session.site;
  console.log(
    `Folio is serving "${content.config.title}" (${count(posts.length, 'post')}) at ${server.url}/`,
  );
  console.log(
    options.watch ? 'Watching for changes. Press Ctrl+C to stop.' : 'Press Ctrl+C to stop.',
  );
  // For the next start, and the next build, once the first pages can be answered.
  if (reads) setImmediate(() => reads.write(load.reusable.folder, startedAt));
  if (options.watch && !isLoopback(options.host)) {
    // Problems and warnings name files of this machine: other machines are not shown them.
    console.log(
      `Listening beyond this machine (${options.host}): problems are shown on pages only to this machine; other clients get the pages without them.`,
    );
  }

  const signal = await stopSignal();
  const started = performance.now();
  const requests = server.requestsInFlight;
  const connections = server.openConnections;
  console.log(
    `\n${signal}: finishing ${count(requests, 'request')} in flight on ${count(connections, 'open connection')}, then stopping.`,
  );
  await Promise.all([stopWatching?.(), server.close(SHUTDOWN_GRACE_MS)]);
  console.log(`Stopped in ${Math.round(performance.now() - started)} ms.`);
  return 0;
}

interface Watched {
  readonly siteDir: string;
  /** A problem as it names the site's files under the folder the author named. */
  readonly named: (diagnostic: Diagnostic) => Diagnostic;
  /** A file of the site, named under the folder the author named. */
  readonly fileNamed: (file: string) => string;
  readonly session: SiteSession;
  /** The load the server started with: its warnings, and the check of its bodies. */
  readonly load: LoadResult;
  readonly liveReload: LiveReload;
  /** What has been printed so far, so that a reload prints only what is new. */
  readonly problems: ProblemLog;
  /** The scheduled posts named so far, so that a reload names only those it brings. */
  readonly schedule: ScheduleLog;
}

async function watchContent(watched: Watched): Promise<() => Promise<void>> {
  const { session, load, liveReload, problems, schedule, named, fileNamed } = watched;
  const warnings = new WatchWarnings(session, liveReload);
  warnings.loaded(session.content, load.diagnostics.map(named), load.checkBodies);
  const stop = await watchSite({
    siteDir: watched.siteDir,
    session,
    onReload(reload, gone) {
      const diagnostics = reload.diagnostics.map(named);
      const { checkBodies } = reload;
      problems.report(diagnostics);
      warnings.loaded(session.content, diagnostics, checkBodies);
      liveReload.notify();
      console.log(
        `${clockTime()} reloaded: ${count(session.site.posts.length, 'post')} online${goneNote(gone.map(fileNamed))}.`,
      );
      schedule.report(session.content, Date.now());
    },
    onProblems(found) {
      const diagnostics = found.map(named);
      // The same problems again: the log and every page already show them.
      if (!problems.report(diagnostics)) return;
      session.showProblems(
        diagnostics.filter((d) => d.severity === 'error').map(displayDiagnostic),
      );
      liveReload.notify();
      console.error(
        `${clockTime()} ${summarize(diagnostics)}: the last good version stays online until they are fixed.`,
      );
    },
  });
  return () => {
    warnings.stop();
    return stop();
  };
}

// Enough names for an author to recognise what went, few enough to keep the log readable.
const GONE_NAMED = 3;

/** Why fewer posts are online than before: the post files that are no longer there. */
function goneNote(gone: readonly string[]): string {
  if (gone.length === 0) return '';
  const named = gone.slice(0, GONE_NAMED).map(displayPath).join(', ');
  const more = gone.length > GONE_NAMED ? ` and ${gone.length - GONE_NAMED} more` : '';
  return `; ${count(gone.length, 'post file')} no longer there: ${named}${more}`;
}

function listenError(cause: unknown, options: ServeOptions): string {
  const code = (cause as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') {
    return `Port ${options.port} on ${options.host} is already in use (stop the other server or pass --port with another number).`;
  }
  if (code === 'EACCES')
    return `Not allowed to listen on port ${options.port} (use a port above 1023).`;
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
    return `This machine has no address ${options.host} (use --host 127.0.0.1 or 0.0.0.0).`;
  return `Cannot listen on ${options.host}:${options.port}: ${String(cause)}`;
}
