// Search on the real server: the form in every page's header, the results page in four languages,
// drafts and scheduled posts kept out, the index following edits, and hostile queries answered
// with a plain page.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import * as cheerio from 'cheerio';
import { loadSite } from '../src/load/load-site.js';
import { indexSitePosts } from '../src/load/search-documents.js';
import type { SearchIndex } from '../src/search/search-index.js';
import { buildSite } from '../src/site/build-site.js';
import { folio as startFolio, run as folio, serverUrl, snapshot } from './support/folio-cli.js';
import { serveSite, type ServedFixture } from './support/serve-fixture.js';
import { tempRoot } from './support/temp-root.js';

const root = tempRoot('folio-search-');
const NOW = Date.parse('2026-06-01T00:00:00Z');

function writeSite(dir: string): void {
  mkdirSync(join(dir, 'content', 'posts'), { recursive: true });
  writeFileSync(
    join(dir, 'folio.config.yaml'),
    [
      'title: Search Notes',
      'owner: Tess',
      'url: https://search.example.com',
      'locale: en',
      'timezone: UTC',
      'author:',
      '  name: Tess',
      'pageSize: 2',
      '',
    ].join('\n'),
  );
  const posts: Record<string, { title: string; date: string; body: string; extra?: string }> = {
    'merge-sort': {
      title: 'Merge Sort, Bottom Up',
      date: '2026-01-05',
      body: 'Sorting without recursion: merge runs of width one, then two, then four.',
      extra: 'category: Algorithm\ntags: [sorting]',
    },
    'quick-sort': {
      title: 'Avoiding the Worst Case of Quicksort',
      date: '2026-01-04',
      body: 'Pick the pivot at random. A merge step is not needed here; merge sort is another story.',
      extra: 'category: Algorithm\ntags: [sorting]',
    },
    'heap-sort': {
      title: 'Heap sort 정리',
      date: '2026-01-03',
      body: '힙 정렬 알고리즘을 정리했습니다. 최악의 경우에도 n log n 입니다.',
      extra: 'category: Algorithm\ntags: [misc]',
    },
    'load-balancing': {
      title: '负载均衡算法',
      date: '2026-01-02',
      body: '轮询、最少连接与一致性哈希，是分布式系统中常见的负载均衡策略。',
    },
    'wal-mode': {
      title: 'SQLite の WAL モード',
      date: '2026-01-01',
      body: '書き込み先読みログを使うと、読み込みと書き込みが同時に進みます。',
    },
    'http-parser': {
      title: 'Writing an HTTP parser',
      date: '2025-12-31',
      body: 'The function parseHTTPRequest reads the request line; read_header_block reads the rest.',
    },
    'secret-draft': {
      title: 'Unfinished thoughts on zeppelins',
      date: '2025-12-30',
      body: 'Zeppelins are a draft topic.',
      extra: 'draft: true\ntags: [misc]',
    },
    'future-post': {
      title: 'Scheduled notes on zeppelins',
      date: '2027-01-01',
      body: 'Zeppelins, again, but scheduled.',
    },
  };
  for (const [slug, post] of Object.entries(posts)) {
    writeFileSync(
      join(dir, 'content', 'posts', `${slug}.md`),
      `---\ntitle: "${post.title}"\ndate: ${post.date}\n${post.extra ?? 'tags: [misc]'}\n---\n\n${post.body}\n`,
    );
  }
}

const dir = join(root, 'site');
writeSite(dir);
let site: ServedFixture;

before(async () => {
  site = await serveSite(dir, { now: () => NOW });
});
after(async () => {
  await site.server.close();
});

async function searchPage(query: string, extra = ''): Promise<cheerio.CheerioAPI> {
  const response = await site.get(`/search/?q=${encodeURIComponent(query)}${extra}`);
  assert.equal(response.status, 200, `search for ${JSON.stringify(query)} answers 200`);
  assert.equal(response.headers.get('content-type'), 'text/html; charset=utf-8');
  return cheerio.load(await response.text());
}

const titles = ($: cheerio.CheerioAPI): string[] =>
  $('.search-hit h2 a')
    .map((_, a) => $(a).text())
    .get();

