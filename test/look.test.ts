// A site's own look and services through the real server and the real export: theme settings in
// the stylesheet, snippets and custom.css on every page, comments and analytics with exactly their
// origins in each page's Content-Security-Policy, and bad input named at its line.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import * as cheerio from 'cheerio';
import { HtmlValidate } from 'html-validate';
import { run } from './support/folio-cli.js';
import { serveSite, type ServedFixture } from './support/serve-fixture.js';
import { tempRoot } from './support/temp-root.js';

const root = tempRoot('folio-look-');
const dir = join(root, 'site');
mkdirSync(join(dir, 'content', 'posts'), { recursive: true });
mkdirSync(join(dir, 'snippets'));
mkdirSync(join(dir, 'static'));
const CONFIG = `title: Notes
url: https://notes.example.com
timezone: UTC
author:
  name: Ann
theme:
  accent: '#6929c4'
  font: Georgia, "Times New Roman", serif
  contentWidth: 46rem
comments:
  provider: giscus
  repo: ann/notes
  repoId: R_kgDOAbc
  category: Comments
  categoryId: DIC_kwDOAbc
analytics:
  provider: plausible
  domain: notes.example.com
`;
writeFileSync(join(dir, 'folio.config.yaml'), CONFIG);
writePosts(dir);

/** Two posts, `first` and `second`, tagged `notes`. */
function writePosts(site: string): void {
  for (const slug of ['first', 'second']) {
    writeFileSync(
      join(site, 'content', 'posts', `${slug}.md`),
      `---\ntitle: ${slug}\ndate: 2024-01-0${slug === 'first' ? 1 : 2}\ntags: [notes]\n---\n\nText of ${slug}.\n`,
    );
  }
}
const HEAD = '<meta name="google-site-verification" content="abc123">';
writeFileSync(join(dir, 'snippets', 'head.html'), `${HEAD}\n`);
writeFileSync(join(dir, 'snippets', 'footer.html'), '<p class="colophon">Set in Georgia.</p>\n');
writeFileSync(join(dir, 'static', 'custom.css'), '.colophon { font-style: italic; }\n');

let site: ServedFixture;
before(async () => {
  site = await serveSite(dir, { now: () => Date.parse('2025-01-01T00:00:00Z') });
});
after(async () => {
  await site.server.close();
});

const csp = (response: Response): string => response.headers.get('content-security-policy') ?? '';
const directive = (policy: string, name: string): string =>
  policy.split('; ').find((part) => part.startsWith(`${name} `)) ?? '';

