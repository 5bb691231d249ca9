// Import: a WordPress export written out as the Jekyll blog it would be — a post file for each
// post at its old address, a page file for each page — as jekyll-import writes one, so that the
// import of a Jekyll blog reads it: its addresses, dates, categories and tags, bodies and notes.
// What Jekyll has no file for, the lists WordPress made of a category, a tag, a date, an author
// and its feeds, is given beside the files.
import { DomUtils, parseDocument } from 'htmlparser2';
import { dump } from 'js-yaml';
import { escapeHtml } from 'markdown-it/lib/common/utils.mjs';
import type { FolioIndex, TermPage } from './pages.js';
import { wordPressParagraphs } from './wordpress-paragraphs.js';
import type { WordPressExport, WordPressItem } from './wordpress-export.js';

/** A note on an item of the export, by the line it starts on. */
export interface WordPressNote {
  readonly line: number;
  readonly text: string;
}

export interface WordPressBlog {
  /** The files of the Jekyll blog, by their paths in it. */
  readonly files: ReadonlyMap<string, string>;
  /** The line of the export each post or page file was written from. */
  readonly lines: ReadonlyMap<string, number>;
  /** The lists of one category's or tag's posts WordPress made, at their old URLs. */
  readonly termPages: readonly TermPage[];
  /** Its other lists (of a year, a month, an author), which lead to one of Folio's indexes. */
  readonly lists: ReadonlyMap<string, FolioIndex>;
  /** Its feeds, by their old paths, and Folio's feed each leads to. */
  readonly redirects: Readonly<Record<string, string>>;
  /** The items not written, and why. */
  readonly leftOut: readonly WordPressNote[];
}

// The states of an item WordPress showed no one, and kept for no one to see again.
const GONE = new Set(['trash', 'auto-draft', 'inherit']);
// Item types that are no post or page of the blog, and need no word: revisions, menus' entries,
// attachments (read for their addresses), a theme's styles and blocks, messages to the author.
const PARTS = new Set([
  'attachment',
  'revision',
  'nav_menu_item',
  'custom_css',
  'customize_changeset',
  'oembed_cache',
  'user_request',
  'wp_block',
  'wp_global_styles',
  'wp_navigation',
  'wp_template',
  'wp_template_part',
  'wp_font_family',
  'wp_font_face',
  // Jetpack's contact form: the messages readers sent the author, not for the blog.
  'feedback',
]);

