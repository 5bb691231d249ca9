import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { wordPressAsJekyll } from './wordpress-blog.js';
import { isWordPressExport, readWordPressExport } from './wordpress-export.js';
import { wordPressParagraphs } from './wordpress-paragraphs.js';

const HEAD = `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
  <title>Notes &amp; Essays</title>
  <link>https://blog.example/journal</link>
  <description>A journal</description>
  <language>ko-KR</language>
  <wp:wxr_version>1.2</wp:wxr_version>
  <wp:author><wp:author_login><![CDATA[jane]]></wp:author_login><wp:author_display_name><![CDATA[Jane Doe]]></wp:author_display_name></wp:author>
  <wp:category><wp:category_nicename>tech</wp:category_nicename><wp:category_parent></wp:category_parent><wp:cat_name><![CDATA[Tech]]></wp:cat_name></wp:category>
  <wp:category><wp:category_nicename>go</wp:category_nicename><wp:category_parent>tech</wp:category_parent><wp:cat_name><![CDATA[Go]]></wp:cat_name></wp:category>
`;

interface ItemFields {
  id: number;
  title: string;
  link: string;
  content: string;
  name?: string;
  status?: string;
  type?: string;
  date?: string;
  dateGmt?: string;
  terms?: string;
  extra?: string;
}

function item(fields: ItemFields): string {
  return `  <item>
    <title>${fields.title}</title>
    <link>${fields.link}</link>
    <dc:creator><![CDATA[jane]]></dc:creator>
    <content:encoded><![CDATA[${fields.content}]]></content:encoded>
    <excerpt:encoded><![CDATA[]]></excerpt:encoded>
    <wp:post_id>${fields.id}</wp:post_id>
    <wp:post_date><![CDATA[${fields.date ?? '2021-03-04 09:30:00'}]]></wp:post_date>
    <wp:post_date_gmt><![CDATA[${fields.dateGmt ?? '2021-03-04 00:30:00'}]]></wp:post_date_gmt>
    <wp:post_name><![CDATA[${fields.name ?? ''}]]></wp:post_name>
    <wp:status><![CDATA[${fields.status ?? 'publish'}]]></wp:status>
    <wp:post_parent>0</wp:post_parent>
    <wp:menu_order>0</wp:menu_order>
    <wp:post_type><![CDATA[${fields.type ?? 'post'}]]></wp:post_type>
    <wp:is_sticky>0</wp:is_sticky>
${fields.terms ?? ''}${fields.extra ?? ''}  </item>
`;
}

const EXPORT =
  HEAD +
  item({
    id: 10,
    title: 'Hello &amp; welcome',
    link: 'https://blog.example/journal/2021/03/04/hello/',
    name: 'hello',
    content:
      'First line\nsecond line\n\n[gallery ids="30"]\n\nCode: {{ not liquid }}\n<!--more-->\nThe rest.',
    terms:
      '    <category domain="category" nicename="go"><![CDATA[Go]]></category>\n    <category domain="category" nicename="uncategorized"><![CDATA[Uncategorized]]></category>\n    <category domain="post_tag" nicename="%ed%95%9c%ea%b8%80"><![CDATA[한글]]></category>\n',
    extra:
      '    <wp:postmeta><wp:meta_key><![CDATA[_thumbnail_id]]></wp:meta_key><wp:meta_value><![CDATA[30]]></wp:meta_value></wp:postmeta>\n    <wp:comment><wp:comment_content><![CDATA[Nice]]></wp:comment_content><wp:status>spam</wp:status></wp:comment>\n',
  }) +
  item({
    id: 11,
    title: 'About',
    link: 'https://blog.example/journal/about/',
    name: 'about',
    type: 'page',
    content: 'Who I am.',
  }) +
  item({
    id: 12,
    title: 'Someday',
    link: 'https://blog.example/journal/?p=12',
    content: 'Not yet.',
    status: 'draft',
    dateGmt: '0000-00-00 00:00:00',
  }) +
  item({
    id: 13,
    title: 'Mine',
    link: 'https://blog.example/journal/mine/',
    content: 'x',
    status: 'private',
  }) +
  item({
    id: 30,
    title: 'A cat',
    link: 'https://blog.example/journal/cat/',
    content: '',
    type: 'attachment',
    status: 'inherit',
    extra:
      '    <wp:attachment_url><![CDATA[https://blog.example/wp-content/uploads/cat.jpg]]></wp:attachment_url>\n',
  }) +
  '</channel>\n</rss>\n';