describe('a site with comments and analytics, on the server', () => {
  it('allows on a post page exactly the comments and analytics origins', async () => {
    const response = await site.get('/posts/second/');
    const policy = csp(response);
    assert.equal(
      directive(policy, 'script-src'),
      'script-src https://plausible.io https://giscus.app',
    );
    assert.equal(directive(policy, 'connect-src'), "connect-src 'self' https://plausible.io");
    assert.equal(directive(policy, 'default-src'), "default-src 'self'");
    const $ = cheerio.load(await response.text());
    assert.equal($('script[src="https://giscus.app/client.js"]').attr('data-loading'), 'lazy');
    assert.equal(
      $('head script[src="https://plausible.io/js/script.js"]').attr('data-domain'),
      'notes.example.com',
    );
    assert.equal($('#comments-title').text(), 'Comments');
  });

  it('allows analytics alone on every other page, and loads no comments there', async () => {
    for (const path of ['/', '/tags/notes/', '/no-such-page/']) {
      const response = await site.get(path);
      const policy = csp(response);
      assert.equal(directive(policy, 'script-src'), 'script-src https://plausible.io', path);
      const body = await response.text();
      assert.doesNotMatch(body, /giscus/, path);
      assert.match(body, /plausible\.io\/js\/script\.js/, path);
    }
  });

  it('writes the policy it sends into the page, but frame-ancestors', async () => {
    const response = await site.get('/posts/second/');
    const meta = cheerio.load(await response.text())('meta[http-equiv="Content-Security-Policy"]');
    assert.equal(meta.attr('content'), csp(response).replace("; frame-ancestors 'none'", ''));
  });

  it('puts the snippets at the end of the head and of the footer, and links custom.css', async () => {
    const body = await (await site.get('/')).text();
    assert.ok(body.includes(`${HEAD}\n</head>`));
    const $ = cheerio.load(body);
    assert.equal($('footer.site-footer > :last-child').attr('class'), 'colophon');
    const links = $('link[rel="stylesheet"]')
      .map((_, link) => $(link).attr('href'))
      .get();
    assert.equal(links.length, 2);
    assert.match(links[1] ?? '', /^\/custom\.css\?v=[0-9a-f]{8}$/);
    assert.equal((await site.get(links[1] ?? '')).status, 200);
    const css = await (await site.get(links[0] ?? '')).text();
    assert.match(css, /--accent: #6929c4;/);
    assert.match(css, /--font: Georgia, "Times New Roman", serif;/);
    assert.match(css, /--measure: 46rem;/);
  });

  it('shows an edited snippet and stylesheet on the next page', async () => {
    const before = (await (await site.get('/')).text()).match(/custom\.css\?v=\w+/)?.[0];
    writeFileSync(join(dir, 'snippets', 'footer.html'), '<p class="colophon">Set in Lora.</p>\n');
    writeFileSync(join(dir, 'static', 'custom.css'), '.colophon { color: gray; }\n');
    const update = await site.session.update([join(dir, 'snippets', 'footer.html')]);
    assert.ok(update.published);
    const body = await (await site.get('/posts/first/')).text();
    assert.match(body, /Set in Lora\./);
    assert.notEqual(body.match(/custom\.css\?v=\w+/)?.[0], before);
  });

  it('gives zero html-validate errors', async () => {
    const validator = new HtmlValidate({ extends: ['html-validate:recommended'] });
    for (const path of ['/', '/posts/second/']) {
      const report = await validator.validateString(await (await site.get(path)).text());
      const problems = report.results.flatMap((result) => result.messages);
      assert.deepEqual(
        problems.map((m) => `${path}:${m.line}: ${m.ruleId}: ${m.message}`),
        [],
      );
    }
  });
});

/**
 * A site of the two posts whose config names `services`, served for the tests of the calling
 * suite; the returned function gives it to them.
 */
function servedWith(name: string, services: string): () => ServedFixture {
  let served: ServedFixture | undefined;
  before(async () => {
    served = await serveServices(name, services);
  });
  after(async () => {
    await served?.server.close();
  });
  return () => {
    assert.ok(served, 'the site is served');
    return served;
  };
}

async function serveServices(name: string, services: string): Promise<ServedFixture> {
  const folder = join(root, name);
  mkdirSync(join(folder, 'content', 'posts'), { recursive: true });
  writeFileSync(
    join(folder, 'folio.config.yaml'),
    `title: Notes\nurl: https://notes.example.com\ntimezone: UTC\nauthor:\n  name: Ann\n${services}`,
  );
  writePosts(folder);
  return serveSite(folder, { now: () => Date.parse('2025-01-01T00:00:00Z') });
}

describe('a site with utterances and Umami Cloud, on the server', () => {
  const other = servedWith(
    'utterances-umami',
    'comments:\n  provider: utterances\n  repo: ann/notes\nanalytics:\n  provider: umami\n  websiteId: 94db1cb1-74f4-4a40-ad6c-962362670409\n',
  );

  // Umami Cloud serves its script from one origin and receives events at its API gateways.
  const UMAMI_CONNECT = `connect-src 'self' https://cloud.umami.is https://gateway.umami.is https://api-gateway.umami.dev https://api-gateway-eu.umami.dev`;

  it('allows on a post page exactly the utterances and Umami origins, and loads both', async () => {
    const response = await other().get('/posts/second/');
    const policy = csp(response);
    assert.equal(
      directive(policy, 'script-src'),
      'script-src https://cloud.umami.is https://utteranc.es',
    );
    assert.equal(directive(policy, 'connect-src'), UMAMI_CONNECT);
    const $ = cheerio.load(await response.text());
    assert.deepEqual(
      $('script[src]')
        .map((_, script) => $(script).attr('src'))
        .get(),
      ['https://cloud.umami.is/script.js', 'https://utteranc.es/client.js'],
    );
    assert.equal($('script[src="https://utteranc.es/client.js"]').attr('repo'), 'ann/notes');
    assert.equal($('#comments-title').text(), 'Comments');
  });

  it('allows Umami alone on every other page, and loads no comments there', async () => {
    for (const path of ['/', '/tags/notes/', '/no-such-page/']) {
      const response = await other().get(path);
      const policy = csp(response);
      assert.equal(directive(policy, 'script-src'), 'script-src https://cloud.umami.is', path);
      assert.equal(directive(policy, 'connect-src'), UMAMI_CONNECT, path);
      const body = await response.text();
      assert.doesNotMatch(body, /utteranc|comments-title/, path);
      assert.match(body, /<script defer src="https:\/\/cloud\.umami\.is\/script\.js"/, path);
    }
  });
});

describe('a site with Google Analytics, on the server', () => {
  const google = servedWith(
    'google',
    'analytics:\n  provider: google\n  measurementId: G-ABC123\n',
  );

  it("allows on every page gtag.js, its queue by the queue's own hash, and Google's collectors", async () => {
    for (const path of ['/', '/posts/second/', '/no-such-page/']) {
      const response = await google().get(path);
      const policy = csp(response);
      const $ = cheerio.load(await response.text());
      // The hash of the queue as the page carries it: any other would leave gtag.js without it.
      const queue = $('script:not([src]):not([type])').text();
      const hash = createHash('sha256').update(queue).digest('base64');
      assert.equal(
        directive(policy, 'script-src'),
        `script-src 'sha256-${hash}' https://www.googletagmanager.com`,
        path,
      );
      assert.equal(
        directive(policy, 'connect-src'),
        "connect-src 'self' https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com",
        path,
      );
      assert.equal(
        $('script[src]').attr('src'),
        'https://www.googletagmanager.com/gtag/js?id=G-ABC123',
        path,
      );
    }
  });
});

describe('a site with comments and analytics, exported', () => {
  it('writes the pages the server sends, each with its policy', async () => {
    const out = join(root, 'out');
    const built = await run(['build', dir, '--out', out]);
    assert.equal(built.code, 0, built.stderr);
    const post = readFileSync(join(out, 'posts', 'second', 'index.html'), 'utf8');
    assert.equal(post, await (await site.get('/posts/second/')).text());
    assert.match(
      post,
      /http-equiv="Content-Security-Policy" content="[^"]*script-src https:\/\/plausible\.io https:\/\/giscus\.app;/,
    );
    const home = readFileSync(join(out, 'index.html'), 'utf8');
    assert.match(home, /content="[^"]*script-src https:\/\/plausible\.io;/);
    assert.match(readFileSync(join(out, 'custom.css'), 'utf8'), /color: gray/);
  });
});

