// Input authors get wrong in real life: each gets its own clear, located message, and the merely
// sloppy (byte-order marks, Windows line ends) is accepted.
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { loadSite } from '../src/load/load-site.js';
import type { Diagnostic } from '../src/diagnostics/diagnostic.js';
import { tempRoot } from './support/temp-root.js';

const CONFIG = ['title: Bad Input', 'url: https://bad.example.com', 'author:', '  name: Ann'];
const POST = ['---', 'title: Fine', 'date: 2024-03-15', 'tags: [a]', '---', 'Body.'];

const root = tempRoot('folio-bad-input-');
let count = 0;

/** Loads a new site folder with the given config and one post, both given as bytes or lines. */
async function load(
  config: string | Buffer,
  post: string | Buffer,
): Promise<readonly Diagnostic[]> {
  const dir = join(root, `site-${++count}`);
  await mkdir(join(dir, 'content', 'posts'), { recursive: true });
  await writeFile(join(dir, 'folio.config.yaml'), config);
  await writeFile(join(dir, 'content', 'posts', 'post.md'), post);
  const { diagnostics } = await loadSite(dir);
  return diagnostics.map((d) => ({ ...d, file: d.file.slice(dir.length + 1) }));
}

const lines = (...text: string[]): string => `${text.join('\n')}\n`;

/** The one error of a load, as `file:line code`, with its message. */
async function onlyError(config: string | Buffer, post: string | Buffer): Promise<Diagnostic> {
  const errors = (await load(config, post)).filter((d) => d.severity === 'error');
  assert.equal(errors.length, 1, JSON.stringify(errors, null, 1));
  return errors[0] as Diagnostic;
}

describe('input that is merely sloppy is accepted', () => {
  it('takes a config and a post with a byte-order mark and Windows line ends', async () => {
    const bom = '\ufeff';
    const diagnostics = await load(bom + CONFIG.join('\r\n'), bom + POST.join('\r\n'));
    assert.deepEqual(diagnostics, []);
  });
});

describe('input that is wrong gets its own message', () => {
  it('a post that is not UTF-8 names its first bad line', async () => {
    const bytes = Buffer.concat([
      Buffer.from(lines(...POST.slice(0, 5), 'Fine line.')),
      Buffer.from([0xc3, 0x28, 0x0a]),
    ]);
    const problem = await onlyError(lines(...CONFIG), bytes);
    assert.equal(
      `${problem.file}:${problem.line} ${problem.code}`,
      'content/posts/post.md:7 file-encoding',
    );
    assert.match(problem.hint, /UTF-8/);
  });

  it('a config that is not UTF-8', async () => {
    const bytes = Buffer.concat([
      Buffer.from(lines(...CONFIG)),
      Buffer.from('tagline: caf'),
      Buffer.from([0xe9, 0x0a]),
    ]);
    const problem = await onlyError(bytes, lines(...POST));
    assert.equal(
      `${problem.file}:${problem.line} ${problem.code}`,
      'folio.config.yaml:5 file-encoding',
    );
  });

  it('front matter that is never closed', async () => {
    const problem = await onlyError(lines(...CONFIG), lines(...POST.slice(0, 4), 'Body.'));
    assert.equal(`${problem.line} ${problem.code}`, '1 front-matter-unclosed');
    assert.match(problem.hint, /---/);
  });

  it('a tab used for indentation, in a post and in the config', async () => {
    const post = await onlyError(
      lines(...CONFIG),
      lines('---', 'title: Fine', 'date: 2024-03-15', 'tags:', '\t- a', '---', 'Body.'),
    );
    assert.equal(`${post.line} ${post.code}`, '5 front-matter-yaml');
    assert.match(post.hint, /tabs/);
    const config = await onlyError(lines(...CONFIG.slice(0, 3), '\tname: Ann'), lines(...POST));
    assert.equal(`${config.file}:${config.line} ${config.code}`, 'folio.config.yaml:4 config-yaml');
    assert.match(config.hint, /tabs/);
  });

  it('a date that does not exist', async () => {
    const problem = await onlyError(
      lines(...CONFIG),
      lines('---', 'title: Fine', 'date: 2024-13-45', 'tags: [a]', '---', 'Body.'),
    );
    assert.equal(`${problem.line} ${problem.code}`, '3 front-matter-date');
    assert.match(problem.message, /2024-13-45/);
  });

  it('tags written as one string instead of a list', async () => {
    const problem = await onlyError(
      lines(...CONFIG),
      lines('---', 'title: Fine', 'date: 2024-03-15', 'tags: rust', '---', 'Body.'),
    );
    assert.equal(`${problem.line} ${problem.code}`, '4 front-matter-invalid');
    assert.match(problem.message, /must be a list/);
    assert.match(problem.hint, /tags: \[rust, testing\]/);
  });

  it('a mistyped config key, with the right spelling suggested', async () => {
    const problem = await onlyError(lines(...CONFIG, 'pagesize: 10'), lines(...POST));
    assert.equal(
      `${problem.file}:${problem.line} ${problem.code}`,
      'folio.config.yaml:5 config-invalid',
    );
    assert.match(problem.message, /unknown config key `pagesize`/);
    assert.match(problem.hint, /did you mean `pageSize`\?/);
  });

  it('a site address with markup in it, which every feed and page would carry', async () => {
    const config = lines(
      CONFIG[0] ?? '',
      `url: 'https://bad.example.com/x"onmouseover="alert(1)'`,
      ...CONFIG.slice(2),
    );
    const problem = await onlyError(config, lines(...POST));
    assert.equal(
      `${problem.file}:${problem.line} ${problem.code}`,
      'folio.config.yaml:2 config-invalid',
    );
    assert.match(problem.message, /`url` must not contain a quote/);
    assert.match(problem.hint, /`url: https:\/\/bad\.example\.com\/x%22onmouseover=%22alert\(1\)`/);
  });
});
