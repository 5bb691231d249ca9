import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { netlifyTomlRules, redirectsFileRules } from './host-redirects.js';

describe("a host's _redirects file", () => {
  it('gives each exact move, and names the rules Folio cannot hold with their lines', () => {
    const found = redirectsFileRules(
      [
        '# Moved posts',
        '/blog/cortex-m-fault-debug /blog/cortex-m-hardfault-debug',
        '/old   /new/   302',
        '/calendar https://calendar.example/ical  # its feed',
        '',
        '/blog/authors/* /authors/:splat',
        '/docs/:page /help/:page 301',
        '/app/* /index.html 200',
        '/fr/ /fr/accueil/ 302 Language=fr',
        '/gone/ /gone.html 410',
        '/* /404.html 404',
      ].join('\n'),
      '_redirects',
    );
    assert.deepEqual(
      found.redirects.map(({ from, to, line }) => [from, to, line]),
      [
        ['/blog/cortex-m-fault-debug', '/blog/cortex-m-hardfault-debug', 2],
        ['/old', '/new/', 3],
        ['/calendar', 'https://calendar.example/ical', 4],
      ],
    );
    assert.deepEqual(
      found.leftOut.map(({ line, why }) => [line, why.split(' (')[0]?.split(',')[0]]),
      [
        [6, 'it matches many paths'],
        [7, 'it matches many paths'],
        [8, 'it matches many paths'],
        [9, 'it holds conditions'],
        [10, 'it answers 410'],
      ],
    );
  });
});

describe("netlify.toml's redirects", () => {
  it('are read as the same rules, each named by the line of its table', () => {
    const found = netlifyTomlRules(
      [
        '[build]',
        'publish = "public"',
        '',
        '[[redirects]]',
        'from = "/old-post"',
        'to = "/new-post/"',
        '',
        '[[redirects]]',
        'from = "/shop"',
        'to = "https://shop.example/"',
        'status = 302',
        '',
        '[[redirects]]',
        'from = "/api/*"',
        'to = "/.netlify/functions/:splat"',
        'status = 200',
      ].join('\n'),
      'netlify.toml',
    );
    assert.deepEqual(
      found.redirects.map(({ from, to, line }) => [from, to, line]),
      [
        ['/old-post', '/new-post/', 4],
        ['/shop', 'https://shop.example/', 8],
      ],
    );
    assert.deepEqual(
      found.leftOut.map(({ line }) => line),
      [13],
    );
  });

  it('are none in a file that is not TOML', () => {
    assert.deepEqual(netlifyTomlRules('[[redirects\nfrom = ', 'netlify.toml'), {
      redirects: [],
      leftOut: [],
    });
  });
});
