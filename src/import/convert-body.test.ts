import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { convertBody, type Dialect } from './convert-body.js';

const convert = (body: string, dialect: Dialect = 'hugo') =>
  convertBody(body, dialect, 5, { postUrl: () => undefined });

describe('a more marker in an imported body', () => {
  it('ending a paragraph, goes on a line of its own, where Folio ends the excerpt', () => {
    for (const dialect of ['hugo', 'liquid'] as const) {
      const { body, notes } = convert('The summary. <!--more-->\n\nThe rest.\n', dialect);
      assert.equal(body, 'The summary.\n\n<!--more-->\n\nThe rest.\n');
      assert.deepEqual(notes, [
        { line: 5, kind: 'converted', what: '<!--more--> into a line of its own' },
      ]);
    }
    assert.equal(
      convert('First.\n\nThe summary, 二段. <!-- more -->  \n').body,
      'First.\n\nThe summary, 二段.\n\n<!-- more -->\n',
    );
  });

  it('on a line of its own, inside a paragraph, in code or an indented block, stays as written', () => {
    for (const body of [
      'The summary.\n\n<!--more-->\n\nThe rest.',
      'First <!--more--> rest of the paragraph.',
      'A line that ends with it <!--more-->\ngoes on in the same paragraph.',
      '```html\nsome code <!--more-->\n```\n',
      'Inline `code <!--more-->`\n',
      '    indented code <!--more-->\n',
    ]) {
      const converted = convert(body);
      assert.equal(converted.body, body);
      assert.deepEqual(converted.notes, []);
    }
  });
});

describe('a Jekyll body', () => {
  const jekyll = (body: string) => convert(body, 'jekyll');

  it("loses kramdown's attribute lists, after a span or on a line of their own", () => {
    const { body, notes } = jekyll(
      'See [the docs](https://docs.example){:target="_blank"} and ![a cat](/cat.png){: width="700" }.\n\nA paragraph.\n{: .note}\n\nThe end.\n',
    );
    assert.equal(
      body,
      'See [the docs](https://docs.example) and ![a cat](/cat.png).\n\nA paragraph.\n\nThe end.\n',
    );
    assert.deepEqual(
      notes.map(({ line, kind, what }) => [line, kind, what]),
      [
        [5, 'removed', '{: … } attribute list'],
        [5, 'removed', '{: … } attribute list'],
        [8, 'removed', '{: … } attribute list'],
      ],
    );
  });

  it('gives the id of an attribute list to the block kramdown gave it, where links to it land', () => {
    const { body, notes } = jekyll(
      [
        'Recall the [numbers](#numbers).',
        '',
        '{: #numbers}',
        '',
        '- one',
        '- two',
        '',
        '## Setup ##',
        '{: #install .no_toc}',
        '',
        'A paragraph',
        'of two lines.',
        '{: #para}',
        '',
        '```c',
        'int x;',
        '',
        'int y;',
        '```',
        '{: #code}',
        '',
      ].join('\n'),
    );
    assert.equal(
      body,
      [
        'Recall the [numbers](#numbers).',
        '',
        '<div id="numbers"></div>',
        '',
        '- one',
        '- two',
        '',
        '## Setup {#install}',
        '',
        '<div id="para"></div>',
        '',
        'A paragraph',
        'of two lines.',
        '',
        '<div id="code"></div>',
        '',
        '```c',
        'int x;',
        '',
        'int y;',
        '```',
        '',
      ].join('\n'),
    );
    assert.deepEqual(
      notes.map(({ line, what }) => [line, what]),
      [
        [7, '{: #numbers } into an id'],
        [13, '{: #install } into an id'],
        [17, '{: #para } into an id'],
        [24, '{: #code } into an id'],
      ],
    );
  });

  it('keeps a list whole rather than part it to place an id before its last item', () => {
    const { body } = jekyll('- one\n\n- two\n{: #items}\n');
    assert.equal(body, '- one\n\n- two\n');
  });

  it("makes Chirpy's prompts alerts, and kramdown's table of contents Folio's, in its place", () => {
    assert.equal(
      jekyll('> Use a fresh branch.\n> It is safer.\n{: .prompt-tip }\n\nAfter.\n').body,
      '> [!TIP]\n> Use a fresh branch.\n> It is safer.\n\nAfter.\n',
    );
    assert.equal(jekyll('> Careful.\n{: .prompt-danger }\n').body, '> [!CAUTION]\n> Careful.\n');
    const toc = jekyll('Intro.\n\n* TOC\n{:toc}\n\n## One\n');
    assert.equal(toc.body, 'Intro.\n\n[[toc]]\n\n## One\n');
    assert.deepEqual(
      toc.notes.map(({ kind, what }) => [kind, what]),
      [['converted', '{:toc} into [[toc]]']],
    );
  });

  it('shows what {% raw %} kept in a code block, and a tag quoted to show it as text', () => {
    const code = '```liquid\n{% raw %}\n{{ page.title }}\n{% endraw %}\n```\n';
    assert.equal(jekyll(code).body, '```liquid\n{{ page.title }}\n```\n');
    assert.equal(
      jekyll('Embed it with {{ "{% gist jane/0ccdd " }}%} in a post.\n').body,
      'Embed it with {% gist jane/0ccdd %} in a post.\n',
    );
  });

  it("makes jekyll-katex's formulas math, inline or displayed, and keeps katexmm's text", () => {
    assert.equal(
      jekyll(
        'Euler: {% katex %}e^{i\\pi} + 1 = 0{% endkatex %}.\n\n{% katex display %}\n\\sum_{n} x_n\n{% endkatex %}\n\n{% katexmm %}Mixed $a_1$ text{% endkatexmm %}\n',
      ).body,
      'Euler: $e^{i\\pi} + 1 = 0$.\n\n$$\n\\sum_{n} x_n\n$$\n\nMixed $a_1$ text\n',
    );
  });

  it('reads Markdown in an element marked markdown="1", as kramdown did', () => {
    const { body, notes } = jekyll(
      '<div class="quote" markdown="1">\nA *first* line[^1].\n<div class="inner">\nraw\n</div>\nLast.\n</div>\n\n```html\n<div markdown="1">\n</div>\n```\n',
    );
    assert.equal(
      body,
      '<div class="quote">\n\nA *first* line[^1].\n<div class="inner">\nraw\n</div>\n\nLast.\n\n</div>\n\n```html\n<div markdown="1">\n</div>\n```\n',
    );
    assert.deepEqual(notes, [
      { line: 5, kind: 'converted', what: '<div markdown="1"> into HTML around Markdown' },
    ]);
    assert.equal(
      jekyll('<i markdown="1">`x`</i> stays.\n').body,
      '<i markdown="1">`x`</i> stays.\n',
    );
  });

  it('reads the line below the end of an HTML block as Markdown, as kramdown did', () => {
    assert.equal(
      jekyll('<div id="c-1"></div>\nCorollary: *real*[^6].\n\n<div>\nraw\n</div>\n').body,
      '<div id="c-1"></div>\n\nCorollary: *real*[^6].\n\n<div>\nraw\n</div>\n',
    );
    assert.equal(
      jekyll(
        '<figure>\n  <figure><img src="a.png"></figure>\n  <figcaption>A</figcaption>\n</figure>\nThe *most* [^12]:\n',
      ).body,
      '<figure>\n  <figure><img src="a.png"></figure>\n  <figcaption>A</figcaption>\n</figure>\n\nThe *most* [^12]:\n',
    );
    // An element whose next line is more HTML, or that is code, stays as it is.
    for (const body of ['<p><img src="a.png"></p>\n<p>b</p>\n', '    <div></div>\n    text\n']) {
      assert.equal(jekyll(body).body, body);
    }
  });

  it('leaves braces that are no attribute list, and Hexo bodies, as written', () => {
    for (const body of ['A set {:a} in prose.\n', '`{:target="_blank"}`\n', '```\n{: x}\n```\n']) {
      assert.equal(jekyll(body).body, body);
    }
    const hexo =
      '[a](https://a.example){:target="_blank"}\n\n```\n{% raw %}\nx\n{% endraw %}\n```\n';
    assert.equal(convert(hexo, 'liquid').body, hexo);
  });

  it("writes the blog's setting a page showed with `{{ site.… }}`, and leaves out what is none", () => {
    const settings: Record<string, string> = {
      'social.email': 'tray@example.com',
      title: 'Shifty',
    };
    const { body, notes } = convertBody(
      'Mail {{ site.social.email }} at {{site.title}}; {{ site.posts }} and {{ site.nothing }}.\n',
      'jekyll',
      3,
      { postUrl: () => undefined, setting: (path) => settings[path] },
    );
    assert.equal(body, 'Mail tray@example.com at Shifty;  and .\n');
    assert.deepEqual(
      notes.map(({ kind, what }) => `${kind} ${what}`),
      [
        'converted {{ site.social.email }} into its value',
        'converted {{ site.title }} into its value',
        'removed {{ site.posts }}',
        'removed {{ site.nothing }}',
      ],
    );
  });
});

