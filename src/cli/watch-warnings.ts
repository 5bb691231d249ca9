// CLI: the warnings a watching server gives the author — in its log and on every page — for the
// version online: those its load found, and the links and images of its bodies that lead nowhere.
import type { SiteSession } from '../delivery/site-session.js';
import type { LoadResult, SiteContent } from '../load/load-site.js';
import { checkBodiesInSlices } from '../delivery/server/check-bodies-in-slices.js';
import type { LiveReload } from '../delivery/server/live-reload.js';
import { sortDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.js';
import { displayDiagnostic, ProblemLog } from './print-diagnostics.js';

// A page open in the author's browser asks for its new version the moment a reload is announced:
// it is answered before the bodies are checked (on a large site the check's last step takes
// several milliseconds at once).
const BROWSER_FIRST_MS = 50;

/**
 * Bodies are checked after each load, a slice at a time, as the server does not check them to
 * start (that would cost seconds on a large site): at start every body is parsed, meanwhile pages
 * are answered; after an edit only the posts the reload re-read are, the others keep what they
 * found, so the warnings follow within moments.
 */
export class WatchWarnings {
  readonly #session: SiteSession;
  readonly #liveReload: LiveReload;
  readonly #log = new ProblemLog();
  #loaded: readonly Diagnostic[] = [];
  #bodies: readonly Diagnostic[] = [];
  #shown = '';
  #checking = new AbortController();

  constructor(session: SiteSession, liveReload: LiveReload) {
    this.#session = session;
    this.#liveReload = liveReload;
  }

  /** Shows the warnings of a load at once, then those of its bodies, once they are checked. */
  loaded(content: SiteContent, warnings: readonly Diagnostic[], check: LoadResult['checkBodies']) {
    this.#loaded = warnings;
    this.#show();
    this.#checking.abort();
    const checking = new AbortController();
    this.#checking = checking;
    const { signal } = checking;
    checkBodiesInSlices(content.posts, content.bodies, check, signal, BROWSER_FIRST_MS).then(
      (found) => {
        if (!found) return;
        this.#bodies = found;
        this.#log.report(found);
        if (this.#show()) this.#liveReload.notify();
      },
      (cause: unknown) => console.error(`Checking links and images failed: ${String(cause)}`),
    );
  }

  stop(): void {
    this.#checking.abort();
  }

  /** Puts the warnings on every page; returns whether they changed. */
  #show(): boolean {
    const lines = sortDiagnostics([...this.#loaded, ...this.#bodies]).map(displayDiagnostic);
    const shown = lines.join('\n');
    if (shown === this.#shown) return false;
    this.#shown = shown;
    this.#session.showWarnings(lines);
    return true;
  }
}
