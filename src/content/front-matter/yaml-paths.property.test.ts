// Property: the quick and the exact reading of YAML front matter agree — the same values, the
// same problems, and the same line for every key and value — wherever the quick one reads at all;
// and front matter as authors write it is read by the quick one, each key at its own line.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parsePost } from '../parse-post.js';
import type { ReadFrontMatter } from './front-matter.js';
import { readYamlExactly, readYamlQuickly, yamlFrontMatter } from './yaml.js';

const FILE = 'content/posts/hello.md';
// The front matter's first line is the file's second, after `---`.
const PLACE = { file: FILE, line: 2 };
const CONTEXT = { timezone: 'Asia/Seoul', excerptLength: 200, imageSize: () => undefined };
const KNOWN = ['title', 'date', 'category', 'tags', 'slug', 'draft', 'description'];

// ---------------------------------------------------------------------------------------------
// Front matter as authors write it

const word = fc.constantFrom(
  'Hello',
  'Go',
  'rust',
  '러스트',
  'アルゴリズム',
  '算法',
  'café',
  'naïve',
  'C#',
  'C++',
  'Node.js',
  "it's",
  'a-b_c',
  '🦀',
  'Q&A',
);
// Numbers stay the text the author wrote; the words YAML reads as true, false or null do not.
const number = fc.constantFrom('3.10', '010', '1e3', '0x1F', '-1', '+2', '.5', '.inf', '1_000');
const plain = fc.oneof(
  fc.array(word, { minLength: 1, maxLength: 3 }).map((words) => words.join(' ')),
  number,
);
const doubleQuoted = fc
  .array(fc.oneof(word, number, fc.constantFrom(': ', ' #', '\\"', '\\n', "'", '[x]')), {
    minLength: 0,
    maxLength: 3,
  })
  .map((parts) => `"${parts.join(' ')}"`);
const singleQuoted = fc
  .array(fc.oneof(word, number, fc.constantFrom(': ', ' #', "''", '"', '{x}')), {
    minLength: 0,
    maxLength: 3,
  })
  .map((parts) => `'${parts.join(' ').replaceAll("'", "''")}'`);
const scalar = fc.oneof(plain, doubleQuoted, singleQuoted);
const comment = fc.constantFrom('', '', ' # a note', ' #ナ');

const flowList = fc
  .tuple(fc.array(scalar, { maxLength: 4 }), fc.constantFrom(', ', ',', ' , '), fc.boolean())
  .map(([items, comma, spaced]) =>
    spaced ? `[ ${items.join(comma)} ]` : `[${items.join(comma)}]`,
  );

/** A value: the rest of its key's line, and the lines after it that belong to it. */
interface Value {
  readonly rest: string;
  readonly after: readonly string[];
}

const blockList = fc
  .tuple(
    fc.array(scalar, { minLength: 1, maxLength: 4 }),
    fc.constantFrom('', '  ', '    '),
    fc.array(fc.constantFrom('item', 'blank', 'comment', 'outdented comment'), {
      minLength: 4,
      maxLength: 4,
    }),
    comment,
  )
  .map(([items, indent, between, note]): Value => ({
    rest: note.trimStart(),
    after: items.flatMap((item, i) => [
      ...(between[i] === 'blank' ? [''] : []),
      ...(between[i] === 'comment' ? [`${indent}# about ${i}`] : []),
      ...(between[i] === 'outdented comment' ? ['# about it'] : []),
      `${indent}- ${item}`,
    ]),
  }));

const inline = (rest: fc.Arbitrary<string>): fc.Arbitrary<Value> =>
  fc.tuple(rest, comment).map(([value, note]) => ({ rest: value + note, after: [] }));

/** Values as the docs and the tools authors import from write them. */
const authoredValue: fc.Arbitrary<Value> = fc.oneof(
  { arbitrary: inline(scalar), weight: 4 },
  { arbitrary: inline(flowList), weight: 2 },
  { arbitrary: blockList, weight: 2 },
  { arbitrary: inline(fc.constantFrom('true', 'false', 'True', 'null', '~', 'yes')), weight: 1 },
  { arbitrary: inline(fc.constantFrom('', '')), weight: 1 },
  {
    arbitrary: fc
      .tuple(plain, fc.constantFrom('|', '>', '|-', '>+', '|2'))
      .map(([text, header]) => ({ rest: header, after: [`  ${text}`, '', `  "${text}: #`] })),
    weight: 1,
  },
  { arbitrary: scalar.map((text) => ({ rest: '', after: [`  ${text}`] })), weight: 1 },
  {
    arbitrary: fc.tuple(plain, plain).map(([a, b]) => ({ rest: a, after: [`  ${b}`] })),
    weight: 1,
  },
);

/** A key as authors write it: plain, quoted either way, or with a space before the colon. */
const keyStyle = (key: string): fc.Arbitrary<string> =>
  fc.constantFrom(`${key}:`, `"${key}":`, `'${key}':`, `${key} :`, `${key}  :`);