describe('a Hugo body', () => {
  it("makes Hugo Book's katex shortcode math, and keeps what Wowchemy's math holds", () => {
    assert.equal(
      convert('{{< katex >}}x^2{{< /katex >}} and {{< math >}}$y_1${{< /math >}}\n').body,
      '$x^2$ and $y_1$\n',
    );
  });

  it('loses a shortcode Folio has nothing for, its closing tag unreported however spaced', () => {
    for (const closing of ['{{< /table >}}', '{{</ table >}}', '{{% / table %}}']) {
      const { body, notes } = convert(`{{< table "wide" >}}\n| a |\n|---|\n${closing}\n`);
      assert.equal(body, '\n| a |\n|---|\n\n');
      assert.deepEqual(
        notes.map(({ what }) => what),
        ['{{< table >}}'],
      );
    }
  });

  it("shows the image a shortcode of the blog's own named, where the blog served it", () => {
    const fromAssets = (shortcode: string, src: string) =>
      shortcode === 'book-cover' || shortcode === 'img' ? `/${src}` : undefined;
    const { body } = convertBody(
      '{{< book-cover src="images/a.jpg" alt="A cover" >}}\n\n{{< img src="images/b.png" alt="B" caption="The caption" >}}\n\n{{< banner src="c.webp" >}}\n\n{{< card src="notes.txt" >}}\n',
      'hugo',
      5,
      { postUrl: () => undefined, shortcodeImage: fromAssets },
    );
    assert.equal(
      body,
      '![A cover](/images/a.jpg)\n\n![B](/images/b.png)\n*The caption*\n\n![](c.webp)\n\n\n',
    );
  });

  it('keeps the Liquid it shows as text in a sentence, and converts a tag left alone on its line', () => {
    const prose =
      '1. {% raw %} {% endraw %} are no longer needed.\n\n#### Put {% load filters %} at the top\n';
    const kept = convert(prose);
    assert.equal(kept.body, prose);
    assert.deepEqual(kept.notes, []);
    const moved = convert('{% highlight go %}\nfmt.Println(1)\n{% endhighlight %}\n');
    assert.equal(moved.body, '```go\nfmt.Println(1)\n```\n');
  });
});

describe("a Hexo theme's tags", () => {
  const hexo = (body: string) =>
    convertBody(body, 'liquid', 5, { postUrl: (name) => (name === 'c' ? '/posts/c/' : undefined) });

  it('make a note an alert of its kind, its tags converted too', () => {
    const { body, notes } = hexo(
      '{% note warning flat %}\nSee {% post_link c "the setup" %} first.\n{% endnote %}\n',
    );
    assert.equal(body, '> [!WARNING]\n> See [the setup](/posts/c/) first.\n\n');
    assert.deepEqual(
      notes.map(({ line, what }) => [line, what]),
      [
        [6, '{% post_link %}'],
        [5, '{% note %} into an alert'],
      ],
    );
    assert.equal(
      hexo('{% note purple fa-solid fa-star %}\nText.\n{% endnote %}').body,
      '> [!IMPORTANT]\n> Text.\n',
    );
    assert.equal(hexo('{% note %}\nText.\n{% endnote %}').body, '> [!NOTE]\n> Text.\n');
    // One after another, each is an alert of its own.
    assert.equal(
      hexo('{% note info %}\nOne.\n{% endnote %}\n{% note danger %}\nTwo.\n{% endnote %}\n').body,
      '> [!NOTE]\n> One.\n\n> [!CAUTION]\n> Two.\n\n',
    );
    // One inside another, as NexT nests them, is an alert in its alert; the outer ends at its own
    // end tag. A block of code holds its text as written, a tag of its name too.
    assert.equal(
      hexo(
        '{% note success %}\nOut.\n\n{% note warning %}\nIn.\n{% endnote %}\n\nOn.\n{% endnote %}\nEnd.\n',
      ).body,
      '> [!TIP]\n> Out.\n>\n> > [!WARNING]\n> > In.\n>\n>\n> On.\n\nEnd.\n',
    );
    assert.equal(
      hexo('{% codeblock %}\n{% codeblock %}\nx\n{% endcodeblock %}\nTail.\n').body,
      '```\n{% codeblock %}\nx\n```\nTail.\n',
    );
  });

  it('keep the words of a label and the link of a button', () => {
    assert.equal(hexo('創業未半，而{% label 中道崩殂 red %}。').body, '創業未半，而中道崩殂。');
    assert.equal(hexo('{% label primary@Folio %}').body, 'Folio');
    // A chat's pane keeps who speaks, in bold above what they say.
    assert.equal(
      hexo('{% chatpane sender @大佬 %}\n第一个阶段不就是代购嘛！\n{% endchatpane %}').body,
      '**大佬**\n\n\n第一个阶段不就是代购嘛！\n',
    );
    // Fluid's, with a space before the `@`, in a heading too; a theme's coloured words alike.
    assert.equal(hexo('## 好处 {% label success @良心的地方 %}').body, '## 好处 良心的地方');
    assert.equal(
      hexo('新用户，{% font warning emphasis b @一天只能发布一个包 %}。').body,
      '新用户，一天只能发布一个包。',
    );
    assert.equal(
      hexo("{% btn 'https://butterfly.js.org/',Butterfly,far fa-hand-point-right,outline blue %}")
        .body,
      '[Butterfly](https://butterfly.js.org/)',
    );
    assert.equal(hexo('{% button /about/, About me, fa fa-user %}').body, '[About me](/about/)');
  });

  it('draw a Mermaid block, and keep the text of any block closed by its end tag, reported once', () => {
    assert.equal(
      hexo('{% mermaid %}\ngraph TD\n  A-->B\n{% endmermaid %}\n').body,
      '```mermaid\ngraph TD\n  A-->B\n```\n',
    );
    const timeline = hexo(
      '{% timeline 2022 %}\n<!-- timeline 01-02 -->\nA day.\n<!-- endtimeline -->\n{% endtimeline %}\n',
    );
    // Its title and each entry's date stay in sight, as the theme showed them.
    assert.equal(timeline.body, '**2022**\n\n\n**01-02**\nA day.\n\n\n');
    assert.deepEqual(
      timeline.notes.map(({ what, kind }) => [what, kind]),
      [['{% timeline %}', 'removed']],
    );
  });
});

