// Import: a WordPress export (the WXR file of Tools → Export) read into its site and items — posts,
// pages, attachments — with the line each item starts on, so that a note can name it.
import { Parser } from 'htmlparser2';

/** A category or tag of an item, as the export writes it beside the item. */
export interface WordPressTerm {
  /** `category` or `post_tag`; other taxonomies (a theme's, a plugin's) by their own names. */
  readonly domain: string;
  /** The term's slug in WordPress's URLs, as written (maybe percent-encoded). */
  readonly nicename: string;
  readonly name: string;
}

/** One `<item>` of the export: a post, a page, an attachment, a menu item, a revision… */
export interface WordPressItem {
  readonly line: number;
  readonly id: number;
  readonly type: string;
  readonly status: string;
  readonly title: string;
  /** The item's address on the old site (`?p=12` for a draft). */
  readonly link: string;
  /** The login of its author. */
  readonly creator: string;
  readonly content: string;
  readonly excerpt: string;
  /** Its slug; empty for a draft never given one. */
  readonly name: string;
  /** `YYYY-MM-DD hh:mm:ss` on the blog's clock, and in UTC (all zeros for a draft). */
  readonly date: string;
  readonly dateGmt: string;
  readonly parent: number;
  readonly menuOrder: number;
  readonly sticky: boolean;
  /** Whether WordPress asked for a password before it showed the item. */
  readonly protected: boolean;
  readonly terms: readonly WordPressTerm[];
  /** Its custom fields (`_thumbnail_id`, the featured image's attachment). */
  readonly meta: ReadonlyMap<string, string>;
  /** For an attachment, the address of its file. */
  readonly attachmentUrl: string;
}

/** The category a blog has, with its parent's slug for a nested one. */
export interface WordPressCategory {
  readonly nicename: string;
  readonly name: string;
  readonly parent: string;
}

export interface WordPressExport {
  readonly title: string;
  /** The blog's address, as its home page was. */
  readonly link: string;
  readonly description: string;
  /** `en-US`, `ko-KR`… */
  readonly language: string;
  /** Each author's name to show, by login. */
  readonly authors: ReadonlyMap<string, string>;
  readonly categories: readonly WordPressCategory[];
  readonly items: readonly WordPressItem[];
}

// The mark of a WordPress export: its version element, or the namespace its elements are in.
const EXPORT_MARK = /<wp:wxr_version>|xmlns:wp=["']http:\/\/wordpress\.org\/export\//;

/** Whether `text`, the start of a file at least, is a WordPress export. */
export function isWordPressExport(text: string): boolean {
  return /^\s*(?:\uFEFF)?<\?xml|^\s*<rss\b/.test(text) && EXPORT_MARK.test(text.slice(0, 20_000));
}

interface OpenItem {
  line: number;
  fields: Map<string, string>;
  terms: WordPressTerm[];
  meta: Map<string, string>;
  metaKey: string;
}

/**
 * The site and items of a WordPress export. It is read as WordPress's own importer reads it:
 * element by element, each field's text whole (CDATA or not), unknown elements passed over; an
 * export cut short yields the items before the cut.
 */
export function readWordPressExport(xml: string): WordPressExport {
  const lineStarts = [0];
  for (let i = xml.indexOf('\n'); i !== -1; i = xml.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const lineAt = (index: number): number => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((lineStarts[middle] ?? 0) <= index) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };

  const channel = new Map<string, string>();
  const authors = new Map<string, string>();
  const categories: WordPressCategory[] = [];
  const items: WordPressItem[] = [];
  const path: string[] = [];
  let text = '';
  let item: OpenItem | undefined;
  let term: { domain: string; nicename: string } | undefined;
  let group: Map<string, string> | undefined;

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        path.push(name);
        text = '';
        if (name === 'item' && path.length === 3) {
          item = {
            line: lineAt(parser.startIndex),
            fields: new Map(),
            terms: [],
            meta: new Map(),
            metaKey: '',
          };
        } else if (name === 'category' && item !== undefined) {
          term = { domain: attributes.domain ?? '', nicename: attributes.nicename ?? '' };
        } else if (
          item === undefined &&
          (name === 'wp:author' || name === 'wp:category' || name === 'wp:term')
        ) {
          group = new Map();
        }
      },
      ontext(data) {
        text += data;
      },
      onclosetag(name, implied) {
        path.pop();
        const value = text;
        text = '';
        if (item !== undefined) {
          if (name === 'item') {
            // An item the export's end cut off is not read as if whole.
            if (!implied) items.push(itemOf(item));
            item = undefined;
          } else if (name === 'category' && term !== undefined) {
            item.terms.push({ ...term, name: value.trim() });
            term = undefined;
          } else if (name === 'wp:meta_key' || name === 'wp:meta_value') {
            // The post's own fields, not its comments' (`wp:commentmeta`).
            if (path[path.length - 1] !== 'wp:postmeta') return;
            if (name === 'wp:meta_key') item.metaKey = value.trim();
            else if (item.metaKey !== '') item.meta.set(item.metaKey, value);
          } else if (path.length === 3 && path[2] === 'item') {
            // Only the item's own fields: not those of its comments.
            item.fields.set(name, value);
          }
          return;
        }
        if (group !== undefined) {
          if (name === 'wp:author') {
            const login = group.get('wp:author_login')?.trim();
            const shown = group.get('wp:author_display_name')?.trim();
            if (login) authors.set(login, shown || login);
            group = undefined;
          } else if (name === 'wp:category') {
            const nicename = group.get('wp:category_nicename')?.trim();
            if (nicename) {
              categories.push({
                nicename,
                name: group.get('wp:cat_name')?.trim() ?? nicename,
                parent: group.get('wp:category_parent')?.trim() ?? '',
              });
            }
            group = undefined;
          } else if (name === 'wp:term') {
            group = undefined;
          } else group.set(name, value);
          return;
        }
        if (path.length === 2 && path[1] === 'channel') channel.set(name, value.trim());
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  return {
    title: channel.get('title') ?? '',
    link: channel.get('link') || channel.get('wp:base_blog_url') || '',
    description: channel.get('description') ?? '',
    language: channel.get('language') ?? '',
    authors,
    categories,
    items,
  };
}

function itemOf({ line, fields, terms, meta }: OpenItem): WordPressItem {
  const field = (name: string): string => fields.get(name) ?? '';
  const number = (name: string): number => {
    const value = Number.parseInt(field(name), 10);
    return Number.isFinite(value) ? value : 0;
  };
  return {
    line,
    id: number('wp:post_id'),
    type: field('wp:post_type').trim(),
    status: field('wp:status').trim(),
    title: field('title').trim(),
    link: field('link').trim(),
    creator: field('dc:creator').trim(),
    content: field('content:encoded'),
    excerpt: field('excerpt:encoded'),
    name: field('wp:post_name').trim(),
    date: field('wp:post_date').trim(),
    dateGmt: field('wp:post_date_gmt').trim(),
    parent: number('wp:post_parent'),
    menuOrder: number('wp:menu_order'),
    sticky: field('wp:is_sticky').trim() === '1',
    protected: field('wp:post_password') !== '',
    terms,
    meta,
    attachmentUrl: field('wp:attachment_url').trim(),
  };
}
