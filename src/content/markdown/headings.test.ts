import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { withoutHeadingLinks } from './headings.js';
import { parseMarkdown, renderTokens } from './markdown.js';
import { collectMistakes } from './mistakes.js';

const render = (body: string, options: { toc?: boolean; locale?: 'en' | 'ja' } = {}) =>
  renderTokens(parseMarkdown(body), { imageSize: () => undefined, ...options }).html;

describe('links beside headings', () => {
  it('gives each heading a link to itself, named in the UI language', () => {
    const html = render('## Breadth first\n\n### 幅優先\n', { locale: 'ja' });
    assert.match(
      html,
      /^<div class="heading">\n<h2 id="breadth-first">Breadth first<\/h2>\n<a class="heading-link" href="#breadth-first" aria-label="「Breadth first」へのリンク">#<\/a>\n<\/div>/,
    );
    assert.match(
      html,
      /<h3 id="幅優先">幅優先<\/h3>\n<a class="heading-link" href="#%E5%B9%85%E5%84%AA%E5%85%88"/,
    );
  });

  it('leaves headings inside quotes and lists as they are, and feeds without the links', () => {
    assert.doesNotMatch(render('> ## Quoted\n'), /heading-link/);
    assert.equal(
      withoutHeadingLinks(render('## A\n\nText.\n')),
      '<div class="heading">\n<h2 id="a">A</h2>\n</div>\n<p>Text.</p>\n',
    );
  });
});

describe('table of contents', () => {
  const body = 'Intro.\n\n## One\n\n### One point one\n\n#### Too deep\n\n## Two `code`\n';

  it('lists sections and subsections where [[toc]] stands, with their ids', () => {
    const html = render(`[[toc]]\n\n${body}`);
    assert.match(
      html,
      /^<nav class="toc" aria-labelledby="toc-title">\n<p class="toc-title" id="toc-title">Contents<\/p>\n<ol>\n<li><a href="#one">One<\/a>\n<ol>\n<li><a href="#one-point-one">One point one<\/a><\/li>\n<\/ol>\n<\/li>\n<li><a href="#two-code">Two code<\/a><\/li>\n<\/ol>\n<\/nav>\n<p>Intro\.<\/p>/,
    );
    assert.doesNotMatch(html, /href="#too-deep">/);
  });

  it('opens the body with it when the post asks, and only once', () => {
    assert.match(render(body, { toc: true }), /^<nav class="toc"/);
    assert.equal(render(`${body}\n[[toc]]\n`, { toc: true }).match(/<nav class="toc"/g)?.length, 1);
    assert.doesNotMatch(render(body), /<nav class="toc"/);
  });

  it('lists Korean, Japanese and Chinese headings by the ids their headings have', () => {
    const html = render('## 첫 번째 절\n\n## 二分探索\n\n## 动态规划\n', { toc: true });
    for (const heading of ['첫 번째 절', '二分探索', '动态规划']) {
      const id =
        /<h2 id="([^"]+)">/.exec(html.slice(html.indexOf(`>${heading}</h2>`) - 80))?.[1] ?? '';
      assert.ok(html.includes(`<li><a href="#${encodeURIComponent(id)}">${heading}</a>`), heading);
    }
  });

  it('is nothing, and a warning, in a post with no headings', () => {
    assert.equal(render('[[toc]]\n\nJust text.\n'), '<p>Just text.</p>\n');
    assert.deepEqual(
      collectMistakes(parseMarkdown('[[toc]]\n\nJust text.\n'), 3, '[[toc]]\n\nJust text.\n').map(
        ({ code, line }) => [code, line],
      ),
      [['toc-empty', 3]],
    );
  });
});