describe("a Chirpy post's attribute lists", () => {
  const jekyll = (body: string) => convert(body, 'jekyll');

  it('leave a list whole when one under a code block of an item goes, its indent with it', () => {
    const body =
      '1. One:\n\n   ```yaml\n   on: push\n   ```\n   {: .nolineno}\n2. Two\n\n> Note that it runs.\n';
    assert.equal(
      jekyll(body).body,
      '1. One:\n\n   ```yaml\n   on: push\n   ```\n\n2. Two\n\n> Note that it runs.\n',
    );
  });

  it('leave a quote whole when one inside it goes', () => {
    assert.equal(
      jekyll('    > Run:\n    > ```bash\n    > gh x\n    > ```\n    > {: .nolineno}\n\n4. Then\n')
        .body,
      '    > Run:\n    > ```bash\n    > gh x\n    > ```\n\n4. Then\n',
    );
  });

  it('make each prompt its own alert, after its quote or before it, indented or not', () => {
    assert.equal(
      jekyll('> First.\n{: .prompt-tip }\n> Second.\n{: .prompt-warning }\n').body,
      '> [!TIP]\n> First.\n\n> [!WARNING]\n> Second.\n',
    );
    assert.equal(
      jekyll(' > Indented.\n{: .prompt-danger }\n').body,
      ' > [!CAUTION]\n > Indented.\n',
    );
    assert.equal(jekyll('{: .prompt-info }\n> Before.\n').body, '> [!NOTE]\n> Before.\n');
  });

  it("gives a code block its file's name as its title", () => {
    const { body, notes } = jekyll("```json\n{}\n```\n{: file='angular.json' }\n\nNext.\n");
    assert.equal(body, '```json title="angular.json"\n{}\n```\n\nNext.\n');
    assert.deepEqual(
      notes.map(({ what }) => what),
      ["{: file='…' } into the code's title"],
    );
  });

  it('go inside {% raw %} too, where kramdown still read them', () => {
    const body = '{% raw %}\n> Use {{ secrets.TOKEN }}.\n{: .prompt-tip }\n{% endraw %}\n';
    assert.equal(jekyll(body).body, '\n> [!TIP]\n> Use {{ secrets.TOKEN }}.\n\n');
  });
});

describe("Chirpy's embeds", () => {
  it('become links to the video, as the video tags do', () => {
    const cases: [body: string, dialect: Dialect, link: string][] = [
      [
        "{% include embed/youtube.html id='Balreaj8Yqs' %}",
        'jekyll',
        '[YouTube: Balreaj8Yqs](https://www.youtube.com/watch?v=Balreaj8Yqs)',
      ],
      [
        "{% include embed/bilibili.html id='BV1Q44y1B7Wf' %}",
        'jekyll',
        '[bilibili: BV1Q44y1B7Wf](https://www.bilibili.com/video/BV1Q44y1B7Wf)',
      ],
      [
        "{% include embed/video.html src='/media/demo.mp4' title='Demo' %}",
        'jekyll',
        '[Video: Demo](/media/demo.mp4)',
      ],
      ['{% youtube abc %}', 'jekyll', '[YouTube: abc](https://www.youtube.com/watch?v=abc)'],
      // hugo-theme-stack's bilibili shortcode, and CodePen's, by user and pen.
      [
        '{{<bilibili BV1TP411m7Kk>}}',
        'hugo',
        '[bilibili: BV1TP411m7Kk](https://www.bilibili.com/video/BV1TP411m7Kk)',
      ],
      [
        '{{<codepen id="WNLvYXa" user="jane">}}',
        'hugo',
        '[CodePen: jane/WNLvYXa](https://codepen.io/jane/pen/WNLvYXa)',
      ],
      // minimal-mistakes' video include.
      [
        '{% include video id="lR58F0UuiyY" provider="youtube" %}',
        'jekyll',
        '[YouTube: lR58F0UuiyY](https://www.youtube.com/watch?v=lR58F0UuiyY)',
      ],
      [
        '{% include video id="1G-mnzDOK0" provider="google-drive" %}',
        'jekyll',
        '[Google Drive: 1G-mnzDOK0](https://drive.google.com/file/d/1G-mnzDOK0/view)',
      ],
    ];
    for (const [body, dialect, link] of cases)
      assert.equal(convert(body, dialect).body, link, body);
    // A link whose whole address was a tag that is removed keeps its text, unlinked.
    assert.equal(
      convert('See [my [old] notes]({% link _pages/gone.md %}) and more.', 'jekyll').body,
      'See my [old] notes and more.',
    );
    // Any other include is removed and reported, as before.
    const other = convert('{% include note.html %}', 'jekyll');
    assert.equal(other.body, '');
    assert.equal(other.notes[0]?.kind, 'removed');
  });
});

describe("minimal-mistakes' figure include", () => {
  it('becomes the image it showed, its caption under it', () => {
    const jekyll = (body: string) => convert(body, 'jekyll');
    assert.equal(
      jekyll(
        '{% include figure image_path="/assets/images/out.png" alt="The output" caption="What **clang-tidy** found." %}',
      ).body,
      '![The output](/assets/images/out.png)\n*What **clang-tidy** found.*',
    );
    assert.equal(
      jekyll('{% include figure popup=true image_path="/assets/images/a.png" %}').body,
      '![](/assets/images/a.png)',
    );
    const converted = jekyll('{% include figure image_path="/a.png" caption="A" %}');
    assert.equal(converted.body, '![A](/a.png)\n*A*');
    assert.equal(converted.notes[0]?.kind, 'converted');
  });
});

describe("Hugo's figure shortcode", () => {
  it('keeps the link it made of the image, its caption under it', () => {
    assert.equal(
      convert(
        '{{< figure src="/avatar.jpeg" title="Cheman" link="https://blog.example/a b" >}}',
        'hugo',
      ).body,
      '[![Cheman](/avatar.jpeg)](https://blog.example/a%20b)\n*Cheman*',
    );
    assert.equal(convert('{{< figure src="/a.png" >}}', 'hugo').body, '![](/a.png)');
    // In a table's cell, its caption under it in the cell: a line break would end the row.
    assert.equal(
      convert('| A | B |\n|---|---|\n| {{< figure src="/a.png" title="A" >}} | x |\n', 'hugo').body,
      '| A | B |\n|---|---|\n| ![A](/a.png)<br>*A* | x |\n',
    );
  });
});

describe('tabs and images for one scheme', () => {
  it('show each tab under its caption, and the light form of an image alone', () => {
    const tabs = convertBody(
      '{% tabs install, 1 %}\n<!-- tab npm @fab fa-npm -->\nnpm i\n<!-- endtab -->\n<!-- tab @fas fa-bomb -->\nNo caption.\n<!-- endtab -->\n{% endtabs %}\n',
      'liquid',
      5,
      { postUrl: () => undefined },
    );
    assert.equal(tabs.body, '\n**npm**\nnpm i\n\n\nNo caption.\n\n\n');
    const images = convert('![Light](/l.png){: .light }\n![Dark](/d.png){: .dark }\n', 'jekyll');
    assert.equal(images.body, '![Light](/l.png)\n\n');
  });
});

