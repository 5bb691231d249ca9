import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseMarkdown, renderTokens } from './markdown.js';

const render = (body: string): string =>
  renderTokens(parseMarkdown(body), { imageSize: () => undefined }).html;

describe('image captions', () => {
  it('makes an image with a line of emphasis under it a figure with that caption', () => {
    assert.equal(
      render('![A desk](/a.png)\n_Full width and **centred**_\n\nNext.\n'),
      '<figure class="image-figure"><img src="/a.png" alt="A desk" loading="lazy" decoding="async">\n' +
        '<figcaption>Full width and <strong>centred</strong></figcaption></figure>\n<p>Next.</p>\n',
    );
    assert.match(
      render('[![A desk](/a.png)](/big.png)\n*The desk*\n'),
      /^<figure class="image-figure"><a href="\/big.png"><img [^>]+><\/a>\n<figcaption>The desk<\/figcaption><\/figure>\n$/,
    );
  });

  it('leaves emphasis beside an image, two emphases, and tight list items as they are', () => {
    for (const body of [
      '![x](/b.png) *on the same line*\n',
      '![x](/b.png)\n*a* and *b*\n',
      '![x](/b.png)\nplain *words*\n',
      '- ![x](/b.png)\n  *in a tight list*\n- two\n',
    ]) {
      const html = render(body);
      assert.doesNotMatch(html, /<figure|<figcaption/, body);
      assert.match(html, /<em>/, body);
    }
  });
});
