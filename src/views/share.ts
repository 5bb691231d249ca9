// Render: share actions as plain links to each network's share page (no third-party scripts).
import type { ShareNetwork } from '../config/schema.js';
import type { ViewContext } from './context.js';
import { html, type Html } from './html.js';
import { icon, type IconName } from './icons.js';

const NETWORKS: Record<
  ShareNetwork,
  { label: string; icon: IconName; link: (url: string, title: string) => string }
> = {
  x: {
    label: 'X',
    icon: 'x',
    link: (url, title) => `https://x.com/intent/post?${query({ url, text: title })}`,
  },
  facebook: {
    label: 'Facebook',
    icon: 'facebook',
    link: (url) => `https://www.facebook.com/sharer/sharer.php?${query({ u: url })}`,
  },
  linkedin: {
    label: 'LinkedIn',
    icon: 'linkedin',
    link: (url) => `https://www.linkedin.com/sharing/share-offsite/?${query({ url })}`,
  },
  reddit: {
    label: 'Reddit',
    icon: 'discuss',
    link: (url, title) => `https://www.reddit.com/submit?${query({ url, title })}`,
  },
  hackernews: {
    label: 'Hacker News',
    icon: 'discuss',
    link: (url, title) => `https://news.ycombinator.com/submitlink?${query({ u: url, t: title })}`,
  },
  bluesky: {
    label: 'Bluesky',
    icon: 'globe',
    link: (url, title) => `https://bsky.app/intent/compose?${query({ text: `${title} ${url}` })}`,
  },
  email: {
    label: 'Email',
    icon: 'mail',
    link: (url, title) => `mailto:?${query({ subject: title, body: url })}`,
  },
};

const HALF_PAIR = /\p{Cs}/gu;

function query(params: Record<string, string>): string {
  return (
    Object.entries(params)
      // A name from the config may hold half of a surrogate pair, which encodeURIComponent throws
      // on: it goes as U+FFFD, as it goes on the page.
      .map(([key, value]) => `${key}=${encodeURIComponent(value.replace(HALF_PAIR, '\uFFFD'))}`)
      .join('&')
  );
}

/** Share links for the page at `path`, one per network in the config's `share` list. */
export function shareLinks(ctx: ViewContext, path: string, title: string): Html {
  const { config } = ctx.site;
  if (config.share.length === 0) return html``;
  const url = `${config.url}${path}`;
  const items = config.share.map((network) => {
    const { label, icon: glyph, link } = NETWORKS[network];
    return html`<li><a href="${link(url, title)}" rel="noopener" target="_blank">${icon(glyph)}${ctx.t.shareOn(label)}</a></li>\n`;
  });
  return html`<aside class="share" aria-label="${ctx.t.share}">
<ul>
${items}</ul>
</aside>`;
}
