// Render: the listing pages — the paginated featured listing, and category and tag listings.
import type { Post } from '../content/post.js';
import type { Site } from '../site/build-site.js';
import { pageSlice } from '../site/paginate.js';
import { categoryPath, featuredPath, tagPath, termFeedPath } from '../site/routes.js';
import type { Term } from '../site/taxonomy.js';
import type { ViewContext } from './context.js';
import { entry, pinnedEntry } from './entry.js';
import { html, type Html } from './html.js';
import { layout } from './layout.js';
import { pager } from './pager.js';
import { shareLinks } from './share.js';
import { blogData } from './structured-data.js';

/** The posts page `page` of the featured listing shows: pinned posts first, on page 1. */
export function featuredPosts(site: Site, page: number): readonly Post[] {
  return pageSlice(site.featured, page, site.config.pageSize);
}

export function featuredPage(ctx: ViewContext, page: number): string {
  const { site, t } = ctx;
  const posts = featuredPosts(site, page);
  // In the featured order a pinned post stands only among the pinned ones, at the top.
  const entries =
    posts.length > 0
      ? posts.map((post, position) =>
          post.pinned ? pinnedEntry(ctx, post, position) : entry(ctx, post, 2, position),
        )
      : html`<p>${t.noPosts}</p>`;
  return layout(ctx, {
    title: page === 1 ? '' : t.pageOf(page, site.pageCount),
    description: site.config.tagline || site.config.title,
    path: featuredPath(page),
    isFeatured: true,
    structuredData: blogData(site, featuredPath(page), posts),
    prev: page > 1 ? featuredPath(page - 1) : undefined,
    next: page < site.pageCount ? featuredPath(page + 1) : undefined,
    main: html`${entries}${pager(ctx, page, site.pageCount)}`,
  });
}

/** A category's page: its localized title, "All Posts in <name>", every entry, share links. */
export function categoryPage(ctx: ViewContext, term: Term): string {
  const path = categoryPath(term);
  const heading = ctx.t.allPostsIn(term.name);
  return layout(ctx, {
    title: term.title,
    description: heading,
    path,
    isFeatured: false,
    structuredData: blogData(ctx.site, path, term.posts),
    feeds: termFeeds(ctx, term),
    main: html`<h1 class="page-title">${term.title}</h1>
<h2 class="page-subtitle">${heading}</h2>
${entries(ctx, term)}${shareLinks(ctx, path, term.title)}`,
  });
}

export function tagPage(ctx: ViewContext, term: Term): string {
  const heading = ctx.t.postsTagged(term.name);
  return layout(ctx, {
    title: heading,
    description: heading,
    path: tagPath(term),
    isFeatured: false,
    structuredData: blogData(ctx.site, tagPath(term), term.posts),
    feeds: termFeeds(ctx, term),
    main: html`<h1 class="page-title">${heading}</h1>
${entries(ctx, term)}`,
  });
}

/** The RSS feed of a category's or a tag's posts, which its page links in its head. */
function termFeeds(ctx: ViewContext, term: Term): { title: string; href: string }[] {
  return [{ title: `${term.title} · ${ctx.site.config.title}`, href: termFeedPath(term) }];
}

function entries(ctx: ViewContext, term: Term): Html[] {
  return term.posts.map((post, position) =>
    entry(ctx, post, term.kind === 'category' ? 3 : 2, position),
  );
}
