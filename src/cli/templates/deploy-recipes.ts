// CLI: the files of each deploy recipe — a GitHub Pages workflow, netlify.toml, Cloudflare Pages'
// _headers, an nginx site for the export, and a systemd unit for `folio serve` behind nginx.
import { IMMUTABLE, REVALIDATE, STATIC_FILE } from '../../delivery/app/cache-lifetimes.js';
import { securityHeaders } from '../../delivery/app/security-headers.js';
import { toPosix } from '../../delivery/static/document-writer.js';
import { SITE_CACHE_DIR } from '../../load/site-cache.js';
import type { DeployTarget } from './deploy-targets.js';

/** What a recipe is made for: where the site is published. */
export interface DeploySite {
  /** The host name of the config's `url`, e.g. `blog.example.com`. */
  readonly host: string;
  /** The path of the config's `url` (`/blog`), as a server's files name it; `''` at the root. */
  readonly base: string;
}

export interface DeployRecipe {
  /** Path in the site folder → text. */
  readonly files: readonly (readonly [string, string])[];
  /** What the author does next, one step a line. */
  readonly next: readonly string[];
}

export const WORKFLOW_FILE = '.github/workflows/deploy.yml';
/** The folder a hosted build writes and publishes. */
export const PUBLISH_DIR = 'dist';
/**
 * Where a hosted build gets Folio, until the author names its Git repository: a build that still
 * finds this stops with a message saying what to set.
 */
export const FOLIO_REPOSITORY_PLACEHOLDER = 'https://github.com/OWNER/folio.git';
const FOLIO_REF = 'main';
/** Where `folio serve` listens behind nginx. */
const PROXY_PORT = 4000;
/** `folio serve` lets requests finish for 8 s after SIGTERM; systemd waits a little longer. */
const STOP_TIMEOUT_S = 10;

/**
 * Folio installed as its README says — a clone of its repository, then `npm install` and a global
 * install of the checkout — into `folder`; stops at once when the repository was never named.
 */
function installFolio(folder: string): string {
  return [
    `if [ "$FOLIO_REPOSITORY" = "${FOLIO_REPOSITORY_PLACEHOLDER}" ]; then echo "Set FOLIO_REPOSITORY to the Git repository Folio is installed from." >&2; exit 1; fi`,
    `git clone --depth 1 --branch "$FOLIO_REF" "$FOLIO_REPOSITORY" "${folder}"`,
    `cd "${folder}" && npm install --no-audit --no-fund && npm install -g --install-links .`,
  ].join('\n');
}

const BUILD = `folio build --out ${PUBLISH_DIR}`;
/** The site's cache as a workflow names it, whatever the system this file is written on. */
const CACHE_DIR = toPosix(SITE_CACHE_DIR);

export function githubPagesWorkflow(): string {
  const install = installFolio('$RUNNER_TEMP/folio').replace(/^/gm, '          ');
  return `# Builds the site with Folio and publishes it on GitHub Pages at every push to main.
# Once, in the repository's Settings > Pages, set Source to "GitHub Actions".
# url in folio.config.yaml is the address Pages gives: https://USER.github.io/ for a repository
# named USER.github.io, https://USER.github.io/REPOSITORY/ for any other (docs/deploy.md of Folio).
name: Deploy to GitHub Pages

on:
  push:
    branches: [main]
  workflow_dispatch:

permissions:
  contents: read
  pages: write
  id-token: write

# One deployment at a time; a newer push waits for the one under way instead of cutting it off.
concurrency:
  group: pages
  cancel-in-progress: false

env:
  # Folio is installed from its Git repository, as its README says: name the repository, and
  # the branch or tag to build with (a tag keeps every build on the same version).
  FOLIO_REPOSITORY: ${FOLIO_REPOSITORY_PLACEHOLDER}
  FOLIO_REF: ${FOLIO_REF}

jobs:
  build:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: 20
      - name: Install Folio
        run: |
${install}
      - uses: actions/configure-pages@v5
      # The bodies a build rendered and the search it indexed, kept from one run to the next: a
      # runner starts from a fresh clone, and without them every build renders every post anew.
      # Each run saves its own and the next restores the newest; Folio takes an entry only for the
      # very text, settings and version of Folio it was made from.
      - uses: actions/cache@v4
        with:
          path: ${CACHE_DIR}
          key: folio-\${{ runner.os }}-\${{ github.sha }}
          restore-keys: folio-\${{ runner.os }}-
      - name: Build the site
        run: ${BUILD}
      - uses: actions/upload-pages-artifact@v4
        with:
          path: ${PUBLISH_DIR}

  deploy:
    needs: build
    runs-on: ubuntu-latest
    environment:
      name: github-pages
      url: \${{ steps.deployment.outputs.page_url }}
    steps:
      - id: deployment
        uses: actions/deploy-pages@v4
`;
}

