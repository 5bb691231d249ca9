// Render: the theme's own files — stylesheet and icon — served under content-hashed names.
import type { Site } from '../../site/build-site.js';
import { favicon } from './favicon.js';
import { stylesheetOf } from './stylesheet.js';

/** A file of the theme, cacheable forever since its name changes with its content. */
export interface ThemeAsset {
  readonly path: string;
  readonly contentType: string;
  readonly body: string;
}

export function themeAssets(site: Site): ThemeAsset[] {
  const icon = favicon(site);
  const stylesheet = stylesheetOf(site.config.theme);
  return [
    { path: stylesheet.path, contentType: 'text/css; charset=utf-8', body: stylesheet.css },
    { path: icon.path, contentType: 'image/svg+xml; charset=utf-8', body: icon.svg },
  ];
}
