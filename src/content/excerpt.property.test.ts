import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { ELLIPSIS, excerptOf, excerptOfBody, truncate, withEllipsis } from './excerpt.js';
import { flattenTokens } from './markdown/flatten.js';
import { parseMarkdown } from './markdown/markdown.js';

// Properties of the excerpt rule in docs/rules.md ("Excerpt"), checked over generated text in
// many scripts and generated Markdown bodies.

const RUNS = 1_000;

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const graphemes = (text: string): string[] =>
  Array.from(segmenter.segment(text), ({ segment }) => segment);

// Scripts written without spaces between words (decisions.md counts Hangul with them): a cut
// may fall between any two of their graphemes.
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

type ClusterKind = 'space' | 'unspaced' | 'word';

function kindOf(cluster: string): ClusterKind {
  if (/^\s+$/u.test(cluster)) return 'space';
  if (UNSPACED.test(cluster)) return 'unspaced';
  return 'word';
}

/** Whether `part` is made of the first whole grapheme clusters of the text. */
function isClusterPrefix(part: string, textClusters: readonly string[]): boolean {
  const kept = graphemes(part);
  return kept.every((cluster, i) => cluster === textClusters[i]);
}

/**
 * The texts that `withEllipsis` turns into `result`: what was kept before the dots. A kept text
 * that ends with `.` gets two more dots, one that ends with `...` none, any other three.
 */
function keptCandidates(result: string): string[] {
  const candidates = new Set([result.slice(0, -3), result.slice(0, -2), result]);
  return [...candidates].filter((kept) => withEllipsis(kept) === result);
}

/**
 * Whether the cut after `kept` falls inside a word of a space-separated script that is no longer
 * than the budget (a longer word may be cut at the budget).
 */
function cutsInsideShortWord(
  kept: string,
  textClusters: readonly string[],
  budget: number,
): boolean {
  const at = graphemes(kept).length;
  const before = textClusters[at - 1];
  const after = textClusters[at];
  if (before === undefined || after === undefined) return false;
  if (kindOf(before) !== 'word' || kindOf(after) !== 'word') return false;
  let start = at - 1;
  while (start > 0 && kindOf(textClusters[start - 1] ?? ' ') === 'word') start--;
  let end = at;
  while (end < textClusters.length && kindOf(textClusters[end] ?? ' ') === 'word') end++;
  return end - start <= budget;
}

/** The kept texts that explain `result` and are whole-grapheme prefixes of the text. */
function prefixExplanations(result: string, textClusters: readonly string[]): string[] {
  return keptCandidates(result).filter((kept) => isClusterPrefix(kept, textClusters));
}

const show = (value: unknown): string => JSON.stringify(value);

/** Asserts everything the excerpt rule says of `result`, the cut of `text` at `budget`. */
function assertBudgetRule(text: string, budget: number, result: string): void {
  const clusters = graphemes(text);
  if (clusters.length <= budget) {
    assert.equal(result, text, 'a text within the budget is shown whole, without dots');
    return;
  }
  assert.ok(result.endsWith(ELLIPSIS), `a cut text ends with ...: ${show(result)}`);
  assert.ok(
    graphemes(result).length <= budget + ELLIPSIS.length,
    `${show(result)} is longer than ${budget} graphemes and the dots`,
  );
  const prefixes = prefixExplanations(result, clusters);
  assert.ok(prefixes.length > 0, `the text before the dots of ${show(result)} is not a prefix`);
  const withinBudget = prefixes.filter((kept) => graphemes(kept).length <= budget);
  assert.ok(withinBudget.length > 0, `${show(result)} keeps more than ${budget} graphemes`);
  const wholeWords = withinBudget.filter((kept) => !cutsInsideShortWord(kept, clusters, budget));
  assert.ok(wholeWords.length > 0, `${show(result)} cuts a word shorter than the budget`);
}

// ----- Generators -----

const char = (min: number, max: number): fc.Arbitrary<string> =>
  fc.integer({ min, max }).map((code) => String.fromCodePoint(code));
const run = (unit: fc.Arbitrary<string>, minLength: number, maxLength: number) =>
  fc.array(unit, { minLength, maxLength }).map((units) => units.join(''));