describe('the search form', () => {
  it('is a labelled GET form in the header of every page, which the CSP lets submit', async () => {
    for (const path of ['/', '/posts/merge-sort/', '/categories/algorithm/']) {
      const response = await site.get(path);
      const $ = cheerio.load(await response.text());
      const form = $('header form[role="search"]');
      assert.equal(form.attr('action'), '/search/', path);
      assert.equal(form.attr('method'), 'get', path);
      const input = form.find('input[name="q"]');
      assert.equal($(`label[for="${input.attr('id')}"]`).text(), 'Search this site', path);
      assert.match(response.headers.get('content-security-policy') ?? '', /form-action 'self'/);
    }
  });

  it('opens the search page, which asks for words and carries no script', async () => {
    const response = await site.get('/search/');
    const html = await response.text();
    const $ = cheerio.load(html);
    assert.equal($('h1').text(), 'Search');
    assert.equal($('main form[role="search"] input[name="q"]').attr('value'), '');
    assert.equal($('script:not([type="application/ld+json"])').length, 0);
    assert.match(response.headers.get('content-security-policy') ?? '', /script-src 'none'/);
    assert.equal($('meta[name="robots"]').attr('content'), 'noindex');
  });
});

describe('results', () => {
  it('rank a title match first, and show date, category and a snippet with the words marked', async () => {
    const $ = await searchPage('merge');
    assert.equal($('h1').text(), 'Results for “merge”');
    assert.equal($('.search-status').text(), '2 posts found');
    assert.deepEqual(titles($), ['Merge Sort, Bottom Up', 'Avoiding the Worst Case of Quicksort']);
    const first = $('.search-hit').first();
    assert.equal(first.find('time').attr('datetime')?.slice(0, 10), '2026-01-05');
    assert.equal(first.find('.byline a').attr('href'), '/categories/algorithm/');
    const second = $('.search-hit').eq(1);
    assert.deepEqual(
      second
        .find('mark')
        .map((_, m) => $(m).text())
        .get(),
      ['merge', 'merge'],
    );
    assert.equal($('main input[name="q"]').attr('value'), 'merge');
  });

  it('find Korean words with their particles, Chinese and Japanese inside longer runs', async () => {
    assert.deepEqual(titles(await searchPage('알고리즘은')), ['Heap sort 정리']);
    assert.deepEqual(titles(await searchPage('정렬')), ['Heap sort 정리']);
    assert.deepEqual(titles(await searchPage('一致性')), ['负载均衡算法']);
    assert.deepEqual(titles(await searchPage('書き込み')), ['SQLite の WAL モード']);
  });

  it('find code identifiers by their parts, inflections, prefixes and a typo', async () => {
    assert.deepEqual(titles(await searchPage('request')), ['Writing an HTTP parser']);
    assert.deepEqual(titles(await searchPage('header block')), ['Writing an HTTP parser']);
    assert.deepEqual(titles(await searchPage('parses')), ['Writing an HTTP parser']);
    assert.deepEqual(titles(await searchPage('recurs')), ['Merge Sort, Bottom Up']);
    assert.deepEqual(titles(await searchPage('recursoin')), ['Merge Sort, Bottom Up']);
  });

  it('are paginated like listings, with the query kept in the pager links', async () => {
    const $ = await searchPage('sort');
    assert.equal($('.search-hit').length, 2);
    const next = $('nav[aria-label="Pagination"] a[rel="next"]').attr('href');
    assert.equal(next, '/search/?q=sort&page=2');
    const second = await searchPage('sort', '&page=2');
    assert.equal(second('.search-hit').length, 1);
    assert.equal(second('nav[aria-label="Pagination"] [aria-current="page"]').text(), '2');
    // A page past the last shows the last.
    const beyond = await searchPage('sort', '&page=99');
    assert.equal(beyond('nav[aria-label="Pagination"] [aria-current="page"]').text(), '2');
  });

  it('say plainly when nothing is found, and what to try', async () => {
    const $ = await searchPage('xylophone');
    assert.equal($('.search-status').text(), 'No posts match “xylophone”.');
    assert.equal($('.search-tips li').length, 3);
    assert.equal($('.search-browse a').first().attr('href'), '/categories/algorithm/');
  });

  it('never find drafts or scheduled posts', async () => {
    assert.deepEqual(titles(await searchPage('zeppelins')), []);
  });
});

