// Import: where the blog published its feeds. A reader subscribed at an old feed address keeps
// the subscription only if that address still answers with a feed, so each one leads to the
// Folio feed of the same posts.
import { type HugoPathRules, hugoSectionPath, hugoSlug, namesOf } from './engines.js';
import type { EngineName } from './engine-names.js';
import { isRecord, lowerKeys, stringOf } from './foreign-document.js';
import { ATOM_PATH, FEED_PATH } from '../urls/url-paths.js';

/** The blog's categories and tags; `later` are names only ever a post's second category or more. */
export interface BlogTerms {
  readonly categories: ReadonlySet<string>;
  readonly tags: ReadonlySet<string>;
  readonly later: ReadonlySet<string>;
}

/** A feed the blog wrote from a template of its own (Jekyll's `feed.xml` with Liquid in it). */
export interface FeedTemplate {
  /** Where the blog published it. */
  readonly url: string;
  readonly format: 'rss' | 'atom';
}

/** What of the blog besides its config tells where its feeds were. */
export interface FeedSources {
  /** The npm packages of a Hexo blog's `package.json`. */
  readonly packages: ReadonlySet<string>;
  /** The Hugo sections whose posts were imported, each with a feed of its own. */
  readonly sections: readonly string[];
  /** The category the posts of each section took, where they came from several. */
  readonly sectionCategories: ReadonlyMap<string, string>;
  /** The front matter of each Hugo section of posts' list page (`posts/_index.md`). */
  readonly sectionLists?: ReadonlyMap<string, Readonly<Record<string, unknown>>> | undefined;
  /** Sections inside those, by their path (`posts/life`), and the category their list leads to. */
  readonly nestedSections: ReadonlyMap<string, string>;
  /** The path a Hugo blog's language is published under (`/en`), or ''. */
  readonly urlPrefix: string;
  /** How a Hugo blog's Hugo made its paths. */
  readonly hugoRules: HugoPathRules;
  readonly templates: readonly FeedTemplate[];
}

/** The path of a term's feed in Folio: a category's, or else a tag's. */
export type TermFeed = (kind: 'category' | 'tag', name: string) => string;

/** Each old feed address of the blog, and the path of the Folio feed it now leads to. */
export function oldFeeds(
  engine: EngineName,
  config: Readonly<Record<string, unknown>>,
  terms: BlogTerms,
  termFeed: TermFeed,
  sources: FeedSources,
): [from: string, to: string][] {
  const templates = sources.templates.map(({ url, format }): [string, string] => [
    url,
    format === 'atom' ? ATOM_PATH : FEED_PATH,
  ]);
  switch (engine) {
    case 'hugo':
      return hugoFeeds(config, terms, termFeed, sources);
    case 'hexo':
      return [...hexoFeeds(config, sources.packages), ...templates];
    case 'jekyll':
      return [...jekyllFeeds(config, terms, termFeed), ...templates];
    case 'eleventy':
      return templates;
  }
}

/**
 * Hugo's RSS: `index.xml` (or the RSS format's `baseName`) of the home page, of each section and
 * of each term, unless `disableKinds` or `outputs` leave it out.
 */
