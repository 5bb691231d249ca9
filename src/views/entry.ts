// Render: one post entry as listings show it — title, excerpt, tags, author and date.
import type { Post } from '../content/post.js';
import { formatPostDate } from '../content/post-date.js';
import { postPath, tagPath } from '../site/routes.js';
import { slugify } from '../content/slugify.js';
import type { ViewContext } from './context.js';
import { html, type Html } from './html.js';

/** The heading level of entry titles: 2 under the site name, 3 under a listing heading. */
export type EntryHeading = 2 | 3;

/**
 * A post's entry, rendered once per site version, overlay and heading level however many
 * listings show it (the featured pages, its category, each of its tags).
 */
export function entry(ctx: ViewContext, post: Post, heading: EntryHeading): Html {
  let fragments = renderedEntries.get(ctx.site);
  if (!fragments || fragments.overlay !== ctx.overlay) {
    fragments = { overlay: ctx.overlay, byPost: new Map() };
    renderedEntries.set(ctx.site, fragments);
  }
  const key = `${heading}`;
  let perPost = fragments.byPost.get(post);
  if (!perPost) {
    perPost = new Map();
    fragments.byPost.set(post, perPost);
  }
  let fragment = perPost.get(key);
  if (!fragment) {
    fragment = renderEntry(ctx, post, heading);
    perPost.set(key, fragment);
  }
  return fragment;
}

// Keyed by the Site object, so a new version of the site starts afresh and the old one is freed.
const renderedEntries = new WeakMap<
  object,
  { overlay: ViewContext['overlay']; byPost: Map<Post, Map<string, Html>> }
>();

function renderEntry(ctx: ViewContext, post: Post, heading: EntryHeading): Html {
  const title = html`<a href="${postPath(post)}">${post.title}</a>`;
  return html`<article class="entry">
${heading === 2 ? html`<h2 class="entry-title">${title}</h2>` : html`<h3 class="entry-title">${title}</h3>`}
${post.excerpt ? html`<p class="entry-excerpt">${post.excerpt}</p>\n` : ''}${tagList(ctx, post)}
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
    return html`<li>${term ? html`<a href="${tagPath(term)}" rel="tag">${mark}${name}</a>` : html`${mark}${name}`}</li>`;
  });
  return html`<ul class="tags">${links}</ul>`;
}

/** Author picture and name, the date, and a draft mark on previews. */
export function byline(ctx: ViewContext, post: Post): Html {
  const { author, timezone } = ctx.site.config;
  const date = formatPostDate(post.date, timezone);
  const avatar = author.image
    ? html`<img class="avatar" src="${author.image}" alt="${author.name}" width="32" height="32">`
    : '';
  const draft = post.draft ? html` <span class="draft-badge">${ctx.t.draft}</span>` : '';
  return html`<p class="byline">${avatar}<span class="author">${author.name}</span> <time datetime="${date.iso}">${date.text}</time>${draft}</p>`;
}
