// Every example under "Examples:" in `folio <command> --help`, typed as a blogger would, works.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { run, serveOnce, watchOnce } from './support/folio-cli.js';

/** The commands `folio --help` lists, but `help` itself. */
async function commandNames(): Promise<string[]> {
  const { stdout } = await run(['--help']);
  const listed = stdout.slice(stdout.indexOf('Commands:'));
  return [...listed.matchAll(/^ {2}([\w-]+)/gm)]
    .map((match) => match[1] ?? '')
    .filter((name) => name !== 'help');
}

/** The example lines of `folio NAME --help`. */
async function examples(name: string): Promise<string[]> {
  const { stdout } = await run([name, '--help']);
  const after = stdout.split(/^Examples:\n/m)[1] ?? '';
  return after
    .split('\n')
    .filter((line) => line.startsWith('  '))
    .map((line) => line.trim());
}

/**
 * Splits a line as a shell would these examples: words, "quoted words", `&&` between commands,
 * and a `#` comment at the end.
 */
function commandsOf(line: string): string[][] {
  const commands: string[][] = [[]];
  for (const [, quoted, word] of line.matchAll(/"([^"]*)"|(\S+)/g)) {
    if (word?.startsWith('#')) break;
    if (word === '&&') commands.push([]);
    else commands[commands.length - 1]?.push(quoted ?? word ?? '');
  }
  return commands;
}

const SITE = 'my-blog';

/**
 * The blogs the examples of `folio import` bring in, by the folder name each example gives: its
 * files, or, for a WordPress export, the file's text.
 */
const OLD_BLOGS: Record<string, Record<string, string> | string> = {
  'blog.WordPress.2024-05-01.xml':
    '<?xml version="1.0" encoding="UTF-8" ?>\n<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="http://wordpress.org/export/1.2/">\n<channel><title>My Blog</title><link>https://example.com</link><wp:wxr_version>1.2</wp:wxr_version>\n<item><title>Hello</title><link>https://example.com/2024/01/02/hello/</link><content:encoded><![CDATA[Hello.]]></content:encoded><wp:post_id>1</wp:post_id><wp:post_date>2024-01-02 10:00:00</wp:post_date><wp:post_date_gmt>2024-01-02 10:00:00</wp:post_date_gmt><wp:post_name>hello</wp:post_name><wp:status>publish</wp:status><wp:post_type>post</wp:post_type></item>\n</channel></rss>\n',
  'old-jekyll-blog': {
    '_config.yml': 'title: My Blog\nurl: https://example.com\n',
    '_posts/2024-01-02-hello.md': '---\ntitle: Hello\ntags: [notes]\n---\nHello.\n',
  },
  'old-hugo-site': {
    'hugo.toml': 'title = "My Blog"\nbaseURL = "https://example.com/"\n',
    'content/posts/hello.md': '+++\ntitle = "Hello"\ndate = 2024-01-02\n+++\nHello.\n',
    'content/posts/hello.ko.md': '+++\ntitle = "안녕"\ndate = 2024-01-02\n+++\n안녕.\n',
  },
  'old-hexo-blog': {
    '_config.yml': 'title: My Blog\nurl: https://example.com\n',
    'source/_posts/hello.md': '---\ntitle: Hello\ndate: 2024-01-02\n---\nHello.\n',
  },
  'old-eleventy-blog': {
    'eleventy.config.js': 'export default function () {}\n',
    'posts/posts.11tydata.js':
      'export default { tags: ["posts"], eleventyComputed: { permalink: (data) => `/${data.page.fileSlug}/` } };\n',
    'posts/hello.md': '---\ntitle: Hello\ndate: 2024-01-02\n---\nHello.\n',
    '_site/hello/index.html': '<!doctype html><title>Hello</title><h1>Hello</h1>\n',
  },
};

/**
 * A parent folder with the site `my-blog` in it, made by `folio init`; for `init` itself, a
 * `my-blog` that is a blog's repository without Folio yet. An example that names no folder runs
 * in the site folder, as the help says, and the others in the parent.
 */
async function setUp(name: string, line: string): Promise<{ parent: string; cwd: string }> {
  const parent = await mkdtemp(join(tmpdir(), 'folio-example-'));
  const site = join(parent, SITE);
  if (name === 'init') {
    await mkdir(site);
    await writeFile(join(site, 'README.md'), '# My blog\n');
  } else if (name === 'import') {
    const [, source = ''] = commandsOf(line)[0]?.slice(1) ?? [];
    const blog = OLD_BLOGS[source] ?? {};
    if (typeof blog === 'string') await writeFile(join(parent, source), blog);
    else
      for (const [path, text] of Object.entries(blog)) {
        await mkdir(join(parent, source, path, '..'), { recursive: true });
        await writeFile(join(parent, source, path), text);
      }
  } else {
    const init = await run(['init', SITE], { cwd: parent });
    assert.equal(init.code, 0, init.stderr);
  }
  return { parent, cwd: commandsOf(line).flat().includes(SITE) ? parent : site };
}

const names = await commandNames();
const examplesOf = new Map<string, string[]>();
for (const name of names) examplesOf.set(name, await examples(name));

describe('every example of every folio --help', () => {
  it('finds the commands and their examples', () => {
    for (const name of ['serve', 'build', 'check', 'new', 'init']) assert.ok(names.includes(name));
    for (const name of names) assert.ok(examplesOf.get(name)?.length, `${name} has none`);
  });

  for (const name of names) {
    for (const line of examplesOf.get(name) ?? []) {
      it(`folio ${name} --help: ${line}`, async () => {
        const { parent, cwd: start } = await setUp(name, line);
        let cwd = start;
        try {
          for (const [program, ...args] of commandsOf(line)) {
            for (const arg of args)
              assert.ok(!isAbsolute(arg), `${arg}: a folder of the blogger's`);
            if (program === 'cd') {
              cwd = resolve(cwd, args[0] ?? '');
              continue;
            }
            assert.equal(program, 'folio', 'an example runs only folio');
            if (args[0] === 'serve') {
              // The port is replaced, as commander takes the last one, so that runs never clash.
              const served = await serveOnce([...args.slice(1), '--port', '0'], { cwd });
              assert.equal(served.status, 200, served.stderr);
              assert.match(served.page, /My Blog/);
              assert.equal(served.code, 0, served.stderr);
            } else if (args.includes('--watch')) {
              const watched = await watchOnce(args, { cwd });
              assert.equal(watched.code, 0, watched.stderr);
              assert.match(watched.stdout, /^Built \d+ pages/m);
            } else {
              const { code, stderr } = await run(args, { cwd });
              assert.equal(code, 0, `${args.join(' ')} in ${cwd}: ${stderr}`);
            }
          }
        } finally {
          await rm(parent, { recursive: true, force: true });
        }
      });
    }
  }
});
