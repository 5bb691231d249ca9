// Render: the related posts on a post's page — each a link to the post with its date.
import type { Post } from '../content/post.js';
import { relatedPosts } from '../site/related.js';
import { postPath } from '../site/routes.js';
import type { ViewContext } from './context.js';
import { formatPostDate } from './format-date.js';
import { html, type Html } from './html.js';

/** The related posts of `post`, the most related first; nothing when there are none. */
export function relatedBox(ctx: ViewContext, post: Post): Html {
  const related = relatedPosts(ctx.site, post);
  if (related.length === 0) return html``;
  const items = related.map((other) => {
    const date = formatPostDate(other.date, ctx.site.config.timezone);
    return html`<li><a href="${ctx.link(postPath(other))}">${other.title}</a> <time datetime="${date.iso}">${date.text}</time></li>
`;
  });
  return html`<nav class="related-posts" aria-label="${ctx.t.relatedPosts}">
<h2 class="related-posts-title">${ctx.t.relatedPosts}</h2>
<ul>
${items}</ul>
</nav>
`;
}
