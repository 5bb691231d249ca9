import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { at, makeConfig, makePost } from '../../test/support/site-fixtures.js';
import { ScheduleLog } from './print-scheduled.js';

describe('ScheduleLog', () => {
  it('names each scheduled post with its time in the site zone, then only those a reload brings or moves', (t) => {
    const printed: string[] = [];
    t.mock.method(console, 'log', (line: string) => printed.push(line));
    const config = makeConfig({ timezone: 'Asia/Seoul' });
    const now = at('2024-06-01T00:00:00Z');
    const soon = makePost('soon', { date: at('2024-06-02T01:30:00Z') });
    const past = makePost('past', { date: at('2024-05-01T00:00:00Z') });
    const log = new ScheduleLog();
    log.report({ config, posts: [soon, past] }, now);
    const later = makePost('later', { date: at('2025-01-01T00:00:00Z') });
    log.report({ config, posts: [soon, past, later] }, now);
    log.report({ config, posts: [soon, past, later] }, now);
    log.report({ config, posts: [{ ...soon, date: at('2024-07-01T00:00:00Z') }, later] }, now);
    assert.deepEqual(printed, [
      'content/posts/soon.md: scheduled: appears 2024-06-02 10:30 (Asia/Seoul)',
      'content/posts/later.md: scheduled: appears 2025-01-01 09:00 (Asia/Seoul)',
      'content/posts/soon.md: scheduled: appears 2024-07-01 09:00 (Asia/Seoul)',
    ]);
  });
});
