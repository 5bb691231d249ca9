// The deploy recipes as an author uses them: the GitHub Pages workflow `folio init` writes, the
// files `folio deploy-files` writes for Netlify, Cloudflare Pages, nginx and systemd, and the
// nginx site serving a real export — precompressed pages, cache lifetimes, the 404 page.
import assert from 'node:assert/strict';
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmod, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { parse as parseToml } from 'smol-toml';
import { parse as parseYaml } from 'yaml';
import { BIN, run, snapshot } from './support/folio-cli.js';
import { REPO_ROOT } from './support/serve-fixture.js';
import { tempRoot } from './support/temp-root.js';

const root = tempRoot('folio-deploy-');
// nginx's workers may run as another user than the test: they must read the export.
await chmod(root, 0o755);

/** A site made by `folio init`, as an author starts one. */
async function initSite(name: string): Promise<string> {
  const made = await run(['init', name], { cwd: root });
  assert.equal(made.code, 0, made.stderr);
  return join(root, name);
}

interface Step {
  readonly name?: string;
  readonly uses?: string;
  readonly run?: string;
  readonly with?: Record<string, unknown>;
}
interface Workflow {
  readonly on: { readonly push: { readonly branches: string[] } };
  readonly permissions: Record<string, string>;
  readonly concurrency: { readonly group: string };
  readonly env: Record<string, string>;
  readonly jobs: Record<
    string,
    { readonly needs?: string; readonly steps: Step[]; readonly environment?: { name: string } }
  >;
}

const execFileAsync = promisify(execFile);

