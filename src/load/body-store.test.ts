import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { makePost } from '../../test/support/site-fixtures.js';
import { postStamp } from '../content/read-sources.js';
import { BodyStore, StaleBody } from './body-store.js';

const SETTINGS = {
  excerptLength: 12,
  imageSize: () => ({ width: 640, height: 480 }),
};
// The front matter of `makePost(slug)`, as its file would hold it.
const frontOf = (slug: string, title = `Post ${slug}`): string =>
  `---\ntitle: ${title}\ndate: 2024-01-01T00:00:00Z\ntags: [notes]\n---\n`;
const BODY = '\nFirst words of the body, and more after them.\n\n![Dog](/images/dog.png)\n';
const work = await mkdtemp(join(tmpdir(), 'folio-bodies-'));
after(() => rm(work, { recursive: true, force: true }));

describe('a body store', () => {
  it('gives a kept body its excerpt, HTML with image sizes, and references at their lines', () => {
    const post = makePost('kept', { bodyLine: 5 });
    const store = new BodyStore(SETTINGS, { reread: false });
    store.keep(post, BODY);
    assert.equal(store.excerpt(post), 'First words...');
    assert.match(
      store.html(post),
      /<img src="\/images\/dog.png" alt="Dog" width="640" height="480"/,
    );
    assert.deepEqual(store.references(post), [
      { kind: 'image', target: '/images/dog.png', line: 8 },
    ]);
  });

  it('reads a body from its file when pages need it, as it is on disk now', async () => {
    const file = join(work, 'reread.md');
    await writeFile(file, `${frontOf('reread')}${BODY}`);
    const post = makePost('reread', { file, bodyLine: 6 });
    const store = new BodyStore(SETTINGS, { reread: true });
    assert.match(store.html(post), /First words of the body/);
    await writeFile(file, `${frontOf('reread')}Other words.\n`);
    assert.match(store.html(post), /Other words/);
  });

  it('will not show a body read again from a file changed since it was loaded', async () => {
    const file = join(work, 'stale.md');
    const post = makePost('stale', { file, bodyLine: 6 });
    await writeFile(file, `${frontOf('stale')}Old body.\n`);
    const stamps = new Map([[file, postStamp(file)]]);
    assert.match(new BodyStore(SETTINGS, { reread: true, stamps }).html(post), /Old body/);
    const store = new BodyStore(SETTINGS, { reread: true, stamps });
    await writeFile(file, `${frontOf('stale', 'A new title')}New body, and longer.\n`);
    assert.throws(
      () => store.html(post),
      (error) => error instanceof StaleBody && error.file === file,
    );
    await rm(file);
    assert.throws(() => store.excerpt(post), StaleBody);
  });

  it('keeps what it parsed for the posts the next load keeps', () => {
    const post = makePost('carried');
    const first = new BodyStore(SETTINGS, { reread: false });
    first.keep(post, BODY);
    const html = first.html(post);
    const next = new BodyStore(SETTINGS, { reread: false }, first);
    assert.equal(next.html(post), html);
  });

  it('counts the minutes to read a body only for the pages that show them, after its HTML too', () => {
    const post = makePost('long');
    const other = makePost('short');
    const store = new BodyStore(SETTINGS, { reread: false });
    store.keep(post, `\n${'word '.repeat(238 * 3)}\n`);
    store.keep(other, BODY);
    const parts = store.parts({ excerpts: [other], html: [post], minutes: [post] });
    assert.deepEqual([...(parts.readingMinutes ?? [])], [[post, 3]]);
    // The text is let go once the HTML is made; the minutes were counted before.
    assert.equal(store.readingMinutes(post), 3);
    store.html(other);
    assert.equal(store.readingMinutes(other), 1);
  });

  it('gathers the parts one page shows, and nothing else', () => {
    const [a, b] = [makePost('a'), makePost('b')];
    const store = new BodyStore(SETTINGS, { reread: false });
    store.keep(a, 'Alpha.');
    store.keep(b, 'Beta.');
    const parts = store.parts({ excerpts: [a, b], html: [b] });
    assert.deepEqual([...parts.excerpts.values()], ['Alpha.', 'Beta.']);
    assert.deepEqual([...parts.html.values()], ['<p>Beta.</p>\n']);
  });

  it("lets a listing show what another store's parse of the page found, without reading the file", async () => {
    const file = join(work, 'learned.md');
    await writeFile(file, `${frontOf('learned')}${BODY}`);
    const writer = new BodyStore(SETTINGS, { reread: true });
    const post = makePost('learned', { file, bodyLine: 6 });
    assert.equal(writer.listed(post), undefined, 'nothing is known before the page is parsed');
    writer.parts({ excerpts: [], html: [post], minutes: [post] });
    const listed = writer.listed(post);
    assert.deepEqual(listed, { excerpt: 'First words...', minutes: 1 });

    const lister = new BodyStore(SETTINGS, { reread: true });
    const samePost = makePost('learned', { file, bodyLine: 6 });
    lister.learn(samePost, listed);
    await rm(file);
    const parts = lister.parts({ excerpts: [samePost], html: [], minutes: [samePost] });
    assert.deepEqual([...parts.excerpts.values()], ['First words...']);
    assert.deepEqual([...(parts.readingMinutes?.values() ?? [])], [1]);
  });
});
