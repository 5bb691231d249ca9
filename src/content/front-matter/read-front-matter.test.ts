import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parsePost } from '../parse-post.js';
import type { FrontMatterFormat } from './front-matter.js';
import { readFrontMatter } from './read-front-matter.js';
import { splitFrontMatter } from './split.js';
import { readYamlExactly, readYamlQuickly, yamlFrontMatter } from './yaml.js';

const FILE = 'content/posts/hello.md';
const SEOUL = { timezone: 'Asia/Seoul', excerptLength: 200, imageSize: () => undefined };
const PLACE = { file: FILE, line: 2 };

/** A format of `key = value` lines between `+++` lines, standing in for TOML. */
const plusFormat: FrontMatterFormat = {
  opening: /^\+\+\+$/,
  closing: /^\+\+\+$/,
  closingFence: '+++',
  read: (text, place) => {
    const lines = text.split('\n');
    const keyLine = (path: readonly PropertyKey[]): number => {
      const index = lines.findIndex((line) => line.startsWith(`${String(path[0])} =`));
      return place.line + Math.max(0, index);
    };
    return {
      value: Object.fromEntries(lines.map((line) => line.split(' = '))),
      problems: [],
      lineOf: keyLine,
      lineOfKey: keyLine,
    };
  },
};

describe('splitting front matter from the body', () => {
  it('tells on which line of the file the front matter and the body start', () => {
    const split = splitFrontMatter(['---', 'title: Hello', '---', 'Body'].join('\n'), FILE);
    assert.ok(!('code' in split));
    assert.equal(split.format, yamlFrontMatter);
    assert.equal(split.text, 'title: Hello');
    assert.equal(split.textLine, 2);
    assert.equal(split.body, 'Body');
    assert.equal(split.bodyLine, 4);
  });

  it('reads front matter in the format its opening line names', () => {
    const text = ['+++', 'title = Hello', 'tags = go', '+++', '', 'Body'].join('\n');
    const read = readFrontMatter(text, FILE, [yamlFrontMatter, plusFormat]);
    assert.deepEqual(read.problems, []);
    assert.deepEqual(read.value, { title: 'Hello', tags: 'go' });
    assert.equal(read.lineOfKey(['tags']), 3);
    assert.equal(read.body, '\nBody');
    assert.equal(read.bodyLine, 5);
    const yaml = readFrontMatter(['---', 'title: Hi', '---'].join('\n'), FILE, [
      yamlFrontMatter,
      plusFormat,
    ]);
    assert.deepEqual(yaml.value, { title: 'Hi' });
  });

  it("names the closing line of the opening line's format when it is missing", () => {
    const read = readFrontMatter('+++\ntitle = Hello\n', FILE, [yamlFrontMatter, plusFormat]);
    assert.equal(read.problems[0]?.code, 'front-matter-unclosed');
    assert.match(read.problems[0]?.hint ?? '', /`\+\+\+`/);
  });

  it('knows only YAML for now: any other opening line is no front matter', () => {
    const read = readFrontMatter('+++\ntitle = "Hello"\n+++\nBody', FILE);
    assert.deepEqual(
      read.problems.map((p) => `${p.line} ${p.code}`),
      ['1 front-matter-missing'],
    );
  });
});

