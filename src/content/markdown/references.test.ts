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

  it('leaves out other sites, data, fragments and relative links', () => {
    const body =
      '![a](https://example.com/a.png) ![b](//cdn.example.com/b.png) ![c](data:image/png;base64,AA)\n' +
      '[d](#notes) [e](other-post/) [f](mailto:me@example.com)\n';
    assert.deepEqual(collect(body), []);
  });
});
