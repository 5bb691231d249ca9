// Render: the services a site's config adds to its pages — analytics on every page, comments on
// post pages — each as the markup its provider documents and the origins the page's
// Content-Security-Policy must allow for it, and nothing at all when the config names none.
import type { Locale, SiteConfig } from '../config/schema.js';
import type { AnalyticsSettings, CommentsSettings } from '../config/look-schema.js';
import { html, type Html } from './html.js';
import type { Messages } from './i18n/messages.js';
import type { PageScript } from './theme/page-scripts.js';

/** Origins a page loads from beyond its own, by the directive that allows them. */
export interface ThirdPartySources {
  readonly script: readonly string[];
  readonly connect: readonly string[];
}

/** What the config's services add to one page. */
export interface PageEmbeds {
  /** Script elements at the end of the head (analytics), before the author's head snippet. */
  readonly head: Html;
  /** The comments section of a post page; undefined on other pages, or without comments. */
  readonly comments: Html | undefined;
  /** Inline scripts the services need (Google's queue), allowed by their hash. */
  readonly scripts: readonly PageScript[];
  /** What the page's policy allows for them; undefined when the page loads from no other origin. */
  readonly sources: ThirdPartySources | undefined;
}

interface Embed {
  readonly html: Html;
  readonly script: readonly string[];
  readonly connect: readonly string[];
  readonly inline?: PageScript;
}

// Two variants per config — with comments, for post pages, and without — made once each.
const made = new WeakMap<SiteConfig, Map<boolean, PageEmbeds>>();

/** The embeds of a page of the site; `comments` is true on post pages alone. */
export function pageEmbeds(config: SiteConfig, t: Messages, comments: boolean): PageEmbeds {
  let variants = made.get(config);
  if (!variants) {
    variants = new Map();
    made.set(config, variants);
  }
  let embeds = variants.get(comments);
  if (!embeds) {
    embeds = makeEmbeds(config, t, comments);
    variants.set(comments, embeds);
  }
  return embeds;
}

function makeEmbeds(config: SiteConfig, t: Messages, withComments: boolean): PageEmbeds {
  const analytics = config.analytics ? analyticsEmbed(config.analytics) : undefined;
  const comments =
    withComments && config.comments ? commentsEmbed(config.comments, config.locale, t) : undefined;
  const own: Embed = { html: html``, ...config.csp };
  const all = [analytics, comments, own].flatMap((embed) => embed ?? []);
  const script = unique(all.flatMap((embed) => embed.script));
  const connect = unique(all.flatMap((embed) => embed.connect));
  return {
    head: analytics?.html ?? html``,
    comments: comments?.html,
    scripts: all.flatMap((embed) => embed.inline ?? []),
    sources: script.length + connect.length > 0 ? { script, connect } : undefined,
  };
}

const unique = (origins: readonly string[]): string[] => [...new Set(origins)];
const originOf = (url: string): string => new URL(url).origin;

/**
 * Each service's script, as its documentation writes it, and the origins it loads from and sends
 * to. Images need nothing: every https origin may serve them already.
 */
function analyticsEmbed(settings: AnalyticsSettings): Embed {
  switch (settings.provider) {
    case 'plausible':
      // The script sends its events to the server it came from.
      return {
        html: html`<script defer data-domain="${settings.domain}" src="${settings.script}"></script>
`,
        script: [originOf(settings.script)],
        connect: [originOf(settings.script)],
      };
    case 'umami': {
      const origin = originOf(settings.script);
      return {
        html: html`<script defer src="${settings.script}" data-website-id="${settings.websiteId}"></script>
`,
        script: [origin],
        // Umami Cloud's script sends to its gateway (`gateway.umami.is` since mid-2026; before,
        // API gateways by region, which scripts cached by readers may still use); a server of
        // one's own receives at the script's origin.
        connect:
          origin === UMAMI_CLOUD
            ? [
                origin,
                'https://gateway.umami.is',
                'https://api-gateway.umami.dev',
                'https://api-gateway-eu.umami.dev',
              ]
            : [origin],
      };
    }
    case 'goatcounter': {
      const counter = `https://${settings.code}.goatcounter.com`;
      return {
        html: html`<script data-goatcounter="${counter}/count" async src="https://gc.zgo.at/count.js"></script>
`,
        script: ['https://gc.zgo.at'],
        connect: [counter],
      };
    }
    case 'google':
      // Google's own list for Google Analytics 4 (its Content-Security-Policy guide).
      return {
        html: html`<script async src="https://www.googletagmanager.com/gtag/js?id=${settings.measurementId}"></script>
`,
        script: ['https://www.googletagmanager.com'],
        connect: [
          'https://*.google-analytics.com',
          'https://*.analytics.google.com',
          'https://*.googletagmanager.com',
        ],
        inline: googleQueue(settings.measurementId),
      };
  }
}

const UMAMI_CLOUD = 'https://cloud.umami.is';

/** The queue gtag.js reads, as Google's snippet writes it; the id was checked as `G-` and letters. */
function googleQueue(measurementId: string): PageScript {
  return {
    text: `window.dataLayer = window.dataLayer || [];function gtag(){dataLayer.push(arguments);}gtag('js', new Date());gtag('config', ${JSON.stringify(measurementId)});`,
    loadsScripts: false,
  };
}

// The languages of giscus's interface that Folio's locales have.
const GISCUS_LANGS: Record<Locale, string> = {
  en: 'en',
  ko: 'ko',
  ja: 'ja',
  'zh-Hans': 'zh-CN',
  'zh-Hant': 'zh-TW',
};

/**
 * The comments section: a heading, the service's script, which puts its frame after itself, and a
 * word for readers whose scripts are off. Giscus loads its frame only when the reader nears it.
 */
function commentsEmbed(settings: CommentsSettings, locale: Locale, t: Messages): Embed {
  const client =
    settings.provider === 'giscus'
      ? html`<script src="https://giscus.app/client.js" data-repo="${settings.repo}" data-repo-id="${settings.repoId}" data-category="${settings.category}" data-category-id="${settings.categoryId}" data-mapping="${settings.mapping}" data-strict="0" data-reactions-enabled="${settings.reactions ? '1' : '0'}" data-emit-metadata="0" data-input-position="bottom" data-theme="preferred_color_scheme" data-lang="${GISCUS_LANGS[locale]}" data-loading="lazy" crossorigin="anonymous" async></script>`
      : html`<script src="https://utteranc.es/client.js" repo="${settings.repo}" issue-term="${settings.issueTerm}"${settings.label ? html` label="${settings.label}"` : ''} theme="preferred-color-scheme" crossorigin="anonymous" async></script>`;
  return {
    html: html`<section class="comments" aria-labelledby="comments-title">
<h2 id="comments-title">${t.comments}</h2>
${client}
<noscript><p>${t.commentsNeedScripts}</p></noscript>
</section>`,
    script: [settings.provider === 'giscus' ? 'https://giscus.app' : 'https://utteranc.es'],
    connect: [],
  };
}
