import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { convertBody } from './convert-body.js';
import { hexoPageUrl, jekyllPageUrl } from './engines.js';

describe("the URLs the engines gave a blog's pages", () => {
  const jekyll = (config: Record<string, unknown>, relative: string, fields = {}) =>
    jekyllPageUrl(config, { relative, collection: undefined, fields });

  it('Jekyll: by the permalink style, the folder of an index page, and a permalink of its own', () => {
    assert.equal(jekyll({}, 'about.md'), '/about.html');
    assert.equal(jekyll({ permalink: 'pretty' }, 'about.md'), '/about/');
    assert.equal(jekyll({ permalink: '/:year/:title/' }, 'about.md'), '/about/');
    assert.equal(jekyll({ permalink: '/:year/:title:output_ext' }, 'about.md'), '/about.html');
    assert.equal(jekyll({ permalink: '/:year/:title.html' }, 'about.md'), '/about');
    assert.equal(jekyll({}, 'about/index.md'), '/about/');
    assert.equal(jekyll({}, 'notes/now.md'), '/notes/now.html');
    assert.equal(jekyll({}, 'about.md', { permalink: '/me/' }), '/me/');
    const defaults = { defaults: [{ scope: { path: '' }, values: { permalink: '/:basename/' } }] };
    assert.equal(jekyll(defaults, 'uses.md'), '/uses/');
  });

  it("Jekyll: a collection's documents by the defaults for its type, or its own permalink", () => {
    const chirpy = {
      collections: { tabs: { output: true } },
      defaults: [{ scope: { path: '', type: 'tabs' }, values: { permalink: '/:title/' } }],
    };
    const tab = { relative: '_tabs/about.md', collection: 'tabs', fields: {} };
    assert.equal(jekyllPageUrl(chirpy, tab), '/about/');
    assert.equal(
      jekyllPageUrl({ collections: { tabs: { output: true } } }, tab),
      '/tabs/about.html',
    );
  });

  it('Hexo: a folder page at its folder, a file page as .html, read from the root', () => {
    assert.equal(hexoPageUrl({}, {}, 'about/index.md'), '/about/');
    assert.equal(hexoPageUrl({}, {}, 'now.md'), '/now.html');
    // Under the site's base path, which the imported url carries.
    assert.equal(hexoPageUrl({ root: '/blog/' }, {}, 'about/index.md'), '/about/');
    assert.equal(hexoPageUrl({}, { permalink: '/me/' }, 'about/index.md'), '/me/');
    assert.equal(hexoPageUrl({}, { permalink: 'me' }, 'about/index.md'), '/me.html');
  });
});

describe('a page body read where the blog served it', () => {
  const convert = (body: string, base?: string) =>
    convertBody(body, 'liquid', 1, { postUrl: () => '/posts/a/', ...(base ? { base } : {}) }).body;

  it('makes relative links and images paths from the root, leaving code, anchors and URLs', () => {
    assert.equal(
      convert('![me](me.png) [cv](../files/cv.pdf#p2) <img src="a b.png"> [x](#top)', '/about/'),
      '![me](/about/me.png) [cv](/files/cv.pdf#p2) <img src="/about/a b.png"> [x](#top)',
    );
    assert.equal(
      convert('[w](https://w.example/x) [r](/r/) `![c](c.png)`', '/about/'),
      '[w](https://w.example/x) [r](/r/) `![c](c.png)`',
    );
    assert.equal(convert('[a]({% post_url 2020-01-01-a %})', '/about/'), '[a](/posts/a/)');
    assert.equal(
      convert('![me][m]\n\n[m]: me.png "Me"', '/about/'),
      '![me][m]\n\n[m]: /about/me.png "Me"',
    );
    assert.equal(convert('{% img me.png Me %}', '/'), '![Me](/me.png)');
    assert.equal(convert('![me](me.png)'), '![me](me.png)', 'posts keep theirs');
  });
});