/** The export as a Jekyll blog's files, with the old lists and feeds beside them. */
export function wordPressAsJekyll(site: WordPressExport): WordPressBlog {
  const base = siteBase(site.link);
  const files = new Map<string, string>();
  const lines = new Map<string, number>();
  const leftOut: WordPressNote[] = [];
  const attachments = new Map<number, WordPressItem>();
  for (const item of site.items) if (item.type === 'attachment') attachments.set(item.id, item);
  const authors = new Set<string>();
  const termPages = new Map<string, TermPage>();
  const lists = new Map<string, FolioIndex>();
  const categoryParents = new Map(site.categories.map((c) => [c.nicename, c.parent]));
  const categoryPath = (nicename: string): string => {
    const path = [nicename];
    for (let parent = categoryParents.get(nicename); parent && path.length < 20;) {
      path.unshift(parent);
      parent = categoryParents.get(parent);
    }
    return path.map(decodeSlug).join('/');
  };

  for (const item of site.items) {
    if (PARTS.has(item.type) || GONE.has(item.status)) continue;
    if (item.type !== 'post' && item.type !== 'page') {
      leftOut.push({
        line: item.line,
        text: `"${item.title}", an item of the type ${item.type} that a theme or a plugin made, was left out: Folio imports posts and pages`,
      });
      continue;
    }
    if (item.status === 'private') {
      leftOut.push({
        line: item.line,
        text: `the private ${item.type} "${item.title}" was left out: WordPress showed it to the blog's own users alone (publish it in Folio by hand if you want it read)`,
      });
      continue;
    }
    if (item.protected) {
      leftOut.push({
        line: item.line,
        text: `the ${item.type} "${item.title}" was left out: WordPress showed it only to readers who gave its password, and Folio's pages are open to all (publish it in Folio by hand if you want it read)`,
      });
      continue;
    }
    const draft = item.status === 'draft' || item.status === 'pending';
    const oldPath = draft ? undefined : pathOn(base, item.link);
    // The blog's home page, a page WordPress showed there, is no address by a number.
    const atHome = siteBase(item.link) === base && !/[?#]/.test(item.link);
    if (!draft && oldPath === undefined && item.link !== '' && !atHome) {
      leftOut.push({
        line: item.line,
        text: `"${item.title}" was at ${item.link}, an address by its number that a path cannot keep: it gets a URL of Folio's (give WordPress's permalinks a pattern with the post's name, and export again, to keep its address)`,
      });
    }
    const date = itemDate(item);
    const front: Record<string, unknown> = { title: item.title || untitled(item) };
    if (date !== undefined) front.date = date;
    if (oldPath !== undefined) front.permalink = oldPath;
    // A draft page, which Jekyll keeps in no folder of drafts, is one it does not publish.
    if (draft && item.type === 'page') front.published = false;
    const categories = item.terms.filter((term) => term.domain === 'category');
    const tags = item.terms.filter((term) => term.domain === 'post_tag');
    if (item.type === 'post') {
      // Every post of WordPress is in a category, `Uncategorized` unless one is given: it was
      // never the author's.
      const named = categories.filter((term) => term.nicename !== 'uncategorized');
      if (named.length > 0) front.categories = named.map((term) => term.name);
      if (tags.length > 0) front.tags = tags.map((term) => term.name);
    }
    const author = site.authors.get(item.creator) ?? item.creator;
    if (author) {
      front.author = author;
      authors.add(author);
    }
    const excerpt = plainText(item.excerpt);
    if (excerpt) front.description = excerpt;
    const cover = attachments.get(Number(item.meta.get('_thumbnail_id')))?.attachmentUrl;
    if (cover) front.image = cover;
    if (item.sticky) front.sticky = true;
    front.wordpress_id = item.id;
    // A post with WordPress.com's formulas is written in Markdown, which typesets them; the
    // others in the HTML WordPress showed, which Markdown would read otherwise in places.
    const text = withVideos(withGalleries(item, attachments));
    const math = text.search(LATEX) !== -1;
    if (math) front.math = true;
    const body = liquidFree(
      math
        ? wordPressParagraphs(
            // The editor keeps `<`, `>` and `&` of a formula as entities; they are TeX's own.
            text.replace(LATEX, (_, formula: string) => `$${plainText(formula)}$`),
            { markdown: true },
          )
        : wordPressParagraphs(text),
    );
    const slug = fileSlug(item);
    const extension = math ? '.md' : '.html';
    const name =
      item.type === 'page'
        ? `${slug}${extension}`
        : draft
          ? `_drafts/${slug}${extension}`
          : `_posts/${(date ?? '1970-01-01').slice(0, 10)}-${slug}${extension}`;
    const file = files.has(name) ? name.replace(/(\.\w+)$/, `-${item.id}$1`) : name;
    files.set(file, `---\n${dump(front, { lineWidth: -1 })}---\n${body}`);
    lines.set(file, item.line);
    if (item.type !== 'post' || draft || date === undefined) continue;
    // The lists WordPress made that held the post: of its categories and tags, its date, its
    // author.
    for (const term of categories)
      termPages.set(`/category/${categoryPath(term.nicename)}/`, {
        kind: 'category',
        name: term.name,
        oldUrl: `/category/${categoryPath(term.nicename)}/`,
      });
    for (const term of tags)
      termPages.set(`/tag/${decodeSlug(term.nicename)}/`, {
        kind: 'tag',
        name: term.name,
        oldUrl: `/tag/${decodeSlug(term.nicename)}/`,
      });
    const [year, month, day] = date.slice(0, 10).split('-');
    for (const path of [`/${year}/`, `/${year}/${month}/`, `/${year}/${month}/${day}/`])
      lists.set(path, 'archives');
    if (item.creator) lists.set(`/author/${item.creator}/`, 'archives');
  }

  const config: Record<string, unknown> = { title: site.title };
  if (site.description) config.description = site.description;
  const address = siteAddress(site.link);
  if (address) config.url = address;
  if (base) config.baseurl = base;
  if (site.language) config.lang = site.language;
  if (authors.size === 1) config.author = [...authors][0];
  files.set('_config.yml', dump(config, { lineWidth: -1 }));
  const redirects: Record<string, string> = {
    ['/feed/']: '/feed.xml',
    ['/feed/rss2/']: '/feed.xml',
    ['/feed/atom/']: '/atom.xml',
  };
  return { files, lines, termPages: [...termPages.values()], lists, redirects, leftOut };
}

/** The path the blog is under (`/blog`), decoded as items' paths are; '' at the host's root. */
function siteBase(link: string): string {
  try {
    return decodePath(new URL(link).pathname).replace(/\/+$/, '');
  } catch {
    return '';
  }
}

function siteAddress(link: string): string | undefined {
  try {
    return new URL(link).origin;
  } catch {
    return undefined;
  }
}

/**
 * The path an item's address had under the blog's, from the blog's root: none for an address
 * elsewhere, or one by the item's number alone (`?p=12`, `?page_id=3`).
 */
function pathOn(base: string, link: string): string | undefined {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return undefined;
  }
  if (url.search !== '') return undefined;
  const path = decodePath(url.pathname);
  if (base !== '' && !(path === base || path.startsWith(`${base}/`))) return undefined;
  const inside = path.slice(base.length) || '/';
  return inside === '/' ? undefined : inside;
}

