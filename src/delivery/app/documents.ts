// Deliver: the documents of one version of the site as a static export writes them — rendered by
// the core the server answers from, so the export holds the bytes the server sends, but each
// rendered when asked for and never kept, so that memory does not grow with the site.
import { exportFileOf, pathKey } from '../../urls/url-paths.js';
import { basePathOf, linkTo } from '../../urls/base-path.js';
import type { Redirect, Site } from '../../site/build-site.js';
import { resolveExported } from '../../site/routes.js';
import { NO_OVERLAY } from '../../views/context.js';
import { redirectPage } from '../../views/redirect-page.js';
import { generatedPaths, renderMissing, renderPage } from './core.js';
import { themeAssets, type ThemeAsset } from '../../views/theme/assets.js';
import type { SiteView } from './site-state.js';
import type { BodyFeature } from '../../content/post.js';
import { packagedFiles } from '../../load/packaged-assets.js';
import { ASSET_FOLDER } from '../../urls/hashed-path.js';

/**
 * The old paths to leave a redirect page at. One whose file differs only in case from a page's is
 * left to the redirects file: on a disk that ignores case, its page would replace the real one.
 */
function redirectPagePaths(site: Site, generated: readonly string[]): string[] {
  const taken = new Set(generated.map((path) => fileKey(path)));
  const paths: string[] = [];
  for (const { from } of site.redirects.values()) {
    const key = fileKey(from);
    if (taken.has(key)) continue;
    taken.add(key);
    paths.push(from);
  }
  return paths;
}

/** The file a path is written to, as a disk that ignores case tells files apart. */
function fileKey(path: string): string {
  return exportFileOf(path).toLowerCase();
}

export class SiteDocuments {
  readonly #view: SiteView;
  readonly #assets: ReadonlyMap<string, ThemeAsset>;
  // What the pages rendered so far use: their packaged files are written with them.
  readonly #used = new Set<BodyFeature>();

  constructor(view: Omit<SiteView, 'overlay'> & Partial<Pick<SiteView, 'overlay'>>) {
    this.#view = { overlay: NO_OVERLAY, ...view };
    this.#assets = new Map(themeAssets(view.site).map((asset) => [asset.path, asset]));
  }

  get site(): Site {
    return this.#view.site;
  }

  /**
   * Every path the site answers with a document it generates — pages, feeds, sitemap, robots.txt
   * and the theme's files — in a stable order.
   */
  paths(): string[] {
    const paths = generatedPaths(this.#view.site);
    return [...paths, ...redirectPagePaths(this.#view.site, paths)];
  }

  /**
   * The packaged files (KaTeX's, Mermaid) that the pages rendered so far link: an export writes
   * these once its pages are written, and no others.
   */
  packagedPaths(): string[] {
    return packagedFiles(this.#used).map(({ path }) => path);
  }

  /**
   * Every old path that redirects, and where to, as URLs of the host — under the site's base
   * path: what a redirects file of a host lists.
   */
  redirects(): Redirect[] {
    const base = basePathOf(this.#view.site.config.url);
    return [...this.#view.site.redirects.values()].map(({ from, to }) => ({
      from: linkTo(base, from),
      to: linkTo(base, to),
    }));
  }

  /**
   * The bytes a GET of `path` is answered with, uncompressed, or undefined when `path` is not a
   * generated document.
   */
  body(path: string): Buffer | undefined {
    return this.render(path)?.body;
  }

  /** As `body`, with what the page's bodies use that it loads packaged files for. */
  render(path: string): { body: Buffer; features: readonly BodyFeature[] } | undefined {
    const asset = this.#assets.get(path);
    if (asset) return { body: Buffer.from(asset.body, 'utf8'), features: [] };
    // KaTeX's and Mermaid's files are read only once a page rendered here links them.
    if (path.startsWith(ASSET_FOLDER)) {
      const packaged = packagedFiles(this.#used).find((file) => file.path === path);
      if (packaged) return { body: packaged.body, features: [] };
    }
    const resolution = resolveExported(this.#view.site, path);
    // Only an old path gets a page: `/x` redirecting to `/x/` is the server's alone.
    if (resolution.type === 'redirect' && this.#view.site.redirects.has(pathKey(path) ?? path)) {
      const page = redirectPage(this.#view.site, resolution.location);
      return { body: Buffer.from(page, 'utf8'), features: [] };
    }
    if (resolution.type !== 'page') return undefined;
    const rendered = renderPage(this.#view, resolution.route);
    const features = rendered.features ?? [];
    this.use(features);
    return { body: Buffer.from(rendered.body, 'utf8'), features };
  }

  /** Counts `features` as used by a page written: one kept from the last build, say. */
  use(features: readonly BodyFeature[]): void {
    for (const feature of features) this.#used.add(feature);
  }

  /** The body of the 404 page, exactly as the server sends it. */
  notFoundBody(): Buffer {
    return Buffer.from(renderMissing(this.#view).body, 'utf8');
  }
}
