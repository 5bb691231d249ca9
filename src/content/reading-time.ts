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
  // Between words, in a word of marks only so far, or in a word already counted.
  let word = BETWEEN;
  let inFence = false;
  const length = markdown.length;
  let i = 0;
  let lineStart = true;
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
    const kind = KINDS[markdown.charCodeAt(i)];
    if (kind === LETTER) {
      if (word !== COUNTED) {
        words++;
        word = COUNTED;
      }
      // The rest of a run of letters in one tight loop: most of a text is such runs.
      i++;
      while (i < length && KINDS[markdown.charCodeAt(i)] === LETTER) i++;
    } else if (kind === SPACE || kind === CJK || kind === LINE_END) {
      // A Han character beyond the Basic Multilingual Plane counts by its lead surrogate; the
      // trailing one is a mark, which starts no word.
      if (kind === CJK) characters++;
      else if (kind === LINE_END) lineStart = true;
      word = BETWEEN;
      i++;
    } else if (kind === OPEN_TAG && !inFence && opensTag(markdown.charCodeAt(i + 1))) {
      i = skipPast(markdown, i + 1, 0x3e);
    } else if (kind === OPEN_TARGET && i > 0 && markdown.charCodeAt(i - 1) === 0x5d) {
      i = skipPast(markdown, i + 1, 0x29);
    } else {
      if (word === BETWEEN) word = MARKS;
      i++;
    }
  }
  return { words, characters };
}

const BETWEEN = 0;
const MARKS = 1;
const COUNTED = 2;

const NEWLINE = 0x0a;
const BACKTICK = 0x60;
const TILDE = 0x7e;

// What each UTF-16 code unit is to the count, looked up rather than tested range by range.
const MARK = 0;
const LETTER = 1;
const SPACE = 2;
const CJK = 3;
const LINE_END = 4;
const OPEN_TAG = 5;
const OPEN_TARGET = 6;

/** Ranges of code units and their kind, later ones over earlier ones; any other unit is a letter. */
const RANGES: readonly (readonly [from: number, to: number, kind: number])[] = [
  [0x00, 0x7f, MARK],
  [0x30, 0x39, LETTER],
  [0x41, 0x5a, LETTER],
  [0x61, 0x7a, LETTER],
  [0x00, 0x20, SPACE],
  [0x7f, 0xa0, SPACE], // DEL, C1 controls, no-break space
  [NEWLINE, NEWLINE, LINE_END],
  [0x3c, 0x3c, OPEN_TAG],
  [0x28, 0x28, OPEN_TARGET],
  [0x2000, 0x200b, SPACE],
  [0x3000, 0x3000, SPACE],
  // General and CJK punctuation, full-width punctuation and trailing surrogates are no words.
  [0x2010, 0x206f, MARK],
  [0x3001, 0x303f, MARK],
  [0xff01, 0xff0f, MARK],
  [0xdc00, 0xdfff, MARK],
  [0x1100, 0x11ff, CJK], // Hangul Jamo
  [0x3040, 0x30ff, CJK], // Hiragana, Katakana
  [0x3130, 0x318f, CJK], // Hangul Compatibility Jamo
  [0x31f0, 0x31ff, CJK], // Katakana Phonetic Extensions
  [0x3400, 0x4dbf, CJK], // Han Extension A
  [0x4e00, 0x9fff, CJK], // Han
  [0xac00, 0xd7af, CJK], // Hangul Syllables
  [0xf900, 0xfaff, CJK], // Han Compatibility
  [0xff66, 0xff9f, CJK], // Halfwidth Katakana
  [0xd840, 0xd8bf, CJK], // lead surrogates of Han Extensions B to H
];

function kindsOfCodeUnits(): Uint8Array {
  const kinds = new Uint8Array(0x10000).fill(LETTER);
  for (const [from, to, kind] of RANGES) kinds.fill(kind, from, to + 1);
  return kinds;
}
const KINDS = kindsOfCodeUnits();

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
