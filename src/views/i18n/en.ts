// Render: English UI strings, worded exactly as the listing specification shows them.
import type { Messages } from './messages.js';

export const en: Messages = {
  skipToContent: 'Skip to content',
  mainNavigation: 'Main',
  home: 'Home',
  pagination: 'Pagination',
  previousPage: 'Previous Page',
  nextPage: 'Next Page',
  pageOf: (n, last) => `Page ${n} of ${last}`,
  allPostsIn: (category) => `All Posts in ${category}`,
  postsTagged: (tag) => `Posts tagged ${tag}`,
  category: 'Category',
  share: 'Share',
  shareOn: (network) => `Share on ${network}`,
  feed: 'RSS feed',
  copyright: (owner) => `Copyright © ${owner} All rights reserved.`,
  noPosts: 'No posts yet.',
  draft: 'Draft',
  problemsBanner:
    'Folio could not load your latest change. Readers still get the last good version. Fix this and the page reloads:',
  warningsBanner:
    'This version is online, but has the problems below. This note appears only while Folio watches your folder:',
  previewBanner:
    'Preview: drafts are shown and marked Draft. Readers of the published site never see them.',
  pageMoved: 'This page has moved to',
  notFoundTitle: 'Page not found',
  notFoundText: 'There is no page at this address. It may have moved, or the link may be mistyped.',
  backHome: 'Go to the home page',
  previousPost: 'Previous post',
  nextPost: 'Next post',
  copyCode: 'Copy',
  codeCopied: 'Copied',
  search: 'Search',
  searchLabel: 'Search this site',
  categories: 'Categories',
  tags: 'Tags',
  archives: 'Archives',
  postCount: (count) => (count === 1 ? '1 post' : `${count} posts`),
  updated: 'Updated',
  searchResultsFor: (query) => `Results for “${query}”`,
  postsFound: (count) => (count === 1 ? '1 post found' : `${count} posts found`),
  noResults: (query) => `No posts match “${query}”.`,
  searchTips: [
    'Check the spelling.',
    'Try fewer words, or more general ones.',
    'Look through the categories below.',
  ],
  searchPrompt: 'Type words to look for in titles, tags and posts.',
  searchNeedsScript:
    'Search on this site runs in your browser and needs JavaScript. Turn it on, or browse the categories below.',
};
