// `folio build` into a folder it built before: only the files whose bytes change are written,
// files gone are deleted, and anything that makes the record of the last build doubtful makes a
// whole build, said in one line.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import {
  appendFile,
  cp,
  mkdir,
  readdir,
  readFile,
  rm,
  stat,
  symlink,
  utimes,
  writeFile,
} from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { beforeEach, describe, it } from 'node:test';
import { exportSite } from '../src/delivery/static/export-site.js';
import { BODY_CACHE_DIR } from '../src/load/body-cache.js';
import { READ_CACHE_FILE } from '../src/load/read-cache.js';
import { SEGMENT_CACHE_DIR, TERM_LIST_FILE } from '../src/load/segment-cache.js';
import { assertSameAsFullBuild, run as folio, snapshot } from './support/folio-cli.js';
import { FIXTURES } from './support/serve-fixture.js';
import { tempRoot } from './support/temp-root.js';
import { forgeBodyEntries } from './support/body-packs.js';

const root = tempRoot('folio-incremental-cli-');
let site: string;
let out: string;
let runs = 0;

const INCREMENTAL =
  /^Built \d+ pages into .* in [\d.]+ s: (\d+) files? written, (\d+) deleted, (\d+) unchanged\.$/m;
const WHOLE = /^Built \d+ pages \(\d+ files, [\d.]+ MB\) into .* in [\d.]+ s\.$/m;

async function build(...args: string[]) {
  const built = await folio(['build', site, '--out', out, ...args]);
  return built;
}

/** The modification time of every file below `dir`, by path. */
async function mtimes(dir: string): Promise<Map<string, number>> {
  const times = new Map<string, number>();
  for (const path of (await snapshot(dir)).keys()) {
    times.set(path, (await stat(join(dir, path))).mtimeMs);
  }
  return times;
}

const MANIFEST = '.folio-manifest.json';

async function editManifest(change: (manifest: Record<string, unknown>) => void): Promise<void> {
  const manifest = JSON.parse(await readFile(join(out, MANIFEST), 'utf8')) as Record<
    string,
    unknown
  >;
  change(manifest);
  await writeFile(join(out, MANIFEST), JSON.stringify(manifest));
}

beforeEach(async () => {
  const dir = join(root, `case-${runs++}`);
  site = join(dir, 'blog');
  out = join(dir, 'out');
  await cp(join(FIXTURES, 'basic'), site, { recursive: true });
  const first = await build();
  assert.equal(first.code, 0, first.stderr);
  assert.match(first.stdout, WHOLE);
  assert.doesNotMatch(first.stdout, /Full build/);
});

