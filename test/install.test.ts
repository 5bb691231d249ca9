// Folio as a blogger gets it: installed from this checkout with the README's command (a packed copy
// in a fresh prefix), then the README's path from nothing to a built blog, from elsewhere.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { access, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { run, serveOnce } from './support/folio-cli.js';
import { REPO_ROOT } from './support/serve-fixture.js';

const npm = async (args: readonly string[], cwd: string): Promise<string> =>
  (await promisify(execFile)('npm', args, { cwd, maxBuffer: 16 * 1024 * 1024 })).stdout;

describe('folio installed from a checkout as the README says', { timeout: 180_000 }, () => {
  let root = '';
  let command = '';
  let home = '';
  const folioIn = (cwd: string) => (args: readonly string[]) => run(args, { cwd, command });

  before(async () => {
    root = await mkdtemp(join(tmpdir(), 'folio-install-'));
    // The README's command, run in this checkout; it is built already (`npm test` builds before
    // these tests), and the dependencies come from npm's cache that `npm ci` filled.
    const prefix = join(root, 'prefix');
    await npm(
      [
        'install',
        '--global',
        '--install-links',
        '--prefix',
        prefix,
        '.',
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
      ],
      REPO_ROOT,
    );
    command = join(prefix, 'bin', 'folio');
    home = join(root, 'home');
    await mkdir(home);
  });

  after(() => rm(root, { recursive: true, force: true }));

  it('gives a folio command that prints its version outside the checkout', async () => {
    const { version } = JSON.parse(await readFile(join(REPO_ROOT, 'package.json'), 'utf8')) as {
      version: string;
    };
    const shown = await folioIn(home)(['--version']);
    assert.equal(shown.code, 0, shown.stderr);
    assert.equal(shown.stdout.trim(), version);
  });

  it('takes a blogger from folio init to a served and built blog', async () => {
    const init = await folioIn(home)(['init', 'my-blog']);
    assert.equal(init.code, 0, init.stderr);
    assert.match(init.stdout, /^Next: folio serve my-blog --watch$/m);
    const site = join(home, 'my-blog');
    const config = await readFile(join(site, 'folio.config.yaml'), 'utf8');
    const schema = /\$schema=(\S+)/.exec(config)?.[1] ?? '';
    await access(resolve(site, schema)); // an editor finds the schema it names

    const folio = folioIn(site);
    const made = await folio(['new', 'Why I like SQLite']);
    assert.equal(made.code, 0, made.stderr);
    const posts = await readdir(join(site, 'content', 'posts'));
    assert.deepEqual(posts.sort(), ['hello-folio.md', 'why-i-like-sqlite.md']);

    const check = await folio(['check']);
    assert.equal(check.code, 0, check.stderr);
    assert.match(check.stdout, /^This site: 2 posts \(1 draft\), no errors\.$/m);

    const served = await serveOnce(['--watch', '--port', '0'], { cwd: site, command });
    assert.equal(served.status, 200, served.stderr);
    assert.match(served.page, /My Blog/);
    assert.equal(served.code, 0, served.stderr);

    const build = await folio(['build']);
    assert.equal(build.code, 0, build.stderr);
    const index = await readFile(join(site, 'dist', 'index.html'), 'utf8');
    assert.match(index, /<title>[^<]*My Blog[^<]*<\/title>/);
    await access(join(site, 'dist', 'posts', 'hello-folio', 'index.html'));
  });
});
