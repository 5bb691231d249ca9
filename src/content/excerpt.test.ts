import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ELLIPSIS, excerptOf, truncate, withEllipsis } from './excerpt.js';
import { parseMarkdown } from './markdown/markdown.js';

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const graphemes = (text: string): string[] => [...segmenter.segment(text)].map((s) => s.segment);

/** The text of a cut excerpt without its trailing `...`; fails when there is no `...`. */
function cutPart(excerpt: string): string {
  assert.ok(excerpt.endsWith(ELLIPSIS), `expected ${JSON.stringify(excerpt)} to end with ...`);
  return excerpt.slice(0, -ELLIPSIS.length);
}

/** Asserts that `part` is made of the first whole graphemes of `text`. */
function assertWholeGraphemePrefix(part: string, text: string): void {
  const kept = graphemes(part);
  assert.deepEqual(kept, graphemes(text).slice(0, kept.length));
}

const excerpt = (body: string, budget = 200): string => excerptOf(parseMarkdown(body), budget);

describe('truncate: length', () => {
  it('uses three ASCII dots as the ellipsis', () => {
    assert.equal(ELLIPSIS, '...');
  });

  it('shows a short text whole, without ...', () => {
    assert.equal(truncate('A short post.', 200), 'A short post.');
  });

  it('shows a text of exactly the budget whole, without ...', () => {
    assert.equal(truncate('abcde', 5), 'abcde');
    assert.equal(truncate('one two three', 13), 'one two three');
  });

  it('counts user-perceived characters, so a budget of emoji with skin tones is shown whole', () => {
    const text = '👍🏽'.repeat(5);
    assert.equal(truncate(text, 5), text);
  });

  it('cuts a text one grapheme over the budget and ends it with ...', () => {
    assert.equal(truncate('abcdef', 5), 'abcde...');
    assert.equal(truncate('one two three', 12), 'one two...');
  });
});

describe('truncate: English and other space-separated text', () => {
  const text = 'The quick brown fox jumps over the lazy dog';

  it('cuts after the last whole word that fits', () => {
    assert.equal(truncate('The quick brown fox', 12), 'The quick...');
    assert.equal(truncate('The quick brown fox', 9), 'The quick...');
    assert.equal(truncate('The quick brown fox', 8), 'The...');
  });

  it('never cuts inside a word, for every budget, and keeps a prefix of the text', () => {
    for (let budget = 3; budget < text.length; budget++) {
      const part = cutPart(truncate(text, budget));
      assert.ok(text.startsWith(part), `budget ${budget}: ${part} is not a prefix`);
      assert.ok(graphemes(part).length <= budget, `budget ${budget}: ${part} is too long`);
      assert.equal(text[part.length], ' ', `budget ${budget}: cut inside a word: ${part}`);
      assert.ok(!part.endsWith(' '), `budget ${budget}: trailing space before ...`);
    }
  });

  it('cuts a single word longer than the budget hard at the budget', () => {
    assert.equal(truncate('Pneumonoultramicroscopic', 10), 'Pneumonoul...');
    assert.equal(truncate('Supercalifragilistic is long', 5), 'Super...');
  });

  it('keeps accented words whole when cutting at a space', () => {
    assert.equal(truncate('cafe\u0301 au lait', 6), 'cafe\u0301...');
  });
});

describe('truncate: Korean, Chinese and Japanese', () => {
  const cases: [string, string][] = [
    ['Korean', '알고리즘을 공부하는 방법에 대하여'],
    ['Korean without spaces', '가나다라마바사아자차카타파하'],
    ['Chinese', '我们今天一起学习算法和数据结构'],
    ['Japanese', 'アルゴリズムを勉強しましょう今日から'],
  ];

  for (const [language, text] of cases) {
    it(`cuts ${language} text at exactly the budget grapheme, with no space needed`, () => {
      for (const budget of [1, 3, 4, 7, 10]) {
        const part = cutPart(truncate(text, budget));
        assert.equal(part, graphemes(text).slice(0, budget).join(''), `budget ${budget}`);
      }
    });
  }

  it('cuts a Korean word in the middle rather than going back to the last space', () => {
    assert.equal(truncate('안녕하세요 반갑습니다', 3), '안녕하...');
  });
});

