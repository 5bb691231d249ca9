import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  CHARACTERS_PER_MINUTE,
  countReading,
  readingMinutes,
  WORDS_PER_MINUTE,
} from './reading-time.js';

const words = (n: number, word = 'word'): string => Array.from({ length: n }, () => word).join(' ');

describe('counting what a body gives to read', () => {
  it('counts English words separated by spaces and lines', () => {
    assert.deepEqual(countReading('The quick brown fox\njumps over the lazy dog.'), {
      words: 9,
      characters: 0,
    });
  });

  it('counts Korean by its Hangul syllables, not its spaced words', () => {
    assert.deepEqual(countReading('장애 회고의 목적은 책임자를 찾는 것이 아닙니다.'), {
      words: 0,
      characters: 20,
    });
  });

  it('counts Japanese kana and kanji one by one, without their punctuation', () => {
    assert.deepEqual(countReading('日本語の文章を、ひらがなとカタカナで書きます。'), {
      words: 0,
      characters: 21,
    });
  });

  it('counts Chinese characters, those beyond the Basic Multilingual Plane once each', () => {
    assert.deepEqual(countReading('我们使用简体中文。𠀀𠀁'), { words: 0, characters: 10 });
  });

  it('counts words and characters of mixed text apart', () => {
    assert.deepEqual(countReading('React의 useEffect를 정리합니다 (cleanup).'), {
      words: 3,
      characters: 7,
    });
  });

  it('counts code blocks as words, their fences and language names not', () => {
    const body = 'Run this:\n\n```ts\nif (a < b) return max(a, b);\n```\n\nDone.';
    assert.deepEqual(countReading(body), { words: 9, characters: 0 });
  });

  it('does not count markup, link targets or HTML tags as words', () => {
    const body = [
      '## A *heading*',
      '',
      '- **one** item | `two` — three',
      '',
      'See [the docs](https://example.com/a/very/long/path?with=query) and ![a cat](cat.png).',
      '',
      '<div class="note" data-x="1">Inside</div>',
      '',
      '---',
    ].join('\n');
    assert.deepEqual(countReading(body), { words: 13, characters: 0 });
  });

  it('keeps counting after a link target or a tag left open at the end of its line', () => {
    assert.deepEqual(countReading('a](open\nb <span\nc'), { words: 3, characters: 0 });
  });
});

describe('reading minutes', () => {
  it('is at least one minute, even for an empty body', () => {
    assert.equal(readingMinutes(''), 1);
    assert.equal(readingMinutes('Hello.'), 1);
  });

  it('reads English at the documented words a minute', () => {
    assert.equal(readingMinutes(words(WORDS_PER_MINUTE * 5)), 5);
    assert.equal(readingMinutes(words(WORDS_PER_MINUTE * 5 + 100)), 5);
    assert.equal(readingMinutes(words(WORDS_PER_MINUTE * 5 + 140)), 6);
  });

  it('reads CJK at the documented characters a minute', () => {
    assert.equal(readingMinutes('가'.repeat(CHARACTERS_PER_MINUTE * 3)), 3);
    assert.equal(readingMinutes('字'.repeat(CHARACTERS_PER_MINUTE * 3)), 3);
    assert.equal(readingMinutes('か'.repeat(CHARACTERS_PER_MINUTE * 3)), 3);
  });

  it('adds the time of words and of characters', () => {
    const body = `${words(WORDS_PER_MINUTE * 2)}\n\n${'한'.repeat(CHARACTERS_PER_MINUTE * 2)}`;
    assert.equal(readingMinutes(body), 4);
  });

  it('counts a long body quickly, in one pass', () => {
    const body = `${words(2000, 'lorem')}\n\`\`\`js\n${words(500, 'x(1);')}\n\`\`\`\n${'글'.repeat(3000)}\n`;
    const started = performance.now();
    for (let i = 0; i < 100; i++) readingMinutes(body);
    // About 20 KB a body: 100 of them in well under a second even on a loaded machine.
    assert.ok(performance.now() - started < 1000);
  });
});
