import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { theOnlyError } from '../../test/support/only-error.js';
import { parseConfig } from '../config/parse-config.js';
import type { SiteConfig } from '../config/schema.js';
import { buildSite } from '../site/build-site.js';
import { at, fixtureBodies, makeConfig, makePosts } from '../../test/support/site-fixtures.js';
import { renderRoute } from './render-route.js';
import { stylesheetOf } from './theme/stylesheet.js';

const MINIMAL = 'title: T\nurl: https://t.example.com\nauthor:\n  name: Ann\n';
const now = at('2030-01-01T00:00:00Z');
const posts = makePosts(2);

function configOf(yaml: string): SiteConfig {
  const { config, diagnostics } = parseConfig(MINIMAL + yaml, 'folio.config.yaml');
  assert.ok(config, JSON.stringify(diagnostics));
  return config;
}

function render(config: SiteConfig, kind: 'post' | 'featured') {
  const site = buildSite(config, posts, { now });
  const route = kind === 'post' ? { kind, post: site.posts[0]! } : ({ kind, page: 1 } as const);
  return renderRoute(site, route, fixtureBodies(posts));
}

const GISCUS =
  'comments:\n  provider: giscus\n  repo: ann/blog\n  repoId: R_1\n  category: Comments\n  categoryId: DIC_1\n';

describe('services named in the config', () => {
  it('leave a site that names none without scripts or origins', () => {
    const config = makeConfig();
    for (const kind of ['post', 'featured'] as const) {
      const page = render(config, kind);
      assert.equal(page.sources, undefined);
      assert.doesNotMatch(page.body, /<script (?!type="application\/ld\+json")/);
    }
  });

  it('put comments on post pages only, with their origin', () => {
    const config = configOf(GISCUS);
    const post = render(config, 'post');
    assert.match(
      post.body,
      /<script src="https:\/\/giscus\.app\/client\.js"[^>]* data-loading="lazy"/,
    );
    assert.match(post.body, /<h2 id="comments-title">Comments<\/h2>/);
    assert.deepEqual(post.sources, { script: ['https://giscus.app'], connect: [] });
    const listing = render(config, 'featured');
    assert.doesNotMatch(listing.body, /giscus/);
    assert.equal(listing.sources, undefined);
  });

  it('put utterances on post pages only, with its origin alone', () => {
    const config = configOf(
      'comments:\n  provider: utterances\n  repo: ann/blog\n  label: comments\n',
    );
    const post = render(config, 'post');
    assert.deepEqual(post.body.match(/<script [^>]*>/g), [
      '<script type="application/ld+json">',
      '<script src="https://utteranc.es/client.js" repo="ann/blog" issue-term="pathname" label="comments" theme="preferred-color-scheme" crossorigin="anonymous" async>',
    ]);
    assert.deepEqual(post.sources, { script: ['https://utteranc.es'], connect: [] });
    const listing = render(config, 'featured');
    assert.doesNotMatch(listing.body, /utteranc|comments-title/);
    assert.equal(listing.sources, undefined);
  });

  it('put Umami on every page, sending to its cloud gateways or to a server of your own', () => {
    const WEBSITE = 'websiteId: 94db1cb1-74f4-4a40-ad6c-962362670409\n';
    const cloud = configOf(`analytics:\n  provider: umami\n  ${WEBSITE}`);
    for (const kind of ['post', 'featured'] as const) {
      const page = render(cloud, kind);
      assert.deepEqual(
        page.body.match(/<script (?!type="application\/ld\+json")[^>]*>/g),
        [
          '<script defer src="https://cloud.umami.is/script.js" data-website-id="94db1cb1-74f4-4a40-ad6c-962362670409">',
        ],
        kind,
      );
      assert.ok(page.body.includes('962362670409"></script>\n</head>'), 'at the end of the head');
      assert.deepEqual(page.sources, {
        script: ['https://cloud.umami.is'],
        connect: [
          'https://cloud.umami.is',
          'https://gateway.umami.is',
          'https://api-gateway.umami.dev',
          'https://api-gateway-eu.umami.dev',
        ],
      });
    }
    // A server of one's own both serves the script and receives the events.
    const own = configOf(
      `analytics:\n  provider: umami\n  ${WEBSITE}  script: https://stats.ann.example/u.js\n`,
    );
    assert.deepEqual(render(own, 'featured').sources, {
      script: ['https://stats.ann.example'],
      connect: ['https://stats.ann.example'],
    });
  });

  it('put analytics on every page, with where it loads from and sends to', () => {
    const config = configOf('analytics:\n  provider: goatcounter\n  code: ann\n');
    for (const kind of ['post', 'featured'] as const) {
      const page = render(config, kind);
      assert.match(page.body, /data-goatcounter="https:\/\/ann\.goatcounter\.com\/count"/);
      assert.deepEqual(page.sources, {
        script: ['https://gc.zgo.at'],
        connect: ['https://ann.goatcounter.com'],
      });
    }
  });

  it("allow Google's queue script by its hash", () => {
    const page = render(
      configOf('analytics:\n  provider: google\n  measurementId: G-ABC123\n'),
      'featured',
    );
    assert.equal(page.scripts?.length, 1);
    assert.match(page.body, /<script>window\.dataLayer/);
  });

  it('give Google Analytics exactly the origins it loads from and sends to, on every page', () => {
    const config = configOf('analytics:\n  provider: google\n  measurementId: G-ABC123\n');
    for (const kind of ['post', 'featured'] as const) {
      const page = render(config, kind);
      assert.match(
        page.body,
        /<script async src="https:\/\/www\.googletagmanager\.com\/gtag\/js\?id=G-ABC123"><\/script>/,
      );
      assert.deepEqual(page.sources, {
        script: ['https://www.googletagmanager.com'],
        connect: [
          'https://*.google-analytics.com',
          'https://*.analytics.google.com',
          'https://*.googletagmanager.com',
        ],
      });
    }
  });

  it("add the config's own origins to every page", () => {
    const page = render(configOf('csp:\n  script: [https://cdn.example.com]\n'), 'featured');
    assert.deepEqual(page.sources, { script: ['https://cdn.example.com'], connect: [] });
  });
});

