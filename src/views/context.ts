// Render: what every view needs to know — the site, the UI strings of its language, and the
// authoring overlay of a watching server.
import type { Site } from '../site/build-site.js';
import { messagesFor, type Messages } from './i18n/messages.js';

/** What a server that watches the site folder adds to every page while the author writes. */
export interface AuthoringOverlay {
  /** Pages reload themselves when the site changes. */
  readonly liveReload: boolean;
  /** Problems of the latest edit, shown as a banner until fixed; the last good site is shown. */
  readonly problems: readonly string[];
  /** Warnings about the site shown, such as images that are missing, until they are fixed. */
  readonly warnings: readonly string[];
}

export const NO_OVERLAY: AuthoringOverlay = { liveReload: false, problems: [], warnings: [] };

/** The path a watching server streams change events on. */
export const LIVE_RELOAD_PATH = '/__folio/live';

export interface ViewContext {
  readonly site: Site;
  readonly t: Messages;
  readonly overlay: AuthoringOverlay;
}

export function viewContext(site: Site, overlay: AuthoringOverlay = NO_OVERLAY): ViewContext {
  return { site, t: messagesFor(site.config.locale), overlay };
}
