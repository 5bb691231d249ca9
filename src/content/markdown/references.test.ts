import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseMarkdown } from './markdown.js';
import { collectReferences } from './references.js';

const collect = (body: string) =>
  collectReferences(parseMarkdown(body), 6).map((r) => `${r.line} ${r.kind} ${r.target}`);

describe('references', () => {
  it('collects links and images to paths on the site, with their file lines', () => {
    assert.deepEqual(collect('[a post](/posts/x/)\n\n![a picture](/images/x.png)\n'), [
      '6 link /posts/x/',
      '8 image /images/x.png',
    ]);
  });

  it('collects images with a relative path, which no page can show', () => {
    assert.deepEqual(collect('![dog](dog.png) ![up](../up.png) ![here](./here.png)\n'), [
      '6 image dog.png',
      '6 image ../up.png',
      '6 image ./here.png',
    ]);
  });

  it('collects images with no path, in Markdown and in HTML', () => {
    assert.deepEqual(collect('![gone]() and <img src="" alt="gone">\n'), ['6 image ', '6 image ']);
  });

  it('leaves out other sites, data, fragments and relative links', () => {
    const body =
      '![a](https://example.com/a.png) ![b](//cdn.example.com/b.png) ![c](data:image/png;base64,AA)\n' +
      '[d](#notes) [e](other-post/) [f](mailto:me@example.com)\n';
    assert.deepEqual(collect(body), []);
  });

  it('collects the images and links of raw HTML, each at the line it stands on', () => {
    const body =
      'Intro\n\n<div>\n<p>text</p>\n<img alt="x" src="/imgs/设计模式/a.png"/>\n</div>\n\n' +
      'Inline <a href=\'/posts/y/\'>y</a> and <IMG SRC=dog.png> and <img src="https://x.org/a.png">\n';
    assert.deepEqual(collect(body), [
      '10 image /imgs/设计模式/a.png',
      '13 link /posts/y/',
      '13 image dog.png',
    ]);
  });

  it('finds a link or image on the line of its paragraph it stands on', () => {
    const body =
      'A paragraph wrapped at a width,\nwith a [link](/posts/x/) on its second line\nand an\n' +
      '![image](/images/y.png) on its fourth, after a <span\nclass="x">tag</span>\n[on two](/posts/z/).\n';
    assert.deepEqual(collect(body), [
      '7 link /posts/x/',
      '9 image /images/y.png',
      '11 link /posts/z/',
    ]);
  });

  it('reads no reference out of code', () => {
    assert.deepEqual(collect('```html\n<img src="/gone.png">\n```\n\n`<a href="/x/">`\n'), []);
  });
});
