// Script payloads in every string an author controls — config, front matter, Markdown link
// targets — reach readers as text in every page, feed and the sitemap; nothing in them can run.
// Raw HTML in a body stays the author's own markup, passed through as written.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { parseFeed } from '@rowanmanning/feed-parser';
import * as cheerio from 'cheerio';
import type { Post } from '../src/content/post.js';
import type { Term } from '../src/site/taxonomy.js';
import { termFeedPath } from '../src/site/routes.js';
import { absolutizeHtml } from '../src/views/absolute-urls.js';
import { withoutHeadingLinks } from '../src/content/markdown/headings.js';
import { en } from '../src/views/i18n/en.js';
import {
  assertInert,
  documentsOf,
  NOT_FOUND_PATHS,
  SCRIPT_PAYLOADS,
} from './support/script-payloads.js';
import { serveSite } from './support/serve-fixture.js';
import { childrenNamed, parseStrictXml, textOf } from './support/strict-xml.js';

const site = await serveSite(SCRIPT_PAYLOADS);
after(() => site.server.close());

const { config, posts, categories, tags } = site.app.site;
const documents = documentsOf(site.app);
const categoryTitles = categories.map((term) => term.title);

async function load(path: string, status: number, type: RegExp): Promise<string> {
  const response = await site.get(path);
  assert.equal(response.status, status, path);
  assert.match(response.headers.get('content-type') ?? '', type, path);
  return response.text();
}

const page = async (path: string, status = 200): Promise<cheerio.CheerioAPI> =>
  cheerio.load(await load(path, status, /^text\/html/));

const xml = async (path: string): Promise<string> => load(path, 200, /xml/);

const texts = ($: cheerio.CheerioAPI, selector: string): string[] =>
  $(selector)
    .map((_, element) => $(element).text())
    .get();

const attrs = ($: cheerio.CheerioAPI, selector: string, name: string): string[] =>
  $(selector)
    .map((_, element) => $(element).attr(name) ?? '')
    .get();

/** A post's excerpt, as the server shows it. */
const excerptOf = (entry: Post): string => site.session.content.bodies.excerpt(entry);

const post = (slug: string): Post => {
  const found = site.app.site.posts.find((candidate) => candidate.slug === slug);
  assert.ok(found, slug);
  return found;
};

/** A post's category and tags, once each, as feeds list them. */
const termsOf = (entry: Post): string[] => [
  ...new Set([...(entry.category === undefined ? [] : [entry.category]), ...entry.tags]),
];

/** Text a feed carries as HTML (an escaped title or summary): it must hold no element. */
function assertPlainHtmlText(markup: string | null, expected: string, where: string): void {
  const $ = cheerio.load(markup ?? '');
  assert.equal($('body *').length, 0, `${where}: markup in ${markup}`);
  assert.equal($('body').text(), expected, where);
}

describe('the script-payloads fixture', () => {
  it('has every kind of page, and a payload in every string it shows', () => {
    for (const path of ['/', '/page/2/', '/posts/front-matter/', '/posts/link-targets/']) {
      assert.ok(documents.pages.includes(path), path);
    }
    assert.equal(categories.length, 2);
    assert.ok(tags.length >= 5);
    assert.ok(documents.feeds.includes('/feed.xml') && documents.feeds.includes('/atom.xml'));
    assert.equal(documents.feeds.length, 2 + categories.length + tags.length);
    const strings = [
      config.title,
      config.tagline,
      config.owner,
      config.author.name,
      config.author.image ?? '',
      config.links.github ?? '',
      config.links.x ?? '',
      ...categories.flatMap((term) => [term.name, term.title]),
      ...post('front-matter').tags,
      post('front-matter').title,
      post('front-matter').description ?? '',
    ];
    for (const text of strings) assert.match(text, /__pwned_/, text);
  });
});

