// Render: what every view needs to know — the site, the UI strings of its language, and the
// authoring overlay of a watching server.
import type { BodyParts, MarkdownDocument } from '../content/post.js';
import type { Site } from '../site/build-site.js';
import { pageEmbeds, type PageEmbeds } from './embeds.js';
import { basePathOf, linkTo } from '../urls/base-path.js';
import { absolutizeHtml } from './absolute-urls.js';
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
  /** The excerpts and HTML of the posts this document shows, gathered before rendering. */
  readonly bodies: BodyParts;
  readonly t: Messages;
  readonly overlay: AuthoringOverlay;
  /** What the config's services (analytics, comments) add to this page. */
  readonly embeds: PageEmbeds;
  /** The path of the config's `url` (`/blog`), `''` for a site at the root of its host. */
  readonly base: string;
  /** A site path (`/posts/x/`) as pages link it, under the base (`/blog/posts/x/`). */
  readonly link: (path: string) => string;
}

export const NO_BODIES: BodyParts = { excerpts: new Map(), html: new Map() };

export function viewContext(
  site: Site,
  bodies: BodyParts = NO_BODIES,
  overlay: AuthoringOverlay = NO_OVERLAY,
  { comments = false }: { readonly comments?: boolean } = {},
): ViewContext {
  const t = messagesFor(site.config.locale);
  const base = basePathOf(site.config.url);
  const link = (path: string): string => linkTo(base, path);
  return { site, bodies, t, overlay, embeds: pageEmbeds(site.config, t, comments), base, link };
}

/** A shown post's excerpt; a post whose excerpt was not gathered is a mistake of the caller. */
export function excerptOf(bodies: BodyParts, document: MarkdownDocument): string {
  return shown(bodies.excerpts, document, 'excerpt');
}

/** A shown post's or page's body as HTML. */
export function htmlOf(bodies: BodyParts, document: MarkdownDocument): string {
  return shown(bodies.html, document, 'HTML');
}

/** A shown post's or page's body as its page writes it: site-relative links under the base. */
export function bodyHtmlOf(ctx: ViewContext, document: MarkdownDocument): string {
  return absolutizeHtml(htmlOf(ctx.bodies, document), '', ctx.base);
}

function shown(
  parts: ReadonlyMap<MarkdownDocument, string>,
  document: MarkdownDocument,
  what: string,
): string {
  const part = parts.get(document);
  if (part === undefined) throw new Error(`the ${what} of ${document.file} was not gathered`);
  return part;
}