describe('the theme settings', () => {
  it("keep the theme's stylesheet as it was when none is set", () => {
    const plain = stylesheetOf({});
    assert.doesNotMatch(plain.css, /:root \{ --accent/);
    const own = stylesheetOf({ accent: '#8a3ffc', contentWidth: '48rem', font: 'Georgia, serif' });
    assert.notEqual(own.path, plain.path);
    assert.match(own.css, /--accent: #8a3ffc; --accent-soft: #[0-9a-f]{6}; --focus: #8a3ffc;/);
    assert.match(own.css, /--font: Georgia, serif;/);
    assert.match(own.css, /--measure: 48rem;/);
    // The dark block still overrides a light accent for dark readers.
    assert.ok(own.css.indexOf('--accent: #8a3ffc') < own.css.indexOf('prefers-color-scheme: dark'));
    // Printing keeps black and white: the settings come before the print rules.
    assert.ok(own.css.indexOf('--accent: #8a3ffc') < own.css.indexOf('@media print'));
  });

  it('are refused at their line when a colour does not read or is not a colour', () => {
    const faint = parseConfig(`${MINIMAL}theme:\n  accent: '#99ccff'\n`, 'folio.config.yaml');
    const problem = theOnlyError(faint.config, faint.diagnostics, 'folio.config.yaml');
    assert.equal(problem.line, 6);
    assert.match(problem.message, /contrast of 1\.\d\d:1/);
    assert.match(problem.hint, /darker shade/);
    const bare = parseConfig(`${MINIMAL}theme:\n  accent: #0b5cad\n`, 'folio.config.yaml');
    assert.match(theOnlyError(bare.config, bare.diagnostics, 'folio.config.yaml').hint, /quotes/);
    const unknown = parseConfig(`${MINIMAL}analytics:\n  provider: matomo\n`, 'folio.config.yaml');
    const named = theOnlyError(unknown.config, unknown.diagnostics, 'folio.config.yaml');
    assert.equal(named.line, 6);
    assert.match(named.message, /plausible, umami, goatcounter, google/);
  });
});