describe('a stray backtick', () => {
  it('holds no code past its paragraph: the tags after it are converted', () => {
    const { body } = convertBody(
      'A lone ` in text.\n\n<img src="{% asset_path "01.png" %}">\n',
      'liquid',
      1,
      { postUrl: () => undefined },
    );
    assert.equal(body, 'A lone ` in text.\n\n<img src="01.png">\n');
  });

  it('holds no code past a list, a heading or a fence that ends its paragraph', () => {
    const convert = (text: string) =>
      convertBody(text, 'liquid', 1, { postUrl: () => undefined }).body;
    // As liuyunzhuge's Hexo blog wrote a post: three backticks on the line before the image.
    assert.equal(
      convert(
        'Flags of `cookie` and ` such:\n<img src="{% asset_path "01.png" %}">\nThey are:\n* `domain`\n',
      ),
      'Flags of `cookie` and ` such:\n<img src="01.png">\nThey are:\n* `domain`\n',
    );
    assert.equal(
      convert('A ` here.\n## {% asset_path "a.png" %}\nand `b`\n'),
      'A ` here.\n## a.png\nand `b`\n',
    );
    // Three backticks in a list item are a fence read as a span: its lines may begin anything.
    assert.equal(
      convert('1. Run\n    ```yaml\n  - a: {% asset_path "a.png" %}\n    ```\n'),
      '1. Run\n    ```yaml\n  - a: {% asset_path "a.png" %}\n    ```\n',
    );
    // A span that ends in its paragraph keeps what it holds, across a line.
    assert.equal(
      convert('Write `{% asset_path\n"a.png" %}` as is.\n'),
      'Write `{% asset_path\n"a.png" %}` as is.\n',
    );
  });
});

describe('a fence that no line closes', () => {
  it('is text in a Jekyll body, as kramdown read it, and the code of the rest in the others', () => {
    // As houbb's Jekyll blog wrote a heading underlined as reStructuredText underlines it.
    const body = 'Architecture\n~~~~~~~~~\n\nText `code`.\n\n* any list\n{:toc}\n';
    const jekyll = convertBody(body, 'jekyll', 1, { postUrl: () => undefined });
    assert.equal(jekyll.body, 'Architecture\n\\~~~~~~~~~\n\nText `code`.\n\n[[toc]]\n');
    assert.equal(convert(body).body, body);
  });
});