describe('every HTML page', () => {
  const targets = [
    ...documents.pages.map((path) => ({ path, status: 200 })),
    ...NOT_FOUND_PATHS.map((path) => ({ path, status: 404 })),
  ];
  for (const { path, status } of targets) {
    it(`${path} runs nothing and shows the site's strings as text`, async () => {
      const $ = await page(path, status);
      assertInert($, path);
      assert.ok($('title').text().endsWith(config.title), `${path}: <title>`);
      assert.equal($('.site-title a').text(), config.title);
      assert.deepEqual(texts($, '.site-nav a').slice(1), categoryTitles);
      assert.equal($('.copyright').text(), en.copyright(config.owner));
      assert.deepEqual(attrs($, '.profile-links a[rel="me"]', 'href'), [
        config.links.github,
        config.links.x,
      ]);
      // A payload that became markup would add an <img> or an <svg>: only the avatar, the
      // icons and the images a post body holds are there.
      $('img:not(.post-body img)').each((_, img) => {
        assert.equal($(img).attr('class'), 'avatar', `${path}: ${$.html(img)}`);
        assert.equal($(img).attr('src'), config.author.image);
        assert.equal($(img).attr('alt'), config.author.name);
      });
      $('svg:not(.post-body svg)').each((_, svg) =>
        assert.equal($(svg).attr('class'), 'icon', $.html(svg)),
      );
      for (const author of texts($, '.author')) assert.equal(author, config.author.name);
    });
  }

  it('lists each entry with its title, a plain-text excerpt and its tags as text', async () => {
    const byPath = new Map(posts.map((entry) => [`/posts/${entry.slug}/`, entry]));
    let seen = 0;
    for (const path of documents.pages.filter((p) => !p.startsWith('/posts/'))) {
      const $ = await page(path);
      $('article.entry').each((_, article) => {
        const link = $(article).find('.entry-title a');
        const entry = byPath.get(link.attr('href') ?? '');
        assert.ok(entry, `${path}: ${link.attr('href')}`);
        assert.equal(link.text(), entry.title);
        const excerpt = $(article).find('.entry-excerpt');
        assert.equal(excerpt.children().length, 0, `${path}: markup in ${excerpt.html()}`);
        assert.equal(excerpt.text(), excerptOf(entry));
        assert.deepEqual(
          $(article)
            .find('.tags a')
            .map((_, a) => $(a).text())
            .get(),
          entry.tags.map((tag) => `#${tag}`),
        );
        seen++;
      });
    }
    assert.ok(seen >= posts.length * 2, 'entries on featured, category and tag pages');
  });

  it('shows the tagline, category and tag names as text on their pages', async () => {
    assert.equal((await page('/'))('.tagline').text(), config.tagline);
    for (const term of categories) {
      const $ = await page(`/categories/${term.slug}/`);
      assert.equal($('h1.page-title').text(), term.title);
      assert.equal($('h2.page-subtitle').text(), en.allPostsIn(term.name));
      assert.equal($('title').text(), `${term.title} · ${config.title}`);
      for (const share of attrs($, '.share a', 'href')) {
        assert.match(share, /^(?:https:\/\/|mailto:\?)/);
      }
    }
    for (const term of tags) {
      const $ = await page(`/tags/${encodeURIComponent(term.slug)}/`);
      assert.equal($('h1.page-title').text(), en.postsTagged(term.name));
    }
  });

  it('shows a post title, description, category and tags as text, in metadata too', async () => {
    for (const entry of posts) {
      const $ = await page(`/posts/${entry.slug}/`);
      const description = entry.description ?? excerptOf(entry);
      assert.equal($('h1.page-title').text(), entry.title);
      assert.equal($('title').text(), `${entry.title} · ${config.title}`);
      assert.equal($('meta[name="description"]').attr('content'), description);
      assert.equal($('meta[property="og:title"]').attr('content'), entry.title);
      assert.equal($('meta[name="twitter:description"]').attr('content'), description);
      assert.deepEqual(attrs($, 'meta[property="article:tag"]', 'content'), entry.tags);
      const data = JSON.parse($('script[type="application/ld+json"]').text()) as {
        headline: string;
        keywords: string;
      };
      assert.equal(data.headline, entry.title);
      assert.equal(data.keywords, entry.tags.join(', '));
      assert.deepEqual(
        texts($, '.post footer .tags a'),
        entry.tags.map((tag) => `#${tag}`),
      );
      const category = categories.find((term) => term.name === entry.category);
      assert.equal($('.post-category a').text(), category?.title ?? '');
    }
  });
});

