// Deliver: the headers every response carries, which tell browsers what a page may load and do.
import { LIVE_RELOAD_SCRIPT } from '../../views/layout.js';
import { scriptHash, type ScriptAllowance } from './resource.js';

/**
 * Pages run no script but their own, each allowed by its hash: a copy button on pages with code,
 * Mermaid's loader (and what it loads) on pages with diagrams, and on a watching server the
 * live-reload script — and the scripts of the services the config names, from their origins
 * alone, on the pages that carry them.
 * Images, media and frames may come from any https origin, as posts embed them; styles may be
 * inline, as authors' raw HTML uses them.
 */
function directives(liveReload: boolean, page: ScriptAllowance | undefined): string[] {
  const origins = page?.sources?.script ?? [];
  const connect = page?.sources?.connect ?? [];
  // 'strict-dynamic' would make browsers ignore the services' origins: on a page with both,
  // Mermaid's loader loads from the site's own origin instead.
  const dynamic = page?.loadsScripts ? [origins.length > 0 ? "'self'" : "'strict-dynamic'"] : [];
  const sources = [
    ...(page?.hashes ?? []),
    ...(liveReload ? [scriptHash(LIVE_RELOAD_SCRIPT)] : []),
    ...dynamic,
    ...origins,
  ];
  const script = sources.length > 0 ? sources.join(' ') : "'none'";
  return [
    "default-src 'self'",
    `script-src ${script}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' https: data:",
    "media-src 'self' https:",
    'frame-src https:',
    ...(connect.length > 0 ? [`connect-src 'self' ${connect.join(' ')}`] : []),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
}

/** The headers of every answer; those of a page with scripts allow exactly its scripts. */
export function securityHeaders(
  liveReload: boolean,
  page?: ScriptAllowance,
): Readonly<Record<string, string>> {
  return {
    'content-security-policy': directives(liveReload, page).join('; '),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
  };
}

/**
 * A page that loads from other origins carries its policy in a `<meta http-equiv>` as well: a
 * static host sends the same headers for every file, if it sends any, and cannot allow a service
 * on the pages that load it alone. The meta is the header's policy but `frame-ancestors`, which
 * browsers read from headers only. Inserted after the charset, before anything that loads.
 */
export function withPolicyMeta(
  body: string,
  liveReload: boolean,
  page: ScriptAllowance | undefined,
): string {
  if (page?.sources === undefined) return body;
  const policy = directives(liveReload, page)
    .filter((directive) => !directive.startsWith('frame-ancestors'))
    .join('; ');
  const charset = '<meta charset="utf-8">\n';
  const at = body.indexOf(charset);
  if (at === -1) return body;
  const end = at + charset.length;
  const meta = `<meta http-equiv="Content-Security-Policy" content="${policy.replaceAll('"', '&quot;')}">\n`;
  return `${body.slice(0, end)}${meta}${body.slice(end)}`;
}
