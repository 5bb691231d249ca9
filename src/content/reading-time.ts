// Load: how many minutes a post's Markdown body takes to read, in one pass over its text (pure).

/**
 * Words a minute for space-separated scripts: the mean silent reading rate of non-fiction in
 * English found by Brysbaert's meta-analysis (2019) of 190 studies.
 */
export const WORDS_PER_MINUTE = 238;

/**
 * Characters a minute for Han, Hiragana, Katakana and Hangul, which count one by one. Korean is
 * counted so too: its space-separated words average 2.8 syllables in the demo's Korean posts,
 * so 500 syllables are about 180 of its words, where counting its words as English ones would
 * read it half as fast again as English.
 */
export const CHARACTERS_PER_MINUTE = 500;

/** What a body holds to be read: words of space-separated scripts and CJK characters. */
export interface ReadingCount {
  readonly words: number;
  readonly characters: number;
}

/** Whole minutes to read `markdown`, at least 1, as a post's byline shows them. */
export function readingMinutes(markdown: string): number {
  const { words, characters } = countReading(markdown);
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE + characters / CHARACTERS_PER_MINUTE));
}

const NEWLINE = 0x0a;
const BACKTICK = 0x60;
const TILDE = 0x7e;

/**
 * Counts the words and CJK characters of `markdown` in a single scan, without building strings
 * or arrays, since every post of a build is counted. A word is a run of characters other than
 * spaces and CJK holding at least one letter or digit, so `**bold**`, `don't` and `a.b()` are one
 * word each and a lone `#`, `-`, `|` or `—` is none. Code counts as words like the rest; HTML tags
 * and the targets of links and images, `](…)`, are skipped, as no reader reads them.
 */
export function countReading(markdown: string): ReadingCount {
  let words = 0;
  let characters = 0;
  let inWord = false;
  let wordHasLetter = false;
  let inFence = false;
  let lineStart = true;
  const length = markdown.length;
  let i = 0;
  while (i < length) {
    if (lineStart) {
      lineStart = false;
      // A fence toggles code, inside which `<` is a comparison rather than the start of a tag.
      const fence = fenceAt(markdown, i);
      if (fence > i) {
        inFence = !inFence;
        i = fence;
        lineStart = true;
        continue;
      }
    }
    const code = markdown.charCodeAt(i);
    if (code === NEWLINE) lineStart = true;
    // `<` before a letter, `/`, `!` or `?` opens a tag, skipped to its `>` (or the line's end).
    if (code === 0x3c && !inFence && opensTag(markdown.charCodeAt(i + 1))) {
      i = skipPast(markdown, i + 1, 0x3e);
      continue;
    }
    // `](` ends a link's text and starts its target, skipped to `)`.
    if (code === 0x28 && i > 0 && markdown.charCodeAt(i - 1) === 0x5d) {
      i = skipPast(markdown, i + 1, 0x29);
      continue;
    }
    const kind = kindOf(code);
    if (kind === SPACE || kind === CJK) {
      if (inWord && wordHasLetter) words++;
      inWord = false;
      wordHasLetter = false;
      if (kind === CJK) {
        characters++;
        // A Han character beyond the Basic Multilingual Plane takes two code units.
        if (code >= 0xd800 && code <= 0xdbff) i++;
      }
    } else {
      inWord = true;
      if (kind === LETTER) wordHasLetter = true;
    }
    i++;
  }
  if (inWord && wordHasLetter) words++;
  return { words, characters };
}

const SPACE = 0;
const CJK = 1;
const LETTER = 2;
const MARK = 3;

/** Whether a code unit separates words, is a CJK character, a letter or digit, or punctuation. */
function kindOf(code: number): number {
  if (code < 0x80) {
    if (code <= 0x20 || code === 0x7f) return SPACE;
    if (
      (code >= 0x30 && code <= 0x39) ||
      (code >= 0x41 && code <= 0x5a) ||
      (code >= 0x61 && code <= 0x7a)
    ) {
      return LETTER;
    }
    return MARK;
  }
  if (code === 0xa0 || code === 0x3000 || (code >= 0x2000 && code <= 0x200b)) return SPACE;
  if (
    (code >= 0x1100 && code <= 0x11ff) || // Hangul Jamo
    (code >= 0x3040 && code <= 0x30ff) || // Hiragana, Katakana
    (code >= 0x3130 && code <= 0x318f) || // Hangul Compatibility Jamo
    (code >= 0x31f0 && code <= 0x31ff) || // Katakana Phonetic Extensions
    (code >= 0x3400 && code <= 0x4dbf) || // Han Extension A
    (code >= 0x4e00 && code <= 0x9fff) || // Han
    (code >= 0xac00 && code <= 0xd7af) || // Hangul Syllables
    (code >= 0xf900 && code <= 0xfaff) || // Han Compatibility
    (code >= 0xff66 && code <= 0xff9f) || // Halfwidth Katakana
    (code >= 0xd840 && code <= 0xd8bf) // lead surrogates of Han Extensions B to H
  ) {
    return CJK;
  }
  // General and CJK punctuation, and full-width forms' punctuation, are no words by themselves.
  if ((code >= 0x2010 && code <= 0x206f) || (code >= 0x3001 && code <= 0x303f)) return MARK;
  if (code >= 0xff01 && code <= 0xff0f) return MARK;
  return LETTER;
}

/** Whether the code unit after `<` makes it a tag: a letter, `/`, `!` or `?`. */
function opensTag(code: number): boolean {
  return (
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x61 && code <= 0x7a) ||
    code === 0x2f ||
    code === 0x21 ||
    code === 0x3f
  );
}

/** The index after `close` from `from`, or of the line's end when the line has none. */
function skipPast(text: string, from: number, close: number): number {
  for (let i = from; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === close) return i + 1;
    if (code === NEWLINE) return i;
  }
  return text.length;
}

/**
 * The index after the line at `start` when it is a code fence (``` or ~~~ after up to three
 * spaces), or `start`.
 */
function fenceAt(text: string, start: number): number {
  let i = start;
  while (i < start + 3 && text.charCodeAt(i) === 0x20) i++;
  const mark = text.charCodeAt(i);
  if (mark !== BACKTICK && mark !== TILDE) return start;
  let run = 0;
  while (text.charCodeAt(i + run) === mark) run++;
  if (run < 3) return start;
  // The fence's info string (a language name) is not read.
  return skipPast(text, i + run, NEWLINE);
}