describe('hostile queries', () => {
  const queries: [string, string][] = [
    ['empty', '/search/?q='],
    ['whitespace', '/search/?q=%20%09%0A'],
    ['10,000 characters', `/search/?q=${'a'.repeat(10_000)}`],
    ['control characters', '/search/?q=%00%01%1Bmerge%7F'],
    ['an encoded unpaired surrogate', '/search/?q=%ED%A0%80'],
    ['bytes that are not UTF-8', '/search/?q=%E0%A4%FF'],
    ['a regular expression', `/search/?q=${encodeURIComponent('(a+)+$.*[')}`],
    ['q repeated', '/search/?q=merge&q=%3Cb%3E&page=1&page=x'],
    ['markup', `/search/?q=${encodeURIComponent('<img src=x onerror=alert(1)>"\'')}`],
    ['a bad page', '/search/?q=merge&page=-1e9'],
  ];
  for (const [name, path] of queries) {
    it(`answer ${name} with a page that reflects no markup`, async () => {
      const response = await site.get(path);
      assert.equal(response.status, 200);
      const html = await response.text();
      const $ = cheerio.load(html);
      assert.equal($('main form[role="search"]').length, 1);
      assert.equal($('img[src="x"], [onerror]').length, 0);
      assert.ok(!html.includes('<b>'));
      const controls = [...html].filter((c) => c < ' ' && !'\t\n\r'.includes(c));
      assert.deepEqual(controls, [], 'no control character is echoed');
      assert.ok(($('main input[name="q"]').attr('value') ?? '').length <= 1000);
    });
  }

  it('read the first q, and a search with the query cut where the field stops', async () => {
    assert.equal((await searchPage('merge', '&q=heap'))('h1').text(), 'Results for “merge”');
  });
});

describe('the index', () => {
  it('is the same made in a child process, as for a large site, as on the thread', async () => {
    const { content } = await loadSite(dir);
    assert.ok(content);
    const built = buildSite(content.config, content.posts, { now: NOW });
    const here = await indexSitePosts(built, content.bodies, { apart: false });
    const apart = await indexSitePosts(built, content.bodies, { apart: true });
    const data = (index: SearchIndex) => ({
      terms: index.terms,
      documentFrequency: [...index.documentFrequency],
      postingBytes: [...index.postingBytes],
      postingStarts: [...index.postingStarts],
      lengths: [...index.lengths],
      averageLengths: index.averageLengths,
    });
    assert.ok(here.terms.includes('zeppelin') === false, 'drafts are not indexed');
    assert.deepEqual(data(apart), data(here));
  });

  it('follows the site: a new post is found once the server has loaded it', async () => {
    const own = join(root, 'edited');
    writeSite(own);
    const served = await serveSite(own, { now: () => NOW });
    try {
      const before = await served.get('/search/?q=ornithopter');
      assert.match(await before.text(), /No posts match/);
      writeFileSync(
        join(own, 'content', 'posts', 'ornithopter.md'),
        '---\ntitle: "Ornithopters"\ndate: 2026-02-01\ntags: [misc]\n---\n\nFlapping wings.\n',
      );
      await served.session.update(undefined);
      const $ = cheerio.load(await (await served.get('/search/?q=ornithopter')).text());
      assert.deepEqual(titles($), ['Ornithopters']);
    } finally {
      await served.server.close();
    }
  });

  it('finds drafts on a preview server (serve --drafts)', async () => {
    const served = await serveSite(dir, { now: () => NOW, showDrafts: true });
    try {
      const $ = cheerio.load(await (await served.get('/search/?q=zeppelins')).text());
      assert.deepEqual(titles($), ['Unfinished thoughts on zeppelins']);
      assert.equal($('.search-hit .draft-badge').text(), 'Draft');
    } finally {
      await served.server.close();
    }
  });
});