describe('truncate: graphemes are never split', () => {
  const family = '👨‍👩‍👧‍👦';
  const thumb = '👍🏽';
  const flag = '🇰🇷';

  it('keeps emoji with zero-width joiners, skin tones and flags whole', () => {
    const text = `${family}${thumb}${flag}`.repeat(3);
    for (let budget = 1; budget < 9; budget++) {
      const part = cutPart(truncate(text, budget));
      assertWholeGraphemePrefix(part, text);
      assert.equal(graphemes(part).length, budget, `budget ${budget}`);
    }
  });

  it('keeps emoji whole in running text', () => {
    const text = `Family ${family} trip ${thumb} to ${flag} Seoul`;
    for (let budget = 1; budget < graphemes(text).length; budget++) {
      assertWholeGraphemePrefix(cutPart(truncate(text, budget)), text);
    }
  });

  it('never separates a combining accent from its letter', () => {
    const text = 'e\u0301'.repeat(6);
    assert.equal(truncate(text, 3), `${'e\u0301'.repeat(3)}...`);
    const words = 'Re\u0301sume\u0301 e\u0301te\u0301 cre\u0300me';
    for (let budget = 1; budget < graphemes(words).length; budget++) {
      assertWholeGraphemePrefix(cutPart(truncate(words, budget)), words);
    }
  });
});

describe('excerptOf', () => {
  it('shows a short body whole, without ...', () => {
    assert.equal(excerpt('A short *post* body.'), 'A short post body.');
  });

  it('cuts a long body at the budget and appends ...', () => {
    const body = 'word '.repeat(100).trim();
    const result = excerpt(body, 23);
    assert.equal(result, `${'word '.repeat(4).trim()}...`);
  });

  it('uses the flattened text before a <!--more--> line, followed by ...', () => {
    const body = 'Read this **first**\n\nand this too\n\n<!--more-->\n\nThe rest of the post.';
    assert.equal(excerpt(body), 'Read this first and this too...');
  });

  it('adds ... after a <!--more--> line even when the text before it is short', () => {
    assert.equal(excerpt('Intro\n<!--more-->\nRest'), 'Intro...');
  });

  it('keeps all the text before <!--more--> even when it is longer than the budget', () => {
    const before = 'This introduction is written to be longer than the excerpt budget';
    const body = `${before}\n\n<!--more-->\n\nThe rest.`;
    assert.equal(excerpt(body, 20), `${before}...`);
  });

  it('takes <!-- more --> with spaces inside as the same line, as Hexo writes it', () => {
    assert.equal(excerpt('Intro\n\n<!-- more -->\n\nRest'), 'Intro...');
    assert.equal(excerpt('Intro\n<!--  more  -->\nRest'), 'Intro...');
    assert.equal(excerpt('Intro\n\n<!-- more than this -->\n\nRest'), 'Intro Rest');
  });

  it('ignores <!--more--> inside a code block', () => {
    const body = 'Intro text\n\n```html\n<!--more-->\n```\n\nMore text';
    assert.equal(excerpt(body), 'Intro text <!--more--> More text');
  });

  it('gives the code text when the body is only a code block', () => {
    const body = '```ts\nconst answer = 42;\nconsole.log(answer);\n```\n';
    assert.equal(excerpt(body), 'const answer = 42; console.log(answer);');
  });
});

describe('the ellipsis', () => {
  it('never leaves four dots after a sentence that ends the excerpt', () => {
    assert.equal(withEllipsis('It ends here.'), 'It ends here...');
    assert.equal(withEllipsis('Already trailing...'), 'Already trailing...');
    assert.equal(withEllipsis('No period'), 'No period...');
  });
});
