import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { excerptOfBody } from '../excerpt.js';
import { parseMarkdown, renderTokens } from './markdown.js';

/** Each body rendered, against the paragraph it should give. */
function assertRendered(cases: readonly (readonly [body: string, paragraph: string])[]): void {
  for (const [body, paragraph] of cases) {
    const { html } = renderTokens(parseMarkdown(`${body}\n`), { imageSize: () => undefined });
    assert.equal(html, `<p>${paragraph}</p>\n`, body);
  }
}

describe('emphasis in Chinese, Japanese and Korean', () => {
  it('closes after a full stop or a bracket that a letter follows, as their writers mean it', () => {
    assertRendered([
      [
        '经验之谈。**根据经验，以下。**如果不是',
        '经验之谈。<strong>根据经验，以下。</strong>如果不是',
      ],
      ['日本語の**「強調」**です', '日本語の<strong>「強調」</strong>です'],
      [
        '**HTTP Method(GET, POST)**로 요청한다',
        '<strong>HTTP Method(GET, POST)</strong>로 요청한다',
      ],
      ['*注意。*这里', '<em>注意。</em>这里'],
    ]);
  });

  it('leaves the emphasis of other languages as CommonMark reads it', () => {
    assertRendered([
      ['a*b*c and **bold** and 2*3*4', 'a<em>b</em>c and <strong>bold</strong> and 2<em>3</em>4'],
      ['snake_case_name and ** not bold **', 'snake_case_name and ** not bold **'],
    ]);
  });

  it('gives the excerpt the same text as the page', () => {
    assert.equal(excerptOfBody('日本語の**「強調」**です\n', 100), '日本語の「強調」です');
  });
});