describe('the GitHub Pages workflow folio init writes', () => {
  let site = '';
  let workflow: Workflow;
  let steps: Step[] = [];
  before(async () => {
    site = await initSite('pages-blog');
    const text = await readFile(join(site, '.github', 'workflows', 'deploy.yml'), 'utf8');
    workflow = parseYaml(text, { uniqueKeys: true }) as Workflow;
    steps = workflow.jobs.build?.steps ?? [];
  });

  it('publishes with the official Pages actions, allowed to and one at a time', () => {
    assert.deepEqual(workflow.on.push.branches, ['main']);
    assert.equal(workflow.permissions.pages, 'write');
    assert.equal(workflow.permissions['id-token'], 'write');
    assert.ok(workflow.concurrency.group);
    const used = steps.map((step) => step.uses?.split('@')[0]).filter(Boolean);
    assert.deepEqual(used, [
      'actions/checkout',
      'actions/setup-node',
      'actions/configure-pages',
      'actions/cache',
      'actions/upload-pages-artifact',
    ]);
    assert.equal(steps[1]?.with?.['node-version'], 20);
    const deploy = workflow.jobs.deploy;
    assert.equal(deploy?.needs, 'build');
    assert.equal(deploy?.environment?.name, 'github-pages');
    assert.match(deploy?.steps[0]?.uses ?? '', /^actions\/deploy-pages@v\d+$/);
  });

  it("installs Folio with the README's own command", async () => {
    const readme = await readFile(join(REPO_ROOT, 'README.md'), 'utf8');
    const install = steps.find((step) => step.name === 'Install Folio')?.run ?? '';
    const command = 'npm install -g --install-links .';
    assert.ok(readme.includes(command), 'the README installs Folio so');
    assert.ok(install.includes(command), install);
    assert.match(install, /git clone .*"\$FOLIO_REPOSITORY"/);
    assert.ok(workflow.env.FOLIO_REPOSITORY && workflow.env.FOLIO_REF);
  });

  /** Runs the build step as the runner runs it, with this checkout's folio on the PATH. */
  async function runBuildStep(): Promise<string> {
    const build = steps.find((step) => step.run?.startsWith('folio build'))?.run ?? '';
    const bin = join(root, 'bin');
    await mkdir(bin, { recursive: true });
    await writeFile(join(bin, 'folio'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
    await chmod(join(bin, 'folio'), 0o755);
    await execFileAsync('sh', ['-c', build], {
      cwd: site,
      env: { ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}` },
    });
    return build;
  }

  it('uploads the very folder its build step writes', async () => {
    const build = await runBuildStep();
    const out = /--out (\S+)/.exec(build)?.[1];
    const upload = steps.find((step) => step.uses?.startsWith('actions/upload-pages-artifact'));
    assert.ok(out, build);
    assert.equal(upload?.with?.path, out);
    const home = await readFile(join(site, out, 'index.html'), 'utf8');
    assert.match(home, /Hello, Folio/);
  });

  it("keeps the site's cache from one run to the next, restored before the build", async () => {
    const cache = steps.findIndex((step) => step.uses?.startsWith('actions/cache'));
    const build = steps.findIndex((step) => step.run?.startsWith('folio build'));
    assert.ok(cache !== -1 && cache < build, 'restored before the build');
    const options = steps[cache]?.with ?? {};
    // Each run saves under a key of its own; the next restores the newest by the shared prefix.
    assert.match(String(options.key), /\$\{\{ github\.sha \}\}/);
    assert.ok(String(options.key).startsWith(String(options['restore-keys'])));
    // The folder is the one a build of the site fills.
    await runBuildStep();
    const kept = await readdir(join(site, String(options.path)));
    assert.ok(kept.includes('bodies'), kept.join(', '));
  });

  it('stops with what to set while the repository of Folio is not named', async () => {
    const install = steps.find((step) => step.name === 'Install Folio')?.run ?? '';
    const stopped = await execFileAsync('bash', ['-e', '-c', install], {
      cwd: site,
      env: { ...process.env, ...workflow.env, RUNNER_TEMP: join(root, 'runner') },
    }).catch((cause: { code: number; stderr: string }) => cause);
    assert.ok('code' in stopped && stopped.code === 1);
    assert.match(stopped.stderr, /Set FOLIO_REPOSITORY/);
  });

  it("keeps a repository's own workflow of that name, and says so", async () => {
    const dir = join(root, 'own-workflow');
    await mkdir(join(dir, '.github', 'workflows'), { recursive: true });
    await writeFile(join(dir, '.github', 'workflows', 'deploy.yml'), 'name: mine\n');
    const made = await run(['init', dir]);
    assert.equal(made.code, 0, made.stderr);
    assert.match(made.stdout, /^Kept as they were: .*\.github\/workflows\/deploy\.yml/m);
    assert.equal(
      await readFile(join(dir, '.github', 'workflows', 'deploy.yml'), 'utf8'),
      'name: mine\n',
    );
  });
});

describe('folio deploy-files', () => {
  let site = '';
  before(async () => {
    site = await initSite('hosted-blog');
  });

  it('never writes over a file unless told to, naming the file and the fix', async () => {
    const before = await snapshot(site);
    const refused = await run(['deploy-files', 'github-pages', site]);
    assert.equal(refused.code, 1);
    assert.match(
      refused.stderr,
      /hosted-blog\/\.github\/workflows\/deploy\.yml: already exists \(.*--force.*\)/,
    );
    assert.match(refused.stderr, /Nothing was written/);
    assert.deepEqual(await snapshot(site), before);
    const file = join(site, '.github', 'workflows', 'deploy.yml');
    await writeFile(file, 'name: edited\n');
    const forced = await run(['deploy-files', 'github-pages', site, '--force']);
    assert.equal(forced.code, 0, forced.stderr);
    assert.match(await readFile(file, 'utf8'), /actions\/deploy-pages/);
  });

  it('refuses a site whose config is broken, with its line', async () => {
    const dir = join(root, 'broken');
    await mkdir(dir);
    await writeFile(join(dir, 'folio.config.yaml'), 'title: Broken\nurl: blog\n');
    const refused = await run(['deploy-files', 'nginx', dir]);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /folio\.config\.yaml:2: /);
  });

  it('writes a netlify.toml that builds with Folio and publishes what it built', async () => {
    const made = await run(['deploy-files', 'netlify', site]);
    assert.equal(made.code, 0, made.stderr);
    const toml = parseToml(await readFile(join(site, 'netlify.toml'), 'utf8')) as {
      build: { command: string; publish: string; environment: Record<string, string> };
      headers: { for: string; values: Record<string, string> }[];
    };
    const out = /folio build --out (\S+)$/.exec(toml.build.command)?.[1];
    assert.equal(toml.build.publish, out);
    assert.match(toml.build.command, /npm install -g --install-links \./);
    assert.equal(toml.build.environment.NODE_VERSION, '20');
    const assets = toml.headers.find((rule) => rule.for === '/assets/*');
    assert.equal(assets?.values['Cache-Control'], 'public, max-age=31536000, immutable');
    const every = toml.headers.find((rule) => rule.for === '/*');
    assert.equal(every?.values['X-Content-Type-Options'], 'nosniff');
    assert.match(every?.values['Content-Security-Policy'] ?? '', /frame-ancestors 'none'/);
  });

  it("writes Cloudflare Pages' _headers, which folio build puts at the root it publishes", async () => {
    const made = await run(['deploy-files', 'cloudflare-pages', site]);
    assert.equal(made.code, 0, made.stderr);
    assert.match(made.stdout, /Build output directory: dist/);
    const out = join(root, 'cloudflare-out');
    const built = await run(['build', site, '--out', out]);
    assert.equal(built.code, 0, built.stderr);
    const headers = await readFile(join(out, '_headers'), 'utf8');
    assert.match(
      headers,
      /^\/assets\/\*\n {2}Cache-Control: public, max-age=31536000, immutable$/m,
    );
    assert.match(headers, /^ {2}X-Content-Type-Options: nosniff$/m);
  });

  it('writes a systemd unit for folio serve on loopback, and nginx passing to it', async () => {
    const made = await run(['deploy-files', 'systemd', site]);
    assert.equal(made.code, 0, made.stderr);
    const unit = await readFile(join(site, 'deploy', 'folio.service'), 'utf8');
    const proxy = await readFile(join(site, 'deploy', 'nginx-proxy.conf'), 'utf8');
    assert.match(unit, /^User=folio$/m);
    assert.match(unit, /^Restart=on-failure$/m);
    assert.match(unit, /^NoNewPrivileges=yes$/m);
    assert.match(unit, /^ProtectSystem=strict$/m);
    const serve = /^ExecStart=\S+ serve \S+ --host 127\.0\.0\.1 --port (\d+)$/m.exec(unit);
    assert.ok(serve, unit);
    assert.match(proxy, new RegExp(`proxy_pass http://127\\.0\\.0\\.1:${serve[1]};`));
    assert.match(proxy, /server_name blog\.example\.com;/);
    await nginxTest(join(root, 'proxy-prefix'), proxy);
  });
});

// ---------------------------------------------------------------------------------------------
// nginx serving a real export

const NGINX_MISSING =
  'nginx is not installed: these tests run the nginx recipe in a real nginx. Install it with `apt-get install -y nginx` (.ci/run does).';

async function nginxBinary(): Promise<string> {
  for (const candidate of ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx']) {
    if (await stat(candidate).catch(() => undefined)) return candidate;
  }
  throw new Error(NGINX_MISSING);
}

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A main nginx configuration of the test's own around `site` (a recipe's file, as an author
 * includes it from sites-enabled): every path nginx writes is in `prefix`.
 */
async function mainConfig(prefix: string, site: string): Promise<string> {
  await mkdir(prefix, { recursive: true });
  await writeFile(join(prefix, 'site.conf'), site);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `  ${kind}_temp_path ${join(prefix, kind)};`)
    .join('\n');
  const config = join(prefix, 'nginx.conf');
  await writeFile(
    config,
    `daemon off;
worker_processes 1;
pid ${join(prefix, 'nginx.pid')};
error_log ${join(prefix, 'error.log')} warn;
events { worker_connections 64; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
${temp}
  include ${join(prefix, 'site.conf')};
}
`,
  );
  return config;
}

/** `nginx -t` on `site` in a main configuration of the test's own; fails with nginx's words. */
async function nginxTest(prefix: string, site: string): Promise<string> {
  const nginx = await nginxBinary();
  const config = await mainConfig(prefix, site);
  const tested = await execFileAsync(nginx, ['-t', '-p', prefix, '-c', config]).catch(
    (cause: { stderr: string }) => assert.fail(`nginx -t failed:\n${cause.stderr}`),
  );
  assert.match(tested.stderr, /test is successful/);
  return config;
}

/** The answer to GET `path`, its body as sent (never decoded). */
function get(
  base: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Starts a real nginx with the recipe `folio deploy-files nginx` wrote into `site`, edited as an
 * author would: its root is `www`, and it listens on a free loopback port.
 */
async function startNginx(
  site: string,
  www: string,
  name: string,
): Promise<{ child: ChildProcess; origin: string }> {
  const port = await freePort();
  const recipe = (await readFile(join(site, 'deploy', 'nginx.conf'), 'utf8'))
    .replace(/^ {4}listen 80;$/m, `    listen 127.0.0.1:${port};`)
    .replace(/^ {4}listen \[::\]:80;\n/m, '')
    .replace(/^ {4}root \S+;$/m, `    root ${www};`);
  assert.match(recipe, new RegExp(`root ${www};`));
  const prefix = join(root, name);
  const config = await nginxTest(prefix, recipe);
  const child = spawn(await nginxBinary(), ['-p', prefix, '-c', config], { stdio: 'ignore' });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const up = await get(origin, '/').catch(() => undefined);
    if (up) return { child, origin };
    if (Date.now() > deadline || child.exitCode !== null) {
      assert.fail(`nginx did not start: ${await readFile(join(prefix, 'error.log'), 'utf8')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function stopNginx(child: ChildProcess | undefined): Promise<void> {
  if (child && child.exitCode === null) {
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  }
}

describe('the nginx recipe serving a real export', { timeout: 60_000 }, () => {
  let child: ChildProcess | undefined;
  let base = '';
  let out = '';

  before(async () => {
    const site = await initSite('nginx-blog');
    const made = await run(['deploy-files', 'nginx', site]);
    assert.equal(made.code, 0, made.stderr);
    out = join(root, 'nginx-out');
    // As the recipe says: nginx sends the compressed files written beside the pages.
    const built = await run(['build', site, '--out', out, '--precompress']);
    assert.equal(built.code, 0, built.stderr);
    ({ child, origin: base } = await startNginx(site, out, 'nginx-prefix'));
  });

  after(() => stopNginx(child));

  it('sends the .gz file folio build wrote to a browser that accepts gzip', async () => {
    const page = await get(base, '/', { 'accept-encoding': 'gzip' });
    assert.equal(page.status, 200);
    assert.equal(page.headers['content-encoding'], 'gzip');
    assert.match(String(page.headers['content-type']), /^text\/html; charset=utf-8$/);
    assert.match(String(page.headers.vary), /Accept-Encoding/);
    assert.deepEqual(page.body, await readFile(join(out, 'index.html.gz')));
    const plain = await get(base, '/');
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.deepEqual(plain.body, await readFile(join(out, 'index.html')));
  });

  it('lets browsers keep hashed theme files for a year, and revalidate pages', async () => {
    const home = await readFile(join(out, 'index.html'), 'utf8');
    const stylesheet = /href="(\/assets\/[^"]+\.css)"/.exec(home)?.[1];
    assert.ok(stylesheet, 'the home page links its stylesheet');
    const asset = await get(base, stylesheet);
    assert.equal(asset.status, 200);
    assert.equal(asset.headers['cache-control'], 'public, max-age=31536000, immutable');
    for (const path of ['/', '/posts/hello-folio/', '/feed.xml']) {
      const page = await get(base, path);
      assert.equal(page.status, 200, path);
      assert.equal(page.headers['cache-control'], 'public, max-age=0, must-revalidate', path);
      assert.equal(page.headers['x-content-type-options'], 'nosniff', path);
    }
    assert.match(String((await get(base, '/feed.xml')).headers['content-type']), /rss\+xml/);
  });

  it('answers a missing page with 404 and the 404 page of the site', async () => {
    const missing = await get(base, '/no-such-page/');
    assert.equal(missing.status, 404);
    assert.equal(missing.body.toString('utf8'), await readFile(join(out, '404.html'), 'utf8'));
    assert.equal(missing.headers['cache-control'], 'public, max-age=0, must-revalidate');
  });
});

describe('the nginx recipe for a site under a path', { timeout: 60_000 }, () => {
  let child: ChildProcess | undefined;
  let origin = '';
  let www = '';

  before(async () => {
    const site = await initSite('nginx-under-path');
    const configFile = join(site, 'folio.config.yaml');
    const config = await readFile(configFile, 'utf8');
    await writeFile(configFile, config.replace(/^url: .*$/m, 'url: https://jane.example/blog/'));
    const made = await run(['deploy-files', 'nginx', site]);
    assert.equal(made.code, 0, made.stderr);
    // Where the recipe says to copy the export: the host's folder, at the base path.
    www = join(root, 'www-under-path');
    const built = await run(['build', site, '--out', join(www, 'blog'), '--precompress']);
    assert.equal(built.code, 0, built.stderr);
    ({ child, origin } = await startNginx(site, www, 'nginx-prefix-under-path'));
  });

  after(() => stopNginx(child));

  it('serves the pages, assets and 404 page under the path, and leads the root there', async () => {
    const home = await get(origin, '/blog/');
    assert.equal(home.status, 200);
    const stylesheet = /href="(\/blog\/assets\/[^"]+\.css)"/.exec(home.body.toString())?.[1];
    assert.ok(stylesheet, 'the home page links its stylesheet under /blog/');
    const asset = await get(origin, stylesheet);
    assert.equal(asset.status, 200);
    assert.equal(asset.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal((await get(origin, '/blog/posts/hello-folio/')).status, 200);
    const entry = await get(origin, '/');
    assert.equal(entry.status, 301);
    assert.equal(new URL(String(entry.headers.location), origin).pathname, '/blog/');
    const missing = await get(origin, '/blog/no-such-page/');
    assert.equal(missing.status, 404);
    assert.equal(
      missing.body.toString('utf8'),
      await readFile(join(www, 'blog', '404.html'), 'utf8'),
    );
  });
});
