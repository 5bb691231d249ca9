import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildSite } from '../site/build-site.js';
import { at, fixtureBodies, makeConfig, makePost } from '../../test/support/site-fixtures.js';
import { atomFeed, rssFeed } from './feeds.js';

const HOSTILE = '"><svg onload=alert(1)> & <b>';
const ESCAPED = '&quot;&gt;&lt;svg onload=alert(1)&gt; &amp; &lt;b&gt;';

const posts = [makePost('hostile', { category: HOSTILE, tags: ['notes', `tag ${HOSTILE}`] })];
const site = buildSite(makeConfig(), posts, { now: at('2030-01-01T00:00:00Z') });
const bodies = fixtureBodies(posts, {
  html: { hostile: `<p>Body with <category label="<b>">-like text.</p>` },
});

describe('Atom categories', () => {
  it('escape < in their attributes, which XML forbids there', () => {
    const atom = atomFeed(site, bodies);
    const categories = (atom.match(/^ *<category\b.*$/gm) ?? []).map((line) => line.trim());
    assert.deepEqual(categories, [
      `<category label="${ESCAPED}" term="${ESCAPED}"/>`,
      '<category label="notes" term="notes"/>',
      `<category label="tag ${ESCAPED}" term="tag ${ESCAPED}"/>`,
    ]);
  });

  it('carry a term, which Atom requires and readers key categories by', () => {
    assert.match(atomFeed(site, bodies), /<category label="notes" term="notes"\/>/);
  });

  it('leave markup inside content sections as the author wrote it', () => {
    assert.ok(
      atomFeed(site, bodies).includes('<![CDATA[<p>Body with <category label="<b>">-like text.'),
    );
  });
});

describe('RSS categories', () => {
  it('are escaped element text', () => {
    assert.ok(
      rssFeed(site, bodies).includes(`<category>${ESCAPED.replace(/&quot;/g, '"')}</category>`),
    );
  });
});