describe('Markdown in a post body', () => {
  it('shows links to javascript:, vbscript: and data: as text, never as links', async () => {
    const $ = await page('/posts/link-targets/');
    // The links the author wrote; the link beside each heading leads only to that heading.
    assert.deepEqual(attrs($, '.post-body a:not(.heading-link)', 'href'), [
      'https://example.com/',
      'https://example.com/%22onmouseover=%22window.__pwned_href_quote=1',
      '/posts/front-matter/',
      '/images/scripted.svg',
    ]);
    for (const href of attrs($, '.post-body a.heading-link', 'href'))
      assert.ok(
        $(`[id="${decodeURIComponent(href.slice(1))}"]`).is('h1, h2, h3, h4, h5, h6'),
        href,
      );
    for (const shown of [
      '[plain javascript:](javascript:window.__pwned_md_js=1)',
      '[upper-case JAVASCRIPT:](JAVASCRIPT:window.__pwned_md_upper=1)',
      '[entity javascript:](javascript:window.__pwned_md_entity=1)',
      '[vbscript:](vbscript:window.__pwned_md_vbscript=1)',
      '<javascript:window.__pwned_autolink=1>',
      '[js-ref]: javascript:window.__pwned_ref=1',
      '![javascript: source](javascript:window.__pwned_img_src=1)',
    ]) {
      assert.ok($('.post-body').text().includes(shown), shown);
    }
  });

  it('keeps hostile titles and alt texts inside their attributes', async () => {
    const $ = await page('/posts/link-targets/');
    assert.equal(
      $('.post-body a[title]').first().attr('title'),
      '"><script>window.__pwned_link_attr=1</script>',
    );
    assert.deepEqual(attrs($, '.post-body img', 'src'), ['/images/scripted.svg']);
    assert.deepEqual(attrs($, '.post-body img', 'alt'), [
      'alt "><img src=x onerror="window.__pwned_alt=1"> end',
    ]);
    assert.equal($('.post-body h2').text(), '<img src=x onerror=window.__pwned_heading=1> heading');
  });

  it('turns escaped markup into excerpt text that stays text', async () => {
    const $ = await page('/tags/excerpts/');
    const excerpts = texts($, '.entry-excerpt');
    assert.deepEqual(excerpts, [excerptOf(post('excerpt-text')), excerptOf(post('excerpt-more'))]);
    const [plain, cut] = excerpts;
    assert.match(plain ?? '', /^A body that opens with raw HTML and then shows <script>window/);
    assert.ok(plain?.includes('<img src=x onerror="window.__pwned_excerpt_code=1">'));
    assert.ok(cut?.includes('<img src=x onerror="window.__pwned_more_entity=1">'));
    assert.ok(cut?.endsWith('...'));
  });

  it("passes raw HTML through as the author's own markup", async () => {
    const $ = await page('/posts/trusted-html/');
    assert.equal(
      $('.post-body details > summary').text(),
      'A disclosure widget written in raw HTML',
    );
    assert.equal($('.post-body details strong').text(), 'bold');
    assert.deepEqual(texts($, '.post-body kbd'), ['Ctrl', 'C']);
  });
});

/** The category or tag a feed is of, if any, and the posts it carries, newest first. */
function feedOf(path: string): { term: Term | undefined; entries: readonly Post[] } {
  const term = [...categories, ...tags].find((t) => path === termFeedPath(t));
  return { term, entries: term ? term.posts : posts };
}

