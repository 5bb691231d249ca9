// Names written to mislead or to break URLs: a post slug that hides or reverses part of itself is
// refused with a located error; a category or tag name is slugged without what cannot be seen or
// encoded, and its pages are built.
import assert from 'node:assert/strict';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { run } from './support/folio-cli.js';
import { tempRoot } from './support/temp-root.js';

const root = tempRoot('folio-hostile-names-');
const CONFIG = 'title: Names\nurl: https://names.example.com\nauthor:\n  name: Ann\n';
let count = 0;

async function site(posts: Readonly<Record<string, readonly string[]>>): Promise<string> {
  const dir = join(root, `site-${++count}`);
  await mkdir(join(dir, 'content', 'posts'), { recursive: true });
  await writeFile(join(dir, 'folio.config.yaml'), CONFIG);
  for (const [name, lines] of Object.entries(posts)) {
    await writeFile(join(dir, 'content', 'posts', name), `${lines.join('\n')}\n`);
  }
  return dir;
}

const post = (...front: string[]): string[] => [
  '---',
  'title: Fine',
  'date: 2024-03-15',
  ...front,
  '---',
  'Body.',
];

describe('names that hide part of themselves', { timeout: 60_000 }, () => {
  it('a post file whose name reverses its end is refused, with a slug to use instead', async () => {
    const dir = await site({ 'invoice\u202Egpj.exe.md': post('tags: [a]') });
    const { code, stdout, stderr } = await run(['check', dir]);
    assert.equal(code, 1);
    assert.match(stdout + stderr, /invoice\u202Egpj\.exe\.md:1: .*cannot stand in a URL/);
    assert.match(stdout + stderr, /invoicegpjexe/);
  });

  it('a slug key with a zero-width space is refused at its line', async () => {
    const dir = await site({ 'pay.md': post('slug: "pay\\u200Bpal"', 'tags: [a]') });
    const { code, stdout, stderr } = await run(['check', dir]);
    assert.equal(code, 1);
    assert.match(stdout + stderr, /pay\.md:4: .*cannot stand in a URL/);
  });

  it('a category or tag with invisible characters gets its pages, slugged without them', async () => {
    const dir = await site({
      'go.md': post('category: "Go\\u2066"', 'tags: ["rust\\u202E", "zero\\u200Bwidth"]'),
    });
    // A title from the config reaches share links, which no half of a surrogate pair may break.
    await writeFile(
      join(dir, 'folio.config.yaml'),
      `${CONFIG}share: [x]\ncategories:\n  "Go\\u2066":\n    title: "Go\\uD800"\n`,
    );
    const out = join(root, `out-${count}`);
    const { code, stderr } = await run(['build', dir, '--out', out]);
    assert.equal(code, 0, stderr);
    // Beside the index of all categories, and of all tags.
    const folders = async (section: string): Promise<string[]> =>
      (await readdir(join(out, section), { withFileTypes: true }))
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort();
    assert.deepEqual(await folders('categories'), ['go']);
    assert.deepEqual(await folders('tags'), ['rust', 'zerowidth']);
  });

  it('half of a surrogate pair in front matter is an error at its line', async () => {
    const dir = await site({ 'half.md': post('category: "Go\\uD800"', 'tags: [a]') });
    const { code, stdout, stderr } = await run(['check', dir]);
    assert.equal(code, 1);
    assert.match(stdout + stderr, /half\.md:4: `category` holds half of a surrogate pair/);
  });

  it('a file name with a newline, a carriage return and an ANSI escape stays on its line', async () => {
    const name = 'bad\nna\rme\x1b[31m.md';
    const dir = await site({ [name]: post('date: not a date') });
    const { code, stdout, stderr } = await run(['check', '.'], { cwd: dir });
    assert.equal(code, 1);
    const output = stdout + stderr;
    assert.ok(!output.includes('\x1b'), 'no escape byte reaches the terminal');
    const shown = 'content/posts/bad\\nna\\rme\\x1b[31m.md';
    const located = output.split('\n').filter((line) => /:\d+: /.test(line));
    assert.ok(located.length > 0, output);
    for (const line of located) {
      assert.ok(line.startsWith(shown), `${JSON.stringify(line)} starts with the escaped path`);
      assert.match(line.slice(shown.length), /^:\d+: \S/, line);
    }
    const named = output.split('\n').filter((line) => /bad|me\\x1b/.test(line));
    assert.deepEqual(
      named.filter((line) => !line.startsWith(shown)),
      [],
      'every line naming it',
    );
  });
});
