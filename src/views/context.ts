// Render: what every view needs to know — the site and the UI strings of its language.
import type { Site } from '../site/build-site.js';
import { messagesFor, type Messages } from './i18n/messages.js';

export interface ViewContext {
  readonly site: Site;
  readonly t: Messages;
}

export function viewContext(site: Site): ViewContext {
  return { site, t: messagesFor(site.config.locale) };
}
