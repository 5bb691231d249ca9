// The `folio` command as a user runs it: help, check, and serve refusing bad content or stopping cleanly.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { networkInterfaces, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { eventually as reloaded, folio, run, serverUrl, snapshot } from './support/folio-cli.js';
import { FIXTURES } from './support/serve-fixture.js';
import { escapeRegExp } from '../src/text/escape-reg-exp.js';

/** A copy of a fixture site in a new temporary folder. */
async function copyOf(fixture: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'folio-site-'));
  await cp(join(FIXTURES, fixture), dir, { recursive: true });
  return dir;
}

/** `folio serve --watch` on a copy of a fixture site, and what it has printed so far. */
async function watchCopyOf(fixture: string, options: readonly string[] = []) {
  const dir = await copyOf(fixture);
  const child = folio(['serve', dir, '--port', '0', '--watch', ...options]);
  const printed = { stdout: '', stderr: '' };
  child.stdout.on('data', (chunk: Buffer) => (printed.stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (printed.stderr += chunk.toString()));
  const eventually = (check: () => Promise<boolean>): Promise<void> =>
    reloaded(check, () => `it printed: ${printed.stdout}${printed.stderr}`);
  return { dir, child, printed, eventually };
}

/** A post file's text: front matter with `date`, then `body`. */
function postText(title: string, date: string, body = 'Text.'): string {
  return `---\ntitle: ${title}\ndate: ${date}\ntags: [notes]\n---\n${body}\n`;
}

/** How many times `text` occurs in `output`. */
function occurrences(output: string, text: string): number {
  return output.split(text).length - 1;
}

/** What `folio serve` prints on standard output up to its address, on a fixture site. */
async function startingOutput(fixture: string): Promise<string> {
  const child = folio(['serve', join(FIXTURES, fixture), '--port', '0']);
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  try {
    await serverUrl(child);
    return stdout;
  } finally {
    child.kill('SIGKILL');
  }
}

describe('folio --help', () => {
  it('lists the commands', async () => {
    const { code, stdout } = await run(['--help']);
    assert.equal(code, 0);
    assert.match(stdout, /serve \[options\] \[dir\]/);
    assert.match(stdout, /check \[dir\]/);
  });
});

describe('folio check', () => {
  it('exits 0 on a valid site', async () => {
    const { code, stdout } = await run(['check', join(FIXTURES, 'basic')]);
    assert.equal(code, 0);
    assert.match(stdout, /13 posts \(1 draft\), no errors/);
  });

  it('lists every problem as path:line: what (how) and exits 1', async () => {
    const { code, stderr } = await run(['check', join(FIXTURES, 'broken')]);
    assert.equal(code, 1);
    const posts = 'test/fixtures/sites/broken/content/posts';
    for (const expected of [
      `${posts}/bad-date.md:3: `,
      `${posts}/bad-yaml.md:4: `,
      `${posts}/no-title.md:2: `,
      `${posts}/tags-string.md:4: `,
      `${posts}/twin.md:3: `,
      `${posts}/unclosed.md:1: `,
    ]) {
      assert.ok(stderr.includes(expected), `missing ${expected} in:\n${stderr}`);
    }
    for (const line of stderr.split('\n').filter((l) => l.startsWith(posts))) {
      assert.match(line, /^\S+:\d+: .+ \(.+\)$/);
    }
  });
});

describe('folio check and build on posts written for Jekyll or Hexo', () => {
  it('read their dates and their <!-- more --> lines as the authors meant them', async () => {
    const dir = await copyOf('basic');
    const posts = join(dir, 'content', 'posts');
    await writeFile(
      join(posts, 'jekyll-date.md'),
      '---\ntitle: Jekyll date\ndate: 2019-06-10 14:22:00 +0200\ntags: [moved]\n---\n' +
        'Opening.\n\n<!-- more -->\n\nHidden.\n',
    );
    await writeFile(join(posts, 'short-date.md'), postText('Short date', '2019-6-3'));
    const checked = await run(['check', dir]);
    assert.equal(checked.code, 0, checked.stderr);
    const out = join(dir, 'out');
    const built = await run(['build', dir, '--out', out]);
    assert.equal(built.code, 0, built.stderr);
    // The fixture's zone is the site's: the instant stays 12:22 UTC whatever it is.
    const page = await readFile(join(out, 'posts', 'jekyll-date', 'index.html'), 'utf8');
    const datetime = /<time datetime="([^"]+)"/.exec(page)?.[1] ?? '';
    assert.equal(Date.parse(datetime), Date.parse('2019-06-10T12:22:00Z'), datetime);
    const listing = await readFile(join(out, 'tags', 'moved', 'index.html'), 'utf8');
    assert.match(listing, /Opening\.\.\./);
    assert.doesNotMatch(listing, /Hidden/);
    assert.match(
      await readFile(join(out, 'posts', 'short-date', 'index.html'), 'utf8'),
      /<time datetime="2019-06-0[23]T/,
    );
  });
});

