import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { readOrgDocument } from './org-document.js';

const body = (org: string): string => readOrgDocument(org).body.trimEnd();

describe('an Org file read as Hugo reads it', () => {
  it("takes the keywords it opens with as front matter, lists and Org's dates among them", () => {
    const document = readOrgDocument(
      '#+TITLE: 优秀的人\n#+DATE: <2022-04-30 Sat>\n#+LASTMOD: [2023-01-02 Mon 9:05]\n#+TAGS[]: 随笔 life\n#+CATEGORIES: a b\n#+DRAFT: t\n# a comment\n\nText.\n',
    );
    assert.deepEqual(document.fields, {
      title: '优秀的人',
      date: '2022-04-30',
      lastmod: '2023-01-02 09:05',
      tags: ['随笔', 'life'],
      categories: ['a', 'b'],
      draft: true,
    });
    assert.equal(document.body, 'Text.\n');
    assert.equal(document.bodyLine, 9);
  });

  it('makes headlines a level below the title, without TODO keywords, priorities or tags', () => {
    assert.equal(
      body(
        '* One\n** TODO [#A] Two   :work:\n*** COMMENT Hidden\nGone.\n* Kept :noexport:\nGone too.\n* Three\n',
      ),
      '## One\n\n### Two\n\n## Three',
    );
  });

  it('gives a headline its CUSTOM_ID, which links within the page lead to', () => {
    assert.equal(
      body(
        'Intro.\n\n** Setup {#old}\n   :PROPERTIES:\n   :CUSTOM_ID: setup\n   :END:\nSee [[#setup][above]].\n',
      ),
      'Intro.\n\n### Setup \\{#old} {#setup}\n\nSee [above](#setup).',
    );
  });

  it('reads emphasis where go-org does: not inside a word, as in CJK text', () => {
    assert.equal(
      body('Some *bold*, /italic/, _under_, +struck+, =verbatim=, ~code~ (*in*).'),
      'Some **bold**, *italic*, <u>under</u>, ~~struck~~, `verbatim`, `code` (**in**).',
    );
    assert.equal(
      body('中文*不是粗体*中文, 2*3*4 and snake_case_name'),
      '中文\\*不是粗体\\*中文, 2\\*3\\*4 and snake\\_case\\_name',
    );
    assert.equal(body('a =x*y= b'), 'a `x*y` b');
    assert.equal(body('**协议** （procotol）'), '****协议**** （procotol）');
    assert.equal(
      body('*two\nlines* but /not\nthree\nlines/'),
      '**two\nlines** but /not\nthree\nlines/',
    );
  });

  it('keeps what Markdown would read as markup as text', () => {
    assert.equal(
      body('<div> & [x] | $5\n# not a heading\n> not a quote'),
      '\\<div\\> \\& \\[x\\] \\| \\$5\n\n\\> not a quote',
    );
  });

  it('writes links, images and footnotes as Markdown', () => {
    assert.equal(
      body(
        'A [[https://orgmode.org][site]], [[https://x.org/a_b]], [[file:../img/cat.png]], [[./pic.jpg][file:thumb.jpg]], [[*Some heading][there]] and a note[fn:1], inline[fn::said here].\n\n[fn:1] The note.\n',
      ),
      'A [site](https://orgmode.org), [https://x.org/a\\_b](https://x.org/a_b), ![](../img/cat.png), [![](thumb.jpg)](./pic.jpg), there and a note[^1], inline[^inline-1].\n\n[^inline-1]: said here\n\n[^1]: The note.',
    );
  });

  it("ends the summary where Hugo ended an Org post's, at `# more`", () => {
    assert.equal(body('First.\n# more\nRest.\n# a comment\n'), 'First.\n\n<!--more-->\n\nRest.');
  });

  it("leaves Hugo's shortcodes as written, for the import to convert", () => {
    assert.equal(
      body('See {{< figure src="/a_b.png" >}} and {{% note %}}x{{% /note %}}.'),
      'See {{< figure src="/a_b.png" >}} and {{% note %}}x{{% /note %}}.',
    );
  });

  it('makes an image under a caption a figure', () => {
    assert.equal(
      body('A cat.\n\n#+CAPTION: A *cat*\n#+NAME: fig:cat\n[[./cat.png]]\n'),
      'A cat.\n\n![](./cat.png)\n_A **cat**_',
    );
  });

  it('fences code, and keeps quotes, verses and exported HTML', () => {
    assert.equal(
      body(
        '#+BEGIN_SRC emacs-lisp :results silent\n  (setq a 1)\n  ,* not a headline\n#+END_SRC\n\n#+begin_example\nplain\n#+end_example\n\n: fixed\n: width\n\n#+BEGIN_QUOTE\nA *quote*.\n\nTwo.\n#+END_QUOTE\n\n#+BEGIN_VERSE\nRoses\nViolets\n#+END_VERSE\n\n#+BEGIN_EXPORT html\n<b>raw</b>\n#+END_EXPORT\n\n#+BEGIN_HTML\n<i>old</i>\n#+END_HTML\n\n#+BEGIN_EXPORT latex\n\\LaTeX\n#+END_EXPORT',
      ),
      '```emacs-lisp\n(setq a 1)\n* not a headline\n```\n\n```\nplain\n```\n\n```\nfixed\nwidth\n```\n\n> A **quote**.\n>\n> Two.\n\nRoses\\\nViolets\n\n<b>raw</b>\n\n<i>old</i>',
    );
  });

  it('writes lists with their nesting, checkboxes, terms and paragraphs', () => {
    assert.equal(
      body(
        '- one\n  still one\n  - nested\n- [X] done\n- [ ] to do\n- Term :: its meaning\n\n1. first\n2) second\n\n   its paragraph\n\nAfter.\n',
      ),
      '- one\n  still one\n  - nested\n- [x] done\n- [ ] to do\n- **Term**: its meaning\n\n1. first\n2. second\n\n   its paragraph\n\nAfter.',
    );
  });

  it('writes tables, with an empty header row where the table has none', () => {
    assert.equal(
      body('| a | b |\n|---+---|\n| 1 | x\\vert{}y |\n\n| c | d |\n| 3 | 4 |\n'),
      '| a | b |\n| --- | --- |\n| 1 | x\\\\vert{}y |\n\n|  |  |\n| --- | --- |\n| c | d |\n| 3 | 4 |',
    );
  });

  it('turns math on for LaTeX, and leaves out drawers, planning and comments', () => {
    const document = readOrgDocument(
      '#+TITLE: Math\n\n* Head\nSCHEDULED: <2020-01-01 Wed>\n:PROPERTIES:\n:ID: 1\n:END:\nInline \\(e^{i\\pi}\\) and\n\\begin{equation}\nx = 1\n\\end{equation}\n#+BEGIN_COMMENT\nhidden\n#+END_COMMENT\nA line\\\\\nbroken.\n',
    );
    assert.equal(document.fields.math, true);
    assert.equal(
      document.body.trimEnd(),
      '## Head\n\nInline $e^{i\\pi}$ and\n\n$$\n\\begin{equation}\nx = 1\n\\end{equation}\n$$\n\nA line\\\nbroken.',
    );
  });

  it('reads any text, however its markup is broken, without failing', () => {
    const pieces = [
      ...['*', '/', '_', '+', '=', '~', '[[', ']]', '][', '[fn:', ']', ':', '|', '|-', '`', '$'],
      ...['#+BEGIN_SRC', '#+END_SRC', '#+BEGIN_QUOTE', '#+END_QUOTE', '#+CAPTION: c', '- ', '1. '],
      ...['\\(', '\\)', '\\begin{x}', '\\end{x}', ':PROPERTIES:', ':END:', '** ', '* '],
      ...['\n', '\n\n', '  ', 'a', '中', '{{<', '>}}', '@@html:', '@@', '<', '&', '# more'],
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 80 }), (parts) => {
        const document = readOrgDocument(parts.join(''));
        assert.equal(typeof document.body, 'string');
      }),
      { numRuns: 2000 },
    );
  });
});