describe('the line of a key', () => {
  // A quoted key on line 5 of the file (the front matter's fourth line).
  const QUOTED = ['title: Hello', 'date: 2024-03-15', 'tags: [go]', '"category": Go'];

  it('is the line a quoted key stands on, whichever reading reads it', () => {
    const text = QUOTED.join('\n');
    const quick = readYamlQuickly(text, PLACE);
    assert.ok(quick, 'the quick reading takes a quoted key');
    const exact = readYamlExactly(text, PLACE);
    for (const read of [quick, exact]) {
      assert.equal(read.lineOfKey(['category']), 5);
      assert.equal(read.lineOf(['category']), 5);
    }
  });

  it('is where a post reports its category, with or without what only the exact reading takes', () => {
    const plain = ['---', ...QUOTED, '---', 'Body.'];
    // A tab sends the front matter to the exact reading.
    const exact = ['---', ...QUOTED, 'note:\t"for me"', '---', 'Body.'];
    for (const lines of [plain, exact]) {
      const { post } = parsePost(lines.join('\n'), FILE, 'hello', SEOUL);
      assert.equal(post?.category, 'Go');
      assert.equal(post?.lines.category, 5, lines.join('\n'));
    }
    assert.ok(readYamlQuickly(QUOTED.join('\n'), PLACE));
    assert.equal(readYamlQuickly([...QUOTED, 'note:\t"for me"'].join('\n'), PLACE), undefined);
  });

  it("of a block list is the key's line; its value starts at the first item", () => {
    const text = ['title: Hello', 'tags:', '  # the first', '  - go', '  - rust'].join('\n');
    for (const read of [readYamlQuickly(text, PLACE), readYamlExactly(text, PLACE)]) {
      assert.equal(read?.lineOfKey(['tags']), 3);
      assert.equal(read?.lineOf(['tags']), 5);
      assert.equal(read?.lineOf(['tags', 1]), 6);
    }
    const { post } = parsePost(
      ['---', text, 'date: 2024-03-15', '---'].join('\n'),
      FILE,
      'x',
      SEOUL,
    );
    assert.equal(post?.lines.tags, 3);
  });

  it("of a key that is absent is the line where the front matter's keys start", () => {
    const text = ['# a note', '', 'title: Hello'].join('\n');
    for (const read of [readYamlQuickly(text, PLACE), readYamlExactly(text, PLACE)]) {
      assert.equal(read?.lineOf(['category']), 4);
      assert.equal(read?.lineOfKey(['category']), 4);
    }
  });
});

describe('aliases', () => {
  /** YAML whose aliases stand for aliases, `levels` deep, ten each: 10^levels values. */
  const aliasBomb = (levels: number): string => {
    const anchors = [`&a0 [${Array(10).fill('x').join(', ')}]`];
    for (let i = 1; i < levels; i++)
      anchors.push(
        `&a${i} [${Array(10)
          .fill(`*a${i - 1}`)
          .join(', ')}]`,
      );
    return `[${anchors.join(', ')}]`;
  };

  it('are left to the exact reading, wherever they stand', () => {
    for (const text of [
      'title: Hello\ntags: [&go go, *go]',
      'title: Hello\ntags:\n  - &go go\n  - *go',
      'title: &t Hello\ndescription: *t',
      `title: Hello\ntags: ${aliasBomb(3)}`,
    ]) {
      assert.equal(readYamlQuickly(text, PLACE), undefined, text);
      const read = yamlFrontMatter.read(text, PLACE);
      const exact = readYamlExactly(text, PLACE);
      assert.deepEqual([read.value, read.problems], [exact.value, exact.problems], text);
    }
  });

  it('that stand for more than a blog could write are a problem at the first alias', () => {
    const text = ['title: Hello', 'date: 2024-03-15', `tags: ${aliasBomb(10)}`].join('\n');
    const read = yamlFrontMatter.read(text, PLACE);
    assert.equal(read.value, undefined);
    assert.deepEqual(
      read.problems.map((p) => `${p.line} ${p.code}`),
      ['4 front-matter-yaml'],
    );
    assert.match(read.problems[0]?.message ?? '', /aliases \(`\*name`\) repeat too much/);
    assert.match(read.problems[0]?.hint ?? '', /write the values out/);
  });

  it('that stand for a few values are read as the values', () => {
    const text = 'title: Hello\ndate: 2024-03-15\ntags: [&go go, *go, rust]';
    const { post } = parsePost(`---\n${text}\n---\nBody.`, FILE, 'hello', SEOUL);
    assert.deepEqual(post?.tags, ['go', 'rust']);
  });
});
