// How `folio build` output is served by nginx: the configuration the benchmark measures is the one
// docs/performance.md shows for deployment, built here from the headers `folio serve` sent in the
// same run, and checked against the export before it is timed.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { decoded, get, type Response } from './http.js';

/** Headers that describe a body or a connection, rather than what the site asks of browsers. */
const BODY_HEADERS = new Set([
  'content-type',
  'content-length',
  'content-encoding',
  'etag',
  'vary',
  'cache-control',
  'last-modified',
  'accept-ranges',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
]);

/** The headers Folio adds to every answer (its security headers), from one of its answers. */
export function siteHeaders(
  headers: Readonly<Record<string, string | string[] | undefined>>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([name, value]) => !BODY_HEADERS.has(name) && value !== undefined)
      .map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value)])
      .sort(([a], [b]) => (a as string).localeCompare(b as string)),
  ) as Record<string, string>;
}

const CACHE = {
  // Their names change with their content.
  hashed: 'public, max-age=31536000, immutable',
  // Pages and feeds keep their URL from one build to the next.
  page: 'public, max-age=0, must-revalidate',
  // The author's own files (static/), as folio serve sends them.
  file: 'public, max-age=3600',
} as const;

export interface SiteOptions {
  readonly listen: string;
  readonly serverName?: string;
  readonly root: string;
  /** Whether the brotli_static module is loaded. */
  readonly brotli: boolean;
  /** Folio's own headers, sent with every answer. */
  readonly headers: Readonly<Record<string, string>>;
}

function quoted(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** The `map` (http level) and the `server` block that serve a `folio build` output. */
export function nginxSite(site: SiteOptions): string {
  const headers = Object.entries(site.headers).map(([name, value]) => {
    const spelled = name.replace(
      /(^|-)([a-z])/g,
      (_, dash: string, c: string) => dash + c.toUpperCase(),
    );
    return `    add_header ${spelled} ${quoted(value)} always;`;
  });
  return `# Cache lifetimes by path: hashed theme files for a year, pages and feeds revalidated.
map $uri $folio_cache_control {
    ~^/assets/                 ${quoted(CACHE.hashed)};
    ~(/|\\.html|\\.xml|\\.txt)$   ${quoted(CACHE.page)};
    default                    ${quoted(CACHE.file)};
}

server {
    listen ${site.listen};
${site.serverName ? `    server_name ${site.serverName};\n` : ''}    root ${site.root};
    charset utf-8;
    charset_types text/css text/plain text/xml image/svg+xml application/xml application/rss+xml
                  application/atom+xml;

    # Send the .br or .gz file written beside each text file instead of compressing on the fly.
    gzip_static on;
${site.brotli ? '    brotli_static on;\n' : ''}    gzip_vary on;

    add_header Cache-Control $folio_cache_control always;
${headers.join('\n')}

    # /posts/x/ is posts/x/index.html. Feeds and the sitemap get the types folio serve sends.
    location / {
        try_files $uri $uri/index.html =404;
    }
    location ~ /feed\\.xml$ {
        types { application/rss+xml xml; }
        try_files $uri =404;
    }
    location = /atom.xml {
        types { application/atom+xml xml; }
    }
    location = /sitemap.xml {
        types { application/xml xml; }
    }
    error_page 404 /404.html;
}
`;
}

const COMPARED = ['content-type', 'cache-control', 'content-encoding', 'vary'] as const;

/**
 * Checks that nginx answers the export as folio serve answers the site, in what matters to readers
 * and caches: types, cache lifetimes, compression, Folio's own headers, and the 404 page. Returns
 * the differences found.
 */
export async function checkDeployment(
  nginxUrl: string,
  folioUrl: string,
  exportDir: string,
): Promise<string[]> {
  const problems: string[] = [];
  const assets = (await readdir(join(exportDir, 'assets'))).filter((name) =>
    /\.(css|svg)$/.test(name),
  );
  const paths = [
    '/',
    '/feed.xml',
    '/atom.xml',
    '/sitemap.xml',
    '/robots.txt',
    '/images/avatar.svg',
  ];
  paths.push(...assets.map((name) => `/assets/${name}`), '/no-such-page/');
  for (const path of paths) {
    const [ours, theirs] = await Promise.all([
      get(`${folioUrl}${path}`),
      get(`${nginxUrl}${path}`),
    ]);
    const differ = (what: string, a: string | undefined, b: string | undefined): void => {
      if (a !== b) problems.push(`${path}: ${what} ${b ?? 'none'} (folio serve: ${a ?? 'none'})`);
    };
    differ('status', String(ours.status), String(theirs.status));
    const names = [...COMPARED, ...Object.keys(siteHeaders(ours.headers))];
    for (const name of names) differ(name, header(ours, name), header(theirs, name));
    if (decoded(ours) !== decoded(theirs)) problems.push(`${path}: other content than folio serve`);
  }
  return problems;
}

function header(response: Response, name: string): string | undefined {
  const value = response.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}
