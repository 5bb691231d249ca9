// Deliver: the headers every response carries, which tell browsers what a page may load and do.
import { createHash } from 'node:crypto';
import { LIVE_RELOAD_SCRIPT } from '../../views/layout.js';

/**
 * Pages run no script; on a watching server, only the live-reload script, allowed by its hash.
 * Images, media and frames may come from any https origin, as posts embed them; styles may be
 * inline, as authors' raw HTML uses them.
 */
function contentSecurityPolicy(liveReload: boolean): string {
  const script = liveReload
    ? `'sha256-${createHash('sha256').update(LIVE_RELOAD_SCRIPT).digest('base64')}'`
    : "'none'";
  return [
    "default-src 'self'",
    `script-src ${script}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' https: data:",
    "media-src 'self' https:",
    'frame-src https:',
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function securityHeaders(liveReload: boolean): Readonly<Record<string, string>> {
  return {
    'content-security-policy': contentSecurityPolicy(liveReload),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
  };
}
