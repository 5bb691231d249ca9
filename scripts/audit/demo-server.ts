// The bundled demo blog served in-process by the real server, and what the audit reads from it.
import { request } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as cheerio from 'cheerio';
import { App } from '../../src/delivery/app/app.js';
import { SiteSession } from '../../src/delivery/site-session.js';
import { startServer, type RunningServer } from '../../src/delivery/server/start-server.js';
import { staticFolder } from '../../src/delivery/server/static-folder.js';
import { ImageStore } from '../../src/load/image-store.js';

const DEMO = fileURLToPath(new URL('../../demo/', import.meta.url));

/** Starts the demo blog on an ephemeral port of 127.0.0.1. */
export async function serveDemo(): Promise<RunningServer> {
  // As `folio serve` does: pages name image variants, which the server makes when asked.
  const images = new ImageStore(DEMO, { concurrency: 1 });
  const { session, load } = await SiteSession.open(DEMO, { images });
  if (!session) {
    const problems = load.diagnostics.map((diagnostic) => JSON.stringify(diagnostic)).join('\n');
    throw new Error(`the demo blog does not load:\n${problems}`);
  }
  const app = new App({ session, staticFiles: staticFolder(join(DEMO, 'static'), images) });
  return startServer({ app, port: 0, host: '127.0.0.1' });
}

/** The path of the first entry's post on a listing page. */
export async function firstPostPath(listingUrl: string): Promise<string> {
  const response = await fetch(listingUrl);
  if (!response.ok) throw new Error(`${listingUrl} answered ${response.status}`);
  const $ = cheerio.load(await response.text());
  const href = $('main article').first().find('a[href^="/posts/"]').first().attr('href');
  if (!href) throw new Error(`no link to a post in the first entry of ${listingUrl}`);
  return href;
}

/** The bytes of a response body as sent on the wire, with the given `Accept-Encoding`. */
export function transferredBody(url: string, encoding: 'br' | 'gzip'): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': encoding } }, (res) => {
      let size = 0;
      res.on('data', (chunk: Buffer) => (size += chunk.length));
      res.on('error', reject);
      res.on('end', () => {
        const sent = res.headers['content-encoding'];
        if (res.statusCode !== 200) reject(new Error(`${url} answered ${res.statusCode}`));
        else if (sent !== encoding) {
          reject(new Error(`${url} answered Accept-Encoding: ${encoding} with ${sent ?? 'none'}`));
        } else resolve(size);
      });
    });
    req.on('error', reject);
    req.end();
  });
}