describe('folio check, beyond errors', () => {
  it('names both posts of a duplicate slug, each at its own slug line, the other at where its slug comes from', async () => {
    const { code, stderr } = await run(['check', join(FIXTURES, 'broken')]);
    assert.equal(code, 1);
    // Given by its absolute path, the folder is shown from the current one, in the message too.
    const posts = 'test/fixtures/sites/broken/content/posts';
    // good.md takes its slug from its file name; twin.md says `slug: good` on line 3.
    for (const expected of [
      `${posts}/good.md:1: the slug "good" is also the slug of ${posts}/twin.md:3 (`,
      `${posts}/twin.md:3: the slug "good" is also the slug of ${posts}/good.md (`,
    ]) {
      assert.equal(occurrences(stderr, expected), 1, `${expected} once in:\n${stderr}`);
    }
  });

  it('names the files of a site given from a folder beside it as check does, in messages too', async () => {
    const dir = await copyOf('broken');
    try {
      const beside = join(dir, '..', `${basename(dir)}-beside`);
      await mkdir(beside, { recursive: true });
      const site = join('..', basename(dir));
      const posts = join(site, 'content', 'posts');
      const expected = `${posts}/twin.md:3: the slug "good" is also the slug of ${posts}/good.md (`;
      const checked = await run(['check', site], { cwd: beside });
      const built = await run(['build', site, '--out', 'out'], { cwd: beside });
      assert.equal(built.code, 1);
      for (const { stderr } of [checked, built]) {
        assert.equal(occurrences(stderr, expected), 1, `${expected} once in:\n${stderr}`);
        assert.doesNotMatch(stderr, new RegExp(escapeRegExp(dir)));
      }
      await rm(beside, { recursive: true, force: true });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("names each scheduled post with when it appears in the site's time zone", async () => {
    const { code, stdout, stderr } = await run(['check', join(FIXTURES, 'basic')]);
    assert.equal(code, 0, stderr);
    const future = 'test/fixtures/sites/basic/content/posts/future-post.md';
    const line = `${future}: scheduled: appears 2099-01-01 00:00 (Asia/Seoul)`;
    assert.equal(occurrences(stdout, line), 1, stdout);
  });

  it('warns of an image written beside a post, saying where to put it and how to write its path', async () => {
    const dir = await copyOf('basic');
    try {
      const post = join(dir, 'content', 'posts', 'dog.md');
      await writeFile(post, postText('My dog', '2024-02-01', 'Look:\n\n![my dog](dog.png)'));
      const { code, stderr } = await run(['check', dir]);
      assert.equal(code, 0, stderr);
      const warning = stderr.split('\n').find((line) => line.startsWith(`${post}:8: warning: `));
      assert.ok(warning, stderr);
      assert.match(warning, /the image dog\.png /);
      assert.match(warning, /static\/images\/dog\.png/, 'where to put the file');
      assert.match(warning, / \/images\/dog\.png\)$/, 'how to write the path');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('folio serve', () => {
  it('counts its posts in words that agree with the number', async () => {
    assert.match(await startingOutput('references'), /\(1 post\) at http/);
  });

  it('names each scheduled post with when it appears as it starts', async () => {
    const future = 'test/fixtures/sites/basic/content/posts/future-post.md';
    const line = `${future}: scheduled: appears 2099-01-01 00:00 (Asia/Seoul)`;
    const stdout = await startingOutput('basic');
    assert.equal(occurrences(stdout, line), 1, stdout);
  });

  it('refuses to start on invalid content, listing the problems, with exit code 1', async () => {
    const { code, stdout, stderr } = await run(['serve', join(FIXTURES, 'broken'), '--port', '0']);
    assert.equal(code, 1);
    assert.equal(stdout, '');
    assert.match(stderr, /bad-date\.md:3: /);
    assert.match(stderr, /Folio did not start/);
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`serves the site and stops cleanly on ${signal}`, async () => {
      const child = folio(['serve', join(FIXTURES, 'basic'), '--port', '0', '--host', '127.0.0.1']);
      const closed = once(child, 'close');
      try {
        const url = await serverUrl(child);
        const response = await fetch(`${url}/`);
        assert.equal(response.status, 200);
        assert.match(await response.text(), /Fixture Notes/);
        child.kill(signal);
        const [code] = (await closed) as [number | null];
        assert.equal(code, 0);
      } finally {
        child.kill('SIGKILL');
      }
    });
  }

  it('says so when the port is taken', async () => {
    const first = folio(['serve', join(FIXTURES, 'basic'), '--port', '0']);
    try {
      const url = await serverUrl(first);
      const port = new URL(url).port;
      const { code, stderr } = await run(['serve', join(FIXTURES, 'basic'), '--port', port]);
      assert.equal(code, 1);
      assert.match(stderr, new RegExp(`Port ${port} .* already in use`));
    } finally {
      first.kill('SIGKILL');
    }
  });

  it('with --watch, puts a new post online and keeps the last good version when an edit breaks it', async () => {
    const { dir, child, printed, eventually } = await watchCopyOf('basic');
    try {
      const url = await serverUrl(child);
      const post = join(dir, 'content', 'posts', 'brand-new.md');
      const write = (date: string): Promise<void> =>
        writeFile(post, `---\ntitle: Brand new\ndate: ${date}\ntags: [new]\n---\nFresh.\n`);
      await write('2024-05-01');
      await eventually(async () => (await fetch(`${url}/posts/brand-new/`)).status === 200);
      const home = await fetch(`${url}/`);
      const page = await home.text();
      const script =
        /<script data-events="\/__folio\/live">(new EventSource\([^<]*)<\/script>/.exec(page)?.[1];
      assert.ok(script, 'pages reload themselves');
      const hash = createHash('sha256').update(script).digest('base64');
      assert.match(
        home.headers.get('content-security-policy') ?? '',
        new RegExp(`script-src 'sha256-${hash.replace(/[+/]/g, '\\$&')}'`),
      );
      const events = await fetch(`${url}/__folio/live`);
      assert.equal(events.headers.get('content-type'), 'text/event-stream; charset=utf-8');
      const reader = events.body?.getReader();

      await write('2024-13-45');
      await eventually(() => Promise.resolve(printed.stderr.includes('brand-new.md:3: ')));
      assert.equal((await fetch(`${url}/posts/brand-new/`)).status, 200);
      assert.match(printed.stderr, /last good version stays online/);
      const banner = await (await fetch(`${url}/page/2/`)).text();
      assert.match(
        banner,
        /class="problems-banner"[\s\S]*brand-new\.md:3: /,
        'the problem shows on every page',
      );
      let received = '';
      while (!received.includes('data: reload') && reader) {
        const { value, done } = await reader.read();
        if (done) break;
        received += new TextDecoder().decode(value);
      }
      assert.match(received, /data: reload/, 'open pages are told to reload');
      await reader?.cancel();

      await write('2024-05-02');
      await eventually(
        async () => !(await (await fetch(`${url}/`)).text()).includes('problems-banner'),
      );
      await rm(post);
      await eventually(async () => (await fetch(`${url}/posts/brand-new/`)).status === 404);
    } finally {
      child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('folio serve --watch, editing a post', () => {
  it('shows an edited title on every page that lists the post, and a moved post where it went', async () => {
    const { dir, child, eventually } = await watchCopyOf('basic');
    const text = async (url: string): Promise<string> => (await fetch(url)).text();
    try {
      const url = await serverUrl(child);
      const file = join(dir, 'content', 'posts', '2024', 'graphs.md');
      const original = await readFile(file, 'utf8');
      const listings = ['/page/2/', '/categories/algorithm/', '/tags/graphs/', '/posts/graphs/'];
      for (const path of listings) assert.match(await text(`${url}${path}`), /Graphs 入门/);

      await writeFile(file, original.replace('title: "Graphs 入门"', 'title: "Graphs, revised"'));
      await eventually(async () =>
        (await text(`${url}/posts/graphs/`)).includes('Graphs, revised'),
      );
      for (const path of listings) {
        const page = await text(`${url}${path}`);
        assert.match(page, /Graphs, revised/, path);
        assert.doesNotMatch(page, /Graphs 入门/, path);
      }

      await writeFile(file, original.replace('tags: [graphs]', 'tags: [trees]'));
      await eventually(async () => (await fetch(`${url}/tags/graphs/`)).status === 404);
      assert.match(await text(`${url}/tags/trees/`), /Graphs 入门/);
      assert.match(await text(`${url}/categories/algorithm/`), /Graphs 入门/);
    } finally {
      child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('folio serve --watch, writing a page', () => {
  it('puts a new page online, shows its edited title in every navigation, and keeps the last good one when an edit breaks it', async () => {
    const { dir, child, printed, eventually } = await watchCopyOf('basic');
    const text = async (url: string): Promise<string> => (await fetch(url)).text();
    try {
      const url = await serverUrl(child);
      const file = join(dir, 'content', 'pages', 'about.md');
      await mkdir(join(dir, 'content', 'pages'), { recursive: true });
      await writeFile(file, '---\ntitle: About me\nnav: true\n---\nHello.\n');
      await eventually(async () => (await fetch(`${url}/about/`)).status === 200);
      assert.match(await text(`${url}/`), /<a href="\/about\/">About me<\/a>/);

      await writeFile(file, '---\ntitle: Who I am\nnav: true\n---\nHello.\n');
      await eventually(async () => (await text(`${url}/about/`)).includes('Who I am'));
      assert.match(await text(`${url}/posts/graphs/`), /<a href="\/about\/">Who I am<\/a>/);

      await writeFile(file, '---\nnav: true\n---\nHello.\n');
      await eventually(() => Promise.resolve(printed.stderr.includes('about.md')));
      assert.match(await text(`${url}/about/`), /Who I am/);
    } finally {
      child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('folio serve --watch, reachable from other machines', () => {
  it('says so at start, and shows problems on pages only to this machine', async () => {
    const { dir, child, printed, eventually } = await watchCopyOf('basic', ['--host', '0.0.0.0']);
    const page = async (host: string): Promise<string> =>
      (await fetch(`http://${host}:${port}/`)).text();
    let port = '';
    try {
      port = new URL(await serverUrl(child)).port;
      await eventually(() =>
        Promise.resolve(/problems are shown on pages only to this machine/.test(printed.stdout)),
      );
      assert.equal(occurrences(printed.stdout, 'only to this machine'), 1);
      await writeFile(join(dir, 'content', 'posts', 'broken.md'), postText('Broken', 'not a date'));
      await eventually(async () => (await page('127.0.0.1')).includes('broken.md'));
      // Another address of this machine, if it has one: the server sees a client that is not local.
      const other = Object.values(networkInterfaces())
        .flat()
        .find((address) => address?.family === 'IPv4' && !address.internal);
      if (other) {
        const theirs = await page(other.address);
        assert.doesNotMatch(theirs, /broken\.md|problems-banner/);
        assert.match(theirs, /<html/);
      }
    } finally {
      child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('says nothing of it on this machine alone', async () => {
    const { dir, child, printed, eventually } = await watchCopyOf('basic');
    try {
      await serverUrl(child);
      await eventually(() => Promise.resolve(printed.stdout.includes('Watching for changes')));
      assert.doesNotMatch(printed.stdout, /only to this machine/);
    } finally {
      child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('folio init and folio new', () => {
  it('creates a site that passes check, refuses a non-empty folder, and starts drafts that never overwrite', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'folio-init-'));
    const dir = join(parent, 'my-blog');
    try {
      const init = await run(['init', dir]);
      assert.equal(init.code, 0, init.stderr);
      assert.match(init.stdout, /Next: folio serve .*my-blog --watch/);
      const config = await readFile(join(dir, 'folio.config.yaml'), 'utf8');
      assert.match(
        config,
        /^# yaml-language-server: \$schema=.*schema\/folio\.config\.schema\.json$/m,
      );
      assert.match(config, /^title: "My Blog"$/m);
      assert.match(await readFile(join(dir, '.gitignore'), 'utf8'), /^\/dist\/$/m);
      assert.equal((await run(['check', dir])).code, 0);

      const again = await run(['init', dir]);
      assert.equal(again.code, 1);
      assert.match(again.stderr, /folio\.config\.yaml: already exists/);

      for (const title of ['Hello, World!', 'Hello, World!', '러스트 소유권 정리']) {
        const made = await run(['new', dir, title]);
        assert.equal(made.code, 0, made.stderr);
      }
      const posts = (await readdir(join(dir, 'content', 'posts'))).sort();
      assert.deepEqual(posts, [
        'hello-folio.md',
        'hello-world-2.md',
        'hello-world.md',
        '러스트-소유권-정리.md',
      ]);
      const draft = await readFile(join(dir, 'content', 'posts', 'hello-world.md'), 'utf8');
      assert.match(draft, /^title: "Hello, World!"$/m);
      assert.match(draft, /^date: \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/m);
      assert.match(draft, /^draft: true$/m);
      const check = await run(['check', dir]);
      assert.equal(check.code, 0, check.stderr);
      assert.match(check.stdout, /4 posts \(3 drafts\)/);
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });

  it('folio new "Title" inside the site folder starts a draft there, never over a file', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'folio-new-'));
    const site = join(parent, 'my-blog');
    try {
      assert.equal((await run(['init', site])).code, 0);
      const posts = join(site, 'content', 'posts');
      const mine = '---\ntitle: Mine\ndate: 2024-05-01\ntags: [notes]\n---\nMine.\n';
      await writeFile(join(posts, 'why-i-like-sqlite.md'), mine, { flag: 'wx' });
      const made = await run(['new', 'Why I like SQLite'], { cwd: site });
      assert.equal(made.code, 0, made.stderr);
      assert.equal(await readFile(join(posts, 'why-i-like-sqlite.md'), 'utf8'), mine);
      const draft = await readFile(join(posts, 'why-i-like-sqlite-2.md'), 'utf8');
      assert.match(draft, /^title: "Why I like SQLite"$/m);
      const none = await run(['new'], { cwd: site });
      assert.equal(none.code, 1);
      assert.match(none.stderr, /missing required argument 'title'/);
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });
});

describe('folio init in a folder that has files', () => {
  /** A blog's repository before Folio: a README, a licence and git's folder. */
  async function repository(): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'folio-repo-'));
    await writeFile(join(dir, 'README.md'), '# My blog\n');
    await writeFile(join(dir, 'LICENSE'), 'MIT\n');
    await writeFile(join(dir, '.gitignore'), 'node_modules/\n');
    await mkdir(join(dir, '.git'));
    await writeFile(join(dir, '.git', 'HEAD'), 'ref: refs/heads/main\n');
    return dir;
  }

  it('adds the site beside them when nothing is in the way, in the current folder by default', async () => {
    const dir = await repository();
    try {
      const before = await snapshot(dir);
      const init = await run(['init'], { cwd: dir });
      assert.equal(init.code, 0, init.stderr);
      assert.match(init.stdout, /^Next: folio serve --watch$/m);
      const after = await snapshot(dir);
      for (const [path, bytes] of before) assert.equal(after.get(path), bytes, path);
      assert.match(await readFile(join(dir, 'folio.config.yaml'), 'utf8'), /^title: "Folio Repo/m);
      const check = await run(['check'], { cwd: dir });
      assert.equal(check.code, 0, check.stderr);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses before writing anything when a file would be replaced, naming each', async () => {
    const dir = await repository();
    try {
      await writeFile(join(dir, 'folio.config.yaml'), 'title: Mine\n');
      await mkdir(join(dir, 'static', 'images'), { recursive: true });
      await writeFile(join(dir, 'static', 'images', 'avatar.svg'), '<svg/>');
      const before = await snapshot(dir);
      const init = await run(['init', dir]);
      assert.equal(init.code, 1);
      assert.match(init.stderr, /folio-repo-\w+\/folio\.config\.yaml: already exists \(.+\)/);
      assert.match(init.stderr, /static\/images\/avatar\.svg: already exists \(.+\)/);
      assert.doesNotMatch(init.stderr, /hello-folio\.md/);
      assert.match(init.stderr, /Nothing was written/);
      assert.deepEqual(await snapshot(dir), before);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('folio serve --watch, while the author writes', () => {
  it('prints each problem once, however often the folder changes while it stands', async () => {
    const { dir, child, printed, eventually } = await watchCopyOf('basic');
    const posts = join(dir, 'content', 'posts');
    try {
      await serverUrl(child);
      const short = join(posts, '2024', 'short.md');
      await writeFile(short, postText('Short one', '2024-13-45'));
      await eventually(() => Promise.resolve(printed.stderr.includes(`${short}:3: `)));
      // Editors write swap and backup files beside the post; other tools touch other files.
      await writeFile(join(posts, '2024', '.short.md.swp'), 'swap');
      await writeFile(join(dir, 'notes.txt'), 'a note');
      await sleep(300);
      const other = join(posts, 'other.md');
      await writeFile(other, postText('Other', '2024-02-30'));
      await eventually(() => Promise.resolve(printed.stderr.includes(`${other}:3: `)));
      assert.equal(occurrences(printed.stderr, `${short}:3: `), 1, printed.stderr);
      assert.equal(occurrences(printed.stderr, `${other}:3: `), 1, printed.stderr);

      await writeFile(short, postText('Short one', '2024-01-10'));
      await rm(other);
      await eventually(() => Promise.resolve(printed.stdout.includes('reloaded: ')));
      await writeFile(short, postText('Short one', '2024-13-45'));
      await eventually(() => Promise.resolve(occurrences(printed.stderr, `${short}:3: `) === 2));
    } finally {
      child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('names a scheduled post a reload brings, with when it appears', async () => {
    const { dir, child, printed, eventually } = await watchCopyOf('basic');
    try {
      await serverUrl(child);
      const soon = join(dir, 'content', 'posts', 'soon.md');
      await writeFile(soon, postText('Soon', '2098-12-24 18:00'));
      const line = `${soon}: scheduled: appears 2098-12-24 18:00 (Asia/Seoul)`;
      await eventually(() => Promise.resolve(printed.stdout.includes(line)));
      assert.equal(occurrences(printed.stdout, 'future-post.md: scheduled'), 1, 'named at start');
    } finally {
      child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('warns of missing and relative images in the log and on every page, until they are fixed', async () => {
    const { dir, child, printed, eventually } = await watchCopyOf('references');
    const banner = async (url: string): Promise<string> =>
      /<div class="warnings-banner"[\s\S]*?<\/div>/.exec(await (await fetch(url)).text())?.[0] ??
      '';
    try {
      const url = await serverUrl(child);
      const linking = join(dir, 'content', 'posts', 'linking.md');
      const missing = `${linking}:8: warning: the image /images/missing.png is not in static/`;
      await eventually(() => Promise.resolve(printed.stderr.includes(missing)));
      await eventually(async () => (await banner(`${url}/`)).includes(missing));

      const dog = join(dir, 'content', 'posts', 'dog.md');
      await writeFile(dog, postText('My dog', '2024-02-01', 'Look:\n\n![my dog](dog.png)'));
      const relative = `${dog}:8: warning: the image dog.png`;
      await eventually(() => Promise.resolve(printed.stderr.includes(relative)));
      await eventually(async () => (await banner(`${url}/posts/dog/`)).includes(relative));

      await mkdir(join(dir, 'static', 'images'), { recursive: true });
      await writeFile(join(dir, 'static', 'images', 'missing.png'), 'not really a picture');
      await eventually(async () => !(await banner(`${url}/`)).includes(missing));
      assert.ok((await banner(`${url}/`)).includes(relative), 'the other warning stays');
      assert.equal(occurrences(printed.stderr, missing), 1, printed.stderr);
      assert.equal(occurrences(printed.stderr, relative), 1, printed.stderr);
    } finally {
      child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    }
  });
});
