import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { builtTagWriting } from './built-tags.js';

const builtTagOutputs = (body: string, bodyLine: number, html: string) =>
  builtTagWriting(body, bodyLine, html).tags;
const builtAttributeValues = (body: string, bodyLine: number, html: string) =>
  builtTagWriting(body, bodyLine, html).values;

const PREVIEW_A = '<a class="preview" href="https://a.example/">Article A — a summary</a>';
const PREVIEW_B = '<a class="preview" href="https://b.example/">Article B — another</a>';

/** A built page as a theme writes it: a header, the post's body, a footer with other posts. */
function page(body: string): string {
  return `<!doctype html><html><head><title>Links</title></head><body><header><a href="/">Home</a></header><main><article><h1>Links</h1><div class="content">\n${body}\n</div><footer><p>More posts</p></footer></article></main></body></html>`;
}

describe('reading what a blog’s own tags wrote from its built pages', () => {
  it('finds a tag’s HTML between its neighbours’ text, by the tag’s line', () => {
    const body =
      'A first paragraph, with a **strong** word.\n\n{% preview "a" %}\n\n## Tools\n\nMore text.\n';
    const html = page(
      '<p>A first paragraph, with a <strong>strong</strong> word.</p>\n' +
        `${PREVIEW_A}\n<h2 id="tools">Tools</h2>\n<p>More text.</p>`,
    );
    assert.deepEqual([...builtTagOutputs(body, 10, html)], [[12, PREVIEW_A]]);
  });

  it('gives tags on following lines an element each, in order, and reads one that ends the body', () => {
    const body =
      'Two reads this week, both about “quotes”.\n{% preview "a" %}\n{% preview "b" %}\n\nThe end, almost:\n\n{% preview "b" %}\n';
    const html = page(
      '<p>Two reads this week, both about &ldquo;quotes&rdquo;.</p>\n' +
        `${PREVIEW_A}\n${PREVIEW_B}\n<p>The end, almost:</p>\n${PREVIEW_B}`,
    );
    assert.deepEqual(
      [...builtTagOutputs(body, 1, html)],
      [
        [2, PREVIEW_A],
        [3, PREVIEW_B],
        [7, PREVIEW_B],
      ],
    );
  });

  it('finds nothing where it cannot be sure', () => {
    // The text before the tag is not on the page.
    assert.equal(
      builtTagOutputs(
        'Other words here.\n\n{% preview "a" %}\n\nMore text.\n',
        1,
        page(`<p>Changed words.</p>${PREVIEW_A}<p>More text.</p>`),
      ).size,
      0,
    );
    // The same text twice, each time before an element of its own.
    const twice = page(
      `<p>Same words here.</p>${PREVIEW_A}<p>More text.</p><p>Same words here.</p>${PREVIEW_B}<p>More text.</p>`,
    );
    assert.equal(
      builtTagOutputs('Same words here.\n\n{% preview "a" %}\n\nMore text.\n', 1, twice).size,
      0,
    );
    // Two tags, one element: which is whose cannot be told.
    assert.equal(
      builtTagOutputs(
        'Some words here.\n\n{% a %}\n{% b %}\n\nMore text.\n',
        1,
        page(`<p>Some words here.</p>${PREVIEW_A}<p>More text.</p>`),
      ).size,
      0,
    );
    // A tag at the end of a body whose page goes on with more than it wrote.
    assert.equal(
      builtTagOutputs(
        'Some words here.\n\n{% a %}\n',
        1,
        page(`<p>Some words here.</p>${PREVIEW_A}<aside>Share</aside>`),
      ).size,
      0,
    );
  });

  it('leaves what a script would have filled in, and what Folio would not load', () => {
    const body = 'Now playing.\n\n{% player "1" %}\n\nMore text.\n';
    for (const written of [
      '<script src="https://cdn.example/player.js"></script>\n<player-box id="1"></player-box>',
      '<iframe src="https://ads.example/"></iframe>',
    ]) {
      const html = page(`<p>Now playing.</p>${written}<p>More text.</p>`);
      assert.equal(builtTagOutputs(body, 1, html).size, 0, written);
    }
  });

  it('leaves tags in code, and tags that wrap text, to the conversion', () => {
    const body =
      'Some words here.\n\n```\n{% preview "a" %}\n```\n\n{% note %}\n\nInside.\n\n{% endnote %}\n\nMore text.\n';
    const html = page(
      `<p>Some words here.</p><pre><code>{% preview "a" %}</code></pre><div class="note"><p>Inside.</p></div><p>More text.</p>`,
    );
    assert.equal(builtTagOutputs(body, 1, html).size, 0);
  });
});

describe('reading what a blog’s own tags wrote inside attributes, from its built pages', () => {
  it('takes the value the element with the same other attributes shows, in order', () => {
    const body = [
      'Intro.',
      '',
      '<img width="650" src="{% img_url jtag/chain.png %}" alt="A chain of &quot;TAPs&quot;" />',
      '![]({% img_url jtag/one.png %}) and ![]({% img_url jtag/two.png %})',
      '![A board]({% img_url jtag/board.png %} "The board")',
      '```',
      '![]({% img_url jtag/in-code.png %})',
      '```',
    ].join('\n');
    const html = page(
      '<p>Intro.</p><img width="650" src="/img/jtag/chain.png" alt=\'A chain of "TAPs"\'>' +
        '<p><img src="/img/jtag/one.png" alt=""> and <img src="/img/jtag/two.png" alt=""></p>' +
        '<p><img src="/img/jtag/board.png" alt="A board" title="The board"></p><pre><code>![]({% img_url jtag/in-code.png %})</code></pre>',
    );
    assert.deepEqual([...builtAttributeValues(body, 20, html)].sort(), [
      ['22 {% img_url jtag/chain.png %}', '/img/jtag/chain.png'],
      ['23 {% img_url jtag/one.png %}', '/img/jtag/one.png'],
      ['23 {% img_url jtag/two.png %}', '/img/jtag/two.png'],
      ['24 {% img_url jtag/board.png %}', '/img/jtag/board.png'],
    ]);
  });

  it('takes none where the page holds more such elements than the body, or another value', () => {
    const body = 'Intro.\n\n![]({% img_url a.png %})\n\n<a href="/files/{% file b %}.zip">b</a>\n';
    const html = page(
      '<p>Intro.</p><p><img src="/img/a.png" alt=""></p><p><a href="/downloads/b.zip">b</a></p><footer><img src="/logo.png" alt=""></footer>',
    );
    assert.equal(builtAttributeValues(body, 1, html).size, 0);
  });
});