describe('feeds', () => {
  it('/feed.json carries titles, summaries and terms as the strings they are, and parses', async () => {
    const feed = JSON.parse(await load('/feed.json', 200, /^application\/feed\+json/)) as {
      title: string;
      description: string;
      authors: { name: string }[];
      items: { title: string; summary: string; tags: string[]; content_html: string }[];
    };
    assert.equal(feed.title, config.title);
    assert.equal(feed.description, config.tagline);
    assert.deepEqual(
      feed.authors.map((author) => author.name),
      [config.author.name],
    );
    assert.deepEqual(
      feed.items.map((item) => item.title),
      posts.map((entry) => entry.title),
    );
    for (const [index, item] of feed.items.entries()) {
      const entry = posts[index];
      assert.ok(entry);
      assert.equal(item.summary, entry.description ?? excerptOf(entry), entry.slug);
      assert.deepEqual(item.tags, termsOf(entry), entry.slug);
    }
  });

  for (const path of documents.feeds) {
    it(`${path} gives titles, categories and summaries to readers as text`, async () => {
      const feed = parseFeed(await xml(path));
      const { term, entries } = feedOf(path);
      assert.equal(feed.title, term ? `${term.title} · ${config.title}` : config.title);
      assert.equal(feed.description, config.tagline);
      assert.equal(feed.copyright, en.copyright(config.owner));
      assert.deepEqual(
        feed.items.map((item) => item.title),
        entries.map((entry) => entry.title),
      );
      for (const [index, item] of feed.items.entries()) {
        const entry = entries[index];
        assert.ok(entry);
        const where = `${path} ${entry.slug}`;
        assert.equal(item.description, entry.description ?? excerptOf(entry), where);
        assert.deepEqual(
          item.categories.map((category) => [category.label, category.term]),
          termsOf(entry).map((name) => [name, name]),
          where,
        );
        if (feed.meta.type === 'atom') {
          assert.deepEqual(
            item.authors.map((author) => author.name),
            [config.author.name],
          );
        }
      }
    });

    it(`${path} is well-formed XML carrying each post's HTML as its page has it, less the heading links`, async () => {
      const root = parseStrictXml(await xml(path));
      const atom = root.name === 'feed';
      const channel = atom ? root : childrenNamed(root, 'channel')[0];
      assert.ok(channel, path);
      assert.deepEqual(
        childrenNamed(channel, atom ? 'entry' : 'item').map((item) =>
          childrenNamed(item, atom ? 'content' : 'content:encoded').map(textOf),
        ),
        // A tag's feed carries summaries only.
        feedOf(path).entries.map((entry) =>
          feedOf(path).term?.kind === 'tag'
            ? []
            : [
                absolutizeHtml(
                  withoutHeadingLinks(site.session.content.bodies.html(entry)),
                  config.url,
                ),
              ],
        ),
      );
    });

    // Read from the XML itself: the feed parser decodes entities in content once more, which
    // would turn text a post shows, such as &lt;script&gt;, into markup no reader sees.
    it(`${path} carries HTML that runs nothing, and titles and summaries with no element`, async () => {
      const $ = cheerio.load(await xml(path), { xml: true });
      assertInert($, path);
      const { entries } = feedOf(path);
      const items = $('item, entry').toArray();
      assert.equal(items.length, entries.length);
      for (const [index, item] of items.entries()) {
        const entry = entries[index];
        assert.ok(entry);
        const where = `${path} ${entry.slug}`;
        const content = $(item).children('content\\:encoded, content').text();
        assert.ok(content.length > 0 || feedOf(path).term?.kind === 'tag', `${where} content`);
        assertInert(cheerio.load(content), `${where} content`);
        assertPlainHtmlText($(item).children('title').text(), entry.title, `${where} title`);
        assertPlainHtmlText(
          $(item).children('description, summary').text(),
          entry.description ?? excerptOf(entry),
          `${where} summary`,
        );
      }
    });
  }
});

describe('the sitemap and the icon', () => {
  it('hold only the site addresses, and the icon its first letter as text', async () => {
    const sitemap = cheerio.load(await xml(documents.sitemap), { xml: true });
    assertInert(sitemap, documents.sitemap);
    const locs = texts(sitemap, 'loc');
    // The search page is not listed: search engines have nothing to index there.
    assert.equal(locs.length, documents.pages.filter((path) => path !== '/search/').length);
    for (const loc of locs) assert.ok(loc.startsWith(`${config.url}/`), loc);

    const icon = cheerio.load(await xml(documents.favicon), { xml: true });
    assertInert(icon, documents.favicon);
    assert.equal(icon('svg > *').length, 2);
    assert.equal(icon('text').text(), '<');
  });
});
