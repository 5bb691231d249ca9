// Index: the paths of Folio's listing pages and of the feeds of categories and tags that a set
// of posts gives, each with what it is — for the checks that nothing else claims them.
import type { SiteConfig } from '../config/schema.js';
import type { Post } from '../content/post.js';
import { slugify } from '../content/slugify.js';
import { pageCount } from './paginate.js';
import { termNames, type TaxonomyKind } from './taxonomy.js';

/**
 * `/page/N/` from 2 on, every category's and tag's page and feed, every series' page, counting every
 * post given (drafts and scheduled ones too, so that publishing one can never reveal a clash);
 * each term is described by the first post that names it.
 */
export function listingPaths(config: SiteConfig, posts: readonly Post[]): Map<string, string> {
  const paths = new Map<string, string>();
  const published = posts.filter((post) => !post.draft).length;
  for (let page = 2; page <= pageCount(published, config.pageSize); page++) {
    paths.set(`/page/${page}/`, `page ${page} of the featured listing (/page/${page}/)`);
  }
  const terms = (kind: TaxonomyKind, section: string, withFeed: boolean): void => {
    for (const post of posts) {
      for (const name of termNames(post, kind)) {
        const base = `/${section}/${slugify(name)}/`;
        if (paths.has(base)) continue;
        const which = `the ${kind} "${name}" (of ${post.file})`;
        paths.set(base, `the page of ${which}`);
        if (withFeed) paths.set(`${base}feed.xml`, `the feed of ${which}`);
      }
    }
  };
  terms('category', 'categories', true);
  terms('tag', 'tags', true);
  for (const post of posts) {
    if (post.series === undefined) continue;
    const path = `/series/${slugify(post.series.name)}/`;
    if (!paths.has(path)) {
      paths.set(path, `the page of the series "${post.series.name}" (of ${post.file})`);
    }
  }
  return paths;
}
