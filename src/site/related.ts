// Index: related posts — for one post, the public posts that share the most with it, a rare tag
// counting more than a common one — found through the site's tag and category groups.
import type { Post } from '../content/post.js';
import { slugify } from '../content/slugify.js';
import type { Site } from './build-site.js';
import { comparePosts } from './order.js';
import type { Term } from './taxonomy.js';

/**
 * How many posts on each side of a post, in the site's order, a tag's or category's list is looked
 * through: a tag on 5,000 posts costs each of them no more than a tag on forty. The posts
 * nearest in time stand for the rest of a crowded term; a post that shares a rarer one with it is
 * found through that one's list.
 */
export const RELATED_REACH = 20;

/** What one version of the site has worked out: related posts by post, and scratch space. */
interface Computed {
  readonly related: Map<Post, readonly Post[]>;
  /** By position in the site's posts: the search that last looked at the post. */
  readonly seen: Uint32Array;
  searches: number;
  /** By term: the position in the site's posts of each of its posts, worked out once. */
  readonly positions: Map<Term, Int32Array>;
  /** A number for each term met, to mark terms in arrays rather than compare their names. */
  readonly numbers: Map<Term, number>;
  /**
   * By position in the site's posts: the numbers of the terms the post has as `score` reads them
   * (its category, and each tag, spelt as the term's name), once worked out.
   */
  readonly held: (Int32Array | undefined)[];
  /** By term number: the places in the searched post's terms where it stands, as bits. */
  readonly places: Int32Array;
}

// Each site version computes a post's related posts once, on the first page that shows them: a
// server answering one page of 10,000 posts works out only that page's.
const computedBySite = new WeakMap<Site, Computed>();

/** Up to `relatedPosts` of the config public posts related to `post`, the most related first. */
export function relatedPosts(site: Site, post: Post): readonly Post[] {
  const limit = site.config.relatedPosts;
  if (limit === 0 || !site.positionOf.has(post)) return [];
  const computed = computedFor(site);
  let related = computed.related.get(post);
  if (!related) computed.related.set(post, (related = findRelated(site, computed, post, limit)));
  return related;
}

function computedFor(site: Site): Computed {
  let computed = computedBySite.get(site);
  if (!computed) {
    computed = {
      related: new Map(),
      seen: new Uint32Array(site.posts.length),
      searches: 0,
      positions: new Map(),
      numbers: new Map(),
      held: [],
      // Every term of the site has a number below their count.
      places: new Int32Array(site.categoryBySlug.size + site.tagBySlug.size),
    };
    computedBySite.set(site, computed);
  }
  return computed;
}

/**
 * Everything `relatedPosts` reads of `site`, as one text: the limit, each public post's date,
 * slug, category and tags in the site's order, and each term's name and the places of its posts.
 * Two sites that give the same text have the same related posts, so that a build can take them
 * from a table the last build kept (`relatedTable`) rather than work them out again.
 */
export function relatedInputs(site: Site): string {
  const lines = [String(site.config.relatedPosts)];
  for (const post of site.posts) {
    lines.push(JSON.stringify([post.date, post.slug, post.category ?? null, post.tags]));
  }
  for (const terms of [site.categoryBySlug, site.tagBySlug]) {
    for (const [slug, term] of terms) {
      const places = term.posts.map((post) => site.positionOf.get(post) ?? -1);
      lines.push(JSON.stringify([term.kind, slug, term.name, places]));
    }
  }
  return lines.join('\n');
}

/**
 * Each public post's related posts, as places in the site's posts, by the post's own place —
 * undefined until every one of them has been worked out (a server, or a share of an export,
 * works out those of the pages it renders), and for a site that shows none.
 */
export function relatedTable(site: Site): number[][] | undefined {
  const related = computedBySite.get(site)?.related;
  if (site.config.relatedPosts === 0 || related?.size !== site.posts.length) return undefined;
  return site.posts.map((post) =>
    (related.get(post) ?? []).map((other) => site.positionOf.get(other) ?? -1),
  );
}

/**
 * Takes `table`, what `relatedTable` gave for a site with the same `relatedInputs`, as the related
 * posts of `site`; answers whether it did. A table that does not fit the site (read from a file,
 * it may hold anything) is not taken.
 */
export function rememberRelated(site: Site, table: readonly unknown[]): boolean {
  const { posts } = site;
  const limit = site.config.relatedPosts;
  if (limit === 0 || table.length !== posts.length) return false;
  const lists: Post[][] = [];
  for (const places of table) {
    if (!Array.isArray(places) || places.length > limit) return false;
    const list: Post[] = [];
    for (const place of places as readonly unknown[]) {
      const other = typeof place === 'number' ? posts[place] : undefined;
      if (other === undefined) return false;
      list.push(other);
    }
    lists.push(list);
  }
  const { related } = computedFor(site);
  posts.forEach((post, place) => related.set(post, lists[place] as Post[]));
  return true;
}

/**
 * The weight of sharing a term of `count` posts: 1 for a term of two posts (the fewest a shared
 * term has), half of that for four, less the more posts it has but never 0 — sharing even a tag
 * on every post says more than sharing nothing.
 */
export function termWeight(count: number): number {
  return 1 / Math.log2(Math.max(count, 2));
}

/** A candidate and how related it is. */
interface Scored {
  readonly post: Post;
  readonly score: number;
}

/**
 * How related `other` is: the weights of `post`'s terms it has too — its category, if the same,
 * and each shared tag — added in `post`'s order of terms, so that equal sets of shared terms score
 * exactly equal.
 */
