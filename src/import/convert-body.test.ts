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
