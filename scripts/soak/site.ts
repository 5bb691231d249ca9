// The site the soak serves: a generated corpus, the URLs it answers with the status each must
// have, and the mix in which the load asks for them.
import { decoded, get } from '../../bench/lib/http.js';
import type { Target } from './load.js';

/** Share of requests per kind of URL, in percent. */
const MIX: Readonly<Record<string, number>> = {
  listing: 20,
  post: 33,
  tag: 12,
  category: 8,
  feed: 5,
  static: 12,
  'not found': 5,
  // The pages that show the post being edited, checked for one version each.
  edited: 5,
};

export interface SiteTargets {
  readonly byKind: ReadonlyMap<string, readonly Target[]>;
  /** Every URL once, to render and cache every page before memory is measured. */
  readonly all: readonly Target[];
  /** The newest post, shown on `/`: the one the soak edits. */
  readonly editedSlug: string;
  readonly next: () => Target;
}

/** Finds every URL of the served site from its sitemap and its first page. */
export async function discoverTargets(origin: string): Promise<SiteTargets> {
  const home = decoded(await get(`${origin}/`));
  const sitemap = decoded(await get(`${origin}/sitemap.xml`));
  const stylesheet = /<link rel="stylesheet" href="([^"]+)"/.exec(home)?.[1];
  const avatar = /<img class="avatar" src="([^"]+)"/.exec(home)?.[1];
  const editedSlug = /<h2 class="entry-title"><a href="\/posts\/([^/"]+)\/"/.exec(home)?.[1];
  if (!stylesheet || !avatar || !editedSlug) throw new Error(`${origin}/ is not a listing page`);
  const paths = [...sitemap.matchAll(/<loc>[^<]*?:\/\/[^/<]+(\/[^<]*)<\/loc>/g)].map(
    (match) => match[1] as string,
  );
  const byKind = new Map<string, Target[]>();
  const add = (kind: string, path: string, status = 200, identity = false): void => {
    const list = byKind.get(kind) ?? [];
    list.push({ kind, path, status, identity });
    byKind.set(kind, list);
  };
  for (const path of paths) {
    if (path === '/' || path.startsWith('/page/')) add('listing', path);
    else if (path.startsWith('/posts/')) add('post', path);
    else if (path.startsWith('/tags/')) add('tag', path);
    else if (path.startsWith('/categories/')) add('category', path);
  }
  add('feed', '/feed.xml');
  add('static', stylesheet);
  add('static', avatar);
  add('not found', '/no-such-page/', 404);
  add('not found', '/posts/no-such-post/', 404);

  const page = decoded(await get(`${origin}/posts/${editedSlug}/`));
  const post = page.slice(page.indexOf('<article'), page.indexOf('</article>'));
  const listings = [...post.matchAll(/href="(\/(?:categories|tags)\/[^"]+\/)"/g)].map(
    (match) => match[1] as string,
  );
  for (const path of new Set(['/', `/posts/${editedSlug}/`, '/feed.xml', ...listings])) {
    add('edited', path, 200, true);
  }
  for (const kind of Object.keys(MIX)) {
    if (!byKind.get(kind)?.length) throw new Error(`the site has no ${kind} URL`);
  }

  const schedule = Object.entries(MIX).flatMap(([kind, share]) =>
    Array.from({ length: share }, () => byKind.get(kind) as Target[]),
  );
  const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
  return {
    byKind,
    all: [...byKind.values()].flat(),
    editedSlug,
    next: () => pick(pick(schedule)),
  };
}
