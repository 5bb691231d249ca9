// Deliver: the headers every response carries, which tell browsers what a page may load and do.
import { LIVE_RELOAD_SCRIPT } from '../../views/layout.js';
import { scriptHash, type ScriptAllowance } from './resource.js';

/**
 * Pages run no script but their own, each allowed by its hash: a copy button on pages with code,
 * Mermaid's loader (and what it loads) on pages with diagrams, and on a watching server the
 * live-reload script.
 * Images, media and frames may come from any https origin, as posts embed them; styles may be
 * inline, as authors' raw HTML uses them.
 */
function contentSecurityPolicy(liveReload: boolean, page: ScriptAllowance | undefined): string {
  const sources = [
    ...(page?.hashes ?? []),
    ...(liveReload ? [scriptHash(LIVE_RELOAD_SCRIPT)] : []),
    ...(page?.loadsScripts ? ["'strict-dynamic'"] : []),
  ];
  const script = sources.length > 0 ? sources.join(' ') : "'none'";
  return [
    "default-src 'self'",
    `script-src ${script}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' https: data:",
    "media-src 'self' https:",
    'frame-src https:',
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The headers of every answer; those of a page with scripts allow exactly its scripts. */
export function securityHeaders(
  liveReload: boolean,
  page?: ScriptAllowance,
): Readonly<Record<string, string>> {
  return {
    'content-security-policy': contentSecurityPolicy(liveReload, page),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
  };
}
