import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseMarkdown, renderTokens } from '../content/markdown/markdown.js';
import { htmlAsMarkdown } from './html-body.js';

const render = (body: string): string =>
  renderTokens(parseMarkdown(body), { imageSize: () => undefined }).html;

describe('an HTML page made into a Markdown body', () => {
  it('renders as the HTML did: indented lines after a blank one are no code block', () => {
    const html =
      '\n<section>\n\t<p>\n\t\tHi, I am *Keith*.\n\t</p>\n\n\t<p>\n\t\tI write.\n\t</p>\n</section>\n';
    const rendered = render(htmlAsMarkdown(html, 'About'));
    assert.doesNotMatch(rendered, /<pre|<code/);
    assert.match(rendered, /<p>\nHi, I am \*Keith\*\.\n<\/p>\n<p>\nI write\.\n<\/p>/);
  });

  it('keeps the lines of a <pre> as written, its blank lines shown as empty lines', () => {
    const html = '<div><pre>\n  indented\n\n    more\n</pre>\n\n  <p>after</p></div>\n';
    const rendered = render(htmlAsMarkdown(html, undefined));
    assert.match(rendered, /<pre>\n {2}indented\n<!---->\n {4}more\n<\/pre>\n<p>after<\/p><\/div>/);
  });

  it('drops the blank lines of a script, which a blank line would cut in two', () => {
    const html = '<script>\n  const a = 1;\n\n  const b = 2;\n</script>\n';
    assert.equal(
      htmlAsMarkdown(html, undefined),
      '\n<div>\n<script>\n  const a = 1;\n  const b = 2;\n</script>\n</div>\n',
    );
  });

  it('leaves out a first heading that says the title again, and keeps any other', () => {
    assert.equal(htmlAsMarkdown('<h1>About</h1>\n<p>Hi</p>', 'About'), '\n<p>Hi</p>\n');
    assert.equal(
      htmlAsMarkdown('<h1>About me</h1>\n<p>Hi</p>', 'About'),
      '\n<h1>About me</h1>\n<p>Hi</p>\n',
    );
  });

  it('reads no line of text as Markdown, whatever the body opens with', () => {
    const html = '<h1>Contact</h1>\nWrite to me, any time:\n    1. by mail,\n    2. by phone.\n';
    const rendered = render(htmlAsMarkdown(html, 'Contact'));
    assert.doesNotMatch(rendered, /<ol|<li/);
    assert.match(rendered, /1\. by mail,\n2\. by phone\./);
  });

  it('keeps the empty lines of a <textarea>, and reads no <pre> in a comment', () => {
    const textarea = render(
      htmlAsMarkdown('<form>\n<textarea>\nDear sir,\n\nRegards\n</textarea>\n</form>', undefined),
    );
    assert.match(textarea, /Dear sir,&#10;\nRegards/);
    const commented = render(
      htmlAsMarkdown('<div>\n<!-- an old <pre> -->\n\n    <p>Still HTML</p>\n</div>', undefined),
    );
    assert.doesNotMatch(commented, /<code/);
    assert.match(commented, /\n<p>Still HTML<\/p>\n/);
  });
});