describe('a WordPress export', () => {
  it('is told from other XML by its version or its namespace', () => {
    assert.equal(isWordPressExport(EXPORT), true);
    assert.equal(isWordPressExport('<?xml version="1.0"?>\n<rss><channel></channel></rss>'), false);
    assert.equal(isWordPressExport('# A post\n'), false);
  });

  it('is read into its site and items, each field whole and its entities decoded', () => {
    const site = readWordPressExport(EXPORT);
    assert.equal(site.title, 'Notes & Essays');
    assert.equal(site.link, 'https://blog.example/journal');
    assert.equal(site.language, 'ko-KR');
    assert.equal(site.authors.get('jane'), 'Jane Doe');
    assert.deepEqual(site.categories[1], { nicename: 'go', name: 'Go', parent: 'tech' });
    const [hello] = site.items;
    assert.equal(hello?.title, 'Hello & welcome');
    assert.equal(hello?.line, 12);
    assert.match(hello?.content ?? '', /^First line\nsecond line\n\n\[gallery/);
    assert.deepEqual(
      hello?.terms.map((term) => term.name),
      ['Go', 'Uncategorized', '한글'],
    );
    // A comment's fields are its own, not the item's.
    assert.equal(hello?.status, 'publish');
    assert.equal(hello?.meta.get('_thumbnail_id'), '30');
    assert.equal(site.items.length, 5);
  });

  it('cut short, yields the items before the cut', () => {
    const cut = EXPORT.slice(0, EXPORT.indexOf('<wp:post_id>12'));
    assert.deepEqual(
      readWordPressExport(cut).items.map((entry) => entry.id),
      [10, 11],
    );
  });
});

describe('a WordPress export, read with care', () => {
  const blog = wordPressAsJekyll(
    readWordPressExport(
      HEAD +
        item({
          id: 50,
          title: 'Locked',
          link: 'https://blog.example/journal/locked/',
          name: 'locked',
          content: 'Secret.',
          extra: '    <wp:post_password><![CDATA[hunter2]]></wp:post_password>\n',
        }) +
        item({
          id: 51,
          title: 'Plans',
          link: 'https://blog.example/journal/?page_id=51',
          name: 'index',
          type: 'page',
          status: 'draft',
          content: 'Soon.',
        }) +
        item({
          id: 52,
          title: 'Cats',
          link: 'https://blog.example/journal/2021/03/04/cats/',
          name: 'cats',
          content: 'Liquid writes {% endraw %} and {{ page.title }}. So $latex=a &lt; b&s=2$.',
          extra:
            '    <excerpt:encoded><![CDATA[Tom &amp; Jerry]]></excerpt:encoded>\n    <wp:postmeta><wp:meta_key><![CDATA[_thumbnail_id]]></wp:meta_key><wp:meta_value><![CDATA[30]]></wp:meta_value></wp:postmeta>\n    <wp:comment><wp:commentmeta><wp:meta_key><![CDATA[_thumbnail_id]]></wp:meta_key><wp:meta_value><![CDATA[77]]></wp:meta_value></wp:commentmeta></wp:comment>\n',
        }) +
        '</channel>\n</rss>\n',
    ),
  );

  it('leaves out what WordPress showed behind a password, and keeps a draft page unpublished', () => {
    assert.deepEqual(
      blog.leftOut.map((note) => note.text.split(':')[0]),
      ['the post "Locked" was left out'],
    );
    // A page's name that Jekyll reads as its home page's is another.
    assert.match(blog.files.get('index-page.html') ?? '', /^published: false$/m);
  });

  it("reads the post's own fields, its excerpt's entities, and keeps text about Liquid", () => {
    const post = blog.files.get('_posts/2021-03-04-cats.md') ?? '';
    // The first excerpt element is the item's own (empty); the later one, a test's, is read too.
    assert.doesNotMatch(post, /&amp;/);
    assert.doesNotMatch(post, /^image:.*77/m);
    assert.match(post, /Liquid writes \{% raw %\}\{%\{% endraw %\} endraw %\} and \{% raw %\}\{\{/);
    // `$latex=…$`, its entity read and its size left out.
    assert.match(post, /So \$a < b\$\./);
  });
});

describe("WordPress's paragraphs", () => {
  it('make each run of text a paragraph, and a line break within one a <br />', () => {
    assert.equal(
      wordPressParagraphs('Hello\nWorld\n\nAgain'),
      '<p>Hello<br />\nWorld</p>\n<p>Again</p>\n',
    );
  });

  it('leave blocks apart, and quotes their paragraphs', () => {
    assert.equal(
      wordPressParagraphs('Intro\n<ul>\n\t<li>One</li>\n</ul>\nAfter'),
      '<p>Intro</p>\n<ul>\n<li>One</li>\n</ul>\n<p>After</p>\n',
    );
    assert.equal(
      wordPressParagraphs('<blockquote>One\n\nTwo</blockquote>'),
      '<blockquote><p>One</p>\n<p>Two</p></blockquote>\n',
    );
  });

  it('keep preformatted text and code as written, and the excerpt mark on its own', () => {
    assert.equal(
      wordPressParagraphs('Code:\n<pre>a\n\nb</pre>\n[code]\nx\n\ny\n[/code]'),
      '<p>Code:</p>\n<pre>a\n\nb</pre>\n[code]\nx\n\ny\n[/code]\n',
    );
    assert.equal(
      wordPressParagraphs('Intro <!--more--> rest'),
      '<p>Intro</p>\n<!--more-->\n<p>rest</p>\n',
    );
  });

  it('add no second break where a line ends in one, and make the text after a rule a paragraph', () => {
    assert.equal(
      wordPressParagraphs('one<br />\ntwo<br>\nthree'),
      '<p>one<br />\ntwo<br>\nthree</p>\n',
    );
    assert.equal(wordPressParagraphs('a\n<hr />\nb'), '<p>a</p>\n<hr />\n<p>b</p>\n');
  });

  it('in Markdown, escape what would begin a list or a heading in a paragraph, and not in HTML', () => {
    assert.equal(
      wordPressParagraphs('1. x\ntext\n=\n\n<div>\n1. step\n</div>', { markdown: true }),
      '1\\. x<br />\ntext<br />\n\\=\n\n<div>\n1. step\n</div>\n',
    );
  });

  it('make an address alone in its paragraph a link to it', () => {
    assert.equal(
      wordPressParagraphs('Watch:\n\nhttps://www.youtube.com/watch?v=abc'),
      '<p>Watch:</p>\n<p><a href="https://www.youtube.com/watch?v=abc">https://www.youtube.com/watch?v=abc</a></p>\n',
    );
  });
});

describe('a WordPress export as a Jekyll blog', () => {
  const blog = wordPressAsJekyll(readWordPressExport(EXPORT));

  it('has a post file for each post at its old path, dated on the blog clock with its offset', () => {
    const post = blog.files.get('_posts/2021-03-04-hello.html') ?? '';
    assert.match(post, /^title: Hello & welcome$/m);
    assert.match(post, /^date: ["']?2021-03-04 09:30:00 \+09:00["']?$/m);
    assert.match(post, /^permalink: \/2021\/03\/04\/hello\/$/m);
    // Uncategorized was WordPress's, not the author's.
    assert.match(post, /^categories:\n {2}- Go\ntags:\n {2}- 한글$/m);
    assert.match(post, /^image: https:\/\/blog\.example\/wp-content\/uploads\/cat\.jpg$/m);
    assert.match(post, /<p>First line<br \/>\nsecond line<\/p>/);
    assert.match(
      post,
      /<img src="https:\/\/blog\.example\/wp-content\/uploads\/cat\.jpg" alt="A cat">/,
    );
    // Jekyll would run `{{ … }}` as Liquid, which WordPress showed as written.
    assert.match(post, /Code: \{% raw %\}\{\{\{% endraw %\} not liquid \}\}/);
    assert.equal(blog.lines.get('_posts/2021-03-04-hello.html'), 12);
  });

  it('has pages and drafts, and names what it leaves out', () => {
    assert.match(blog.files.get('about.html') ?? '', /^permalink: \/about\/$/m);
    assert.match(blog.files.get('_drafts/post-12.html') ?? '', /^title: Someday$/m);
    assert.deepEqual(
      blog.leftOut.map((note) => note.text.split(':')[0]),
      ['the private post "Mine" was left out'],
    );
    assert.match(blog.files.get('_config.yml') ?? '', /^baseurl: \/journal$/m);
  });

  it("makes WordPress's players links to their files", () => {
    const withMedia = wordPressAsJekyll(
      readWordPressExport(
        HEAD +
          item({
            id: 41,
            title: 'Media',
            link: 'https://blog.example/journal/2021/03/04/media/',
            name: 'media',
            content:
              'Listen:\n[audio mp3="https://blog.example/a.mp3"][/audio]\n\n[video width="640" src="https://blog.example/v.mp4"][/video]\n\n[audio https://blog.example/b.mp3]',
          }) +
          '</channel>\n</rss>\n',
      ),
    );
    const post = withMedia.files.get('_posts/2021-03-04-media.html') ?? '';
    assert.match(
      post,
      /<p><a href="https:\/\/blog\.example\/a\.mp3">https:\/\/blog\.example\/a\.mp3<\/a><\/p>/,
    );
    assert.match(post, /<p><a href="https:\/\/blog\.example\/v\.mp4">/);
    assert.match(post, /<p><a href="https:\/\/blog\.example\/b\.mp3">/);
    assert.doesNotMatch(post, /\[\/?(?:audio|video)/);
  });

  it("writes a post with WordPress.com's formulas in Markdown, which typesets them", () => {
    const withMath = wordPressAsJekyll(
      readWordPressExport(
        HEAD +
          item({
            id: 40,
            title: 'Euler',
            link: 'https://blog.example/journal/2021/03/04/euler/',
            name: 'euler',
            content: 'So $latex e^{i\\pi}+1=0&s=2$ holds.\nNext line\n\n1. Not a list',
          }) +
          '</channel>\n</rss>\n',
      ),
    );
    assert.equal(
      withMath.files.get('_posts/2021-03-04-euler.md')?.split('---\n')[2],
      'So $e^{i\\pi}+1=0$ holds.<br />\nNext line\n\n1\\. Not a list\n',
    );
    assert.match(withMath.files.get('_posts/2021-03-04-euler.md') ?? '', /^math: true$/m);
  });

  it('tells the old lists of categories, tags, dates and the author, and the feeds', () => {
    assert.deepEqual(
      blog.termPages.map((page) => page.oldUrl),
      ['/category/tech/go/', '/category/uncategorized/', '/tag/한글/'],
    );
    assert.equal(blog.lists.get('/2021/03/'), 'archives');
    assert.equal(blog.lists.get('/author/jane/'), 'archives');
    assert.equal(blog.redirects['/feed/'], '/feed.xml');
  });
});
