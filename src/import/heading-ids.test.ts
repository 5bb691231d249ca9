import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseMarkdown } from '../content/markdown/markdown.js';
import { builtHeadings } from './built-tags.js';
import { type HeadingIdRule, keepHeadingIds } from './heading-ids.js';

// Headings of one post and the ids each engine gave them, read off the pages Hugo 0.111 (its
// Goldmark), Jekyll 4 (kramdown reading GFM, and reading its own Markdown) and Hexo 8 (marked)
// built of it: heading, Hugo, Jekyll, kramdown, Hexo. `''` where the engine gave it none.
const HEADINGS: readonly (readonly [string, string, string, string, string])[] = [
  ['## Intro', 'intro', 'intro', 'intro', 'Intro'],
  ['## Why C++ & Go?', 'why-c--go', 'why-c--go', 'why-c--go', 'Why-C-Go'],
  [
    "## Don't stop -- now",
    'dont-stop----now',
    'dont-stop--now',
    'dont-stop----now',
    'Don’t-stop-–-now',
  ],
  ['## A - B — C', 'a---b--c', 'a---b--c', 'a---b--c', 'A-B-—-C'],
  ['## 你好，世界：测试', '你好世界测试', '你好世界测试', 'section', '你好，世界：测试'],
  ['## Café crème', 'café-crème', 'café-crème', 'caf-crme', 'Cafe-creme'],
  [
    '## `code_span` and **bold** text',
    'code_span-and-bold-text',
    'code_span-and-bold-text',
    'codespan-and-bold-text',
    'code-span-and-bold-text',
  ],
  [
    '## [A link](https://example.com) here',
    'a-linkhttpsexamplecom-here',
    'a-link-here',
    'a-linkhttpsexamplecom-here',
    'A-link-here',
  ],
  ['## Intro', 'intro-1', 'intro-1', 'intro-1', 'Intro-1'],
  ['## Intro', 'intro-2', 'intro-2', 'intro-2', 'Intro-2'],
  ['## snake_case_name', 'snake_case_name', 'snake_case_name', 'snakecasename', 'snake-case-name'],
  ['## 2024 review', '2024-review', '2024-review', 'review', '2024-review'],
  ['## ...', 'heading', '', 'section-1', '…'],
  ['## Emoji 🎉 party', 'emoji--party', 'emoji--party', 'emoji--party', 'Emoji-🎉-party'],
  ['## Ünïcödé Straße', 'ünïcödé-straße', 'ünïcödé-straße', 'ncd-strae', 'Unicode-Strase'],
  ['## Tab\tin heading', 'tabin-heading', 'tab-in-heading', 'tabin-heading', 'Tabin-heading'],
  [
    '## Trailing hashes ##',
    'trailing-hashes',
    'trailing-hashes',
    'trailing-hashes',
    'Trailing-hashes',
  ],
  [
    'Setext heading\n--------------',
    'setext-heading',
    'setext-heading',
    'setext-heading',
    'Setext-heading',
  ],
  [
    '## Über-cool  double  spaces',
    'über-cool--double--spaces',
    'über-cool--double--spaces',
    'ber-cool--double--spaces',
    'Uber-cool-double-spaces',
  ],
  ['## It\'s "quoted"', 'its-quoted', 'its-quoted', 'its-quoted', 'It’s-“quoted”'],
  ['## 1. Numbered', '1-numbered', '1-numbered', 'numbered', '1-Numbered'],
  ['## A & B &amp; C', 'a--b-amp-c', 'a--b--c', 'a--b-amp-c', 'A-B-C'],
];

const RULES: readonly (readonly [string, HeadingIdRule, boolean])[] = [
  ['Hugo', { kind: 'github' }, true],
  ['Jekyll', { kind: 'gfm' }, true],
  ['kramdown', { kind: 'kramdown' }, true],
  ['Hexo', { kind: 'hexo' }, true],
];

const idsOf = (body: string, typographer: boolean) =>
  parseMarkdown(body, { typographer })
    .filter((token) => token.type === 'heading_open')
    .map((token) => token.attrGet('id'));

