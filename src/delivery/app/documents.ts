// Deliver: the documents of one version of the site as a static export writes them — rendered by
// the core the server answers from, so the export holds the bytes the server sends, but each
// rendered when asked for and never kept, so that memory does not grow with the site.
import type { Site } from '../../site/build-site.js';
import { resolvePath } from '../../site/routes.js';
import { NO_OVERLAY } from '../../views/context.js';
import { themeAssets, type ThemeAsset } from '../../views/theme/assets.js';
import { generatedPaths, renderMissing, renderPage } from './core.js';
import type { SiteView } from './site-state.js';

export class SiteDocuments {
  readonly #view: SiteView;
  readonly #assets: ReadonlyMap<string, ThemeAsset>;

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
    return generatedPaths(this.#view.site);
  }

  /**
   * The bytes a GET of `path` is answered with, uncompressed, or undefined when `path` is not a
   * generated document.
   */
  body(path: string): Buffer | undefined {
    const asset = this.#assets.get(path);
    if (asset) return Buffer.from(asset.body, 'utf8');
    const resolution = resolvePath(this.#view.site, path);
    if (resolution.type !== 'page') return undefined;
    return Buffer.from(renderPage(this.#view, resolution.route).body, 'utf8');
  }

  /** The body of the 404 page, exactly as the server sends it. */
  notFoundBody(): Buffer {
    return Buffer.from(renderMissing(this.#view).body, 'utf8');
  }
}