const asciiLetter = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ');
const asciiWord = run(fc.oneof(asciiLetter, fc.constantFrom(...'0123456789')), 1, 10);
const longWord = run(asciiLetter, 20, 400);
const spaces = fc.constantFrom(' ', ' ', ' ', ' ', '  ', '\n', '\t', '\r\n', '\u00a0', '\u3000');
const punctuation = fc.constantFrom(
  ...'.,!?;:-"\'()',
  '...',
  '\u2014',
  '\u2026',
  '。',
  '、',
  '\uff01',
);
const korean = run(char(0xac00, 0xd7a3), 1, 8);
const chinese = run(char(0x4e00, 0x9fff), 1, 8);
const japanese = run(
  fc.oneof(char(0x3041, 0x3096), char(0x30a1, 0x30fa), char(0x4e00, 0x9fff)),
  1,
  8,
);
// Hangul written as conjoining jamo: one grapheme of two or three code points.
const hangulJamo = fc
  .tuple(char(0x1100, 0x1112), char(0x1161, 0x1175), fc.option(char(0x11a8, 0x11c2)))
  .map(([lead, vowel, tail]) => `${lead}${vowel}${tail ?? ''}`);
const skinTone = fc
  .tuple(fc.constantFrom('👍', '👋', '🧑', '👩', '✋'), char(0x1f3fb, 0x1f3ff))
  .map(([base, tone]) => base + tone);
const flag = fc
  .tuple(char(0x1f1e6, 0x1f1ff), char(0x1f1e6, 0x1f1ff))
  .map(([first, second]) => first + second);
const zwjSequence = fc
  .array(fc.constantFrom('👨', '👩', '👧', '👦', '👨🏽', '👩🏿'), { minLength: 2, maxLength: 4 })
  .map((people) => people.join('\u200d'));
const emoji = fc.oneof(
  fc.constantFrom('👨‍👩‍👧‍👦', '👩‍💻', '🏳️‍🌈', '🧑🏾‍🚀', '❤️', '🙂', '1️⃣', '🏴󠁧󠁢󠁳󠁣󠁴󠁿', '👁️‍🗨️'),
  skinTone,
  flag,
  zwjSequence,
);
const accentedLetter = fc
  .tuple(asciiLetter, run(char(0x300, 0x36f), 1, 3))
  .map(([letter, marks]) => letter + marks);
const accentedWord = run(fc.oneof(asciiLetter, accentedLetter), 1, 8);
const otherScripts = fc.constantFrom(
  'привет',
  'Ελλάδα',
  'مرحبا',
  'नमस्ते',
  'क्षत्रिय',
  'naïve',
  'Ünïcödé',
);

const piece = fc.oneof(
  { arbitrary: spaces, weight: 8 },
  { arbitrary: asciiWord, weight: 6 },
  { arbitrary: punctuation, weight: 2 },
  { arbitrary: korean, weight: 2 },
  { arbitrary: chinese, weight: 2 },
  { arbitrary: japanese, weight: 2 },
  { arbitrary: hangulJamo, weight: 1 },
  { arbitrary: emoji, weight: 2 },
  { arbitrary: accentedWord, weight: 2 },
  { arbitrary: otherScripts, weight: 1 },
  { arbitrary: longWord, weight: 1 },
);

/** Running text of every kind, and text without any space, where only CJK may be cut. */
const text = fc.oneof(
  { arbitrary: run(piece, 0, 150), weight: 4 },
  {
    arbitrary: run(fc.oneof(asciiWord, korean, emoji, accentedWord, punctuation), 1, 60),
    weight: 1,
  },
);
const budget = fc.oneof(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 1, max: 30 }));