function hugoFeeds(
  config: Readonly<Record<string, unknown>>,
  terms: BlogTerms,
  termFeed: TermFeed,
  { sections, sectionCategories, nestedSections, urlPrefix, hugoRules }: FeedSources,
): [string, string][] {
  const settings = lowerKeys(config);
  const disabled = new Set(namesOf(settings.disablekinds, false).map((kind) => kind.toLowerCase()));
  if (disabled.has('rss')) return [];
  const outputs = isRecord(settings.outputs) ? lowerKeys(settings.outputs) : {};
  const hasFeed = (kind: string): boolean => {
    if (disabled.has(kind)) return false;
    const formats = outputs[kind];
    if (formats === undefined) return true;
    return namesOf(formats, false).some((format) => format.toLowerCase() === 'rss');
  };
  const formats = isRecord(settings.outputformats) ? lowerKeys(settings.outputformats) : {};
  const rss = isRecord(formats.rss) ? lowerKeys(formats.rss) : {};
  const file = `${stringOf(rss.basename) ?? 'index'}.xml`;
  const feeds: [string, string][] = [];
  if (hasFeed('home')) feeds.push([`${urlPrefix}/${file}`, FEED_PATH]);
  if (hasFeed('section')) {
    for (const section of sections) {
      const category = sectionCategories.get(section);
      const to = category === undefined ? FEED_PATH : termFeed('category', category);
      feeds.push([`${urlPrefix}/${section}/${file}`, to]);
    }
    for (const [path, category] of nestedSections)
      feeds.push([
        `${urlPrefix}${hugoSectionPath(config, path, hugoRules)}${file}`,
        termFeed('category', category),
      ]);
  }
  // Hugo before 0.73 called a term's page `taxonomy` and the list of terms `taxonomyTerm`.
  const termKind = outputs.term === undefined && 'taxonomyterm' in outputs ? 'taxonomy' : 'term';
  if (hasFeed(termKind)) {
    const termFile = (section: string, name: string): string =>
      `${urlPrefix}/${section}/${hugoSlug(name, hugoRules)}/${file}`;
    for (const name of terms.categories)
      feeds.push([termFile('categories', name), termFeed('category', name)]);
    for (const name of terms.later)
      feeds.push([termFile('categories', name), termFeed('tag', name)]);
    for (const name of terms.tags) feeds.push([termFile('tags', name), termFeed('tag', name)]);
  }
  return feeds;
}

/** hexo-generator-feed's: Atom at `atom.xml` by default, RSS at `rss2.xml`, or the config's paths. */
function hexoFeeds(
  config: Readonly<Record<string, unknown>>,
  packages: ReadonlySet<string>,
): [string, string][] {
  const settings = isRecord(config.feed) ? config.feed : undefined;
  if (settings === undefined && !packages.has('hexo-generator-feed')) return [];
  const types = namesOf(settings?.type ?? 'atom', false).map((type) => type.toLowerCase());
  const paths = namesOf(settings?.path, false);
  return types.flatMap((type, i): [string, string][] => {
    if (type !== 'atom' && type !== 'rss2') return [];
    const path = paths[i] ?? (type === 'atom' ? 'atom.xml' : 'rss2.xml');
    return [[`/${path.replace(/^\//, '')}`, type === 'atom' ? ATOM_PATH : FEED_PATH]];
  });
}

/** jekyll-feed's Atom: at `feed.path` (`/feed.xml`), and of the categories and tags it names. */
function jekyllFeeds(
  config: Readonly<Record<string, unknown>>,
  terms: BlogTerms,
  termFeed: TermFeed,
): [string, string][] {
  if (!usesJekyllPlugin(config, 'jekyll-feed')) return [];
  const settings = isRecord(config.feed) ? config.feed : {};
  const feeds: [string, string][] = [
    [`/${(stringOf(settings.path) ?? 'feed.xml').replace(/^\//, '')}`, ATOM_PATH],
  ];
  // A category's feed is `/feed/<name>.xml`, as its name is written.
  for (const name of namesOf(settings.categories, false)) {
    const kind = terms.categories.has(name) ? 'category' : 'tag';
    if (terms.categories.has(name) || terms.tags.has(name) || terms.later.has(name))
      feeds.push([`/feed/${name}.xml`, termFeed(kind, name)]);
  }
  const tagSettings = isRecord(settings.tags) ? settings.tags : {};
  if (settings.tags === true || isRecord(settings.tags)) {
    const only = namesOf(tagSettings.only, false);
    const except = new Set(namesOf(tagSettings.except, false));
    const folder = (stringOf(tagSettings.path) ?? 'feed/by_tag/').replace(/^\/?/, '/');
    for (const name of only.length > 0 ? only : terms.tags) {
      if (terms.tags.has(name) && !except.has(name))
        feeds.push([`${folder.replace(/\/?$/, '/')}${name}.xml`, termFeed('tag', name)]);
    }
  }
  return feeds;
}

/** Whether a Jekyll blog's config loads `plugin` (`plugins:`, or `gems:` as older ones wrote). */
export function usesJekyllPlugin(
  config: Readonly<Record<string, unknown>>,
  plugin: string,
): boolean {
  const listed = [config.plugins, config.gems].flatMap((list): unknown[] =>
    Array.isArray(list) ? list : [],
  );
  const names = new Set([plugin, plugin.replace('/', '-')]);
  return listed.some((name) => typeof name === 'string' && names.has(name.trim()));
}
