// The static export: the same bytes as the server for every URL, and nothing lost when a build fails.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import * as cheerio from 'cheerio';
import { fileOf } from '../src/delivery/static/document-writer.js';
import { run as folio, snapshot } from './support/folio-cli.js';
import { FIXTURES, serveSite, type ServedFixture } from './support/serve-fixture.js';

let work: string;
let out: string;
let site: ServedFixture;

before(async () => {
  work = await mkdtemp(join(tmpdir(), 'folio-build-'));
  out = join(work, 'out');
  site = await serveSite(`${FIXTURES}basic`);
});
after(async () => {
  await site.server.close();
  await rm(work, { recursive: true, force: true });
});

describe('folio build', () => {
  it('writes every URL of the sitemap with the very bytes the server answers', async () => {
    const built = await folio(['build', join(FIXTURES, 'basic'), '--out', out, '--precompress']);
    assert.equal(built.code, 0, built.stderr);
    assert.match(built.stdout, /^Built \d+ pages \(\d+ files, [\d.]+ MB\) into .* in [\d.]+ s\.$/m);

    const sitemap = cheerio.load(await (await site.get('/sitemap.xml')).text(), { xml: true });
    const paths = sitemap('loc')
      .map((_, loc) => new URL(sitemap(loc).text()).pathname)
      .get();
    assert.ok(paths.length > 20);
    for (const path of [
      ...paths,
      '/feed.xml',
      '/atom.xml',
      '/sitemap.xml',
      '/robots.txt',
      '/categories/algorithm/feed.xml',
    ]) {
      const served = Buffer.from(
        await (await site.get(path, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer(),
      );
      const file = await readFile(join(out, fileOf(path)));
      assert.ok(file.equals(served), `${path} differs from ${fileOf(path)}`);
      if (served.length < 1024) {
        // A server sends a file this small as it is: no compressed form is written for it.
        assert.equal(existsSync(join(out, `${fileOf(path)}.br`)), false, `${path}.br`);
        continue;
      }
      assert.ok(
        brotliDecompressSync(await readFile(join(out, `${fileOf(path)}.br`))).equals(served),
        `${path}.br`,
      );
      assert.ok(
        gunzipSync(await readFile(join(out, `${fileOf(path)}.gz`))).equals(served),
        `${path}.gz`,
      );
    }
    assert.ok(existsSync(join(out, 'robots.txt')));
    assert.equal(existsSync(join(out, 'robots.txt.gz')), false, 'robots.txt is under 1 KB');
  });

  it('writes no compressed files unless asked: hosts compress on their own', async () => {
    const elsewhere = await mkdtemp(join(tmpdir(), 'folio-plain-'));
    const plain = join(elsewhere, 'out');
    const built = await folio(['build', join(FIXTURES, 'basic'), '--out', plain]);
    assert.equal(built.code, 0, built.stderr);
    const files = (await readdir(plain, { recursive: true })).map(String);
    await rm(elsewhere, { recursive: true, force: true });
    assert.ok(files.includes('index.html'));
    assert.deepEqual(
      files.filter((file) => /\.(?:br|gz)$/.test(file)),
      [],
    );
  });

  it('writes the very same files when the pages are shared out between worker threads', async () => {
    const elsewhere = await mkdtemp(join(tmpdir(), 'folio-threads-'));
    const threaded = join(elsewhere, 'out');
    const built = await folio([
      'build',
      join(FIXTURES, 'basic'),
      '--out',
      threaded,
      '--threads',
      '3',
      '--precompress',
    ]);
    assert.equal(built.code, 0, built.stderr);
    const [one, three] = [await snapshot(out), await snapshot(threaded)];
    await rm(elsewhere, { recursive: true, force: true });
    assert.ok(one.size > 60);
    assert.deepEqual([...three.keys()].sort(), [...one.keys()].sort());
    // But the manifest, which records when each file was written.
    one.delete('.folio-manifest.json');
    for (const [path, bytes] of one) assert.ok(three.get(path) === bytes, path);
  });

  it("writes Mermaid's and KaTeX's files when the pages that link them fell to different threads", async () => {
    // Post batches go out oldest first, so the newest post's page is the last thread's to write:
    // it alone loads Mermaid, and the oldest posts alone KaTeX.
    const elsewhere = await mkdtemp(join(tmpdir(), 'folio-packaged-'));
    const diagrams = join(elsewhere, 'site');
    await mkdir(join(diagrams, 'content', 'posts'), { recursive: true });
    await writeFile(
      join(diagrams, 'folio.config.yaml'),
      'title: Diagrams\nurl: https://diagrams.example\nlocale: en\ntimezone: UTC\nauthor:\n  name: Jane\n',
    );
    for (let day = 1; day <= 130; day++) {
      const date = new Date(Date.UTC(2020, 0, day)).toISOString().slice(0, 10);
      const body =
        day === 130
          ? '```mermaid\ngraph TD\n  A --> B\n```\n'
          : day === 1
            ? 'Euler: $e^{i\\pi} + 1 = 0$.\n'
            : `Post ${day}.\n`;
      await writeFile(
        join(diagrams, 'content', 'posts', `p${day}.md`),
        `---\ntitle: Post ${day}\ndate: ${date}\ncategory: Notes\ntags: [t]\n${day === 1 ? 'math: true\n' : ''}---\n\n${body}`,
      );
    }
    try {
      const outputs: Map<string, string>[] = [];
      for (const threads of ['2', '1']) {
        const target = join(elsewhere, `out-${threads}`);
        const built = await folio(['build', diagrams, '--out', target, '--threads', threads]);
        assert.equal(built.code, 0, built.stderr);
        outputs.push(await snapshot(target));
      }
      const [two, one] = outputs as [Map<string, string>, Map<string, string>];
      const assets = [...two.keys()].filter((path) => path.startsWith('assets/'));
      assert.ok(
        assets.some((path) => /^assets\/mermaid\.\w+\.js$/.test(path)),
        assets.join(' '),
      );
      assert.ok(
        assets.some((path) => /^assets\/KaTeX_Main-Regular\./.test(path)),
        assets.join(' '),
      );
      assert.deepEqual([...two.keys()].sort(), [...one.keys()].sort());
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });

  it('warns of every link and image that leads nowhere, as folio check does, on any number of threads', async () => {
    const site = join(FIXTURES, 'references');
    const checked = await folio(['check', site]);
    const warnings = (text: string): string[] =>
      text.split('\n').filter((line) => /^\S.*:\d+: warning: /.test(line));
    const expected = warnings(checked.stderr);
    assert.ok(expected.length >= 2, checked.stderr);
    for (const threads of ['1', '2']) {
      const elsewhere = await mkdtemp(join(tmpdir(), 'folio-warnings-'));
      const built = await folio(['build', site, '--out', join(elsewhere, 'out'), '-j', threads]);
      await rm(elsewhere, { recursive: true, force: true });
      assert.equal(built.code, 0, built.stderr);
      assert.deepEqual(warnings(built.stderr).sort(), expected.sort(), `on ${threads} threads`);
    }
  });

  it('refuses a thread count that is not a whole number from 1 to 64', async () => {
    const refused = await folio([
      'build',
      join(FIXTURES, 'basic'),
      '--out',
      join(work, 'x'),
      '-j',
      '0',
    ]);
    assert.notEqual(refused.code, 0);
    assert.match(refused.stderr, /threads is a whole number from 1 to 64/);
  });

  it('writes the 404 page, the theme files and the static files', async () => {
    const notFound = Buffer.from(await (await site.get('/no-such-page/')).arrayBuffer());
    assert.ok((await readFile(join(out, '404.html'))).equals(notFound));
    const $ = cheerio.load(notFound.toString());
    for (const href of [
      $('link[rel="stylesheet"]').attr('href'),
      $('link[rel="icon"]').attr('href'),
    ]) {
      assert.ok(href);
      const served = Buffer.from(
        await (await site.get(href, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer(),
      );
      assert.ok((await readFile(join(out, fileOf(href)))).equals(served), href);
    }
    const avatar = await readFile(join(FIXTURES, 'basic', 'static', 'images', 'avatar.svg'));
    assert.ok((await readFile(join(out, 'images', 'avatar.svg'))).equals(avatar));
  });

  it('leaves the previous output exactly as it was when a post is broken', async () => {
    const before = await snapshot(out);
    const broken = await folio(['build', join(FIXTURES, 'broken'), '--out', out]);
    assert.equal(broken.code, 1);
    assert.match(broken.stderr, /bad-date\.md:3: /);
    assert.match(broken.stderr, /nothing was built/);
    assert.deepEqual(await snapshot(out), before);
    assert.deepEqual((await readdir(work)).sort(), ['out']);
  });

  it('leaves the previous output as it was when the output cannot be written, and says why', async () => {
    const before = await snapshot(out);
    const blocker = join(work, 'a-file');
    await writeFile(blocker, 'not a folder');
    const failed = await folio(['build', join(FIXTURES, 'basic'), '--out', join(blocker, 'out')]);
    assert.equal(failed.code, 1);
    assert.match(failed.stderr, /The build failed: .*a-file/);
    assert.deepEqual(await snapshot(out), before);
  });

  it('replaces the previous output whole, so removed pages disappear', async () => {
    const copy = join(work, 'site');
    await cp(join(FIXTURES, 'basic'), copy, { recursive: true });
    const first = await folio(['build', copy, '--out', out]);
    assert.equal(first.code, 0, first.stderr);
    assert.ok((await snapshot(out)).has(join('posts', 'oldest', 'index.html')));
    await rm(join(copy, 'content', 'posts', '2023', 'oldest.md'));
    const second = await folio(['build', copy, '--out', out]);
    assert.equal(second.code, 0, second.stderr);
    assert.ok(!(await snapshot(out)).has(join('posts', 'oldest', 'index.html')));
    assert.deepEqual((await readdir(work)).sort(), ['a-file', 'out', 'site']);
  });
});