describe('truncate (properties)', () => {
  it('never exceeds the budget in graphemes, plus the three dots', () => {
    fc.assert(
      fc.property(text, budget, (input, limit) => {
        const result = truncate(input, limit);
        const dots = graphemes(input).length > limit ? ELLIPSIS.length : 0;
        assert.ok(graphemes(result).length <= limit + dots, show({ result, limit }));
        if (dots > 0) {
          const kept = prefixExplanations(result, graphemes(input));
          assert.ok(
            kept.some((part) => graphemes(part).length <= limit),
            `${show(result)} keeps more than ${limit} graphemes`,
          );
        }
      }),
      { numRuns: RUNS, includeErrorInReport: true },
    );
  });

  it('never splits a grapheme cluster', () => {
    fc.assert(
      fc.property(text, budget, (input, limit) => {
        const result = truncate(input, limit);
        const clusters = graphemes(input);
        if (clusters.length <= limit) return;
        const kept = prefixExplanations(result, clusters);
        assert.ok(
          kept.length > 0,
          `no whole-grapheme prefix of the text explains ${show(result)} (${show(clusters)})`,
        );
      }),
      { numRuns: RUNS, includeErrorInReport: true },
    );
  });

  it('returns a text within the budget unchanged, without dots', () => {
    const fitting = text.chain((input) =>
      fc.tuple(
        fc.constant(input),
        fc.integer({
          min: Math.max(1, graphemes(input).length),
          max: graphemes(input).length + 20,
        }),
      ),
    );
    fc.assert(
      fc.property(fitting, ([input, limit]) => {
        assert.equal(truncate(input, limit), input);
      }),
      { numRuns: RUNS, includeErrorInReport: true },
    );
  });

  it('ends a longer text with ... after a prefix of it, without white space before the dots', () => {
    const longer = text
      .filter((input) => graphemes(input).length >= 2)
      .chain((input) =>
        fc.tuple(fc.constant(input), fc.integer({ min: 1, max: graphemes(input).length - 1 })),
      );
    fc.assert(
      fc.property(longer, ([input, limit]) => {
        const result = truncate(input, limit);
        assert.ok(result.endsWith(ELLIPSIS), `${show(result)} does not end with ...`);
        const kept = keptCandidates(result).filter((part) => input.startsWith(part));
        assert.ok(kept.length > 0, `${show(result)}: the part before the dots is not a prefix`);
        assert.ok(
          kept.some((part) => !/\s$/u.test(part)),
          `${show(result)} has white space before the dots`,
        );
      }),
      { numRuns: RUNS, includeErrorInReport: true },
    );
  });

  it('never cuts inside a word of a space-separated script shorter than the budget', () => {
    fc.assert(
      fc.property(text, budget, (input, limit) => {
        assertBudgetRule(input, limit, truncate(input, limit));
      }),
      { numRuns: RUNS, includeErrorInReport: true },
    );
  });
});

describe('withEllipsis (properties)', () => {
  it('adds dots so that the text ends with exactly one ellipsis', () => {
    fc.assert(
      fc.property(text, (input) => {
        const result = withEllipsis(input);
        assert.ok(result.startsWith(input));
        assert.ok(result.endsWith(ELLIPSIS));
        const added = result.length - input.length;
        if (input.endsWith(ELLIPSIS)) assert.equal(added, 0);
        else if (input.endsWith('.')) assert.equal(added, 2);
        else assert.equal(added, 3);
        if (!input.endsWith('.')) assert.ok(!result.endsWith(`.${ELLIPSIS}`), show(result));
      }),
      { numRuns: RUNS, includeErrorInReport: true },
    );
  });
});

// ----- Markdown bodies -----

// Words never contain `<`, `>`, `&`, brackets, parentheses, backticks or backslashes, so any of
// those in an excerpt came from Markdown or HTML syntax. Upper-case marker words never occur in
// text: they stand where the excerpt must show nothing (image alt texts, URLs, scripts, styles,
// comments).
const textLetter = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz');
const mdWord = fc.oneof(
  { arbitrary: run(textLetter, 1, 10), weight: 6 },
  { arbitrary: run(fc.constantFrom(...'0123456789'), 1, 4), weight: 1 },
  { arbitrary: korean, weight: 2 },
  { arbitrary: chinese, weight: 1 },
  { arbitrary: japanese, weight: 1 },
  { arbitrary: emoji, weight: 1 },
  { arbitrary: run(fc.oneof(textLetter, accentedLetter), 1, 8), weight: 1 },
  { arbitrary: run(textLetter, 20, 120), weight: 1 },
  {
    arbitrary: fc
      .tuple(run(textLetter, 1, 8), fc.constantFrom('.', ',', '?', ':', ';', "'", '"', '-', '!'))
      .map(([word, mark]) => word + mark),
    weight: 2,
  },
);
const mdWords = (max: number) =>
  fc.array(mdWord, { minLength: 1, maxLength: max }).map((words) => words.join(' '));
