import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { excerptOfBody } from '../excerpt.js';
import { runningText } from './flatten.js';
import { type BodyReading, parseMarkdown, renderTokens } from './markdown.js';

const render = (body: string, reading: BodyReading) =>
  renderTokens(parseMarkdown(body, reading), { imageSize: () => undefined }).html;

describe('typography', () => {
  it('shows dashes, an ellipsis and curly quotes where the site asks for them', () => {
    const body = 'It was---as "they" said--not Yihui\'s way... yet.\n';
    assert.equal(
      render(body, { typographer: true }),
      '<p>It was—as “they” said–not Yihui’s way… yet.</p>\n',
    );
    assert.equal(
      render(body, { typographer: false }),
      "<p>It was---as &quot;they&quot; said--not Yihui's way... yet.</p>\n",
    );
  });

  it('curls the quotes a Korean particle or a Chinese or Japanese letter stands beside', () => {
    assert.equal(
      render('같은 \'채권\'이라도, "이 포트에 뭐가 물려 있나"에 답한다.\n', { typographer: true }),
      '<p>같은 ‘채권’이라도, “이 포트에 뭐가 물려 있나”에 답한다.</p>\n',
    );
    assert.equal(
      render('他说"你好"了。It\'s "fine".\n', { typographer: true }),
      '<p>他说“你好”了。It’s “fine”.</p>\n',
    );
  });

  it('leaves arrows as written', () => {
    assert.equal(
      render('TCP --> IP <-- app <--> db ---> done -- ok\n', { typographer: true }),
      '<p>TCP --&gt; IP &lt;-- app &lt;--&gt; db ---&gt; done – ok</p>\n',
    );
  });

  it('leaves code, addresses and the replacements no engine made as written', () => {
    const html = render(
      'Run `ls --all` on (c) +- <https://example.com/a--b> and https://example.com/c---d.\n\n' +
        '```\nx -- y\n```\n',
      { typographer: true },
    );
    assert.match(html, /<code>ls --all<\/code>/);
    assert.match(html, / \(c\) \+- /);
    assert.match(html, /<a href="https:\/\/example\.com\/a--b">https:\/\/example\.com\/a--b<\/a>/);
    assert.match(html, />https:\/\/example\.com\/c---d<\/a>/);
    assert.match(html, /<code[^>]*>x -- y\n<\/code>/);
  });

  it('gives the excerpt and the text search reads the same dashes as the page', () => {
    const body = 'One---two.\n';
    assert.equal(excerptOfBody(body, 100, { typographer: true }), 'One—two.');
    assert.equal(excerptOfBody(body, 100), 'One---two.');
    assert.match(runningText(parseMarkdown(body, { typographer: true })), /One—two\./);
  });
});