/** `Content-Type` → `Content-Type`, `x-content-type-options` → `X-Content-Type-Options`. */
function headerName(name: string): string {
  return name.replace(
    /(^|-)([a-z])/g,
    (_, dash: string, letter: string) => dash + letter.toUpperCase(),
  );
}

// The directives of Folio's policy that hold for every page whatever scripts it carries.
const PAGE_INDEPENDENT = new Set(['frame-ancestors', 'object-src', 'base-uri', 'form-action']);

/**
 * The headers a static host sends with every file: Folio's own, but for the policy's script and
 * fetch rules. `folio serve` allows each page exactly its own scripts, by hash; one header for
 * every path of an export cannot, and a stricter one would stop search, the copy buttons and
 * diagrams.
 */
export function staticHostHeaders(): (readonly [string, string])[] {
  return Object.entries(securityHeaders(false)).map(([name, value]) => {
    if (name !== 'content-security-policy') return [headerName(name), value] as const;
    const kept = value
      .split(/;\s*/)
      .filter((directive) => PAGE_INDEPENDENT.has(directive.split(' ')[0] ?? ''));
    return [headerName(name), kept.join('; ')] as const;
  });
}

function netlifyToml(): string {
  const install = installFolio('/tmp/folio').replaceAll('\n', ' && ').replace(/"/g, '\\"');
  const headers = staticHostHeaders()
    .map(([name, value]) => `    ${name} = ${JSON.stringify(value)}`)
    .join('\n');
  return `# Netlify builds the site with Folio at every push and publishes ${PUBLISH_DIR}/.
# It reads the _redirects file folio build writes for aliases, and 404.html for missing pages.
[build]
  command = "(${install}) && ${BUILD}"
  publish = "${PUBLISH_DIR}"

[build.environment]
  NODE_VERSION = "20"
  # Folio is installed from its Git repository, as its README says: name the repository, and
  # the branch or tag to build with.
  FOLIO_REPOSITORY = "${FOLIO_REPOSITORY_PLACEHOLDER}"
  FOLIO_REF = "${FOLIO_REF}"

# Theme files, fonts and search data have a hash of their content in their names. Pages keep
# Netlify's own rule: revalidated on every visit.
[[headers]]
  for = "/assets/*"
  [headers.values]
    Cache-Control = "${IMMUTABLE}"

[[headers]]
  for = "/*"
  [headers.values]
${headers}
`;
}

function cloudflareHeaders(): string {
  const headers = staticHostHeaders()
    .map(([name, value]) => `  ${name}: ${value}`)
    .join('\n');
  return `# Cloudflare Pages reads this file at the root of the published folder: folio build copies it
# there from static/. Pages keep Cloudflare's own rule: revalidated on every visit.
# Theme files, fonts and search data have a hash of their content in their names.
/assets/*
  Cache-Control: ${IMMUTABLE}

/*
${headers}
`;
}

/** The build settings of a Cloudflare Pages project, as its dashboard asks for them. */
function cloudflareSettings(): string[] {
  const install = installFolio('/tmp/folio').replaceAll('\n', ' && ');
  return [
    'In the Cloudflare dashboard, Workers & Pages > Create > Pages > connect the repository, then:',
    `  Build command: (${install}) && ${BUILD}`,
    `  Build output directory: ${PUBLISH_DIR}`,
    '  Environment variables: NODE_VERSION = 20, FOLIO_REPOSITORY = the Git repository of Folio, FOLIO_REF = main',
  ];
}

// nginx's `map` of cache lifetimes by path; `$uri` is the file sent, after try_files.
const cacheMap = (
  base: string,
): string => `# Cache lifetimes by path: hashed theme files for a year, pages and feeds revalidated.
map $uri $folio_cache_control {
    ${`~^${base}/assets/`.padEnd(33)} "${IMMUTABLE}";
    ~(/|\\.html|\\.xml|\\.json|\\.txt)$   "${REVALIDATE}";
    default                           "${STATIC_FILE}";
}`;

function addHeaders(): string {
  return [
    '    add_header Cache-Control $folio_cache_control always;',
    ...staticHostHeaders().map(([name, value]) => `    add_header ${name} "${value}" always;`),
  ].join('\n');
}

/** Where the export is copied on the server: the site's folder under the root, at its base path. */
const exportFolder = (site: DeploySite): string => `/var/www/${site.host}${site.base}/`;

/** An nginx site that serves the export from `root`, its precompressed files included. */
function nginxStatic(site: DeploySite): string {
  const { base } = site;
  return `# Serves the output of \`folio build --precompress\` (or of a config with precompress: true) for
# ${site.host}${base}/. Copy the output to ${exportFolder(site)} (e.g.
# rsync -a --delete --exclude '.folio*' dist/ server:${exportFolder(site)}), this file to
# /etc/nginx/sites-available/${site.host}, link it from sites-enabled, then nginx -t && systemctl reload nginx.
# Add your TLS lines (listen 443 ssl; and the certificate) as usual.
${cacheMap(base)}

server {
    listen 80;
    listen [::]:80;
    server_name ${site.host};
    root /var/www/${site.host};
    charset utf-8;
    charset_types text/css text/plain text/xml image/svg+xml application/xml application/rss+xml
                  application/atom+xml application/json application/feed+json;

    # Send the .gz file folio build --precompress wrote beside each text file of 1 KB or more;
    # smaller files go as they are.
    gzip_static on;
    gzip_vary on;
    # Debian's nginx has no brotli module of its own: with libnginx-mod-http-brotli-static
    # installed (Debian 12 and later), the .br files are sent too.
    # brotli_static on;

${addHeaders()}

    # /posts/x/ is posts/x/index.html. Feeds and the sitemap get the types folio serve sends.
    location / {
        try_files $uri $uri/index.html =404;
    }
    location ~ /feed\\.xml$ {
        types { application/rss+xml xml; }
        try_files $uri =404;
    }
    location = ${base}/atom.xml {
        types { application/atom+xml xml; }
    }
    location = ${base}/feed.json {
        types { application/feed+json json; }
    }
    location = ${base}/sitemap.xml {
        types { application/xml xml; }
    }
${
  base
    ? `    # The site lives under ${base}/: the host's root leads there.
    location = / {
        return 301 ${base}/;
    }
`
    : ''
}    error_page 404 ${base}/404.html;
}
`;
}

/** The server's folder of the site, where `folio serve` reads it. */
const serverFolder = (site: DeploySite): string => `/srv/${site.host}`;

function systemdUnit(site: DeploySite): string {
  const folder = serverFolder(site);
  return `# Runs \`folio serve\` for ${site.host} on 127.0.0.1:${PROXY_PORT}, behind nginx (nginx-proxy.conf).
# Once, as root:
#   useradd --system --home-dir ${folder} --shell /usr/sbin/nologin folio
#   install -d -o folio -g folio ${folder}/.folio
#   cp folio.service /etc/systemd/system/ && systemctl daemon-reload && systemctl enable --now folio
# After each change of the site in ${folder} (git pull): systemctl restart folio
[Unit]
Description=Folio blog ${site.host}
After=network.target

[Service]
Type=simple
User=folio
Group=folio
WorkingDirectory=${folder}
# The path \`command -v folio\` prints, where npm installed Folio.
ExecStart=/usr/local/bin/folio serve ${folder} --host 127.0.0.1 --port ${PROXY_PORT}
Restart=on-failure
RestartSec=2
# folio serve finishes the requests in flight after SIGTERM, for up to 8 s.
TimeoutStopSec=${STOP_TIMEOUT_S}
Environment=NODE_ENV=production

# It reads the site and writes only the smaller versions of its images, in .folio/.
ReadWritePaths=-${folder}/.folio
NoNewPrivileges=yes
ProtectSystem=strict
ProtectHome=yes
PrivateTmp=yes
PrivateDevices=yes
ProtectKernelTunables=yes
ProtectKernelModules=yes
ProtectKernelLogs=yes
ProtectControlGroups=yes
ProtectClock=yes
ProtectHostname=yes
RestrictAddressFamilies=AF_INET AF_INET6 AF_UNIX
RestrictNamespaces=yes
RestrictRealtime=yes
RestrictSUIDSGID=yes
LockPersonality=yes
CapabilityBoundingSet=
AmbientCapabilities=
SystemCallArchitectures=native
SystemCallFilter=@system-service
UMask=0077

[Install]
WantedBy=multi-user.target
`;
}

function nginxProxy(site: DeploySite): string {
  return `# Passes every request for ${site.host} to \`folio serve\` (folio.service) on 127.0.0.1:${PROXY_PORT}.
# Copy to /etc/nginx/sites-available/${site.host}, link it from sites-enabled, add TLS, then
# nginx -t && systemctl reload nginx. folio serve compresses, sets cache lifetimes, ETags and
# its security headers itself: nginx passes them on as they are.
server {
    listen 80;
    listen [::]:80;
    server_name ${site.host};

    location / {
        proxy_pass http://127.0.0.1:${PROXY_PORT};
        proxy_http_version 1.1;
        proxy_set_header Host $host;
        proxy_set_header Connection "";
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        proxy_set_header X-Forwarded-Proto $scheme;
    }
}
`;
}

export function deployRecipe(target: DeployTarget, site: DeploySite): DeployRecipe {
  switch (target) {
    case 'github-pages':
      return {
        files: [[WORKFLOW_FILE, githubPagesWorkflow()]],
        next: [
          `Set FOLIO_REPOSITORY in ${WORKFLOW_FILE} to the Git repository of Folio.`,
          "In the repository's Settings > Pages, set Source to GitHub Actions, then push.",
        ],
      };
    case 'netlify':
      return {
        files: [['netlify.toml', netlifyToml()]],
        next: [
          'Set FOLIO_REPOSITORY in netlify.toml to the Git repository of Folio.',
          'In Netlify, Add new site > Import an existing project, and pick the repository.',
        ],
      };
    case 'cloudflare-pages':
      return { files: [['static/_headers', cloudflareHeaders()]], next: cloudflareSettings() };
    case 'nginx':
      return {
        files: [['deploy/nginx.conf', nginxStatic(site)]],
        next: [
          `Copy the output of folio build --precompress to ${exportFolder(site)} on the server,`,
          'and deploy/nginx.conf to /etc/nginx/sites-available/ (its first lines say how).',
        ],
      };
    case 'systemd':
      return {
        files: [
          ['deploy/folio.service', systemdUnit(site)],
          ['deploy/nginx-proxy.conf', nginxProxy(site)],
        ],
        next: [
          `Put the site folder at ${serverFolder(site)} on the server, with Folio installed.`,
          'Install deploy/folio.service and deploy/nginx-proxy.conf as their first lines say.',
        ],
      };
  }
}