const entry = (key: string, value: fc.Arbitrary<Value>): fc.Arbitrary<string[]> =>
  fc
    .tuple(keyStyle(key), value, fc.constantFrom('none', 'comment', 'blank', 'both'))
    .map(([written, { rest, after }, before]) => [
      ...(before === 'comment' || before === 'both' ? ['# a note'] : []),
      ...(before === 'blank' || before === 'both' ? [''] : []),
      rest === '' ? written : `${written} ${rest}`,
      ...after,
    ]);

const unknownKey = fc.constantFrom(
  'categroy',
  'author',
  'layout',
  'lastmod',
  '제목',
  'tägs',
  '1',
  '3.10',
  'C#',
  'a:b',
  'with space',
);

/** Keys Folio knows, each present or absent, and unknown ones, in any order. */
const entries = (value: fc.Arbitrary<Value>): fc.Arbitrary<string[][]> =>
  fc
    .tuple(
      fc.tuple(...KNOWN.map((key) => fc.option(entry(key, value), { nil: undefined }))),
      fc
        .uniqueArray(unknownKey, { maxLength: 2 })
        .chain((keys) => fc.tuple(...keys.map((key) => entry(key, value)))),
    )
    .map(([known, unknown]) => [...known.filter((lines) => lines !== undefined), ...unknown])
    .chain((all) => fc.shuffledSubarray(all, { minLength: all.length }));

const authored = entries(authoredValue)
  .filter((all) => all.length > 0)
  .map((all) => all.flat());

// ---------------------------------------------------------------------------------------------
// Anything else a file may hold

/** Values that run over lines, refer to each other, nest, or are not YAML at all. */
const strangeValue: fc.Arbitrary<Value> = fc.oneof(
  { arbitrary: authoredValue, weight: 12 },
  fc.constantFrom<Value>(
    { rest: '"open', after: ['  quote"'] },
    { rest: '"open', after: ['# quote"'] },
    { rest: '"open', after: ['- quote"'] },
    { rest: "'open", after: ["# quote'"] },
    { rest: '[a,', after: ['  b]'] },
    { rest: '[a,', after: ['b]'] },
    { rest: '[a,', after: ['# c', '  b]'] },
    { rest: '[a, "b', after: ['# c"]'] },
    { rest: "[a:'x, 'y", after: ["# z']"] },
    { rest: "{a:'x, 'y", after: ["# z'}"] },
    { rest: "{a: 'x, y}", after: ["# z'}"] },
    { rest: '', after: ["- {a: 'x}", "- y'}"] },
    { rest: '[a, #b]', after: ['# x', '  c]'] },
    { rest: '[a, #b', after: ['# "x', '  c]'] },
    { rest: '{a: b,', after: ['  c: d}'] },
    { rest: '&anchor x', after: [] },
    // More aliases than the exact reading resolves: a problem there, so never read quickly.
    {
      rest: `&a [${'x, '.repeat(9)}x]`,
      after: ['b', 'c', 'd'].map((name, i) => {
        const alias = `*${'abc'[i] ?? ''}`;
        return `${name}: &${name} [${`${alias}, `.repeat(9)}${alias}]`;
      }),
    },
    { rest: '"x', after: ['\ty"'] },
    { rest: '*anchor', after: [] },
    { rest: '!!str 3', after: [] },
    { rest: '! x', after: [] },
    { rest: 'a: b', after: [] },
    { rest: 'a #b: c', after: [] },
    { rest: '"a" b', after: [] },
    { rest: '"a"#b', after: [] },
    { rest: '- a', after: [] },
    { rest: '-', after: [] },
    { rest: '? a', after: [] },
    { rest: '@x', after: [] },
    { rest: '`x`', after: [] },
    { rest: '%x', after: [] },
    { rest: ',x', after: [] },
    { rest: '[a]b', after: [] },
    { rest: '[a] # b', after: [] },
    { rest: '{a: [b, "c"]}', after: [] },
    { rest: '["a": b]', after: [] },
    { rest: '[a, , b]', after: [] },
    { rest: 'a', after: ['- b'] },
    { rest: 'a', after: ['  - b'] },
    { rest: 'a', after: ['  b: c'] },
    { rest: 'a', after: ['# c', '  b'] },
    { rest: '', after: ['  a: b', '  c: [d, e]'] },
    { rest: '', after: ['  a: b', '- c'] },
    { rest: '', after: ['- a', '  - b', '- c: d', '  e: f'] },
    { rest: '', after: ['- - a', '  - b'] },
    { rest: '', after: ['  - a', '- b'] },
    { rest: '', after: ['- |', '  text', ' less'] },
    { rest: '', after: ['  - sub: |', '     text', '    "open', '# c"'] },
    { rest: '|', after: ['  text', '# c', '  more'] },
    { rest: '|', after: ['  text', '# c'] },
    { rest: '>', after: [' one space', '', '   three'] },
    { rest: '|', after: ['    four', '  two'] },
    { rest: '|1', after: ['  two', ' one'] },
    { rest: '', after: ['  - |', '    x', '   y'] },
    { rest: '|', after: ['  "open', '# c"'] },
    { rest: '', after: ['\t- tab'] },
    { rest: 'a\tb', after: [] },
    { rest: '', after: [] },
  ),
);