const codeText = run(fc.constantFrom(...'abcxyz0123456789 =+-*/;.,:(){}"\''), 1, 40);

const MARKERS = ['IMGALT', 'IMGSRC', 'LINKURL', 'SCRIPTBODY', 'STYLEBODY', 'COMMENTBODY'];

const inlinePiece = fc.oneof(
  { arbitrary: mdWords(6), weight: 10 },
  { arbitrary: mdWords(3).map((w) => `*${w}*`), weight: 1 },
  { arbitrary: mdWords(3).map((w) => `**${w}**`), weight: 1 },
  { arbitrary: mdWords(3).map((w) => `~~${w}~~`), weight: 1 },
  { arbitrary: codeText.map((code) => `\`${code}\``), weight: 2 },
  { arbitrary: mdWords(3).map((w) => `[${w}](https://example.com/LINKURL)`), weight: 2 },
  { arbitrary: mdWords(3).map((w) => `[${w}](/posts/LINKURL/ "a title")`), weight: 1 },
  { arbitrary: mdWords(2).map((w) => `[${w}][ref]`), weight: 1 },
  { arbitrary: mdWords(2).map((w) => `![IMGALT ${w}](/images/IMGSRC.png)`), weight: 2 },
  { arbitrary: run(textLetter, 1, 8).map((w) => `<https://example.com/${w}>`), weight: 1 },
  { arbitrary: mdWords(2).map((w) => `<span class="note">${w}</span>`), weight: 1 },
  { arbitrary: mdWords(2).map((w) => `<strong>${w}</strong>`), weight: 1 },
  { arbitrary: mdWords(2).map((w) => `<a href="/LINKURL">${w}</a>`), weight: 1 },
  { arbitrary: fc.constantFrom('<br>', '<br/>', '<wbr>'), weight: 1 },
  { arbitrary: fc.constant('<img src="/IMGSRC.png" alt="IMGALT">'), weight: 1 },
  { arbitrary: fc.constant('<script>SCRIPTBODY</script>'), weight: 1 },
  { arbitrary: fc.constant('<!-- COMMENTBODY -->'), weight: 1 },
);
// A line that starts with a raw HTML tag may open an HTML block, whose Markdown stays literal
// text (CommonMark), so every paragraph and every line of one starts with a word.
const inline = fc
  .tuple(
    mdWords(4),
    fc.array(fc.tuple(inlinePiece, fc.constantFrom(' ', ' ', ' ', '\n', '  \n')), {
      maxLength: 10,
    }),
  )
  .map(([first, pairs]) =>
    pairs
      .map(([content, separator]) => (content.startsWith('<') ? ' ' : separator) + content)
      .join('')
      .replace(/^/, first),
  );
const lines = (prefix: (i: number) => string) =>
  fc.array(inline, { minLength: 1, maxLength: 4 }).map((items) =>
    items
      .map((item) => item.replace(/\n/g, ' '))
      .map((item, i) => prefix(i) + item)
      .join('\n'),
  );