describe('folio build into its own output', () => {
  it('writes only the files an edit of one body changes, and leaves the others untouched', async () => {
    const before = await mtimes(out);
    await appendFile(join(site, 'content', 'posts', '2024', 'short.md'), '\nOne more line.\n');
    const built = await build();
    assert.equal(built.code, 0, built.stderr);
    const [, written, deleted, unchanged] = INCREMENTAL.exec(built.stdout) ?? [];
    assert.ok(written, built.stdout);
    // The post's page, the listings and feeds that show it, and the search files, whose names
    // change with their content: the old ones are deleted.
    assert.ok(Number(written) >= 1 && Number(written) <= 16, `${written} files written`);
    const after = await mtimes(out);
    const touched = [...after].filter(([path, time]) => before.get(path) !== time);
    const records = touched.filter(([path]) => path.startsWith('.folio'));
    assert.equal(touched.length - records.length, Number(written), JSON.stringify(touched));
    const gone = [...before.keys()].filter((path) => !after.has(path));
    assert.equal(Number(deleted), gone.length, gone.join(', '));
    assert.ok(
      gone.every((path) => path.startsWith('assets/search/')),
      gone.join(', '),
    );
    assert.ok(touched.some(([path]) => path === 'posts/short/index.html'));
    assert.equal(before.get('posts/graphs/index.html'), after.get('posts/graphs/index.html'));
    assert.equal(Number(unchanged) + Number(written), after.size - 2);
    assert.match(await readFile(join(out, 'posts/short/index.html'), 'utf8'), /One more line/);
  });

  it('writes nothing when nothing changed', async () => {
    const built = await build();
    assert.equal(built.code, 0, built.stderr);
    assert.match(built.stdout, /: 0 files written, 0 deleted, \d+ unchanged\.$/m);
  });

  it('puts back a file of its own that was edited by hand', async () => {
    const page = join(out, 'posts', 'graphs', 'index.html');
    const original = await readFile(page);
    await writeFile(page, 'edited by hand');
    const built = await build();
    assert.equal(built.code, 0, built.stderr);
    assert.match(built.stdout, /: 1 file written, 0 deleted/);
    assert.ok((await readFile(page)).equals(original));
  });

  it('deletes the page of a post that is gone, and the folder that held it', async () => {
    await rm(join(site, 'content', 'posts', '2024', 'short.md'));
    const built = await build();
    assert.equal(built.code, 0, built.stderr);
    const [, , deleted] = INCREMENTAL.exec(built.stdout) ?? [];
    assert.ok(Number(deleted) >= 1, built.stdout);
    assert.equal(existsSync(join(out, 'posts', 'short')), false);
    assert.doesNotMatch(await readFile(join(out, '.folio-build'), 'utf8'), /posts\/short\//);
  });

  it('refuses while a file it did not write is there, and leaves every file as it was', async () => {
    await writeFile(join(out, 'CNAME'), 'blog.example.com');
    await appendFile(join(site, 'content', 'posts', '2024', 'short.md'), '\nMore.\n');
    const before = await snapshot(out);
    const built = await build();
    assert.equal(built.code, 1);
    assert.match(built.stderr, /did not write/);
    assert.match(built.stderr, /^ {2}CNAME$/m);
    assert.deepEqual(await snapshot(out), before);
  });

  it('reads again only the post files changed since the last build, and ends as a whole build does', async () => {
    const posts = join(site, 'content', 'posts');
    const longAgo = new Date('2024-01-01T00:00:00Z');
    for (const file of (await readdir(posts, { recursive: true })).filter((name) =>
      name.endsWith('.md'),
    )) {
      await utimes(join(posts, file), longAgo, longAgo);
    }
    // This build keeps what it read of each post, all of them changed long before it.
    assert.equal((await build()).code, 0);
    assert.ok(existsSync(join(site, READ_CACHE_FILE)));
    const short = join(posts, '2024', 'short.md');
    const text = await readFile(short, 'utf8');
    await writeFile(short, text.replace(/^title: .*$/m, 'title: A new title for a short post'));
    const built = await build();
    assert.equal(built.code, 0, built.stderr);
    assert.match(built.stdout, INCREMENTAL);

    await assertSameAsFullBuild(site, out);
    assert.match(
      await readFile(join(out, 'posts', 'short', 'index.html'), 'utf8'),
      /A new title for a short post/,
    );
  });

  it('indexes for search again only the batch of posts an edit changed, and ends as a whole build does', async () => {
    const many = join(site, 'content', 'posts', 'many');
    await mkdir(many);
    for (let i = 0; i < 150; i++) {
      const day = new Date(Date.UTC(2022, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
      await writeFile(
        join(many, `post-${i}.md`),
        `---\ntitle: Post ${i}\ndate: ${day}\ntags: [notes]\n---\nWords of post ${i}, and a heap.\n`,
      );
    }
    assert.equal((await build()).code, 0);
    const segments = join(site, SEGMENT_CACHE_DIR);
    const kept = async () =>
      new Map(
        [...(await mtimes(segments))].filter(
          ([path]) => path.endsWith('.bin') && basename(path) !== TERM_LIST_FILE,
        ),
      );
    const numbers = async () =>
      new Map([...(await mtimes(segments))].filter(([path]) => path.endsWith('.ids')));
    const numbered = async () => (await numbers()).size;
    let last = await kept();
    // 163 posts, counted from the oldest: batches of 35, 64 and 64, each with the numbers the
    // joiner gave its terms, by which the next build takes it up.
    assert.equal(last.size, 3);
    assert.equal(await numbered(), 3);
    /** Builds, and answers how many of the three kept batches were taken as they were. */
    const buildKeeping = async (): Promise<number> => {
      const numbersBefore = await numbers();
      const built = await build();
      assert.equal(built.code, 0, built.stderr);
      const now = await kept();
      assert.equal(now.size, 3);
      assert.equal(await numbered(), 3);
      const same = [...now].filter(([path, time]) => last.get(path) === time).length;
      // Taken by the numbers kept for them, which a batch taken by its terms' names rewrites.
      const sameNumbers = [...(await numbers())].filter(
        ([path, time]) => numbersBefore.get(path) === time,
      ).length;
      assert.equal(sameNumbers, same, 'each kept batch is taken by its numbers');
      last = now;
      await assertSameAsFullBuild(site, out);
      return same;
    };

    await appendFile(join(many, 'post-75.md'), '\nA sentence about tries.\n');
    assert.equal(await buildKeeping(), 2, 'the two batches without the post are taken as kept');

    // A new post, the newest, joins the first batch: the two after it are taken as they were.
    await writeFile(
      join(many, 'newest.md'),
      '---\ntitle: The newest post\ndate: 2025-01-01\ntags: [notes]\n---\nJust written.\n',
    );
    assert.equal(await buildKeeping(), 2, 'a new post changes the batch it joins alone');

    // Into an empty folder, on two threads: each thread reads the batches it is given as kept,
    // their snippets too (every file of entries is new there), and hands them to the exporting
    // thread.
    out = join(site, '..', 'elsewhere');
    const threaded = await build('--threads', '2');
    assert.equal(threaded.code, 0, threaded.stderr);
    const taken = [...(await kept())].filter(([path, time]) => last.get(path) === time);
    assert.equal(taken.length, 3, 'every batch is taken as kept');
    await assertSameAsFullBuild(site, out);
  });

  it('renders again only the documents that show what changed', async () => {
    // Every body kept in the cache now renders as this: a page rendered again shows it.
    forgeBodyEntries(site, (entry) => ({ ...entry, html: '<p>FORGED</p>' }));
    await appendFile(join(site, 'content', 'posts', '2024', 'short.md'), '\nMore words.\n');
    const built = await build();
    assert.equal(built.code, 0, built.stderr);
    assert.match(built.stdout, INCREMENTAL);
    const page = (path: string) => readFile(join(out, path, 'index.html'), 'utf8');
    // The edited post's page is rendered, from its new body.
    assert.match(await page('posts/short'), /More words\./);
    // Another post's page shows nothing that changed: its file is kept, not rendered again.
    assert.doesNotMatch(await page('posts/binary-search'), /FORGED/);
    assert.match(await page('posts/binary-search'), /<h1/);

    // A change every page shows renders every page: here, from the forged cache.
    const config = join(site, 'folio.config.yaml');
    await writeFile(
      config,
      (await readFile(config, 'utf8')).replace(/^tagline: .*$/m, 'tagline: New.'),
    );
    assert.equal((await build()).code, 0);
    assert.match(await page('posts/binary-search'), /FORGED/);
  });

  it('renders no page again for a file added to static/ that no page can show, and every page for an image', async () => {
    forgeBodyEntries(site, (entry) => ({ ...entry, html: '<p>FORGED</p>' }));
    const page = () => readFile(join(out, 'posts/binary-search/index.html'), 'utf8');
    await writeFile(join(site, 'static', 'notes.txt'), 'Notes to share.\n');
    const copied = await build();
    assert.equal(copied.code, 0, copied.stderr);
    assert.equal(copied.stdout.match(INCREMENTAL)?.[1], '1', 'only the file added is written');
    assert.equal(await readFile(join(out, 'notes.txt'), 'utf8'), 'Notes to share.\n');
    assert.doesNotMatch(await page(), /FORGED/);
    // A page may show an image's size or smaller versions of it: each is rendered again.
    await cp(
      join(site, 'static', 'images', 'avatar.svg'),
      join(site, 'static', 'images', 'new.svg'),
    );
    assert.equal((await build()).code, 0);
    assert.match(await page(), /FORGED/);
  });

  it('keys the pages that show an image of static/ by the file its link leads to', async () => {
    const svg = (width: number, height: number) =>
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"></svg>\n`;
    const target = join(site, 'static', 'raw', 'photo.data');
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, svg(40, 30));
    symlinkSync(join('raw', 'photo.data'), join(site, 'static', 'photo.svg'));
    await appendFile(
      join(site, 'content', 'posts', '2024', 'short.md'),
      '\n![A photo](/photo.svg)\n',
    );
    assert.equal((await build()).code, 0);
    const page = () => readFile(join(out, 'posts/short/index.html'), 'utf8');
    assert.match(await page(), /width="40" height="30"/);
    // The file the link leads to has a name no page shows; its bytes are what the page measures.
    writeFileSync(target, svg(700, 500));
    assert.equal((await build()).code, 0);
    assert.match(await page(), /width="700" height="500"/);
    await assertSameAsFullBuild(site, out);
  });

  it('builds a post folder holding a link that goes round a loop, as a build from nothing does', async () => {
    const folder = join(site, 'content', 'posts', '2024', 'in-folder');
    mkdirSync(folder);
    writeFileSync(
      join(folder, 'index.md'),
      '---\ntitle: In a folder\ndate: 2024-04-01\ntags: [notes]\n---\n\nHere.\n',
    );
    symlinkSync('loop.png', join(folder, 'loop.png'));
    const built = await build();
    assert.equal(built.code, 0, built.stderr);
    assert.match(built.stdout, INCREMENTAL);
    await assertSameAsFullBuild(site, out);
  });

  it("measures a post's images through links that stay in its folder, keyed by where they lead, and never through one out of it", async () => {
    const svg = (width: number, height: number) =>
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"></svg>\n`;
    const folder = join(site, 'content', 'posts', '2024', 'in-folder');
    // A folder whose name begins with two dots is still in the post's folder.
    for (const [name, width] of [
      ['..one', 40],
      ['two', 70],
    ] as const) {
      mkdirSync(join(folder, name), { recursive: true });
      writeFileSync(join(folder, name, 'a.svg'), svg(width, 30));
    }
    const outside = join(site, '..', 'elsewhere');
    mkdirSync(outside);
    writeFileSync(join(outside, 'b.svg'), svg(90, 30));
    writeFileSync(
      join(folder, 'index.md'),
      '---\ntitle: In a folder\ndate: 2024-04-01\ntags: [notes]\n---\n\n![A](gallery/a.svg)\n\n![B](away/b.svg)\n',
    );
    symlinkSync('..one', join(folder, 'gallery'));
    symlinkSync(outside, join(folder, 'away'));
    const built = await build();
    assert.equal(built.code, 0, built.stderr);
    const page = () => readFile(join(out, 'posts/in-folder/index.html'), 'utf8');
    assert.match(await page(), /src="\/posts\/in-folder\/gallery\/a\.svg"[^>]* width="40"/);
    // Left out of the export, the file out of the folder is not read for its size either.
    assert.match(built.stderr, /away:1: warning: this link leads outside/);
    assert.match(await page(), /<img src="\/posts\/in-folder\/away\/b\.svg" alt="B" loading/);
    rmSync(join(folder, 'gallery'));
    symlinkSync('two', join(folder, 'gallery'));
    assert.equal((await build()).code, 0);
    assert.match(await page(), /src="\/posts\/in-folder\/gallery\/a\.svg"[^>]* width="70"/);
    await assertSameAsFullBuild(site, out);
  });

  it('keeps the listings of a post whose edit leaves its excerpt as it was, and renders them when the excerpt changes', async () => {
    const file = join(site, 'content', 'posts', '2024', 'binary-search.md');
    const listings = ['/', '/categories/algorithm/', '/tags/algorithm/', '/tags/search/'];
    const keys = async () => {
      const { documents } = JSON.parse(await readFile(join(out, MANIFEST), 'utf8')) as {
        documents: { paths: string[]; keys: string[] };
      };
      const of = (path: string) =>
        documents.keys[documents.paths.indexOf(path)] ?? assert.fail(`no record of ${path}`);
      return { post: of('/posts/binary-search/'), listings: listings.map(of) };
    };
    const page = (path: string) => readFile(join(out, path, 'index.html'), 'utf8');
    const before = await keys();

    // A paragraph past the excerpt: the listings show the same entry, and keep their files.
    await appendFile(file, '\nA last paragraph, far past the excerpt.\n');
    const past = await build();
    assert.equal(past.code, 0, past.stderr);
    assert.match(past.stdout, INCREMENTAL);
    const afterPast = await keys();
    assert.notEqual(afterPast.post, before.post);
    assert.deepEqual(afterPast.listings, before.listings);
    assert.match(await page('posts/binary-search'), /A last paragraph/);
    await assertSameAsFullBuild(site, out);

    // The first words changed: every listing that shows the entry is rendered again.
    await writeFile(
      file,
      (await readFile(file, 'utf8')).replace('Binary search halves', 'Bisection halves'),
    );
    const start = await build();
    assert.equal(start.code, 0, start.stderr);
    const afterStart = await keys();
    afterStart.listings.forEach((key, i) => assert.notEqual(key, afterPast.listings[i]));
    for (const listing of ['categories/algorithm', 'tags/search']) {
      assert.match(await page(listing), /Bisection halves/);
    }
    await assertSameAsFullBuild(site, out);

    // Where entries show the minutes to read, words past the excerpt that change them show there.
    const config = join(site, 'folio.config.yaml');
    await appendFile(config, 'entryExtras: [readingTime]\n');
    assert.equal((await build()).code, 0);
    const minutes = async () => (await page('tags/search')).match(/(\d+) min read/)?.[1];
    assert.equal(await minutes(), '1');
    await appendFile(file, `\n${'Many more words to read here. '.repeat(120)}\n`);
    const longer = await build();
    assert.equal(longer.code, 0, longer.stderr);
    assert.equal(await minutes(), '3');
    await assertSameAsFullBuild(site, out);
  });

  it('finds a clash across posts, static files or the config that came after a build found none', async () => {
    const before = await snapshot(out);
    const refused = async (problem: string) => {
      const built = await build();
      assert.equal(built.code, 1, built.stdout);
      assert.ok(built.stderr.includes(problem), built.stderr);
      assert.deepEqual(await snapshot(out), before, 'the output changed');
    };
    const copy = join(site, 'content', 'posts', '2024', 'short-again.md');
    await writeFile(copy, '---\ntitle: Again\ndate: 2024-05-05\nslug: short\n---\nText.\n');
    await refused('also the slug of');
    await rm(copy);

    const inTheWay = join(site, 'static', 'posts', 'short', 'index.html');
    await mkdir(dirname(inTheWay), { recursive: true });
    await writeFile(inTheWay, '<p>mine</p>\n');
    await refused('this file of static/ has the path of');
    await rm(join(site, 'static', 'posts'), { recursive: true });

    const config = join(site, 'folio.config.yaml');
    const text = await readFile(config, 'utf8');
    await writeFile(config, `${text}\nredirects:\n  /posts/short/: /posts/graphs/\n`);
    await refused('/posts/short/ is claimed twice');
    await writeFile(config, text);
    assert.equal((await build()).code, 0);
  });

  it('knows its documents unchanged whether the site folder is named from inside it, from elsewhere or through a link', async () => {
    // The first build named the folder by its full path; a page rendered again shows this.
    forgeBodyEntries(site, (entry) => ({ ...entry, html: '<p>FORGED</p>' }));
    const fromInside = await folio(['build', '.', '--out', join('..', 'out')], { cwd: site });
    assert.equal(fromInside.code, 0, fromInside.stderr);
    const [, written] = INCREMENTAL.exec(fromInside.stdout) ?? [];
    assert.equal(written, '0', fromInside.stdout);
    const link = join(site, '..', 'link-to-blog');
    await symlink(site, link);
    const throughLink = await folio(['build', link, '--out', out]);
    assert.equal(throughLink.code, 0, throughLink.stderr);
    assert.equal(INCREMENTAL.exec(throughLink.stdout)?.[1], '0', throughLink.stdout);
    const page = await readFile(join(out, 'posts', 'binary-search', 'index.html'), 'utf8');
    assert.doesNotMatch(page, /FORGED/);
    assert.match(page, /<h1/);
  });

  it('renders again, after a post is retitled, only the documents that show that post', async () => {
    forgeBodyEntries(site, (entry) => ({ ...entry, html: '<p>FORGED</p>' }));
    const file = join(site, 'content', 'posts', '2024', 'short.md');
    await writeFile(
      file,
      (await readFile(file, 'utf8')).replace(/^title: .*$/m, 'title: Short one, retitled'),
    );
    const built = await build();
    assert.equal(built.code, 0, built.stderr);
    assert.match(built.stdout, INCREMENTAL);
    const page = (path: string) => readFile(join(out, path, 'index.html'), 'utf8');
    assert.match(await page('posts/short'), /<h1[^>]*>Short one, retitled</);
    // Its older neighbour links it by its title, and the archives list it.
    assert.match(await page('posts/more-marker'), /Short one, retitled/);
    assert.match(await page('archives'), /Short one, retitled/);
    // A post that neither neighbours it nor shares a tag or category with it shows nothing of it.
    assert.doesNotMatch(await page('posts/binary-search'), /FORGED|Short one/);
    assert.match(await page('posts/binary-search'), /<h1/);
  });

  it('renders again, after a post is added, only the documents that show it or count it', async () => {
    const addOld = (slug: string, date: string) =>
      writeFile(
        join(site, 'content', 'posts', `${slug}.md`),
        `---\ntitle: ${slug}\ndate: ${date}\ntags: [archive]\n---\nFrom the archive.\n`,
      );
    // Twelve posts: six full pages of two.
    await addOld('archived-1', '2020-01-02');
    assert.equal((await build()).code, 0);
    forgeBodyEntries(site, (entry) => ({ ...entry, html: '<p>FORGED</p>' }));
    await addOld('archived-0', '2020-01-01');
    const built = await build();
    assert.equal(built.code, 0, built.stderr);
    assert.match(built.stdout, INCREMENTAL);
    const page = (path: string) => readFile(join(out, path, 'index.html'), 'utf8');
    // The sixth page shows the same two posts as before, and now links a seventh.
    assert.match(await page('page/6'), /href="\/page\/7\/"/);
    assert.match(await page('page/7'), /archived-0/);
    // Its newer neighbour links the new post; a post that shows nothing of it is kept as it was.
    assert.match(await page('posts/archived-1'), /archived-0/);
    assert.doesNotMatch(await page('posts/binary-search'), /FORGED/);
    assert.match(await page('posts/binary-search'), /<h1/);
  });

  it('keeps most of the search files when a post comes after every other', async () => {
    // Words of letters alone, one per number: each post has forty of its own, so that the
    // dictionary and the postings fill many files.
    const word = (number: number): string => {
      let letters = '';
      for (let rest = number; rest > 0; rest = Math.floor(rest / 26)) {
        letters += String.fromCharCode(97 + (rest % 26));
      }
      return letters;
    };
    const posts = join(site, 'content', 'posts');
    for (let i = 0; i < 120; i++) {
      const own = Array.from({ length: 40 }, (_, j) => word(1000 + i * 40 + j)).join(' ');
      await writeFile(
        join(posts, `many-${i}.md`),
        `---\ntitle: Many ${word(i + 1)}\ndate: ${2000 + Math.floor(i / 12)}-${String(1 + (i % 12)).padStart(2, '0')}-01\ntags: [archive]\n---\nShared words. ${own}\n`,
      );
    }
    const grown = await build();
    assert.equal(grown.code, 0, grown.stderr);
    const searchFiles = async () =>
      new Map([...(await snapshot(out))].filter(([path]) => path.startsWith('assets/search/')));
    const before = await searchFiles();
    await writeFile(
      join(posts, 'newest.md'),
      `---\ntitle: Newest\ndate: 2025-06-01\ntags: [archive]\n---\nShared words, and ${word(999)}.\n`,
    );
    const built = await build();
    assert.equal(built.code, 0, built.stderr);
    const after = await searchFiles();
    const changed = [...after.keys()].filter((path) => before.get(path) !== after.get(path));
    // The newest file of entries, the lengths, and the few runs holding the new post's words.
    assert.ok(before.size >= 40, `${before.size} search files`);
    assert.ok(changed.length <= after.size / 4, `${changed.length} of ${after.size} changed`);
    await assertSameAsFullBuild(site, out);
  });

  it('checks and lists unchanged bodies by what the last build kept of them, and reads an edited one', async () => {
    // Every body's kept facts now carry a mistake of their own: a body checked from them warns.
    const [facts] = (await readdir(join(site, BODY_CACHE_DIR), { recursive: true }))
      .filter((name) => name.endsWith('facts.bin'))
      .map((name) => join(site, BODY_CACHE_DIR, name));
    assert.ok(facts, 'the build kept the facts of its bodies');
    const stored = deserialize(await readFile(facts)) as { facts: Map<string, object> };
    const forged = { code: 'forged', line: 1, message: 'FORGED MISTAKE', hint: 'none' };
    for (const [key, entry] of stored.facts) {
      stored.facts.set(key, { ...entry, mistakes: [forged] });
    }
    await writeFile(facts, serialize(stored));
    const edited = join(site, 'content', 'posts', '2024', 'short.md');
    await appendFile(edited, '\nMore words.\n');

    const built = await build();
    assert.equal(built.code, 0, built.stderr);
    const output = built.stdout + built.stderr;
    // A draft's body, which no page shows, is checked by its kept facts alone.
    assert.match(output, /draft-post\.md:1: warning: FORGED MISTAKE/);
    assert.doesNotMatch(output, /short\.md:\d+: warning: FORGED/);

    assert.doesNotMatch((await build('--full')).stderr, /FORGED/);
  });

  // Worker threads run the compiled code: one started under the tests' loader of TypeScript
  // could not load its entry, and the export run from TypeScript looks through its output on the
  // exporting thread.
  const compiledExport = async (): Promise<typeof exportSite> => {
    const compiled = new URL('../dist/delivery/static/export-site.js', import.meta.url);
    return ((await import(compiled.href)) as { exportSite: typeof exportSite }).exportSite;
  };

  for (const [looking, exporter] of [
    ['on the exporting thread', () => Promise.resolve(exportSite)],
    ['on a thread of its own', compiledExport],
  ] as const) {
    it(`refuses to move its files in while a file it did not write came in, looked for ${looking}, and leaves the output as it was`, async () => {
      await writeFile(
        join(site, 'content', 'posts', '2024', 'arrival.md'),
        '---\ntitle: Arrival\ndate: 2024-05-01\ntags: [notes]\n---\nNew here.\n',
      );
      const before = await snapshot(out);
      const theirs = join(out, 'posts', 'arrival', 'index.html');
      const exportWith = await exporter();
      await assert.rejects(
        exportWith({
          siteDir: site,
          outDir: out,
          // Once the site is loaded, before the build writes anything: someone's own page.
          onLoaded: () => {
            mkdirSync(dirname(theirs), { recursive: true });
            writeFileSync(theirs, 'mine');
          },
        }),
        /came into .* while the build ran \(posts\/arrival\/index\.html\)/,
      );
      assert.equal(await readFile(theirs, 'utf8'), 'mine');
      const after = await snapshot(out);
      after.delete(join('posts', 'arrival', 'index.html'));
      assert.deepEqual(after, before);
    });
  }

  it('keeps a file that came in while it ran where it writes nothing, then refuses as for any file it did not write', async () => {
    await appendFile(join(site, 'content', 'posts', '2024', 'short.md'), '\nOne more line.\n');
    const theirs = join(out, 'posts', 'graphs', 'notes.txt');
    await exportSite({
      siteDir: site,
      outDir: out,
      onLoaded: () => writeFileSync(theirs, 'mine'),
    });
    assert.equal(await readFile(theirs, 'utf8'), 'mine');
    assert.match(await readFile(join(out, 'posts/short/index.html'), 'utf8'), /One more line/);
    const again = await build();
    assert.equal(again.code, 1);
    assert.match(again.stderr, /posts\/graphs\/notes\.txt/);
    assert.equal(await readFile(theirs, 'utf8'), 'mine');
  });

  it('refuses to delete through a link that came in while it ran where its folder stood', async () => {
    await rm(join(site, 'content', 'posts', '2024', 'short.md'));
    const before = await snapshot(out);
    const folder = join(out, 'posts', 'short');
    const elsewhere = join(site, '..', 'elsewhere');
    await assert.rejects(
      exportSite({
        siteDir: site,
        outDir: out,
        // Their folder, holding a page of their own, linked where the build's folder stood: the
        // build would delete their page through the link.
        onLoaded: () => {
          mkdirSync(elsewhere);
          writeFileSync(join(elsewhere, 'index.html'), 'mine');
          rmSync(folder, { recursive: true });
          symlinkSync(elsewhere, folder);
        },
      }),
      /came into .* while the build ran \(posts\/short\)/,
    );
    assert.equal(await readFile(join(elsewhere, 'index.html'), 'utf8'), 'mine');
    const after = await snapshot(out);
    before.delete(join('posts', 'short', 'index.html'));
    // Every file as it was, but the page their link now stands in place of.
    assert.deepEqual(after, before);
  });

  it('brings its output up to date on worker threads as on one, and ends as a whole build does', async () => {
    assert.equal((await build('--threads', '2')).code, 0);
    await appendFile(join(site, 'content', 'posts', '2024', 'short.md'), '\nMore words.\n');
    const built = await build('--threads', '2');
    assert.equal(built.code, 0, built.stderr);
    assert.match(built.stdout, INCREMENTAL);
    // Again with nothing changed: every body taken from what the threads kept.
    const again = await build('--threads', '2');
    assert.match(again.stdout, /: 0 files written, 0 deleted/);
    await assertSameAsFullBuild(site, out);
  });

  it('starts on its own thread into its output, and lets a thread join it when many documents change', async () => {
    const exportCompiled = await compiledExport();
    const { summary: before } = await exportCompiled({ siteDir: site, outDir: out, threads: 1 });
    assert.ok(before);
    // More documents than one changed body shows, fewer than a new title for the site does.
    const startAlone = { threads: 2, documents: Math.ceil(before.documents / 2) };
    await appendFile(join(site, 'content', 'posts', '2024', 'short.md'), '\nMore words.\n');
    const few = await exportCompiled({ siteDir: site, outDir: out, startAlone });
    assert.equal(few.summary?.incremental, true);
    assert.equal(few.summary.threads, 0);
    await assertSameAsFullBuild(site, out);

    const config = join(site, 'folio.config.yaml');
    await writeFile(
      config,
      (await readFile(config, 'utf8')).replace(/^title: .*$/m, 'title: Renamed'),
    );
    const many = await exportCompiled({ siteDir: site, outDir: out, startAlone });
    assert.equal(many.summary?.incremental, true);
    assert.equal(many.summary.threads, 1);
    assert.ok(many.summary.written > before.documents / 2, `${many.summary.written} written`);
    await assertSameAsFullBuild(site, out);
  });

  it('keeps no frame of its documents when a thread loaded the site after a file changed, so that the next build puts right what that thread rendered', async () => {
    const exportCompiled = await compiledExport();
    const footer = join(site, 'snippets', 'footer.html');
    await mkdir(dirname(footer), { recursive: true });
    await writeFile(footer, '<p>Footer, first.</p>\n');
    // Enough posts that the joining thread is handed pages before the first thread is done.
    for (let i = 1; i <= 40; i++) {
      await writeFile(
        join(site, 'content', 'posts', `extra-${i}.md`),
        `---\ntitle: Extra ${i}\ndate: 2023-02-${String((i % 28) + 1).padStart(2, '0')}\ntags: [notes]\n---\nExtra ${i}.\n`,
      );
    }
    assert.ok((await exportCompiled({ siteDir: site, outDir: out, threads: 1 })).summary);
    await appendFile(join(site, 'content', 'posts', '2024', 'short.md'), '\nMore words.\n');
    // Saved while the build runs: after this thread loaded the site, before the joining thread.
    const during = await exportCompiled({
      siteDir: site,
      outDir: out,
      startAlone: { threads: 2, documents: 1 },
      onLoaded: () => writeFileSync(footer, '<p>Footer, saved during the build.</p>\n'),
    });
    assert.equal(during.summary?.threads, 1);
    // The joining thread rendered pages of its own, by the footer it loaded.
    const pages = (await snapshot(out)).keys();
    const shown = await Promise.all(
      [...pages].map(async (path) =>
        (await readFile(join(out, path), 'utf8')).includes('saved during'),
      ),
    );
    assert.ok(shown.some(Boolean), 'the joining thread rendered none of the pages');
    // Put back as it was: the files are those of the first share's load again.
    await writeFile(footer, '<p>Footer, first.</p>\n');
    const after = await exportCompiled({ siteDir: site, outDir: out, threads: 1 });
    assert.equal(after.summary?.incremental, true);
    await assertSameAsFullBuild(site, out);
  });

  it('names the file that changed and broke while the build ran, when a thread joining it finds the error, and leaves the output as it was', async () => {
    const exportCompiled = await compiledExport();
    // A page this thread keeps as the last build wrote it: only the joining thread reads it again.
    const other = join(site, 'content', 'pages', 'about.md');
    await mkdir(dirname(other), { recursive: true });
    await writeFile(other, '---\ntitle: About\n---\nAbout this blog.\n');
    assert.ok((await exportCompiled({ siteDir: site, outDir: out, threads: 1 })).summary);
    await appendFile(join(site, 'content', 'posts', '2024', 'short.md'), '\nMore words.\n');
    const before = await snapshot(out);
    await assert.rejects(
      exportCompiled({
        siteDir: site,
        outDir: out,
        startAlone: { threads: 2, documents: 1 },
        // Saved after this thread loaded the site, before the joining thread loads it.
        onLoaded: () => writeFileSync(other, '---\ntitle: [broken\n---\nBody.\n'),
      }),
      /a file changed while the build ran, and now has an error: .*about\.md:\d+: /,
    );
    assert.deepEqual(await snapshot(out), before);
  });

  it('puts a folder where a file of the last build stood', async () => {
    await writeFile(join(site, 'static', 'notes'), 'a file first');
    assert.equal((await build()).code, 0);
    await rm(join(site, 'static', 'notes'));
    await mkdir(join(site, 'static', 'notes'));
    await writeFile(join(site, 'static', 'notes', 'today.txt'), 'then a folder');
    const built = await build();
    assert.equal(built.code, 0, built.stderr);
    assert.match(built.stdout, INCREMENTAL);
    assert.equal(await readFile(join(out, 'notes', 'today.txt'), 'utf8'), 'then a folder');
    await assertSameAsFullBuild(site, out);
  });

  it('leaves the output byte for byte as it was when the site has an error', async () => {
    await appendFile(join(site, 'content', 'posts', '2024', 'short.md'), '\nMore.\n');
    await writeFile(
      join(site, 'content', 'posts', '2024', 'broken.md'),
      '---\ntitle: Broken\ndate: not a date\n---\nBody.\n',
    );
    const before = await snapshot(out);
    const built = await build();
    assert.equal(built.code, 1);
    assert.match(built.stderr, /is as it was/);
    assert.deepEqual(await snapshot(out), before);
  });
});

describe('folio build writes its output whole', () => {
  const whole = async (args: string[], reason: RegExp) => {
    const built = await build(...args);
    assert.equal(built.code, 0, built.stderr);
    assert.match(built.stdout, reason);
    assert.match(built.stdout, WHOLE);
    const again = await build();
    assert.match(again.stdout, /: 0 files written, 0 deleted, \d+ unchanged\.$/m);
  };

  it('when its manifest cannot be read', async () => {
    await writeFile(join(out, MANIFEST), '{ "format": 1,');
    await whole([], /^Full build: .*\.folio-manifest\.json cannot be read \(it is not JSON\)/m);
  });

  it('when its manifest is not one Folio wrote', async () => {
    await editManifest((manifest) => {
      manifest.files = {
        paths: ['../outside.txt'],
        hashes: ['x'],
        sizes: [1],
        mtimes: [1],
        sources: [null],
      };
    });
    await whole([], /^Full build: .*cannot be read \(it is not a manifest of Folio\)/m);
  });

  it('when its record of documents names files it does not list', async () => {
    await editManifest((manifest) => {
      manifest.documents = { paths: ['/'], keys: ['x'], files: [[1_000_000]], features: [[]] };
    });
    await whole([], /^Full build: .*cannot be read \(it is not a manifest of Folio\)/m);
  });

  it("when its manifest is of an older format, whose files are still known as the build's", async () => {
    // As format 2 kept them: an object for each file. With no marker, only the manifest tells
    // that the build wrote them.
    await editManifest((manifest) => {
      const { paths, hashes, sizes, mtimes } = manifest.files as Record<string, unknown[]>;
      manifest.format = 2;
      manifest.files = Object.fromEntries(
        (paths ?? []).map((path, i) => [
          path,
          { hash: hashes?.[i], size: sizes?.[i], mtime: mtimes?.[i] },
        ]),
      );
      delete manifest.documents;
      delete manifest.frame;
    });
    await rm(join(out, '.folio-build'));
    await whole(
      [],
      /^Full build: .*\.folio-manifest\.json cannot be read \(it is of format 2, and this Folio writes format 3\); it is rewritten\.$/m,
    );
  });

  it('when another version of Folio built it', async () => {
    await editManifest((manifest) => (manifest.folio = '0.0.1'));
    await whole([], /^Full build: the output's manifest is from Folio 0\.0\.1, this is \d/m);
  });

  it('when it was built on another version of Node, which compressed its files', async () => {
    await editManifest((manifest) => (manifest.node = '0.0.1'));
    await whole([], /^Full build: the output was built on Node 0\.0\.1, this is Node \d/m);
  });

  it('when another site was built into it', async () => {
    await editManifest((manifest) => (manifest.site = { dir: '/elsewhere', url: 'https://a.b' }));
    await whole([], /^Full build: the output was built from another site folder, \/elsewhere\.$/m);
  });

  it('when an older Folio built it, knowing its files by .folio-build alone', async () => {
    await rm(join(out, MANIFEST));
    await whole(
      [],
      /^Full build: .* has no \.folio-manifest\.json \(an older Folio built it\)\.$/m,
    );
  });

  it('when the last build was stopped while it put its files in place', async () => {
    await cp(join(out, MANIFEST), join(out, '.folio-commit.json'));
    await whole([], /^Full build: the last build into .* was stopped while it put its files/m);
    assert.equal(existsSync(join(out, '.folio-commit.json')), false);
  });

  it('with --full', async () => {
    await whole(['--full'], /^Full build: asked for with --full\.$/m);
  });
});
