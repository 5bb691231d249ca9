import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { excerptOf } from '../excerpt.js';
import { parseMarkdown, renderTokens } from './markdown.js';
import { collectMistakes } from './mistakes.js';

const render = (body: string, locale?: 'en' | 'ko') =>
  renderTokens(parseMarkdown(body), {
    imageSize: () => undefined,
    locale,
  });
const mistakesOf = (body: string) => collectMistakes(parseMarkdown(body), 5, body);

describe('math', () => {
  it('typesets $…$, $$…$$, \\(…\\) and \\[…\\] into HTML with MathML, and keeps the source intact', () => {
    const { html, features } = render(
      'Inline $a\\,b$ and \\(x^2\\).\n\n$$ \\int_0^1 x\\,dx $$\n\n\\[\n\\frac{1}{2}\n\\]\n',
    );
    assert.equal(html.match(/<math xmlns="http:\/\/www\.w3\.org\/1998\/Math\/MathML"/g)?.length, 4);
    assert.match(html, /<annotation encoding="application\/x-tex">a\\,b<\/annotation>/);
    assert.match(
      html,
      /<annotation encoding="application\/x-tex">\s*\\int_0\^1 x\\,dx\s*<\/annotation>/,
    );
    assert.equal(html.match(/class="katex-display"/g)?.length, 2);
    assert.deepEqual(features, ['math']);
  });

  it('typesets a command after _ or ^ without braces, and a split of columns, as MathJax does', () => {
    const body =
      'The gradient $\\nabla_\\boldsymbol{x} f$ at $x_\\mathrm{max}^\\frac{1}{2}$.\n\n' +
      'Frames $\\tau_\\max = \\vert b-d \\vert$ and $t_\\min - t_A$ apart.\n\n' +
      '$$ f(x) = \\left\\{ \\begin{split} &x, & x > 0 \\\\ &0, & x \\le 0 \\end{split} \\right. $$\n';
    const { html } = render(body);
    assert.doesNotMatch(html, /math-error/);
    assert.equal(html.match(/class="katex"/g)?.length, 5);
    assert.deepEqual(mistakesOf(body), []);
  });

  it('typesets the _ and ^ of text, \\mbox and chemistry as MathJax does', () => {
    const body =
      '$$ 1 \\quad \\textbf{function}\\text{ PARALLEL_SEARCH}(x^2) $$\n\n' +
      '$$ \\mbox{a_b and $x_1$} $$\n\n' +
      'Then $\\text{2^10}$, and $\\ce{2H2 + O2 -> 2H2O}$ at $\\pu{25 kJ/mol}$.\n';
    const { html } = render(body);
    assert.doesNotMatch(html, /math-error/);
    assert.match(html, /PARALLEL_SEARCH/);
    assert.match(html, /<mtext>a_b\u00a0and/);
    assert.match(html, /<mi>x<\/mi><mn>1<\/mn>/);
    assert.match(html, /<mtext>2\^<\/mtext>/);
    assert.equal(html.match(/class="katex"/g)?.length, 5);
    assert.deepEqual(mistakesOf(body), []);
  });

  it('keeps prices and code as text, and needs no stylesheet without math', () => {
    const { html, features } = render('It costs $5 and $10.\n\n`$x$` stays code.\n');
    assert.equal(html, '<p>It costs $5 and $10.</p>\n<p><code>$x$</code> stays code.</p>\n');
    assert.deepEqual(features, []);
  });

  it('shows TeX it cannot typeset as its source, marked, and lets no HTML or link through', () => {
    const { html } = render(
      'Bad $\\frac{1}{$ and $<img src=x onerror=alert(1)>$ and $\\href{javascript:alert(1)}{x}$.\n',
    );
    assert.match(html, /<code class="math-error" title="[^"]*">\$\\frac\{1\}\{\$<\/code>/);
    assert.doesNotMatch(html, /<img|href=/);
  });

  it('is text where the site or post says math: false', () => {
    const tokens = parseMarkdown('Run $HOME/bin and $(date)$ here.\n', { math: false });
    const { html, features } = renderTokens(tokens, { imageSize: () => undefined });
    assert.equal(html, '<p>Run $HOME/bin and $(date)$ here.</p>\n');
    assert.deepEqual(features, []);
  });

  it('is read as its TeX source in the excerpt', () => {
    assert.equal(
      excerptOf(parseMarkdown('Area $\\pi r^2$ here.\n\n$$E=mc^2$$\n'), 200),
      'Area \\pi r^2 here. E=mc^2',
    );
  });
});