const block = fc.oneof(
  { arbitrary: inline, weight: 8 },
  {
    arbitrary: fc
      .tuple(fc.integer({ min: 1, max: 6 }), inline)
      .map(([level, content]) => `${'#'.repeat(level)} ${content.replace(/\n/g, ' ')}`),
    weight: 2,
  },
  { arbitrary: inline.map((content) => `${content}\n===`), weight: 1 },
  { arbitrary: lines(() => '- '), weight: 2 },
  { arbitrary: lines((i) => `${i + 1}. `), weight: 1 },
  { arbitrary: lines(() => '> '), weight: 1 },
  {
    arbitrary: fc
      .tuple(
        fc.constantFrom('', 'ts', 'python', 'unknown-language'),
        fc.array(codeText, { maxLength: 5 }),
      )
      .map(([language, code]) => `\`\`\`${language}\n${code.join('\n')}\n\`\`\``),
    weight: 2,
  },
  { arbitrary: codeText.map((code) => `    ${code}`), weight: 1 },
  {
    arbitrary: fc
      .tuple(mdWords(2), mdWords(2), mdWords(2), mdWords(2))
      .map(([a, b, c, d]) => `| ${a} | ${b} |\n| --- | --- |\n| ${c} | ${d} |`),
    weight: 1,
  },
  { arbitrary: mdWords(8).map((w) => `<div class="note">\n${w}\n</div>`), weight: 1 },
  { arbitrary: mdWords(4).map((w) => `<p>${w}</p>`), weight: 1 },
  {
    arbitrary: fc
      .tuple(mdWords(2), mdWords(4))
      .map(([s, w]) => `<details><summary>${s}</summary>\n${w}\n</details>`),
    weight: 1,
  },
  { arbitrary: fc.constant('<script>\nconst SCRIPTBODY = 1;\n</script>'), weight: 1 },
  { arbitrary: fc.constant('<style>\n.STYLEBODY { color: red; }\n</style>'), weight: 1 },
  { arbitrary: fc.constant('<!-- COMMENTBODY -->'), weight: 1 },
  { arbitrary: fc.constantFrom('---', '***'), weight: 1 },
  { arbitrary: fc.constant('[ref]: https://example.com/LINKURL'), weight: 1 },
);

const bodyWithoutMore = fc.array(block, { maxLength: 14 }).map((blocks) => blocks.join('\n\n'));
// Every spelling of the marker: as DESIGN writes it, and with spaces, as Hexo and WordPress do.
const moreMarker = fc.constantFrom('<!--more-->', '<!-- more -->', '<!--  more\t-->');
const bodyWithMore = fc
  .tuple(fc.array(block, { maxLength: 6 }), moreMarker, fc.array(block, { maxLength: 6 }))
  .map(([before, more, after]) => [...before, more, ...after].join('\n\n'));
const body = fc.oneof(
  { arbitrary: bodyWithoutMore, weight: 3 },
  { arbitrary: bodyWithMore, weight: 1 },
);

// Blocks with blank lines inside them, where reading only the start of a body must not change
// how that start parses.
const spacedBlock = fc.oneof(
  {
    arbitrary: fc
      .array(codeText, { minLength: 1, maxLength: 6 })
      .map((code) => `\`\`\`ts\n${code.join('\n\n')}\n\`\`\``),
    weight: 2,
  },
  {
    arbitrary: fc
      .array(codeText, { minLength: 2, maxLength: 4 })
      .map((c) => `    ${c.join('\n\n    ')}`),
    weight: 1,
  },
  {
    arbitrary: fc
      .array(mdWords(6), { minLength: 2, maxLength: 5 })
      .map((items) => items.map((w) => `- ${w}`).join('\n\n')),
    weight: 2,
  },
  { arbitrary: fc.tuple(mdWords(4), mdWords(4)).map(([a, b]) => `1. ${a}\n\n   ${b}`), weight: 1 },
  { arbitrary: mdWords(6).map((w) => `<!--\n\nCOMMENTBODY ${w}\n\n-->`), weight: 1 },
  { arbitrary: fc.constant('<script>\n\nconst SCRIPTBODY = 1;\n\n</script>'), weight: 1 },
  { arbitrary: mdWords(6).map((w) => `<pre>\n${w}\n\n${w}\n</pre>`), weight: 1 },
  // Text that looks like a link reference definition, and definitions after their uses.
  {
    arbitrary: mdWords(3).map(
      (w) => `\`\`\`python\ndef f(x) -> list[int]:\n    return [x]\n\`\`\`\n${w}`,
    ),
    weight: 1,
  },
  { arbitrary: mdWords(3).map((w) => `${w} x[1]: y\n[ref]: /LINKURL`), weight: 1 },
  { arbitrary: mdWords(3).map((w) => `[${w}][ref] and [ref]\n\n[ref]:\n  /LINKURL`), weight: 1 },
  {
    arbitrary: mdWords(3).map((w) => `> [ref\n> label]: /LINKURL\n\n[${w}][ref label]`),
    weight: 1,
  },
  { arbitrary: mdWords(3).map((w) => `\`\`\`\n<!--more-->\n\`\`\`\n\n${w}`), weight: 1 },
  { arbitrary: moreMarker, weight: 1 },
);
const anyBlock = fc.oneof({ arbitrary: block, weight: 4 }, { arbitrary: spacedBlock, weight: 1 });
const longBody = fc
  .array(fc.tuple(anyBlock, fc.constantFrom('\n\n', '\n\n', '\n\n\n', '\n')), { maxLength: 30 })
  .map((pairs) => pairs.map(([content, gap]) => content + gap).join(''));

