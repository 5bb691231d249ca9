// Math, code and diagrams on a real site: KaTeX's and Mermaid's files served, and exported only
// where used; each page's Content-Security-Policy allowing exactly the scripts it carries; an
// author's mistakes named by `folio check` and the watch banner.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { before, describe, it } from 'node:test';
import * as cheerio from 'cheerio';
import { eventually, folio, run, serverUrl } from './support/folio-cli.js';
import { FIXTURES } from './support/serve-fixture.js';
import { tempRoot } from './support/temp-root.js';

const root = tempRoot('folio-technical-');
const site = join(root, 'site');

const MATH_POST = `---
title: Sums
date: 2024-03-01
tags: [math]
---
The sum $\\sum_{i=1}^n i$ is $\\frac{n(n+1)}{2}$[^proof].

[^proof]: By pairing the first and last terms.
`;

const MISTAKES_POST = `---
title: Mistakes
date: 2024-03-02
tags: [math]
---
Fine $x$ and bad $\\frac{1}{$ here.

A note[^missing] with no text.

> [!NOTES]
> Not an alert type.

$$
x^2
`;

const DIAGRAM_POST = `---
title: Flow
date: 2024-03-03
tags: [diagrams]
---
\`\`\`mermaid
flowchart LR
  A --> B
\`\`\`
`;

before(async () => {
  await cp(join(FIXTURES, 'basic'), site, { recursive: true });
  await writeFile(join(site, 'content/posts/sums.md'), MATH_POST);
});

/** The script sources of a page's Content-Security-Policy. */
function scriptSources(response: Response): string[] {
  const policy = response.headers.get('content-security-policy') ?? '';
  return (/script-src ([^;]*)/.exec(policy)?.[1] ?? '').split(' ');
}

const sha256 = (text: string): string =>
  `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('scripts on a served site', () => {
  it('allow a page with code its copy button and nothing else, and a page without code none', async () => {
    const child = folio(['serve', site, '--port', '0']);
    try {
      const base = await serverUrl(child);
      const withCode = await get(base, '/posts/graphs/');
      const $ = cheerio.load(await withCode.text());
      const scripts = $('script:not([type])')
        .map((_, script) => $(script).text())
        .get();
      assert.equal(scripts.length, 1);
      assert.match(scripts[0] ?? '', /copy-code/);
      assert.deepEqual(scriptSources(withCode), [sha256(scripts[0] ?? '')]);
      assert.deepEqual(scriptSources(await get(base, '/posts/sums/')), ["'none'"]);
      assert.deepEqual(scriptSources(await get(base, '/')), ["'none'"]);
    } finally {
      child.kill('SIGTERM');
    }
  });

  it("allow a page with a diagram Mermaid's loader and what it loads, served from the site", async () => {
    await writeFile(join(site, 'content/posts/flow.md'), DIAGRAM_POST);
    const child = folio(['serve', site, '--port', '0']);
    try {
      const base = await serverUrl(child);
      const page = await get(base, '/posts/flow/');
      const $ = cheerio.load(await page.text());
      assert.equal($('pre.mermaid').text(), 'flowchart LR\n  A --> B\n');
      const loader = $('script:not([type])').text();
      assert.deepEqual(scriptSources(page), [sha256(loader), "'strict-dynamic'"]);
      const mermaid =
        /script\.src = "(\/assets\/mermaid\.[0-9a-f]{8}\.js)"/.exec(loader)?.[1] ?? '';
      const file = await get(base, mermaid);
      assert.equal(file.headers.get('content-type'), 'text/javascript; charset=utf-8');
      assert.ok((await file.arrayBuffer()).byteLength > 1_000_000);
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('leave code without a copy button when the site says copyCode: false', async () => {
    const config = join(site, 'folio.config.yaml');
    const before = await readFile(config, 'utf8');
    await writeFile(config, `${before}copyCode: false\n`);
    const child = folio(['serve', site, '--port', '0']);
    try {
      const base = await serverUrl(child);
      const page = await get(base, '/posts/graphs/');
      assert.doesNotMatch(await page.text(), /<script>/);
      assert.deepEqual(scriptSources(page), ["'none'"]);
    } finally {
      child.kill('SIGTERM');
      await writeFile(config, before);
    }
  });
});

async function get(base: string, path: string): Promise<Response> {
  const response = await fetch(`${base}${path}`);
  assert.equal(response.status, 200, path);
  return response;
}

describe('math on a served site', () => {
  it("links KaTeX's stylesheet from a page with math only, and serves it with its fonts", async () => {
    const child = folio(['serve', site, '--port', '0']);
    try {
      const base = await serverUrl(child);
      const $ = cheerio.load(await (await get(base, '/posts/sums/')).text());
      const sheets = $('link[rel="stylesheet"]')
        .map((_, link) => $(link).attr('href'))
        .get();
      assert.equal(sheets.length, 2);
      const katex = sheets[1] ?? '';
      assert.match(katex, /^\/assets\/katex\.[0-9a-f]{8}\.css$/);
      assert.equal($('.post-body math').length, 2);
      assert.equal($('.footnotes li#fn-1 a.footnote-backref').attr('href'), '#fnref-1');

      const css = await (await get(base, katex)).text();
      // Each font named from the stylesheet, beside it: a site under a path finds them too.
      const fonts = [...css.matchAll(/url\((KaTeX_[\w-]+\.[0-9a-f]{8}\.woff2)\)/g)];
      assert.equal(fonts.length, 20);
      const font = await get(base, new URL(fonts[0]?.[1] ?? '', `http://x${katex}`).pathname);
      assert.equal(font.headers.get('content-type'), 'font/woff2');
      assert.match(font.headers.get('cache-control') ?? '', /immutable/);

      const plain = cheerio.load(await (await get(base, '/posts/graphs/')).text());
      assert.equal(plain('link[rel="stylesheet"]').length, 1, 'no math, no KaTeX');
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('exports KaTeX and Mermaid only for a site whose pages use them', async () => {
    const plain = join(root, 'plain');
    await cp(join(FIXTURES, 'basic'), plain, { recursive: true });
    const out = join(root, 'plain-out');
    const built = await run(['build', plain, '--out', out]);
    assert.equal(built.code, 0, built.stderr);
    const assets = await readdir(join(out, 'assets'));
    assert.deepEqual(
      assets.filter((name) => /katex|mermaid/i.test(name)),
      [],
    );
  });

  it('exports the same stylesheet and fonts, and Mermaid, linked from the same pages', async () => {
    const out = join(root, 'out');
    const built = await run(['build', site, '--out', out]);
    assert.equal(built.code, 0, built.stderr);
    const page = await readFile(join(out, 'posts/sums/index.html'), 'utf8');
    const katex = /href="(\/assets\/katex\.[0-9a-f]{8}\.css)"/.exec(page)?.[1] ?? '';
    const css = await readFile(join(out, katex), 'utf8');
    const fonts = [...css.matchAll(/url\(([^)]+\.woff2)\)/g)].map(([, font]) => font ?? '');
    assert.equal(fonts.length, 20);
    for (const font of fonts)
      assert.ok((await readFile(join(out, dirname(katex), font))).length > 1000, font);
    const flow = await readFile(join(out, 'posts/flow/index.html'), 'utf8');
    const mermaid = /script\.src = "(\/assets\/mermaid\.[0-9a-f]{8}\.js)"/.exec(flow)?.[1] ?? '';
    assert.ok((await readFile(join(out, mermaid))).length > 1_000_000);
  });
});