/** Lines that stand on their own: comments, blanks, and lines YAML reads otherwise or not at all. */
const strangeLine = fc.constantFrom(
  '# note',
  '',
  '   ',
  '  # indented note',
  '- stray',
  '  stray: x',
  '\tx: y',
  '? x',
  ': y',
  '%YAML 1.2',
  'x: a: b',
  '"unclosed: x',
  '[a, b',
  'just words',
  '~: null key',
  'null: key',
  'True: key',
  '"esc\\u0061ped": key',
  "'it''s': key",
  '"": empty',
  '-dash: key',
  '__proto__: x',
  `${'k'.repeat(1030)}: long`,
  'title: twice',
  '\u00a0nbsp: x',
  'line\u2028separator: x',
  'next\u0085line: x',
  '\u3000wide: x',
);

const anything = fc
  .tuple(
    entries(strangeValue),
    fc.array(fc.tuple(fc.nat(), strangeLine), { maxLength: 2 }),
    fc.constantFrom('', '', '', '', '', '  '),
  )
  .map(([all, extra, indent]) => {
    const lines = all.flat().map((line) => (indent && line ? indent + line : line));
    for (const [at, line] of extra) lines.splice(at % (lines.length + 1), 0, line);
    return lines;
  });

// ---------------------------------------------------------------------------------------------

/** Paths worth asking a line of: every key there is, Folio's own, one nobody wrote, items, nesting. */
function pathsOf(value: unknown): PropertyKey[][] {
  const paths: PropertyKey[][] = [[], ['absent'], ...KNOWN.map((key) => [key])];
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return paths;
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    paths.push([key]);
    if (Array.isArray(inner)) {
      for (let i = 0; i <= inner.length; i++) paths.push([key, i]);
    } else if (inner !== null && typeof inner === 'object') {
      for (const sub of [...Object.keys(inner), 'absent']) paths.push([key, sub]);
    } else {
      paths.push([key, 'below']);
    }
  }
  return paths;
}

function assertSameReading(got: ReadFrontMatter, exact: ReadFrontMatter, text: string): void {
  const where = `\n${text}`;
  assert.deepEqual(got.problems, exact.problems, where);
  assert.deepEqual(got.value, exact.value, where);
  for (const path of pathsOf(exact.value)) {
    const at = `${JSON.stringify(path)}${where}`;
    assert.equal(got.lineOf(path), exact.lineOf(path), `lineOf ${at}`);
    assert.equal(got.lineOfKey(path), exact.lineOfKey(path), `lineOfKey ${at}`);
  }
}

describe('the quick and the exact reading of YAML front matter', () => {
  it('agree on values, problems and every line wherever the quick one reads', () => {
    let quickly = 0;
    fc.assert(
      fc.property(anything, (lines) => {
        const text = lines.join('\n');
        const exact = readYamlExactly(text, PLACE);
        const quick = readYamlQuickly(text, PLACE);
        if (quick) {
          quickly++;
          assertSameReading(quick, exact, text);
        }
        // Whichever reading the format takes, what it gives is the exact one's.
        assertSameReading(yamlFrontMatter.read(text, PLACE), exact, text);
      }),
      { numRuns: 3000 },
    );
    // The strange lines are only some: the quick reading still takes a share of the texts.
    assert.ok(quickly > 300, `the quick reading took ${quickly} of 3000`);
  });

  it('read front matter as authors write it quickly, with every key at its own line', () => {
    fc.assert(
      fc.property(authored, (lines) => {
        const text = lines.join('\n');
        const quick = readYamlQuickly(text, PLACE);
        assert.ok(quick, `the quick reading refused\n${text}`);
        assertSameReading(quick, readYamlExactly(text, PLACE), text);
        // Each key written at the start of a line stands at that line of the file.
        lines.forEach((line, i) => {
          const key = /^(?:"([^"]*)"|'([^']*)'|([^\s#'"-][^:]*?)) *:(?: |$)/.exec(line);
          const name = key?.[1] ?? key?.[2] ?? key?.[3];
          if (name !== undefined) assert.equal(quick.lineOfKey([name]), i + 2, line);
        });
      }),
      { numRuns: 1500 },
    );
  });

  it('give a post whose keys stand at their lines, whichever reading read it', () => {
    fc.assert(
      fc.property(authored, (lines) => {
        const text = ['---', ...lines, '---', '', 'Body.'].join('\n');
        const { post, claim } = parsePost(text, FILE, 'hello', CONTEXT);
        if (!post) return;
        const exact = readYamlExactly(lines.join('\n'), PLACE);
        assert.deepEqual(post.lines, {
          slug: claim.fromKey ? exact.lineOfKey(['slug']) : 1,
          category: exact.lineOfKey(['category']),
          tags: exact.lineOfKey(['tags']),
        });
      }),
      { numRuns: 1000 },
    );
  });
});
