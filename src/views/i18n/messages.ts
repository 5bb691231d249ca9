// Render: the fixed strings of every page, one catalogue per UI language.
import type { Locale } from '../../config/schema.js';
import { en } from './en.js';
import { ja } from './ja.js';
import { ko } from './ko.js';
import { zhHans } from './zh-hans.js';
import { zhHant } from './zh-hant.js';

/** Every fixed string a page shows; functions take the values they embed. */
export interface Messages {
  readonly skipToContent: string;
  readonly mainNavigation: string;
  readonly home: string;
  readonly pagination: string;
  readonly previousPage: string;
  readonly nextPage: string;
  readonly pageOf: (n: number, last: number) => string;
  readonly allPostsIn: (category: string) => string;
  readonly postsTagged: (tag: string) => string;
  readonly category: string;
  readonly share: string;
  readonly shareOn: (network: string) => string;
  readonly feed: string;
  readonly copyright: (owner: string) => string;
  readonly noPosts: string;
  readonly draft: string;
  readonly previewBanner: string;
  readonly problemsBanner: string;
  readonly warningsBanner: string;
  /** Before the new address, on the page left at an old one. */
  readonly pageMoved: string;
  readonly notFoundTitle: string;
  readonly notFoundText: string;
  readonly backHome: string;
  readonly previousPost: string;
  readonly nextPost: string;
  /** The button that copies a code block, and what it says once it has. */
  readonly copyCode: string;
  readonly codeCopied: string;
  /** The search form's button, and the search page's title. */
  readonly search: string;
  /** The name of the search field. */
  readonly searchLabel: string;
  /** The titles of the indexes, and their links in the top navigation. */
  readonly categories: string;
  readonly tags: string;
  readonly archives: string;
  /** How many posts a category, a tag or a year of the archive has. */
  readonly postCount: (count: number) => string;
  /** Before the date a post last changed, on its page: "Updated 2024-04-02 10:00". */
  readonly updated: string;
  /** The title of a series' box on its posts' pages and of its page: "Series: Learning Rust". */
  readonly seriesTitle: (name: string) => string;
  /** Where a post stands in its series: "Part 2 of 5". */
  readonly partOf: (part: number, parts: number) => string;
  /** The heading of the related posts on a post's page. */
  readonly relatedPosts: string;
  /** Heading of the comments under a post. */
  readonly comments: string;
  /** Where the comments would be, for readers whose scripts are off. */
  readonly commentsNeedScripts: string;
  /** The label of a pinned post's entry on the featured listing. */
  readonly pinned: string;
  /** How long a post takes to read, in whole minutes: "5 min read". */
  readonly readingTime: (minutes: number) => string;
  readonly searchResultsFor: (query: string) => string;
  readonly postsFound: (count: number) => string;
  readonly noResults: (query: string) => string;
  /** What to try when nothing was found, one line each. */
  readonly searchTips: readonly string[];
  /** On the search page before anything is asked. */
  readonly searchPrompt: string;
  /** On an exported site's search page, with scripts off. */
  readonly searchNeedsScript: string;
}

const catalogues: Record<Locale, Messages> = {
  en,
  ko,
  ja,
  'zh-Hans': zhHans,
  'zh-Hant': zhHant,
};

export function messagesFor(locale: Locale): Messages {
  return catalogues[locale];
}