describe('math turned off', () => {
  it('leaves dollars as text on a site with math: false, but not in a post that says math: true', async () => {
    const dir = join(root, 'no-math');
    await cp(site, dir, { recursive: true });
    await writeFile(
      join(dir, 'folio.config.yaml'),
      `${await readFile(join(dir, 'folio.config.yaml'), 'utf8')}math: false\n`,
    );
    await writeFile(
      join(dir, 'content/posts/still-math.md'),
      MATH_POST.replace('title: Sums', 'title: Still math\nmath: true'),
    );
    const child = folio(['serve', dir, '--port', '0']);
    try {
      const base = await serverUrl(child);
      const sums = cheerio.load(await (await get(base, '/posts/sums/')).text());
      assert.equal(sums('math').length, 0);
      assert.match(sums('.post-body').text(), /The sum \$\\sum_\{i=1\}\^n i\$ is/);
      assert.equal(sums('link[rel="stylesheet"]').length, 1);
      const still = cheerio.load(await (await get(base, '/posts/still-math/')).text());
      assert.equal(still('.post-body math').length, 2);
    } finally {
      child.kill('SIGTERM');
    }
  });
});

describe('mistakes in Markdown', () => {
  it('are warnings of folio check, each with its file and line', async () => {
    await writeFile(join(site, 'content/posts/mistakes.md'), MISTAKES_POST);
    try {
      const checked = await run(['check', site]);
      assert.equal(checked.code, 0, 'warnings never block');
      const file = 'content/posts/mistakes.md';
      for (const [line, text] of [
        [6, /the math \$\\frac\{1\}\{\$ cannot be typeset/],
        [8, /the footnote \[\^missing\] has no note/],
        [10, /\[!NOTES\] is no alert type/],
        [13, /this \$\$ block is never closed/],
      ] as const) {
        assert.match(
          checked.stdout + checked.stderr,
          new RegExp(`${file}:${line}: .*${text.source}`),
        );
      }
    } finally {
      await writeFile(join(site, 'content/posts/mistakes.md'), MATH_POST.replace('Sums', 'Fixed'));
    }
  });

  it('show in the banner of a watching server, with the source in place on the page', async () => {
    await writeFile(join(site, 'content/posts/mistakes.md'), MISTAKES_POST);
    const child = folio(['serve', site, '--port', '0', '--watch']);
    try {
      const base = await serverUrl(child);
      const page = async () => cheerio.load(await (await get(base, '/posts/mistakes/')).text());
      // The bodies are checked once the server is up, a slice at a time.
      await eventually(
        async () =>
          /mistakes\.md:6: .*cannot be typeset/.test((await page())('.warnings-banner pre').text()),
        () => 'no banner with the math warning',
      );
      assert.equal((await page())('.post-body code.math-error').text(), '$\\frac{1}{$');
    } finally {
      child.kill('SIGTERM');
    }
  });
});