// A `<!--more-->` line as a token holds it: the excerpt then ends there, whatever its length.
const MORE_LINE_TOKEN = /^<!--\s*more\s*-->$/;

describe('excerptOfBody (properties)', () => {
  it('equals the excerpt of the whole parsed body, however little of it is read', () => {
    fc.assert(
      fc.property(fc.oneof(body, longBody), budget, (markdown, limit) => {
        assert.equal(excerptOfBody(markdown, limit), excerptOf(parseMarkdown(markdown), limit));
      }),
      { numRuns: RUNS * 5, includeErrorInReport: true },
    );
  });
});

describe('excerptOf (properties)', () => {
  it('leaves no markup of Markdown or HTML in the excerpt', () => {
    fc.assert(
      fc.property(body, budget, (markdown, limit) => {
        const excerpt = excerptOf(parseMarkdown(markdown), limit);
        for (const syntax of ['<', '>', '](', '![', '```', '&lt;', '&gt;', '&amp;']) {
          assert.ok(!excerpt.includes(syntax), `${show(excerpt)} contains ${show(syntax)}`);
        }
        for (const marker of MARKERS) {
          assert.ok(!excerpt.includes(marker), `${show(excerpt)} shows ${marker}`);
        }
      }),
      { numRuns: RUNS, includeErrorInReport: true },
    );
  });

  it('flattens a body to words separated by single spaces', () => {
    fc.assert(
      fc.property(body, (markdown) => {
        const flat = flattenTokens(parseMarkdown(markdown));
        assert.ok(
          !/\s\s|[^\S ]/u.test(flat),
          `${show(flat)} has other white space than single spaces`,
        );
        assert.equal(flat, flat.trim());
      }),
      { numRuns: RUNS, includeErrorInReport: true },
    );
  });

  it('equals truncating the whole flattened body, though it tidies only the start', () => {
    fc.assert(
      fc.property(fc.oneof(bodyWithoutMore, longBody), budget, (markdown, limit) => {
        const tokens = parseMarkdown(markdown);
        if (tokens.some((token) => MORE_LINE_TOKEN.test(token.content.trim()))) return;
        assert.equal(excerptOf(tokens, limit), truncate(flattenTokens(tokens), limit));
      }),
      { numRuns: RUNS * 5, includeErrorInReport: true },
    );
  });

  it('cuts a body without <!--more--> by the same rule as truncate', () => {
    fc.assert(
      fc.property(bodyWithoutMore, budget, (markdown, limit) => {
        const tokens = parseMarkdown(markdown);
        assertBudgetRule(flattenTokens(tokens), limit, excerptOf(tokens, limit));
      }),
      { numRuns: RUNS, includeErrorInReport: true },
    );
  });

  it('ends the text before a <!--more--> line with ..., whatever the budget', () => {
    fc.assert(
      fc.property(bodyWithMore, budget, (markdown, limit) => {
        const tokens = parseMarkdown(markdown);
        const excerpt = excerptOf(tokens, limit);
        assert.ok(excerpt.endsWith(ELLIPSIS), show(excerpt));
        const before = tokens.findIndex(
          (token) =>
            token.type === 'html_block' && /^<!--\s*more\s*-->$/.test(token.content.trim()),
        );
        assert.ok(before >= 0);
        const flat = flattenTokens(tokens.slice(0, before));
        assert.ok(
          keptCandidates(excerpt).includes(flat),
          `${show(excerpt)} is not ${show(flat)}...`,
        );
      }),
      { numRuns: RUNS, includeErrorInReport: true },
    );
  });
});
