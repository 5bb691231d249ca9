// Config: the site's address — a plain absolute http(s) URL, the start of every address a feed,
// a canonical link and the sitemap give — or what is wrong with it and what to write instead (pure).
import { percentEncoded } from '../urls/base-path.js';

/** What is wrong with a site address, and, where one can be said, the fix. */
export interface SiteUrlProblem {
  readonly message: string;
  readonly hint?: string;
}

export const NOT_ABSOLUTE = 'must be an absolute http(s) URL';

/**
 * Characters a URL cannot hold as they are: in a page or a feed they would end an attribute,
 * open a tag or break a line. Written percent-encoded, they are part of the path.
 */
const UNSAFE = [
  { chars: /\p{Cc}/u, name: 'a control character such as a tab or a line break' },
  { chars: /(?!\p{Cc})\s/u, name: 'a space' },
  { chars: /["'`]/, name: 'a quote' },
  { chars: /[<>]/, name: '`<` or `>`' },
  { chars: /\\/, name: 'a backslash' },
];
const ANY_UNSAFE = /[\p{Cc}\s"'`<>]/gu;

/**
 * `blog post` → `blog%20post`: each UTF-8 byte of each character a URL cannot hold as it is (but a
 * backslash) as `%XX`, so that the URL stays one word of a line of text.
 */
export function percentEncodeUnsafe(text: string): string {
  return text.replace(ANY_UNSAFE, percentEncoded);
}

const write = (url: string): string => `\`url: ${url}\``;

/** The problem of a site address (already trimmed), or undefined when it is a plain one. */
export function siteUrlProblem(url: string): SiteUrlProblem | undefined {
  const found = UNSAFE.filter(({ chars }) => chars.test(url)).map(({ name }) => name);
  if (found.length > 0) {
    const fixed = percentEncodeUnsafe(url.replace(/\\/g, '/'));
    const onlyBackslashes = found.length === 1 && found[0] === 'a backslash';
    return {
      message: `must not contain ${found.join(' or ')}`,
      hint: onlyBackslashes
        ? `separate the parts of the address with / instead, e.g. ${write(fixed)}`
        : `percent-encode it or leave it out, e.g. ${write(fixed)}`,
    };
  }
  const parts = /^(https?:\/\/)([^/?#]*)(.*)$/i.exec(url);
  if (!parts) return { message: NOT_ABSOLUTE };
  const [, scheme = '', authority = '', rest = ''] = parts;
  const extra = /[?#]/.exec(url);
  if (extra) {
    const what = extra[0] === '?' ? 'a query (`?…`)' : 'a fragment (`#…`)';
    return {
      message: `must not have ${what}: it is the start of the address of every page`,
      hint: `remove everything from the \`${extra[0]}\` on, e.g. ${write(url.slice(0, extra.index))}`,
    };
  }
  if (authority.includes('@')) {
    const host = authority.slice(authority.lastIndexOf('@') + 1);
    return {
      message: 'must not hold a user name or password: every page would show them',
      hint: `remove the part up to the @, e.g. ${write(`${scheme}${host}${rest}`)}`,
    };
  }
  if (authority.replace(/:\d*$/, '') === '') return { message: `has no host after \`${scheme}\`` };
  if (!URL.canParse(url)) return { message: NOT_ABSOLUTE };
  return undefined;
}
