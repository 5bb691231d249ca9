// Import: the redirects a blog kept at its host — Netlify's and Cloudflare Pages' `_redirects`,
// Netlify's `[[redirects]]` in netlify.toml — which the engine never saw: moved posts, renamed
// pages. Folio's `redirects` are exact paths, each a permanent move; a rule of another kind
// (a splat, a placeholder, a rewrite, a condition) is named for the author to carry over by hand.
import { parse as parseToml } from 'smol-toml';
import { isRecord, stringOf } from './foreign-document.js';

/** A redirect the blog's host made: from an old path of the site to a path or an address. */
export interface HostRedirect {
  readonly from: string;
  readonly to: string;
  /** Where it is written: the file and its line. */
  readonly file: string;
  readonly line: number;
}

/** A rule Folio's redirects cannot hold, and why. */
export interface HostRuleLeftOut {
  readonly file: string;
  readonly line: number;
  readonly rule: string;
  readonly why: string;
}

export interface HostRedirects {
  readonly redirects: HostRedirect[];
  readonly leftOut: HostRuleLeftOut[];
}

// The statuses of a move; 200 is a rewrite (the old path shows another's content), 404 and 410 a
// page of their own.
const MOVED = new Set(['301', '302', '303', '307', '308']);
const PLAIN_PATH = /^\/[^\s*:?#]*$/;
const ADDRESS = /^https?:\/\/\S+$/;

/** The redirects of a `_redirects` file, as Netlify and Cloudflare Pages read it. */
export function redirectsFileRules(text: string, file: string): HostRedirects {
  const found: HostRedirects = { redirects: [], leftOut: [] };
  text.split(/\r?\n/).forEach((written, index) => {
    const rule = written.replace(/(?:^|\s)#.*$/, '').trim();
    if (rule === '') return;
    const [from = '', to = '', status, ...conditions] = rule.split(/\s+/);
    add(found, { from, to, status, conditions: conditions.length > 0 }, file, index + 1, rule);
  });
  return found;
}

/** The redirects of netlify.toml's `[[redirects]]` tables. */
export function netlifyTomlRules(text: string, file: string): HostRedirects {
  const found: HostRedirects = { redirects: [], leftOut: [] };
  let config: unknown;
  try {
    config = parseToml(text);
  } catch {
    return found;
  }
  const rules = isRecord(config) && Array.isArray(config.redirects) ? config.redirects : [];
  // Each table's line, for the report: the n-th `[[redirects]]` of the file.
  const lines = [...text.matchAll(/^[ \t]*\[\[redirects\]\]/gm)].map(
    (header) => text.slice(0, header.index).split('\n').length,
  );
  rules.forEach((rule: unknown, i) => {
    if (!isRecord(rule)) return;
    const from = stringOf(rule.from) ?? '';
    const to = stringOf(rule.to) ?? '';
    const status =
      typeof rule.status === 'number' || typeof rule.status === 'string'
        ? String(rule.status)
        : undefined;
    const conditions = ['conditions', 'query', 'headers', 'signed'].some((key) => key in rule);
    const written = `from = "${from}", to = "${to}"${status ? `, status = ${status}` : ''}`;
    add(found, { from, to, status, conditions }, file, lines[i] ?? 1, written);
  });
  return found;
}

function add(
  found: HostRedirects,
  rule: {
    readonly from: string;
    readonly to: string;
    readonly status: string | undefined;
    readonly conditions: boolean;
  },
  file: string,
  line: number,
  written: string,
): void {
  const status = (rule.status ?? '301').replace(/!$/, '');
  // A page for paths not found (`/* /404.html 404`): Folio answers them with its own.
  if (status === '404') return;
  const why = whyLeftOut(rule, status);
  if (why !== undefined) found.leftOut.push({ file, line, rule: written, why });
  else found.redirects.push({ from: rule.from, to: rule.to, file, line });
}

/** Why Folio's redirects cannot hold the rule, if they cannot. */
function whyLeftOut(
  rule: { readonly from: string; readonly to: string; readonly conditions: boolean },
  status: string,
): string | undefined {
  if (!PLAIN_PATH.test(rule.from)) {
    return rule.from.startsWith('/')
      ? 'it matches many paths (a splat or a placeholder), where Folio redirects exact paths'
      : 'it redirects another host';
  }
  if (rule.conditions) {
    return 'it holds conditions (a country, a language, a cookie, a query) Folio does not read';
  }
  if (status === '200') {
    return "it shows another path's page at this one (a rewrite), where Folio redirects";
  }
  if (!MOVED.has(status)) return `it answers ${status}, where Folio's redirects move the reader on`;
  if (!PLAIN_PATH.test(rule.to) && !ADDRESS.test(rule.to)) {
    return 'it leads to a path made of the one asked for';
  }
  return undefined;
}
