// Render: one post entry as listings show it — title, excerpt, tags, author and date, and a
// pinned post's label on the featured listing.
import type { Post } from '../content/post.js';
import { formatPostDate } from './format-date.js';
import { postPath, tagPath } from '../site/routes.js';
import { slugify } from '../content/slugify.js';
import { excerptOf, type AuthoringOverlay, type ViewContext } from './context.js';
import { coverOf, imageElement } from './cover-image.js';
import { html, type Html } from './html.js';
import { Memo } from '../memo/memo.js';
import type { Site } from '../site/build-site.js';

/** The heading level of entry titles: 2 under the site name, 3 under a listing heading. */
export type EntryHeading = 2 | 3;

/** How many entries at the top of a page load their images at once: those are in the first screen. */
const EAGER_ENTRIES = 2;

/**
 * A post's entry, rendered once per site version, overlay and heading level however many
 * listings show it (the featured pages, its category, each of its tags). `position` is its place
 * on the page, from 0: the first entries' images load at once, and so are not remembered.
 */
export function entry(
  ctx: ViewContext,
  post: Post,
  heading: EntryHeading,
  position = EAGER_ENTRIES,
): Html {
  if (position < EAGER_ENTRIES && post.image && showsImages(ctx)) {
    return renderEntry(ctx, post, heading, { eager: true });
  }
  if (ctx.site !== entriesSite || ctx.overlay !== entriesOverlay) {
    // A new version of the site: no fragment of the last one may be shown again, and its posts
    // are let go.
    renderedEntries[2].clear();
    renderedEntries[3].clear();
    entriesSite = ctx.site;
    entriesOverlay = ctx.overlay;
  }
  return renderedEntries[heading].get(post, heading === 2 ? renderEntryH2 : renderEntryH3, ctx);
}

/** The entries of the site and overlay last rendered, by post, for each heading level. */
export const renderedEntries = {
  2: new Memo<Post, Html>('entries titled with h2', 100_000),
  3: new Memo<Post, Html>('entries titled with h3', 100_000),
} as const;
let entriesSite: Site | undefined;
let entriesOverlay: AuthoringOverlay | undefined;

const renderEntryH2 = (post: Post, ctx: ViewContext): Html => renderEntry(ctx, post, 2);
const renderEntryH3 = (post: Post, ctx: ViewContext): Html => renderEntry(ctx, post, 3);

/** Whether the site's entries show their posts' covers: `entryExtras: [image]`. */
function showsImages(ctx: ViewContext): boolean {
  return ctx.site.config.entryExtras.includes('image');
}

/**
 * A pinned post's entry at the top of the featured listing, labelled as pinned in words. Only
 * there: its category and tags list it unmarked, in its place. Not kept, as there are few.
 */
export function pinnedEntry(ctx: ViewContext, post: Post, position = EAGER_ENTRIES): Html {
  return renderEntry(ctx, post, 2, {
    eager: position < EAGER_ENTRIES,
    mark: html`<p class="entry-pinned">${ctx.t.pinned}</p>\n`,
  });
}

function renderEntry(
  ctx: ViewContext,
  post: Post,
  heading: EntryHeading,
  { eager = false, mark = '' }: { readonly eager?: boolean; readonly mark?: Html | '' } = {},
): Html {
  const title = html`<a href="${ctx.link(postPath(post))}">${post.title}</a>`;
  const excerpt = excerptOf(ctx.bodies, post);
  // Not a link: the title leads to the post already, and a second link would be read out twice.
  const cover = showsImages(ctx) ? coverOf(ctx, post) : undefined;
  return html`<article class="entry">
${heading === 2 ? html`<h2 class="entry-title">${title}</h2>` : html`<h3 class="entry-title">${title}</h3>`}
${mark}${cover ? html`${imageElement(ctx, cover, 'entry-image', eager)}\n` : ''}${excerpt ? html`<p class="entry-excerpt">${excerpt}</p>\n` : ''}${tagList(ctx, post)}
${byline(ctx, post)}
</article>
`;
}

export function tagList(ctx: ViewContext, post: Post): Html {
  const links = post.tags.map((name) => {
    const term = ctx.site.tagBySlug.get(slugify(name));
    // The # is part of the visible link text, so a tag such as "go" or "more" reads as a tag, not
    // as a vague link; it is hidden from screen readers, which announce the list as tags.
    const mark = html`<span class="tag-mark" aria-hidden="true">#</span>`;
    return html`<li>${term ? html`<a href="${ctx.link(tagPath(term))}" rel="tag">${mark}${name}</a>` : html`${mark}${name}`}</li>`;
  });
  return html`<ul class="tags">${links}</ul>`;
}

/**
 * Author picture and name, the date, and a draft mark on previews; on the post's own page, with
 * `onPostPage`, also the date of its last change when it has one. The minutes to read are shown
 * on the post's page, and on entries where the config's `entryExtras` asks for them, unless the
 * config's `readingTime` is off.
 */
export function byline(ctx: ViewContext, post: Post, onPostPage = false): Html {
  const { author, timezone, readingTime, entryExtras } = ctx.site.config;
  const date = formatPostDate(post.date, timezone);
  const changed =
    onPostPage && post.updated !== undefined ? formatPostDate(post.updated, timezone) : undefined;
  // An update within the minute of publishing would read as the same date twice.
  const update =
    changed && changed.text !== date.text
      ? html` <span class="updated">· ${ctx.t.updated} <time datetime="${changed.iso}">${changed.text}</time></span>`
      : '';
  const avatar = author.image
    ? html`<img class="avatar" src="${ctx.link(author.image)}" alt="${author.name}" width="32" height="32">`
    : '';
  const count =
    readingTime && (onPostPage || entryExtras.includes('readingTime'))
      ? ctx.bodies.readingMinutes?.get(post)
      : undefined;
  const minutes =
    count === undefined
      ? ''
      : html` <span class="reading-time">· ${ctx.t.readingTime(count)}</span>`;
  const draft = post.draft ? html` <span class="draft-badge">${ctx.t.draft}</span>` : '';
  return html`<p class="byline">${avatar}<span class="author">${author.name}</span> <time datetime="${date.iso}">${date.text}</time>${update}${minutes}${draft}</p>`;
}
