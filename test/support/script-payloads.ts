// Test support: the script-payloads fixture — its documents, the globals its payloads would set,
// and the checks that a document parsed with cheerio carries none of them as markup.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CheerioAPI } from 'cheerio';
import type { App } from '../../src/delivery/app/app.js';
import { generatedPaths } from '../../src/delivery/app/core.js';
import { LOCALES } from '../../src/config/schema.js';
import { messagesFor } from '../../src/views/i18n/messages.js';
import { copyCodeScript } from '../../src/views/theme/page-scripts.js';
import { FIXTURES } from './serve-fixture.js';

export const SCRIPT_PAYLOADS = join(FIXTURES, 'script-payloads');

/** Paths that answer the 404 page; two carry payloads of their own. */
export const NOT_FOUND_PATHS = [
  '/no-such-page/',
  '/%3Cscript%3Ewindow.__pwned_404_path=1%3C/script%3E/',
  '/posts/%22%3E%3Cimg%20src=x%20onerror=%22window.__pwned_404_post=1%22%3E/',
] as const;

/** The documents the site generates, by kind, as the export lists them. */
export function documentsOf(app: App): {
  pages: string[];
  feeds: string[];
  sitemap: string;
  favicon: string;
} {
  const paths = generatedPaths(app.site);
  const favicon = paths.find((path) => /^\/assets\/favicon\.[\w]+\.svg$/.test(path));
  assert.ok(favicon, 'the site has an icon');
  return {
    pages: paths.filter((path) => path.endsWith('/')),
    feeds: paths.filter((path) => path.endsWith('.xml') && path !== '/sitemap.xml'),
    sitemap: '/sitemap.xml',
    favicon,
  };
}

/**
 * Every global a payload would set (or name in an alert) if it ran: each `__pwned_…` name in the
 * fixture's files, base64 data URLs included, and in `NOT_FOUND_PATHS`, so that a payload added
 * later is watched too.
 */
export function payloadGlobals(): string[] {
  const names = new Set<string>();
  const collect = (text: string): void => {
    for (const [name] of text.matchAll(/__pwned_\w+/g)) names.add(name);
    for (const [, data] of text.matchAll(/;base64,([\w+/]+=*)/g)) {
      collect(Buffer.from(data ?? '', 'base64').toString('utf8'));
    }
  };
  for (const entry of readdirSync(SCRIPT_PAYLOADS, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) collect(readFileSync(join(entry.parentPath, entry.name), 'utf8'));
  }
  NOT_FOUND_PATHS.forEach((path) => collect(decodeURIComponent(path)));
  return [...names].sort();
}

// Browsers drop tabs and newlines anywhere in a URL, and C0 controls and spaces around it.
const IGNORED_IN_URLS = /[\t\n\r\f\v ]|[^\P{Cc}]/gu;
const SCRIPT_SCHEME = /^(?:javascript|vbscript):|^data:(?!image\/(?:gif|png|jpeg|webp)[;,])/;
const URL_ATTRIBUTES = ['href', 'src', 'xlink:href', 'action', 'formaction', 'poster', 'data'];

/** Whether a URL, as an attribute holds it once entities are decoded, would run as script. */
export function runsScript(url: string): boolean {
  return SCRIPT_SCHEME.test(url.replace(IGNORED_IN_URLS, '').toLowerCase());
}

/** The URLs an attribute holds: one, a `srcset`'s candidates, or none. */
function urlsIn(name: string, value: string): string[] {
  if (URL_ATTRIBUTES.includes(name)) return [value];
  if (name !== 'srcset') return [];
  return value.split(',').map((candidate) => candidate.trim().split(/\s+/)[0] ?? '');
}

// Folio's own copy button, which pages with code carry, in each UI language: exactly its text.
const COPY_BUTTONS = new Set(LOCALES.map((locale) => copyCodeScript(messagesFor(locale)).text));

/**
 * Asserts that a parsed HTML or XML document holds nothing a browser would run: no script but
 * JSON-LD data (which must parse) and Folio's own copy button, no event handler attribute, no
 * URL with a script scheme, no form but the search form.
 */
export function assertInert($: CheerioAPI, where: string): void {
  $('script').each((_, script) => {
    if (COPY_BUTTONS.has($(script).text())) return;
    assert.equal($(script).attr('type'), 'application/ld+json', `${where}: a <script> element`);
    assert.doesNotThrow(() => JSON.parse($(script).text()), `${where}: JSON-LD that parses`);
  });
  $('*').each((_, node) => {
    const element = $(node);
    for (const [name, value] of Object.entries(element.attr() ?? {})) {
      const shown = `${where}: <${element.prop('tagName')} ${name}="${value}">`;
      assert.ok(!/^on/i.test(name), shown);
      for (const url of urlsIn(name.toLowerCase(), value)) assert.ok(!runsScript(url), shown);
    }
  });
  assert.equal($('iframe, object, embed, base').length, 0, `${where}: active elements`);
  // The one form a page may have is Folio's own search: a GET to the search page.
  $('form').each((_, form) => {
    const attributes = $(form).attr() ?? {};
    assert.equal(attributes.action, '/search/', `${where}: a form that is not the search form`);
    assert.equal(attributes.method, 'get', `${where}: a form that is not the search form`);
  });
  assert.equal($('[formaction]').length, 0, `${where}: a button that submits elsewhere`);
  assert.equal($('meta[http-equiv]').length, 0, `${where}: a meta http-equiv`);
}
