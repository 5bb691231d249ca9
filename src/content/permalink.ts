// Load: the URL path of a post — the config's `permalink` pattern filled in (or its own `url`).
import { calendarDate } from '../time/calendar-date.js';
import { PERMALINK_TOKEN } from '../urls/url-paths.js';
import { slugify } from './slugify.js';

/** What a post's URL is made of. */
export interface PermalinkFields {
  readonly slug: string;
  readonly category: string | undefined;
  /** Epoch ms. */
  readonly date: number;
}

/**
 * The pattern filled in for a post: `:year`, `:month` and `:day` in `zone`, `:slug` as it is and
 * `:category` as its URL slug, each percent-encoded. A post without a category loses that segment,
 * as Jekyll's `:categories` does.
 */
export function permalinkPath(pattern: string, fields: PermalinkFields, zone: string): string {
  let calendar: ReturnType<typeof calendarDate> | undefined;
  const day = (): ReturnType<typeof calendarDate> => (calendar ??= calendarDate(fields.date, zone));
  const filled = pattern.replace(PERMALINK_TOKEN, (_, token: string) => {
    switch (token) {
      case 'year':
        return String(day().year);
      case 'month':
        return String(day().month).padStart(2, '0');
      case 'day':
        return String(day().day).padStart(2, '0');
      case 'category':
        return fields.category === undefined ? '' : encodeURIComponent(slugify(fields.category));
      default:
        return encodeURIComponent(fields.slug.normalize('NFC'));
    }
  });
  return filled.replace(/\/{2,}/g, '/');
}