function score(other: Post, terms: readonly Term[], weights: readonly number[]): number {
  let total = 0;
  for (let i = 0; i < terms.length; i++) {
    const term = terms[i] as Term;
    const shared =
      term.kind === 'category' ? other.category === term.name : other.tags.includes(term.name);
    if (shared) total += weights[i] ?? 0;
  }
  return total;
}

/**
 * `score`, from the numbers of the terms `other` holds and the places of the searched post's
 * terms (`Computed.places`): the same weights added in the same order, without a comparison of
 * names.
 */
function scoreHeld(held: Int32Array, places: Int32Array, weights: readonly number[]): number {
  let shared = 0;
  for (let i = 0; i < held.length; i++) shared |= places[held[i] ?? 0] ?? 0;
  let total = 0;
  for (let i = 0; shared !== 0; i++, shared >>>= 1) {
    if ((shared & 1) !== 0) total += weights[i] ?? 0;
  }
  return total;
}

/** The number `computed` gives `term`, given on first asking. */
function numberOf(computed: Computed, term: Term): number {
  let number = computed.numbers.get(term);
  if (number === undefined) {
    number = computed.numbers.size;
    computed.numbers.set(term, number);
  }
  return number;
}

/**
 * The numbers of the terms the post at `position` holds as `score` tells them: its category's
 * term if named as the post names it, and the term of each tag so named.
 */
function heldBy(site: Site, computed: Computed, post: Post, position: number): Int32Array {
  let held = computed.held[position];
  if (held) return held;
  const numbers: number[] = [];
  const category =
    post.category === undefined ? undefined : site.categoryBySlug.get(slugify(post.category));
  if (category && category.name === post.category) numbers.push(numberOf(computed, category));
  for (const tag of post.tags) {
    const term = site.tagBySlug.get(slugify(tag));
    if (term && term.name === tag) numbers.push(numberOf(computed, term));
  }
  held = Int32Array.from(numbers);
  computed.held[position] = held;
  return held;
}

/** Whether `a` shows before `b`: a higher score, then the site's order (newer first, then slug). */
function ranksBefore(a: Scored, b: Scored): boolean {
  return a.score !== b.score ? a.score > b.score : comparePosts(a.post, b.post) < 0;
}

/** Puts `entry` into `best`, the `limit` best so far in order, where it ranks among them. */
function keepBest(best: Scored[], entry: Scored, limit: number): void {
  const last = best[limit - 1];
  if (last !== undefined && !ranksBefore(entry, last)) return;
  let i = Math.min(best.length, limit - 1);
  for (; i > 0 && ranksBefore(entry, best[i - 1] as Scored); i--) best[i] = best[i - 1] as Scored;
  best[i] = entry;
}

/**
 * The `limit` posts that share the most with `post`, among those within reach of it in the lists
 * of its category and tags; each candidate is scored once, and only the best are kept in order.
 */
function findRelated(site: Site, computed: Computed, post: Post, limit: number): Post[] {
  const terms = [
    ...(post.category === undefined ? [] : [site.categoryBySlug.get(slugify(post.category))]),
    ...post.tags.map((name) => site.tagBySlug.get(slugify(name))),
  ].filter((term): term is Term => term !== undefined);
  const weights = terms.map((term) => termWeight(term.posts.length));
  // Each of the post's terms marks its places among them, as bits: a post of more terms than
  // bits is scored by comparing names.
  const byBits = terms.length <= 31;
  const { places } = computed;
  const numbers = byBits ? terms.map((term) => numberOf(computed, term)) : [];
  numbers.forEach((number, i) => (places[number] = (places[number] ?? 0) | (1 << i)));
  // Marks each post looked at with this search's number, rather than collecting them in a set.
  const mark = ++computed.searches;
  const { seen } = computed;
  seen[site.positionOf.get(post) ?? 0] = mark;
  const best: Scored[] = [];
  for (const term of terms) {
    const [from, to] = reach(term.posts, post);
    const positions = positionsOf(site, computed, term);
    for (let i = from; i < to; i++) {
      const other = term.posts[i] as Post;
      const position = positions[i] ?? 0;
      if (seen[position] === mark) continue;
      seen[position] = mark;
      const value = byBits
        ? scoreHeld(heldBy(site, computed, other, position), places, weights)
        : score(other, terms, weights);
      if (value > 0) keepBest(best, { post: other, score: value }, limit);
    }
  }
  for (const number of numbers) places[number] = 0;
  return best.map((entry) => entry.post);
}

/** The positions in the site's posts of the posts of `term`, in the order of its list. */
function positionsOf(site: Site, computed: Computed, term: Term): Int32Array {
  let positions = computed.positions.get(term);
  if (!positions) {
    positions = Int32Array.from(term.posts, (post) => site.positionOf.get(post) ?? 0);
    computed.positions.set(term, positions);
  }
  return positions;
}

/** The range of `posts` (in the site's order) within `RELATED_REACH` of `post`, as [from, to). */
function reach(posts: readonly Post[], post: Post): [number, number] {
  if (posts.length <= 2 * RELATED_REACH + 1) return [0, posts.length];
  let low = 0;
  let high = posts.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (comparePosts(posts[middle] as Post, post) < 0) low = middle + 1;
    else high = middle;
  }
  return [Math.max(0, low - RELATED_REACH), Math.min(posts.length, low + RELATED_REACH + 1)];
}
