// Test support: starts the real server on an ephemeral port for a fixture site folder.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import * as cheerio from 'cheerio';
import { App } from '../../src/delivery/app/app.js';
import { startServer, type RunningServer } from '../../src/delivery/server/start-server.js';
import { staticFolder } from '../../src/delivery/server/static-folder.js';
import { SiteSession } from '../../src/delivery/site-session.js';
import type { StaticFiles } from '../../src/delivery/app/http.js';
import type { LiveReload } from '../../src/delivery/server/live-reload.js';
import { ImageStore } from '../../src/load/image-store.js';

export const FIXTURES = fileURLToPath(new URL('../fixtures/sites/', import.meta.url));
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface ServedFixture {
  readonly app: App;
  readonly session: SiteSession;
  readonly server: RunningServer;
  /** Fetches a path of the running server without following redirects. */
  get(path: string, init?: RequestInit): Promise<Response>;
}

export async function serveSite(
  siteDir: string,
  options: {
    now?: () => number;
    showDrafts?: boolean;
    headersTimeout?: number;
    sendTimeout?: number;
    /** On a watching server: the event stream that makes open pages reload. */
    liveReload?: LiveReload;
    /** Instead of the site's static/ folder. */
    staticFiles?: StaticFiles;
    /** Where the server reports failures; by default standard error. */
    logError?: (message: string) => void;
    /** The store that makes image variants as they are asked for; without it, none are served. */
    images?: ImageStore;
  } = {},
): Promise<ServedFixture> {
  const { headersTimeout, sendTimeout, liveReload, staticFiles, logError, ...sessionOptions } =
    options;
  // As `folio serve` does: the pages name variants, and the server makes them.
  const images = options.images ?? new ImageStore(siteDir, { concurrency: 1 });
  const { session, load } = await SiteSession.open(siteDir, { ...sessionOptions, images });
  if (!session)
    throw new Error(`fixture ${siteDir} is invalid: ${JSON.stringify(load.diagnostics)}`);
  const app = new App({
    session,
    staticFiles: staticFiles ?? staticFolder(join(siteDir, 'static'), images),
  });
  const server = await startServer({
    app,
    port: 0,
    host: '127.0.0.1',
    ...(headersTimeout === undefined ? {} : { headersTimeout }),
    ...(sendTimeout === undefined ? {} : { sendTimeout }),
    ...(liveReload === undefined ? {} : { liveReload }),
    ...(logError === undefined ? {} : { logError }),
  });
  return {
    app,
    session,
    server,
    get: (path, init = {}) => fetch(`${server.url}${path}`, { redirect: 'manual', ...init }),
  };
}

/** A fixture site served to the tests of one file. */
export interface ServedPages {
  /** Fetches a path of the running server without following redirects. */
  readonly get: (path: string, init?: RequestInit) => Promise<Response>;
  /** The page at `path`, which must answer 200, parsed. */
  readonly page: (path: string) => Promise<cheerio.CheerioAPI>;
}

/** Serves `siteDir` from before the first test of the file to after the last. */
export function servedForTests(
  siteDir: string,
  options: Parameters<typeof serveSite>[1] = {},
): ServedPages {
  let site: ServedFixture | undefined;
  before(async () => {
    site = await serveSite(siteDir, options);
  });
  after(async () => {
    await site?.server.close();
  });
  const get = (path: string, init?: RequestInit): Promise<Response> => {
    if (!site) throw new Error('the site is served from before the first test');
    return site.get(path, init);
  };
  return {
    get,
    page: (path) => htmlPage({ get }, path),
  };
}

/** The HTML page at `path` of a served fixture, which must answer 200, ready to query. */
export async function htmlPage(
  served: Pick<ServedFixture, 'get'>,
  path: string,
): Promise<cheerio.CheerioAPI> {
  const response = await served.get(path);
  assert.equal(response.status, 200, path);
  return cheerio.load(await response.text());
}