describe('the index of a large site on `folio serve`', () => {
  // Enough posts for the server to index them in a process of its own, in five batches.
  const own = join(root, 'large');
  const cache = join(own, '.folio', 'cache', 'search');
  const POSTS = 300;
  const postFile = (i: number): string => join(own, 'content', 'posts', `post-${i}.md`);
  mkdirSync(join(own, 'content', 'posts'), { recursive: true });
  writeFileSync(
    join(own, 'folio.config.yaml'),
    'title: Many Notes\nowner: Tess\nurl: https://many.example.com\nlocale: en\ntimezone: UTC\nauthor:\n  name: Tess\n',
  );
  for (let i = 0; i < POSTS; i++) {
    const date = new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
    writeFileSync(
      postFile(i),
      `---\ntitle: "Note ${i}"\ndate: ${date}\ncategory: Notes\ntags: [misc]\n---\n\nThis note is about topic${i} and pebbles.\n`,
    );
  }

  /** The kept index of each batch of posts, by file, with its bytes. */
  const keptBatches = async (): Promise<Map<string, string>> =>
    new Map(
      [...(await snapshot(cache))].filter(
        ([name]) => name.endsWith('.bin') && basename(name) !== 'terms.bin',
      ),
    );

  /** The titles `folio serve` finds for `query`, on a server started now and stopped after. */
  async function servedTitles(...queries: string[]): Promise<string[][]> {
    const server = startFolio(['serve', own, '--port', '0']);
    try {
      const url = await serverUrl(server);
      const found: string[][] = [];
      for (const query of queries) {
        const page = await (await fetch(`${url}/search/?q=${query}`)).text();
        found.push(titles(cheerio.load(page)));
      }
      return found;
    } finally {
      server.kill('SIGKILL');
    }
  }

  it('takes each batch of posts a build indexed, and indexes again only a batch that changed', async () => {
    const out = join(root, 'large-out');
    const built = await folio(['build', own, '--out', out]);
    assert.equal(built.code, 0, built.stderr);
    const kept = await keptBatches();
    assert.equal(kept.size, 5);

    // `topic17` also finds `topic170` and on, as a prefix; the post that holds it comes first.
    const [seventeen, last] = await servedTitles('topic17', 'topic299');
    assert.equal(seventeen?.[0], 'Note 17');
    assert.equal(last?.[0], 'Note 299');
    assert.deepEqual(await keptBatches(), kept, 'the server indexed no batch anew');

    writeFileSync(
      postFile(17),
      readFileSync(postFile(17), 'utf8').replace('topic17', 'ornithopters'),
    );
    const [edited, before, next] = await servedTitles('ornithopter', 'topic17', 'topic18');
    assert.deepEqual(edited, ['Note 17']);
    assert.ok(!before?.includes('Note 17'));
    assert.equal(next?.[0], 'Note 18');
    const after = await keptBatches();
    const gone = [...kept.keys()].filter((name) => !after.has(name));
    const added = [...after.keys()].filter((name) => !kept.has(name));
    assert.equal(gone.length, 1, 'the batch of the edited post is replaced');
    assert.equal(added.length, 1);

    // A build then takes the batch the server indexed: its search files are a whole build's.
    const rebuilt = await folio(['build', own, '--out', out]);
    assert.equal(rebuilt.code, 0, rebuilt.stderr);
    assert.deepEqual(await keptBatches(), after, 'the build indexed no batch anew');
    const whole = join(root, 'large-whole');
    assert.equal((await folio(['build', own, '--out', whole, '--full'])).code, 0);
    assert.deepEqual(
      await snapshot(join(out, 'assets', 'search')),
      await snapshot(join(whole, 'assets', 'search')),
    );
  });

  it('removes the folders that the indexing of a killed server left in the temporary folder', async () => {
    // A process that has ended, and one that runs: this test's own.
    const ended = spawnSync(process.execPath, ['-e', '0']).pid;
    const left = join(tmpdir(), `folio-search-${ended}-AbC123`);
    const inUse = join(tmpdir(), `folio-search-${process.pid}-XyZ789`);
    for (const folder of [left, inUse]) {
      mkdirSync(folder);
      writeFileSync(join(folder, 'lengths.bin'), 'index handed over');
    }
    try {
      const [found] = await servedTitles('topic42');
      assert.equal(found?.[0], 'Note 42');
      assert.equal(existsSync(left), false, 'the folder of the ended process is removed');
      assert.equal(existsSync(inUse), true, 'the folder of a running process is left');
    } finally {
      for (const folder of [left, inUse]) rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('a site with `search: false`', () => {
  const own = join(root, 'no-search');
  writeSite(own);
  appendFileSync(join(own, 'folio.config.yaml'), 'search: false\n');

  it('has no search form, and no search page on the server', async () => {
    const served = await serveSite(own, { now: () => NOW });
    try {
      for (const path of ['/', '/posts/merge-sort/', '/categories/algorithm/']) {
        const $ = cheerio.load(await (await served.get(path)).text());
        assert.equal($('form[role="search"]').length, 0, path);
      }
      assert.equal((await served.get('/search/?q=merge')).status, 404);
    } finally {
      await served.server.close();
    }
  });

  it('exports no search page and no index', async () => {
    const out = join(root, 'no-search-out');
    const built = await folio(['build', own, '--out', out]);
    assert.equal(built.code, 0, built.stderr);
    assert.equal(existsSync(join(out, 'index.html')), true);
    assert.equal(existsSync(join(out, 'search')), false);
    assert.equal(existsSync(join(out, 'assets', 'search')), false);
    const home = cheerio.load(await readFile(join(out, 'index.html'), 'utf8'));
    assert.equal(home('form[role="search"]').length, 0);
  });
});