describe('bad look settings in folio check', () => {
  it('names the line of an accent that does not read, with the ratio and a passing shade', async () => {
    const bad = join(root, 'faint');
    mkdirSync(join(bad, 'content', 'posts'), { recursive: true });
    writeFileSync(
      join(bad, 'folio.config.yaml'),
      "title: T\nurl: https://t.example.com\nauthor:\n  name: Ann\ntheme:\n  accentDark: '#334455'\n",
    );
    const { code, stderr } = await run(['check', bad]);
    assert.equal(code, 1);
    assert.match(stderr, /folio\.config\.yaml:6:.*`theme\.accentDark` has a contrast of 1\.\d\d:1/);
    assert.match(stderr, /lighter shade that reads, e\.g\. '#[0-9a-f]{6}' \(4\.\d\d:1\)/);
  });

  it('names a snippet that is not UTF-8', async () => {
    const bad = join(root, 'latin1');
    mkdirSync(join(bad, 'content', 'posts'), { recursive: true });
    mkdirSync(join(bad, 'snippets'));
    writeFileSync(
      join(bad, 'folio.config.yaml'),
      'title: T\nurl: https://t.example.com\nauthor:\n  name: Ann\n',
    );
    writeFileSync(
      join(bad, 'snippets', 'head.html'),
      Buffer.from([0x3c, 0x21, 0x2d, 0x2d, 0xe9, 0x2d, 0x2d, 0x3e]),
    );
    const { code, stderr } = await run(['check', bad]);
    assert.equal(code, 1);
    assert.match(stderr, /snippets[/\\]head\.html:1:.*not UTF-8/);
  });

  it('lists the known providers for an unknown one, at its line', async () => {
    const bad = join(root, 'disqus');
    mkdirSync(join(bad, 'content', 'posts'), { recursive: true });
    writeFileSync(
      join(bad, 'folio.config.yaml'),
      'title: T\nurl: https://t.example.com\nauthor:\n  name: Ann\ncomments:\n  provider: disqus\n',
    );
    const { code, stderr } = await run(['check', bad]);
    assert.equal(code, 1);
    assert.match(stderr, /folio\.config\.yaml:6:.*giscus, utterances/);
  });
});