function decodePath(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/** WordPress's slug of a term or a post, which it writes percent-encoded when not ASCII. */
function decodeSlug(slug: string): string {
  try {
    return decodeURIComponent(slug);
  } catch {
    return slug;
  }
}

/** The name of the item's file: its slug, safe in a file name; its number if it has none. */
function fileSlug(item: WordPressItem): string {
  const slug = decodeSlug(item.name)
    .replace(/[\\/:*?"<>|\s]+/g, '-')
    .replace(/^[._-]+|-+$/g, '');
  // A page named as Jekyll's home page or its page of errors would be taken for them.
  if (item.type === 'page' && /^(?:index|404)$/i.test(slug)) return `${slug}-page`;
  return slug === '' ? `${item.type}-${item.id}` : slug;
}

function untitled(item: WordPressItem): string {
  return `Untitled ${item.type} ${item.id}`;
}

/**
 * When the item was published, on the blog's clock, with the offset from UTC the export tells by
 * its two dates (`2009-02-07 06:48:54 +09:00`); without one for a draft, whose UTC date is zeros.
 */
function itemDate(item: WordPressItem): string | undefined {
  const local = /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)$/.exec(item.date);
  if (!local || local[1] === '0000') return undefined;
  const gmt = /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)$/.exec(item.dateGmt);
  const ms = (parts: RegExpExecArray): number =>
    Date.UTC(
      Number(parts[1]),
      Number(parts[2]) - 1,
      Number(parts[3]),
      Number(parts[4]),
      Number(parts[5]),
      Number(parts[6]),
    );
  if (!gmt || gmt[1] === '0000') return item.date;
  const minutes = Math.round((ms(local) - ms(gmt)) / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0');
  const rest = String(Math.abs(minutes) % 60).padStart(2, '0');
  return `${item.date} ${sign}${hours}:${rest}`;
}

/** HTML as one line of its text: its tags gone, its entities read, its spaces one. */
function plainText(html: string): string {
  return DomUtils.textContent(parseDocument(html.replace(/<[^>]*>/g, ' ')))
    .replace(/\s+/g, ' ')
    .trim();
}

// `[gallery ids="1,2,3"]`, or `[gallery]` alone for every image attached to the post.
const GALLERY = /\[gallery\b([^\]]*)\]/g;

/** The item's text with each gallery its images, in a paragraph of their own. */
function withGalleries(
  item: WordPressItem,
  attachments: ReadonlyMap<number, WordPressItem>,
): string {
  return item.content.replace(GALLERY, (written, args: string) => {
    const ids = /\bids=["']?([\d,\s]+)/.exec(args)?.[1];
    const images = ids
      ? ids.split(',').flatMap((id) => attachments.get(Number(id.trim())) ?? [])
      : [...attachments.values()]
          .filter((attachment) => attachment.parent === item.id)
          .sort((a, b) => a.menuOrder - b.menuOrder || a.id - b.id);
    const shown = images.filter((image) => image.attachmentUrl !== '');
    if (shown.length === 0) return written;
    const tags = shown.map(
      (image) => `<img src="${escapeHtml(image.attachmentUrl)}" alt="${escapeHtml(image.title)}">`,
    );
    return `\n\n<p>${tags.join('\n')}</p>\n\n`;
  });
}

// WordPress.com's formulas, `$latex e^{i\pi}+1=0$`, with its settings of size and colour after
// the formula (`&s=2&bg=ffffff`) left out.
const LATEX = /\$latex(?:[ \t]+|=)((?:[^$\\]|\\[\s\S])+?)(?:&(?:amp;)?(?:s|bg|fg)=[^$&]*)*\$/g;

// WordPress.com's and Jetpack's players, `[youtube https://…]` and the older `[youtube=https://…]`.
const VIDEO = /\[(?:youtube|vimeo|dailymotion|ted)[= ](https?:\/\/[^\s\]]+)[^\]]*\]/gi;
// WordPress's own players, `[audio mp3="…"][/audio]` and `[video src="…"][/video]`, and
// WordPress.com's older `[audio https://…]`: their file.
const MEDIA =
  /\[(audio|video)\b(?:[^\]]*?\b(?:src|mp3|m4a|ogg|oga|wav|mp4|m4v|webm|ogv|wmv|flv)=["']?|[ =])(https?:\/\/[^\s"'\]]+)["']?[^\]]*\](?:\s*\[\/\1\])?/gi;

/** The text with each player the address of its video or sound, in a paragraph of its own. */
function withVideos(text: string): string {
  const alone = (address: string): string => `\n\n${address.replace(/&amp;/g, '&')}\n\n`;
  return text
    .replace(VIDEO, (_, address: string) => alone(address))
    .replace(MEDIA, (_, _kind: string, address: string) => alone(address));
}

/**
 * The body, read by Jekyll as text: WordPress showed `{{ … }}` and `{% … %}` as written, where
 * Jekyll would run them as Liquid. Each opening is kept by a `raw` tag of its own, so that text
 * about Liquid's own `{% endraw %}` is kept too.
 */
function liquidFree(body: string): string {
  return body.replace(/\{[{%]/g, (opening) => `{% raw %}${opening}{% endraw %}`);
}
