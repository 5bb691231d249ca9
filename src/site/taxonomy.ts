// Index: categories and tags, each with its slug and its posts in listing order.
import type { SiteConfig } from '../config/schema.js';
import type { Post } from '../content/post.js';
import { slugify } from '../content/slugify.js';

export type TaxonomyKind = 'category' | 'tag';

/** A category or a tag, and the posts filed under it, newest first. */
export interface Term {
  readonly kind: TaxonomyKind;
  readonly name: string;
  readonly slug: string;
  /** The title shown on its page: a category's localized title, else its name. */
  readonly title: string;
  readonly posts: readonly Post[];
}

export function termNames(post: Post, kind: TaxonomyKind): readonly string[] {
  if (kind === 'tag') return post.tags;
  return post.category === undefined ? [] : [post.category];
}

/** Groups ordered posts by category or tag; each group keeps the posts' order. */
export function groupTerms(posts: readonly Post[], kind: TaxonomyKind, config: SiteConfig): Term[] {
  const groups = new Map<string, Post[]>();
  for (const post of posts) {
    for (const name of termNames(post, kind)) {
      const group = groups.get(name);
      if (group) group.push(post);
      else groups.set(name, [post]);
    }
  }
  const terms = [...groups].map(([name, termPosts]): Term => ({
    kind,
    name,
    slug: slugify(name),
    title: (kind === 'category' ? config.categories[name]?.title : undefined) ?? name,
    posts: termPosts,
  }));
  return terms.sort(kind === 'category' ? byConfigOrder(config) : byName);
}

function byName(a: Term, b: Term): number {
  return a.name.localeCompare(b.name, 'en');
}

// Categories listed in the config come first, in the author's order.
function byConfigOrder(config: SiteConfig): (a: Term, b: Term) => number {
  const configured = Object.keys(config.categories);
  const rank = (term: Term): number => {
    const index = configured.indexOf(term.name);
    return index === -1 ? configured.length : index;
  };
  return (a, b) => rank(a) - rank(b) || byName(a, b);
}
