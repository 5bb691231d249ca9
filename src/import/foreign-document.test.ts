import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readForeignDocument } from './foreign-document.js';

describe('a post file of another engine', () => {
  it('has its front matter read after blank lines before the fence, as Hexo read it', () => {
    const read = readForeignDocument(
      '\n---\ntitle: "AWS Basics"\ndate: 2025-06-14 19:17:06\ntags: [aws]\n---\nThe body.\n',
    );
    assert.ok('fields' in read);
    assert.deepEqual(read.fields, {
      title: 'AWS Basics',
      date: '2025-06-14 19:17:06',
      tags: ['aws'],
    });
    assert.equal(read.body, 'The body.\n');
    assert.equal(read.bodyLine, 7);
  });

  it("reads YAML's JavaScript types of Hexo's reader as the text written", () => {
    const read = readForeignDocument('---\nskip: !!js/regexp /^\\s*more/\n---\n');
    assert.ok('fields' in read);
    assert.deepEqual(read.fields, { skip: '/^\\s*more/' });
  });
});