describe("the ids of an imported blog's headings", () => {
  const body = HEADINGS.map(([heading]) => heading).join('\n\n');

  RULES.forEach(([engine, rule, typographer], column) => {
    it(`are the ones ${engine} gave them, once kept`, () => {
      const kept = keepHeadingIds(body, { rule }, { typographer });
      const ids = idsOf(kept.body, typographer);
      HEADINGS.forEach((row, i) => {
        const wanted = row[column + 1];
        // A heading the engine gave no id keeps Folio's.
        if (wanted !== '') assert.equal(ids[i], wanted, row[0]);
      });
    });
  });

  it('are written only where Folio would make another', () => {
    const kept = keepHeadingIds(
      '## Plain words\n\n## C++ & Go\n',
      { rule: { kind: 'github' } },
      {},
    );
    assert.equal(kept.body, '## Plain words\n\n## C++ & Go {#c--go}\n');
    assert.equal(kept.kept, 1);
  });

  it("take the place of a heading's closing hashes, and keep an id written by hand", () => {
    const kept = keepHeadingIds(
      '## C & D ##\n\n## E & F {#mine}\n',
      { rule: { kind: 'github' } },
      {},
    );
    assert.equal(kept.body, '## C & D {#c--d}\n\n## E & F {#mine}\n');
  });

  it('go on the line of a setext heading, not on its underline', () => {
    const kept = keepHeadingIds('A & B\n=====\n', { rule: { kind: 'github' } }, {});
    assert.equal(kept.body, 'A & B {#a--b}\n=====\n');
  });

  it('stay as the engine gave them where ids written make Folio number others anew', () => {
    // Hugo: `ab`, `a_b`, `ab-1`; Folio alone would make `ab`, `ab-1`, `ab-2`.
    const kept = keepHeadingIds('## A.B\n\n## A_B\n\n## AB\n', { rule: { kind: 'github' } }, {});
    assert.deepEqual(idsOf(kept.body, false), ['ab', 'a_b', 'ab-1']);
    assert.equal(kept.kept, 2);
  });

  it('carry the prefix kramdown was told to give them', () => {
    const kept = keepHeadingIds('## Setup\n', { rule: { kind: 'gfm', prefix: 'h-' } }, {});
    assert.equal(kept.body, '## Setup {#h-setup}\n');
  });
});

describe("the ids of an imported post's headings, read off the page its engine built", () => {
  // As eleventy-base-blog writes them: markdown-it-anchor, Eleventy's slugify, a `#` after.
  const page = [
    '<header><h1 id="site">My blog</h1></header>',
    '<aside><h2 id="recent">Recent posts</h2></aside>',
    '<main><h1 id="why-c-and-go">Why C++ &amp; Go? <a class="header-anchor" href="#why-c-and-go">#</a></h1>',
    '<h2 id="wrapped"><a class="header-anchor" href="#wrapped">Wrapped in its link</a></h2>',
    '<h2 id="the-setup">The <em>setup</em></h2>',
    '<h3><a id="old-anchor"></a>Old style</h3>',
    '<h2 id="hidden">Shown<span aria-hidden="true"> ¶</span></h2></main>',
  ].join('\n');

  it('are the headings that carry an id, on the heading or an anchor inside it, in order', () => {
    assert.deepEqual(builtHeadings(page), [
      { key: 'myblog', id: 'site' },
      { key: 'recentposts', id: 'recent' },
      { key: 'whycgo', id: 'why-c-and-go' },
      { key: 'wrappedinitslink', id: 'wrapped' },
      { key: 'thesetup', id: 'the-setup' },
      { key: 'oldstyle', id: 'old-anchor' },
      { key: 'shown', id: 'hidden' },
    ]);
  });

  it("are written where the post's heading of the same text, in order, would have another", () => {
    const body =
      '# Why C++ & Go?\n\n## Wrapped in its link\n\n## The *setup*\n\n### Old style\n\n## Not on the page\n';
    const kept = keepHeadingIds(body, { built: builtHeadings(page) }, {});
    assert.equal(
      kept.body,
      '# Why C++ & Go? {#why-c-and-go}\n\n## Wrapped in its link {#wrapped}\n\n## The *setup*\n\n### Old style {#old-anchor}\n\n## Not on the page\n',
    );
  });

  it("take the place of the engine's rule where both are known", () => {
    const built = [{ key: 'ab', id: 'custom-ab' }];
    const kept = keepHeadingIds('## A & B\n\n## C & D\n', { rule: { kind: 'github' }, built }, {});
    assert.equal(kept.body, '## A & B {#custom-ab}\n\n## C & D {#c--d}\n');
  });
});
