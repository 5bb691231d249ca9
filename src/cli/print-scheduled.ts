// CLI: names the scheduled posts — hidden until their date — so that none is hidden without a word.
import { formatPostDate } from '../views/format-date.js';
import type { SiteContent } from '../load/load-site.js';
import { scheduledPosts } from '../site/scheduled.js';
import { displayPath } from './print-diagnostics.js';

/**
 * Prints a line for each scheduled post, with when it appears in the site's time zone: every one
 * at the first report, then those a reload brings or moves to another date.
 */
export class ScheduleLog {
  #named = new Set<string>();

  report(content: Pick<SiteContent, 'config' | 'posts'>, now: number): void {
    const { timezone } = content.config;
    const named = new Set<string>();
    for (const post of scheduledPosts(content.posts, now)) {
      const line = `${displayPath(post.file)}: scheduled: appears ${formatPostDate(post.date, timezone).text} (${timezone})`;
      named.add(line);
      if (!this.#named.has(line)) console.log(line);
    }
    this.#named = named;
  }
}
