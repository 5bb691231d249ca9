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

describe("a template of Eleventy's whose front matter names its language", () => {
  it('reads `---json` as JSON, and `---js` by the literals its declarations give names', () => {
    const json = readForeignDocument(
      '---json\n{ "title": "Feed", "permalink": "atom.xml" }\n---\n<feed>',
    );
    assert.ok('fields' in json);
    assert.deepEqual(json.fields, { title: 'Feed', permalink: 'atom.xml' });
    assert.equal(json.body, '<feed>');
    const js = readForeignDocument(
      '---js\nconst title = "About";\nconst eleventyNavigation = { key: "About", order: 3 };\nconst made = Date.now();\n---\n# About\n',
    );
    assert.ok('fields' in js);
    assert.deepEqual(js.fields, { title: 'About', eleventyNavigation: { key: 'About', order: 3 } });
    assert.equal(js.body, '# About\n');
    assert.equal(js.bodyLine, 6);
  });

  it('reads `---js` written as one object, as Eleventy before 3 read it', () => {
    const read = readForeignDocument('---js\n{ title: "T", permalink: "/x/" }\n---\nBody\n');
    assert.ok('fields' in read);
    assert.deepEqual(read.fields, { title: 'T', permalink: '/x/' });
  });

  it('says where JavaScript front matter cannot be read', () => {
    const read = readForeignDocument('---js\nconst = ;\n---\nBody\n');
    assert.ok('problem' in read);
    assert.match(read.problem, /JavaScript front matter cannot be read/);
    assert.equal(read.line, 2);
  });
});

describe('front matter indented with tabs', () => {
  it('is read as Hexo reads it, each tab two spaces, and refused as YAML refuses it elsewhere', () => {
    const text = '---\ntitle: Tabs\ntags:\n\t- vscode\ncategories:\n\t- debug\n---\nBody\n';
    const hexo = readForeignDocument(text, { tabsIndent: true });
    assert.ok(!('problem' in hexo));
    assert.deepEqual(hexo.fields, { title: 'Tabs', tags: ['vscode'], categories: ['debug'] });
    assert.ok('problem' in readForeignDocument(text));
  });
});