describe('footnotes, task lists, alerts, definition lists and emoji', () => {
  it('numbers footnotes, links each way, and names the back links in the UI language', () => {
    const { html } = render(
      'One[^a] and two[^b], one again[^a].\n\n[^a]: First.\n[^b]: Second.\n',
      'ko',
    );
    assert.match(
      html,
      /<sup class="footnote-ref"><a href="#fn-1" id="fnref-1" aria-describedby="footnotes-label">1<\/a><\/sup>/,
    );
    assert.match(html, /<a href="#fn-2" id="fnref-2"/);
    assert.match(html, /<a href="#fn-1" id="fnref-1-2"/);
    assert.match(
      html,
      /<section class="footnotes" aria-labelledby="footnotes-label">\n<h2 id="footnotes-label" class="footnotes-title">각주<\/h2>/,
    );
    assert.match(
      html,
      /<li id="fn-1"><p>First\. <a href="#fnref-1" class="footnote-backref" aria-label="본문의 각주 1\(으\)로 돌아가기">/,
    );
    assert.equal(excerptOf(parseMarkdown('One[^a].\n\n[^a]: The note.\n'), 200), 'One.');
  });

  it('renders task lists as disabled checkboxes with labels', () => {
    const { html } = render('- [ ] write\n- [x] publish\n');
    assert.match(
      html,
      /<input type="checkbox" class="task-list-item-checkbox" id="task-item-0" disabled><label class="task-list-item-label" for="task-item-0"> write<\/label>/,
    );
    assert.match(html, / checked disabled><label[^>]*> publish<\/label>/);
  });

  it('renders the five alerts with titles in the UI language, and leaves any other as a quote', () => {
    for (const [type, english, korean] of [
      ['NOTE', 'Note', '참고'],
      ['TIP', 'Tip', '팁'],
      ['IMPORTANT', 'Important', '중요'],
      ['WARNING', 'Warning', '경고'],
      ['CAUTION', 'Caution', '주의'],
    ] as const) {
      const body = `> [!${type}]\n> Read this.\n`;
      assert.match(
        render(body).html,
        new RegExp(
          `<div class="alert alert-${type.toLowerCase()}">\\n<p class="alert-title"><svg class="icon" viewBox="0 0 16 16" aria-hidden="true"><path d="[^"]+"/></svg>${english}</p>\\n<p>Read this\\.</p>\\n</div>`,
        ),
      );
      assert.match(render(body, 'ko').html, new RegExp(`</svg>${korean}</p>`));
    }
    assert.match(render('> [!FOO]\n> x\n').html, /^<blockquote>\n<p>\[!FOO\]/);
  });

  it('renders an alert inside another alert as an alert of its own', () => {
    const { html } = render('> [!TIP]\n> Outer.\n>\n> > [!WARNING]\n> > Inner.\n>\n> After.\n');
    assert.match(
      html,
      /^<div class="alert alert-tip">\n<p class="alert-title">.*Tip<\/p>\n<p>Outer\.<\/p>\n<div class="alert alert-warning">\n<p class="alert-title">.*Warning<\/p>\n<p>Inner\.<\/p>\n<\/div>\n<p>After\.<\/p>\n<\/div>\n$/,
    );
  });

  it('renders definition lists and emoji shortcodes', () => {
    assert.equal(
      render('Term\n: Meaning\n').html,
      '<dl>\n<dt>Term</dt>\n<dd>Meaning</dd>\n</dl>\n',
    );
    assert.equal(render('Done :tada: :+1:\n').html, '<p>Done 🎉 👍</p>\n');
    // A shortcode is a word of its own, as GitHub reads it; code and smileys stay as written.
    for (const text of ['a:b:c', 'std::vector', 'Smile :)', 'at 10:30:00', ':nosuchemoji:'])
      assert.equal(render(`${text}\n`).html, `<p>${text}</p>\n`);
    assert.equal(render('`:tada:`\n').html, '<p><code>:tada:</code></p>\n');
  });
});

describe('mistakes in a body', () => {
  it('names math that cannot be typeset or is never closed, with its line', () => {
    const mistakes = mistakesOf('Fine $x$.\n\nBad $\\frac{1}{$.\n\n$$\nx^2\n\nand the rest\n');
    assert.deepEqual(
      mistakes.map(({ code, line }) => [code, line]),
      [
        ['math-invalid', 7],
        ['math-unclosed', 9],
      ],
    );
    assert.match(mistakes[0]?.message ?? '', /the math \$\\frac\{1\}\{\$ cannot be typeset: /);
  });

  it("takes a regular expression's class in running text for no footnote", () => {
    assert.deepEqual(mistakesOf('Match [^0-9] or [^a-zA-Z_] or [^}] here.\n'), []);
  });

  it('names a footnote with no note and an alert of no known type', () => {
    const mistakes = mistakesOf('See[^1] and `[^2]`.\n\n> [!NOTES]\n> x\n');
    assert.deepEqual(
      mistakes.map(({ code, line, message }) => [code, line, message]),
      [
        ['footnote-missing', 5, 'the footnote [^1] has no note'],
        ['alert-unknown', 7, '[!NOTES] is no alert type: it shows as a plain quote'],
      ],
    );
  });

  it('names an alert with words after its marker, which shows as a plain quote', () => {
    const mistakes = mistakesOf('> [!NOTE] 2026.04.23 更新\n> Text.\n');
    assert.deepEqual(
      mistakes.map(({ code, line }) => [code, line]),
      [['alert-title', 5]],
    );
    assert.match(render('> [!NOTE] 2026.04.23 更新\n> Text.\n').html, /\[!NOTE\] 2026/);
  });

  it('finds none in a body that uses each construct well', () => {
    assert.deepEqual(mistakesOf('A[^1] $x$.\n\n$$\ny\n$$\n\n> [!TIP]\n> z\n\n[^1]: note\n'), []);
  });
});

describe('line endings', () => {
  it('reads Windows and old Mac line endings as new lines, and a NUL as the replacement character', () => {
    assert.equal(
      render('one\r\n\r\ntwo\r\rthree\0\n').html,
      '<p>one</p>\n<p>two</p>\n<p>three\uFFFD</p>\n',
    );
  });
});

describe('line breaks inside a paragraph', () => {
  const body = '第一行\n第二行\n\n```\ncode\nlines\n```\n';
  const renderWith = (lineBreaks: boolean | undefined) =>
    renderTokens(parseMarkdown(body), { imageSize: () => undefined, lineBreaks }).html;

  it('reads a single line break as a space by default, as CommonMark does', () => {
    assert.match(renderWith(undefined), /<p>第一行\n第二行<\/p>/);
  });

  it('keeps each as a line break with lineBreaks, leaving code as written', () => {
    const html = renderWith(true);
    assert.match(html, /<p>第一行<br>\n第二行<\/p>/);
    assert.match(html, /code\nlines/);
    assert.doesNotMatch(html, /code<br>/);
  });
});