describe('a line that begins with three backticks', () => {
  it('is code in its line, not a fence, when a backtick follows them on it', () => {
    // As jonnung's Hugo blog wrote it: the shortcodes after it had been kept as code.
    const { body } = convert(
      '```analyzer``` is set.\n{{< highlight json >}}\n{}\n{{< /highlight >}}\n',
    );
    assert.doesNotMatch(body, /\{\{</);
    assert.match(body, /^```analyzer``` is set\.\n```json\n\{\}\n```/);
  });
});

describe('titled blocks', () => {
  it("keep an admonition's title in its alert, and fold a details block under its summary", () => {
    const hugo = (body: string) => convert(body, 'hugo').body;
    assert.equal(
      hugo(
        '{{< admonition question "面试题：如何理解 JS 的异步？" >}}\nAnswer.\n{{< /admonition >}}',
      ),
      '> [!NOTE]\n> **面试题：如何理解 JS 的异步？**\n>\n> Answer.\n',
    );
    assert.equal(
      hugo('{{< admonition type="tip" title="Why" open=false >}}\nBecause.\n{{< /admonition >}}'),
      '> [!TIP]\n> **Why**\n>\n> Because.\n',
    );
    assert.equal(
      hugo('{{< details "The answer" >}}\n42\n{{< /details >}}'),
      '<details>\n<summary>The answer</summary>\n\n42\n\n</details>',
    );
    assert.equal(
      convert('{% hideToggle 4.9.0 (2023/06/06),bg,color %}\nFixed.\n{% endhideToggle %}', 'liquid')
        .body,
      '<details>\n<summary>4.9.0 (2023/06/06)</summary>\n\nFixed.\n\n</details>',
    );
    // Fluid's fold, its title after `@`.
    assert.equal(
      convert('{% fold info @oh-my-zsh 脚本（已失效） %}\nRun it.\n{% endfold %}', 'liquid').body,
      '<details>\n<summary>oh-my-zsh 脚本（已失效）</summary>\n\nRun it.\n\n</details>',
    );
    // hexo-sliding-spoiler's spoiler, its title as written.
    assert.equal(
      convert('{% spoiler BeautifulSoup %}\nParse it.\n{% endspoiler %}', 'liquid').body,
      '<details>\n<summary>BeautifulSoup</summary>\n\nParse it.\n\n</details>',
    );
    // Without a summary, the browser names it; a summary's markup is shown as text.
    assert.equal(
      convert('{% folding %}\nHidden.\n{% endfolding %}', 'liquid').body,
      '<details>\n\nHidden.\n\n</details>',
    );
    assert.equal(
      hugo('{{< details summary="a <b> & c" >}}\nX\n{{< /details >}}'),
      '<details>\n<summary>a &lt;b&gt; &amp; c</summary>\n\nX\n\n</details>',
    );
    // The Learn theme's `expand`, and the `collapse` PaperMod's users write, its strong marks gone.
    assert.equal(
      hugo('{{% expand "Show me" %}}\nY\n{{% /expand %}}'),
      '<details>\n<summary>Show me</summary>\n\nY\n\n</details>',
    );
    assert.equal(
      hugo('{{< collapse summary="**A Title**" >}}\nZ\n{{< /collapse >}}'),
      '<details>\n<summary>A Title</summary>\n\nZ\n\n</details>',
    );
    const tabs = convert(
      '{% tabs t %}\n<!-- tab 第二个@heart -->\nB\n<!-- endtab -->\n{% endtabs %}',
      'liquid',
    );
    assert.match(tabs.body, /\*\*第二个\*\*/);
  });
});

describe('a link tag', () => {
  it("names a post (Jekyll's), writes a link (LoveIt's, Hexo's), or gives its address alone", () => {
    const body = (text: string, dialect: Dialect) =>
      convertBody(text, dialect, 1, { postUrl: (name) => (name === 'a' ? '/posts/a/' : undefined) })
        .body;
    assert.equal(body('{% link a %}', 'jekyll'), '/posts/a/');
    assert.equal(
      body('{{< link "https://gohugo.io/" "Hugo" >}}', 'hugo'),
      '[Hugo](https://gohugo.io/)',
    );
    assert.equal(
      body('{{< link href="https://fixit.lruihao.cn/" content="FixIt" >}}', 'hugo'),
      '[FixIt](https://fixit.lruihao.cn/)',
    );
    assert.equal(
      body('{% link 谷歌 https://www.google.com %}', 'liquid'),
      '[谷歌](https://www.google.com)',
    );
    assert.equal(body('[PDF]({% link /files/cv.pdf %})', 'jekyll'), '[PDF](/files/cv.pdf)');
  });
});

describe("Hexo's blockquote", () => {
  it('is signed by its author, with its link shown by its title', () => {
    assert.equal(
      convert(
        '{% blockquote 出处 https://example.com 标题 %}\nWords.\n{% endblockquote %}',
        'liquid',
      ).body,
      '> Words.\n>\n> — 出处, [标题](https://example.com)\n',
    );
  });
});

describe('code written as text and captioned', () => {
  it("shows Hugo's escaped shortcodes as Hugo did, and Hexo's captions as titles", () => {
    assert.equal(
      convert('```go-html-template\n{{</* cardlink url="x" */>}}\n```\nAnd `{{%/* note */%}}`.\n')
        .body,
      '```go-html-template\n{{< cardlink url="x" >}}\n```\nAnd `{{% note %}}`.\n',
    );
    const hexo = (body: string) => convert(body, 'liquid').body;
    assert.equal(
      hexo('```ts src/consumer.ts\nlet a;\n```\n'),
      '```ts title="src/consumer.ts"\nlet a;\n```\n',
    );
    assert.equal(
      hexo('```js Array.map https://developer.mozilla.org MDN\n[].map(f)\n```'),
      '```js title="Array.map"\n[].map(f)\n```',
    );
    assert.equal(hexo('```js\nplain\n```\n'), '```js\nplain\n```\n');
    assert.equal(
      hexo('```js mark:1 line_number:false\nx\n```'),
      '```js mark:1 line_number:false\nx\n```',
    );
    assert.equal(
      hexo('{% codeblock app.js lang:javascript %}\nlet a;\n{% endcodeblock %}'),
      '```javascript title="app.js"\nlet a;\n```',
    );
  });

  it("take a theme's code tag's named language and caption", () => {
    const hugo = (body: string) => convert(body, 'hugo').body;
    assert.equal(
      hugo('{{< code lang="java" title="Test.java" >}}\nclass Test {}\n{{< /code >}}'),
      '```java title="Test.java"\nclass Test {}\n```',
    );
    assert.equal(
      hugo('{{< code language="sh" filename="run.sh" >}}\nls\n{{< /code >}}'),
      '```sh title="run.sh"\nls\n```',
    );
    assert.equal(hugo('{{< code lang="vim" >}}\nset nu\n{{< /code >}}'), '```vim\nset nu\n```');
  });
});

describe("Hugo's titled alerts", () => {
  it('become the alert of their kind with the title on a line of its own', () => {
    assert.equal(
      convert('> [!NOTE] 2026.04.23 更新\n> Text.\n').body,
      '> [!NOTE]\n> **2026.04.23 更新**\n> Text.\n',
    );
    assert.equal(
      convert('> [!question]+ Why?\n> Because.\n').body,
      '> [!NOTE]\n> **Why?**\n> Because.\n',
    );
    assert.equal(convert('> [!bug]-\n> Broken.\n').body, '> [!CAUTION]\n> Broken.\n');
    const plain = '> [!TIP]\n> As GitHub writes it.\n\n```md\n> [!NOTE] in code\n```\n';
    assert.equal(convert(plain).body, plain);
  });
});

describe("a theme's own tag that names an address", () => {
  it('becomes the link it made, its sentence whole', () => {
    assert.equal(
      convert(
        'Part of the {{< external_link url="https://qiita.com/advent-calendar/2025/openshift" title="OpenShift Advent Calendar 2025" >}}.',
      ).body,
      'Part of the [OpenShift Advent Calendar 2025](https://qiita.com/advent-calendar/2025/openshift).',
    );
    // One that names no address is removed, as before.
    assert.equal(convert('A {{< tekton-series >}} box.').body, 'A  box.');
  });
});

describe("a shortcode of the blog's whose template writes the same HTML wherever it is called", () => {
  const series = '<hr>\n<h5>Tekton</h5>\n<ul>\n  <li><a href="/one/">One</a></li>\n</ul>';
  const withSeries = (body: string) =>
    convertBody(
      body,
      'hugo',
      5,
      { postUrl: () => undefined },
      { fixedShortcodes: new Map([['tekton-series', series]]) },
    );

  it('shows that HTML, as a block on lines of its own or within its sentence', () => {
    const block = withSeries('Intro.\n\n{{< tekton-series >}}\n\nMore.\n');
    assert.equal(
      block.body,
      'Intro.\n\n<hr>\n<h5>Tekton</h5>\n<ul>\n<li><a href="/one/">One</a></li>\n</ul>\n\n\nMore.\n',
    );
    assert.deepEqual(block.notes, [
      { line: 7, kind: 'converted', what: '{{< tekton-series >}}, as its template wrote it' },
    ]);
    assert.equal(
      withSeries('See {{< tekton-series >}} here.').body,
      'See <hr> <h5>Tekton</h5> <ul> <li><a href="/one/">One</a></li> </ul> here.',
    );
  });
});

describe('a destination written with spaces', () => {
  it("is read whole, as Hexo and kramdown read it, inside the post's own folder too", () => {
    const hexo = (body: string) =>
      convertBody(body, 'liquid', 5, { postUrl: () => undefined, ownFolder: '35_ee111' }).body;
    assert.equal(
      hexo('![](35_ee111/rules of bool algebra.webp) and [notes](my notes.pdf).'),
      '![](rules%20of%20bool%20algebra.webp) and [notes](my%20notes.pdf).',
    );
    // A title in quotes stays a title; Hugo's CommonMark never read such a destination.
    assert.equal(hexo('![a](a.png "A title")'), '![a](a.png "A title")');
    assert.equal(convert('![](a b.png)').body, '![](a b.png)');
  });
});

describe('relative references of a body served in a folder', () => {
  const inFolder = (body: string) =>
    convertBody(body, 'hugo', 5, { postUrl: () => undefined, base: '/posts/backups/' }).body;

  it("root a reference definition's path, and leave a footnote's text as written", () => {
    assert.equal(
      inFolder('See [the guide][g].\n\n[g]: guide.pdf\n[^1]: I am not affiliated with it.'),
      'See [the guide][g].\n\n[g]: /posts/backups/guide.pdf\n[^1]: I am not affiliated with it.',
    );
    // A path from the root that climbs above it is the path browsers read.
    assert.equal(inFolder('![a](/../assets/a.png)'), '![a](/assets/a.png)');
    assert.equal(inFolder('![a](//cdn.example/a.png)'), '![a](//cdn.example/a.png)');
    // A `]:` inside a sentence ends no label.
    assert.equal(inFolder('Read [this]: notes first.'), 'Read [this]: notes first.');
  });
});

describe("kramdown's math", () => {
  it('is inline where words stand beside it, a block where it stands alone', () => {
    assert.equal(
      convert('- $$\\mathcal{S}$$ - a set of states;\n- where $$ x_t $$ is noise', 'jekyll').body,
      '- $\\mathcal{S}$ - a set of states;\n- where $x_t$ is noise',
    );
    const block = '$$\nq(x_t) = x\n$$\nwhere $$y$$ is one\n\n$$ y = 1 $$\n';
    assert.equal(convert(block, 'jekyll').body, block.replace('$$y$$', '$y$'));
    // Over several lines of a paragraph: opened after words, or closed before them.
    assert.equal(
      convert(
        '5. Initialize $$R = \\begin{cases} \n\t0 & a \\\\\n\t1 & b\n\t\\end{cases}\n\t$$\n6. Go.\n',
        'jekyll',
      ).body,
      '5. Initialize $R = \\begin{cases} \n\t0 & a \\\\\n\t1 & b\n\t\\end{cases}$\n6. Go.\n',
    );
    assert.equal(
      convert('4. The mean:<br/>\n$$\n\\mu = 1\n$$<br/>\n5. Repeat.\n', 'jekyll').body,
      '4. The mean:<br/>\n$\\mu = 1$<br/>\n5. Repeat.\n',
    );
    // A block opened alone after a list item's marker, its lines indented less than the item.
    assert.equal(
      convert('- Loss:\n    - $$\n    L = 1\n      + 2\n    $$\n', 'jekyll').body,
      '- Loss:\n    - $$\n      L = 1\n      + 2\n      $$\n',
    );
    // Hexo and Hugo bodies keep their dollars as written.
    assert.equal(convert('a $$x$$ b', 'liquid').body, 'a $$x$$ b');
  });
});

describe("minimal-mistakes' notices", () => {
  it('make the paragraph before them an alert of their kind', () => {
    assert.equal(
      convert(
        'Intro.\n\n**Heads up:** this changed\nin 2024.\n{: .notice--warning}\n\nAfter.',
        'jekyll',
      ).body,
      'Intro.\n\n> [!WARNING]\n> **Heads up:** this changed\n> in 2024.\n\nAfter.',
    );
    assert.equal(
      convert('A plain one.\n{: .notice}\n', 'jekyll').body,
      '> [!NOTE]\n> A plain one.\n',
    );
    // One after a list item is removed, as before: the item stays a list item.
    assert.equal(convert('- item\n{: .notice--info}\n', 'jekyll').body, '- item\n');
  });
});

describe('math that Hugo read as Markdown first', () => {
  it('is written as its readers saw it, every escape of Markdown undone', () => {
    const read = (body: string) =>
      convertBody(body, 'hugo', 1, { postUrl: () => undefined }, { markdownBeforeMath: true }).body;
    assert.equal(
      read('Let $\\max\\\\{a_j\\\\}$ and $a\\_1$.\n\n$$\\begin{cases} 1 \\\\\\\\ 2 \\end{cases}$$'),
      'Let $\\max\\{a_j\\}$ and $a_1$.\n\n$$\\begin{cases} 1 \\\\ 2 \\end{cases}$$',
    );
    // Code, an escaped dollar and a dollar with no other in its paragraph stay as written.
    assert.equal(
      read('`$a\\_b$` costs \\$5.\n\nA $ alone.'),
      '`$a\\_b$` costs \\$5.\n\nA $ alone.',
    );
    // Without it, the math is as written.
    assert.equal(convert('$a\\_1$').body, '$a\\_1$');
  });
});

describe("a Hugo shortcode of the blog's that writes what it encloses as written", () => {
  const read = (body: string) =>
    convertBody(
      body,
      'hugo',
      1,
      { postUrl: () => undefined, base: '/posts/a/' },
      { markdownBeforeMath: true, rawShortcodes: new Set(['rawhtml']) },
    );

  it('keeps its math as the script that typeset it saw it, escapes and all', () => {
    const { body, notes } = read(
      'Rows:\n\n{{< rawhtml >}}\n$$\n\\begin{align*}\na &= 1 \\\\\nb &= \\Big\\{ 2 \\Big\\}\n\\end{align*}\n$$\n{{< /rawhtml >}}\n',
    );
    assert.equal(
      body,
      'Rows:\n\n\n$$\n\\begin{align*}\na &= 1 \\\\\nb &= \\Big\\{ 2 \\Big\\}\n\\end{align*}\n$$\n\n',
    );
    assert.deepEqual(notes, [
      { line: 3, kind: 'converted', what: '{{< rawhtml >}}, its text as written' },
    ]);
    // Outside it, math is read as Hugo's Markdown had escaped it.
    assert.equal(read('$$a \\\\ b$$').body, '$$a \\ b$$');
  });

  it('makes HTML on lines of its own one block, its relative paths from the root', () => {
    const { body } = read(
      'Before.\n\n{{< rawhtml >}}\n<figure>\n\n    <img src="a.png">\n</figure>\n{{< /rawhtml >}}\n\nAfter.',
    );
    assert.equal(body, 'Before.\n\n<figure>\n<img src="/posts/a/a.png">\n</figure>\n\n\nAfter.');
  });

  it('in a list item, or holding math among its HTML, keeps its lines as written', () => {
    const listed =
      '1. First\n   {{< rawhtml >}}\n   <div class="note">\n   <p>Careful</p>\n   </div>\n   {{< /rawhtml >}}\n2. Second';
    assert.equal(
      read(listed).body,
      '1. First\n   \n   <div class="note">\n   <p>Careful</p>\n   </div>\n   \n2. Second',
    );
    const centred =
      '{{< rawhtml >}}\n<div align="center">\n\n$$\na \\\\ b\n$$\n\n</div>\n{{< /rawhtml >}}\n';
    assert.equal(read(centred).body, '\n<div align="center">\n\n$$\na \\\\ b\n$$\n\n</div>\n\n');
  });

  it('keeps HTML with a price in it one block, and math in one as written', () => {
    assert.equal(
      read(
        '{{< rawhtml >}}\n<div class="price">\n    <p>Only $5</p>\n\n    <p>Buy</p>\n</div>\n{{< /rawhtml >}}\n',
      ).body,
      '<div class="price">\n<p>Only $5</p>\n<p>Buy</p>\n</div>\n\n',
    );
  });

  it('has the shortcodes inside it read, and encloses nothing when closed where it opens', () => {
    assert.equal(
      read('{{< rawhtml >}}\n<div>\n\n{{< figure src="a.png" >}}\n\n</div>\n{{< /rawhtml >}}\n')
        .body,
      '\n<div>\n\n![](/posts/a/a.png)\n\n</div>\n\n',
    );
    assert.equal(
      read('A {{< rawhtml />}} b\n\n{{< rawhtml >}}<b>x</b>{{< /rawhtml >}}').body,
      'A  b\n\n<div>\n<b>x</b>\n</div>\n',
    );
  });

  it('leaves text inside a line where it stood, and other shortcodes as they were read', () => {
    assert.equal(
      read('A {{< rawhtml >}}<kbd>Ctrl</kbd>{{< /rawhtml >}} key.').body,
      'A <kbd>Ctrl</kbd> key.',
    );
    // `{{% %}}` hands what the shortcode writes to Markdown, which reads the escapes.
    assert.equal(read('{{% rawhtml %}}$a\\_1${{% /rawhtml %}}').body, '$a_1$');
    assert.equal(
      convertBody(
        '{{< rawhtml >}}$a\\_1${{< /rawhtml >}}',
        'hugo',
        1,
        { postUrl: () => undefined },
        {
          markdownBeforeMath: true,
        },
      ).body,
      '$a_1$',
    );
  });
});

describe('the marked lines and line numbers of a code tag', () => {
  it('are written in the fence, as Folio marks and numbers them', () => {
    for (const [body, dialect, opening] of [
      ['{% highlight ruby hl_lines="2 3" %}\na\n{% endhighlight %}', 'jekyll', '```ruby {2,3}'],
      ['{% highlight ruby linenos %}\na\n{% endhighlight %}', 'jekyll', '```ruby showLineNumbers'],
      [
        '{{< highlight go "linenos=table,hl_lines=8 15-17,linenostart=199" >}}\na\n{{< /highlight >}}',
        'hugo',
        '```go {8,15-17} showLineNumbers',
      ],
      ['{{< highlight go "linenos=false" >}}\na\n{{< /highlight >}}', 'hugo', '```go'],
      [
        '{% codeblock app.js lang:js mark:1,3-4 %}\na\n{% endcodeblock %}',
        'liquid',
        '```js title="app.js" {1,3-4}',
      ],
    ] as const) {
      assert.equal(convert(body, dialect).body, `${opening}\na\n\`\`\``, body);
    }
  });
});

describe("Hexo's include_code", () => {
  const files: Record<string, string> = {
    'hello.js': 'const a = 1;\nconst b = 2;\nconsole.log(a + b);\n',
    'docs/run.md': '```sh\necho\n```\n',
  };
  const read = (body: string) =>
    convertBody(body, 'liquid', 3, {
      postUrl: () => undefined,
      codeFile: (path) => files[path],
    });

  it('shows the file of the code folder as a block of code, titled as Hexo captioned it', () => {
    const { body, notes } = read(
      '{% include_code hello.js %}\n\n{% include_code Sum lang:javascript from:2 to:3 /hello.js %}\n\n{% include_code docs/run.md %}',
    );
    assert.equal(
      body,
      '```js title="hello.js"\nconst a = 1;\nconst b = 2;\nconsole.log(a + b);\n```\n\n```javascript title="Sum"\nconst b = 2;\nconsole.log(a + b);\n```\n\n````md title="run.md"\n```sh\necho\n```\n````',
    );
    assert.deepEqual(
      notes.map((note) => [note.line, note.kind]),
      [
        [3, 'converted'],
        [5, 'converted'],
        [7, 'converted'],
      ],
    );
  });

  it('in a list item or a quote, goes on inside it', () => {
    assert.equal(
      read('- {% include_code to:1 hello.js %}\n- Next').body,
      '- ```js title="hello.js"\n  const a = 1;\n  ```\n- Next',
    );
    assert.equal(
      read('1. Save this:\n\n   {% include_code from:3 hello.js %}\n\n2. Run it.').body,
      '1. Save this:\n\n   ```js title="hello.js"\n   console.log(a + b);\n   ```\n\n2. Run it.',
    );
    assert.equal(
      read('> {% include_code to:1 hello.js %}').body,
      '> ```js title="hello.js"\n> const a = 1;\n> ```',
    );
  });

  it('of a file the folder lacks, is removed and named, with what to do', () => {
    const { body, notes } = read('{% include_code missing.py %}');
    assert.equal(body, '');
    assert.match(notes[0]?.hint ?? '', /no file of that name is in the code folder/);
  });
});

describe('an environment of displayed equations between single dollars', () => {
  it('alone in its paragraph, becomes display math, as MathJax showed it', () => {
    for (const dialect of ['jekyll', 'hugo', 'liquid'] as const) {
      const { body, notes } = convert(
        'So:\n\n$ \\begin{equation} n = q \\cdot d + r \\end{equation} $\n\nand\n\n$\n\\begin{align*} a &= 1 \\\\ b &= 2 \\end{align*}\n$',
        dialect,
      );
      assert.equal(
        body,
        'So:\n\n$$\n\\begin{equation} n = q \\cdot d + r \\end{equation}\n$$\n\nand\n\n$$\n\\begin{align*} a &= 1 \\\\ b &= 2 \\end{align*}\n$$',
      );
      assert.deepEqual(
        notes.map((note) => note.what),
        ['$\\begin{equation}…$ into display math', '$\\begin{align*}…$ into display math'],
      );
    }
  });

  it('bare, becomes display math where a script typeset the math, which found it so', () => {
    const body = 'So:\n\n\\begin{equation}\n\\label{sum}\na = b\n\\end{equation}\n\nDone.';
    const scripted = convertBody(
      body,
      'jekyll',
      1,
      { postUrl: () => undefined },
      { bracketsReadAsMarkdown: true },
    );
    assert.equal(
      scripted.body,
      'So:\n\n$$\n\\begin{equation}\n\\label{sum}\na = b\n\\end{equation}\n$$\n\nDone.',
    );
    assert.deepEqual(
      scripted.notes.map((note) => note.what),
      ['\\begin{equation}… into display math'],
    );
    assert.equal(convert(body, 'jekyll').body, body);
    const prose =
      '\\begin{equation} E \\end{equation}\nwhich, with\n\\begin{equation} p \\end{equation}';
    assert.equal(
      convertBody(
        prose,
        'jekyll',
        1,
        { postUrl: () => undefined },
        { bracketsReadAsMarkdown: true },
      ).body,
      prose,
    );
  });

  it('after a <pre> named in a sentence or in code, becomes display math all the same', () => {
    assert.equal(
      convert('Wrap it in `<pre>` tags.\n\n$\\begin{align}\na &= b\n\\end{align}$', 'jekyll').body,
      'Wrap it in `<pre>` tags.\n\n$$\n\\begin{align}\na &= b\n\\end{align}\n$$',
    );
  });

  it('inside a sentence, with other math or in code, stays as written', () => {
    for (const body of [
      'Where $\\begin{equation} a \\end{equation}$ holds.',
      '$\\begin{equation} a \\end{equation}$ and $b$',
      '```tex\n$\\begin{equation} a \\end{equation}$\n```\n',
      '$\\begin{matrix} a \\end{matrix}$',
      // Prose between two of them, a blank line inside one, a listing of LaTeX.
      '$\\begin{equation} E \\end{equation}\nwhich, with\n\\begin{equation} p \\end{equation}$',
      '$ \\begin{equation}\na\n\nb\n\\end{equation} $',
      '<pre>\n\\begin{document}\n\n$\\begin{equation} E \\end{equation}$\n\n\\end{document}\n</pre>',
      // Indented: a list item's, or code.
      '- item\n\n  $\\begin{align}\n  a &= b\n  \\end{align}$\n\n  more',
      'Example:\n\n    $\\begin{equation} E \\end{equation}$\n\nDone.',
    ]) {
      assert.equal(convert(body, 'jekyll').body, body);
    }
  });
});

describe('math in brackets that a script typeset once Markdown was read', () => {
  it('is written in the brackets Folio reads, every escape of Markdown inside undone', () => {
    const read = (body: string, dialect: Dialect = 'jekyll') =>
      convertBody(body, dialect, 1, { postUrl: () => undefined }, { bracketsReadAsMarkdown: true })
        .body;
    assert.equal(
      read('A dot product \\\\(s = w^Tx\\\\), its gradient \\\\(\\nabla\\_x s = w\\\\).'),
      'A dot product \\(s = w^Tx\\), its gradient \\(\\nabla_x s = w\\).',
    );
    assert.equal(read('So\n\n\\\\[ \\\\{ a \\\\} \\\\]\n', 'liquid'), 'So\n\n\\[ \\{ a \\} \\]\n');
    // Code, brackets that close in another paragraph and an escaped backslash stay as written.
    assert.equal(read('`\\\\(a\\\\)` and \\\\(a\n\nb\\\\)'), '`\\\\(a\\\\)` and \\\\(a\n\nb\\\\)');
    assert.equal(read('\\\\\\\\(a\\\\)'), '\\\\\\\\(a\\\\)');
    // Without a script that typesets them, they are text, as the blog showed them.
    assert.equal(convert('\\\\(a\\\\)').body, '\\\\(a\\\\)');
  });
});

describe('comments in an imported body', () => {
  it("drop what Liquid's and kramdown's comments hold, which the blog never showed", () => {
    const written =
      'Shown.\n\n{::comment}\nA private note.\n{:/comment}\n\n{% comment %}\nAnother one.\n{% endcomment %}\n\n{::options parse_block_html="true" /}\nShown too.\n';
    const { body, notes } = convert(written, 'jekyll');
    assert.doesNotMatch(body, /private|Another|options/);
    assert.match(body, /^Shown\.\n[\s\S]*Shown too\.\n$/);
    assert.deepEqual(
      notes.map((note) => `${note.line} ${note.kind} ${note.what}`),
      ['7 removed {::comment}', '11 removed {% comment %}', '15 removed {::options}'],
    );
  });

  it('keeps what a capture holds, which a page showed where it used it', () => {
    const { body } = convert(
      '{% capture note %}\n**Back up first.**\n{% endcapture %}\n',
      'jekyll',
    );
    assert.match(body, /\*\*Back up first\.\*\*/);
  });
});

describe("a tag of the blog's own, alone on its line, where the built page shows what it wrote", () => {
  it('is written as that HTML, and a table of contents as Folio’s own', () => {
    const body =
      'Intro.\n\n{% include toc.html %}\n\n{% include newsletter.html %}\n\n{% include unplaced.html %}\n\nText.\n';
    const builtTags = new Map([
      [3, '<div id="toc"><ul id="markdown-toc"><li><a href="#text">Text</a></li></ul></div>'],
      [5, '<div class="newsletter">\n\n  <p>Subscribe</p>\n</div>'],
    ]);
    const { body: converted, notes } = convertBody(
      body,
      'jekyll',
      1,
      { postUrl: () => undefined },
      { built: { tags: builtTags, values: new Map() } },
    );
    assert.equal(
      converted,
      'Intro.\n\n[[toc]]\n\n<div class="newsletter">\n<p>Subscribe</p>\n</div>\n\n\n\n\nText.\n',
    );
    assert.deepEqual(
      notes.map(({ line, kind, what }) => [line, kind, what]),
      [
        [3, 'converted', '{% include %} into [[toc]]'],
        [5, 'converted', '{% include %}, as the built page showed it'],
        [7, 'removed', '{% include %}'],
      ],
    );
  });

  it('inside an image or an attribute, is written as the value the built page shows', () => {
    const builtValues = new Map([
      ['1 {% img_url a.png %}', '/img/a.png'],
      ['2 {% img_url b.png %}', '/img/b.png'],
    ]);
    const { body, notes } = convertBody(
      '![A]({% img_url a.png %}) and ![]({% img_url c.png %})\n<img src="{% img_url b.png %}">\n',
      'jekyll',
      1,
      { postUrl: () => undefined },
      { built: { tags: new Map(), values: builtValues } },
    );
    assert.equal(body, '![A](/img/a.png) and ![]()\n<img src="/img/b.png">\n');
    assert.deepEqual(
      notes.map(({ line, kind, what }) => [line, kind, what]),
      [
        [1, 'converted', '{% img_url %}, as the built page showed it'],
        [1, 'removed', '{% img_url %}'],
        [2, 'converted', '{% img_url %}, as the built page showed it'],
      ],
    );
  });
});

describe("WordPress's shortcodes in a body moved from WordPress", () => {
  it('make a captioned image a figure, of the whole-size image its link leads to', () => {
    for (const dialect of ['jekyll', 'hugo', 'liquid'] as const) {
      const { body, notes } = convert(
        'Behold the horror.\n\n[caption id="attachment_1937" align="aligncenter" width="960"][![2013. It was worse.](https://example.org/wp-content/uploads/old-300x116.png)](https://example.org/wp-content/uploads/old.png) 2013. It was _worse_ than it looks.[/caption]\n\nThe rest.\n',
        dialect,
      );
      assert.equal(
        body,
        'Behold the horror.\n\n![2013. It was worse.](https://example.org/wp-content/uploads/old.png)\n*2013. It was _worse_ than it looks.*\n\nThe rest.\n',
      );
      assert.deepEqual(notes, [{ line: 7, kind: 'converted', what: "WordPress's [caption]" }]);
    }
  });

  it('read the HTML of an older caption, its text in an attribute, and its image alone', () => {
    assert.equal(
      convert(
        'Controls:\n[caption id="attachment_1327" align="aligncenter" width="587" caption="Movie Control Section."]<a href="https://example.org/attachment/1327/"><img class="size-full wp-image-1327" title="Controls" src="https://example.org/controls.png" alt="The controls" width="587" height="40" /></a>[/caption] Then.\n',
        'jekyll',
      ).body,
      'Controls:\n\n![The controls](https://example.org/controls.png)\n*Movie Control Section.*\n\n Then.\n',
    );
    // One alone in a paragraph of HTML, as WordPress's editor wrapped it, leaves the paragraph.
    assert.equal(
      convert(
        '<p>Here it is;</p>\n<p>[caption id="attachment_382" width="511"]<img src="/shot.png" alt="Example" /> Dublin Core Example[/caption]</p>\n<h2>Why?</h2>\n',
        'jekyll',
      ).body,
      '<p>Here it is;</p>\n\n![Example](/shot.png)\n*Dublin Core Example*\n<h2>Why?</h2>\n',
    );
    // A caption around no image is left as it was written.
    const written = '[caption id="x"]Only words.[/caption]\n';
    assert.equal(convert(written).body, written);
  });

  it("make SyntaxHighlighter's code a fenced block of its language, and leave an unclosed one", () => {
    assert.equal(
      convert(
        'The query:\n[sourcecode language="python"]\nfor x in items:\n    print(x)\n[/sourcecode]\nDone.\n',
        'jekyll',
      ).body,
      'The query:\n```python\nfor x in items:\n    print(x)\n```\nDone.\n',
    );
    assert.equal(convert('[code lang="js"]let a = 1;[/code]\n').body, '```js\nlet a = 1;\n```\n');
    const unclosed = 'A [code] word, and [sourcecode] without its end.\n';
    assert.equal(convert(unclosed).body, unclosed);
    const links =
      'See [code](https://example.org/a) and [code][1].\n\n[code]: https://example.org/b\n[/code]\n';
    assert.equal(convert(links).body, links);
  });

  it('make an embedded video a link to it, in a paragraph of its own', () => {
    const { body, notes } = convert(
      'Watch this:\n[embed]https://www.youtube.com/watch?v=dQw4w9WgXcQ[/embed]\nThen.\n',
      'jekyll',
    );
    assert.equal(body, 'Watch this:\n\n<https://www.youtube.com/watch?v=dQw4w9WgXcQ>\n\nThen.\n');
    assert.deepEqual(notes, [{ line: 6, kind: 'converted', what: "WordPress's [embed]" }]);
    // Alone in a paragraph of HTML, as WordPress's editor wrapped it, it leaves the paragraph.
    assert.equal(
      convert(
        '<p style="text-align:left;">[embed]https://www.youtube.com/watch?v=O8N26edbqLM[/embed]</p>\n',
        'jekyll',
      ).body,
      '<https://www.youtube.com/watch?v=O8N26edbqLM>\n',
    );
    // One around anything but an address is left as it was written.
    const written = 'An [embed]of words[/embed] here.\n';
    assert.equal(convert(written).body, written);
  });

  it('are written in HTML in a post written in HTML, where Markdown is not read', () => {
    const { body } = convertBody(
      '<p>Controls:</p>\n[caption id="attachment_2" width="587"]<a href="https://example.org/big.png"><img src="https://example.org/small.png" alt="The &quot;controls&quot;" /></a> The panel.[/caption]\n[sourcecode language="cpp"]\nif (a < b) return;\n[/sourcecode]\n[embed]https://vimeo.com/1[/embed]\n',
      'jekyll',
      5,
      { postUrl: () => undefined },
      { html: true },
    );
    assert.equal(
      body,
      '<p>Controls:</p>\n\n<figure><img src="https://example.org/big.png" alt="The &quot;controls&quot;"><figcaption>The panel.</figcaption></figure>\n<pre><code class="language-cpp">if (a &lt; b) return;\n</code></pre>\n\n<p><a href="https://vimeo.com/1">https://vimeo.com/1</a></p>\n',
    );
  });
});
