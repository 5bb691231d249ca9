// Search: text → the terms a search index holds and a query looks up, one rule for both, here
// and in the browser. Space-separated scripts give words (English stemmed, code identifiers split
// as well as kept whole); Korean words also give their stem without particles; Chinese and
// Japanese, written without spaces, give overlapping pairs of characters.
import { stemmer } from 'stemmer';
import { stripKoreanEnding } from './korean.js';

/** A term of a text at a word position, and the characters of the text it came from. */
export interface TextTerm {
  readonly term: string;
  readonly position: number;
  readonly start: number;
  readonly end: number;
}

/** What a term of a query is: its whole form and the forms it may match. */
export interface QueryWord {
  /** The terms that match it exactly: a stem and the word as written. */
  readonly exact: readonly string[];
  /** What a term must begin with to match it as a prefix (the reader may still be typing). */
  readonly prefix: string;
  /** Characters written without spaces: the pairs that make the word, all wanted. */
  readonly pairs: readonly string[];
  /** An identifier's words, stemmed: what finds it where it is part of a longer one. */
  readonly parts: readonly string[];
  readonly script: 'spaced' | 'hangul' | 'unspaced';
}

// Where an identifier's parts meet: `parse|HTTP|Request`, `snake|case`, `utf8|Decoder`.
const IDENTIFIER_PARTS =
  /_+|(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})|(?<=\p{N})(?=\p{L})/u;
const LATIN_MARKS = /(\p{Script=Latin})\p{Mn}+/gu;
const ASCII = /^[\x20-\x7e]*$/;
const ENGLISH_WORD = /^[a-z]{3,}$/;

/** One form of every way a word may be written: NFKC, lower case, Latin without accents. */
export function normalizeWord(word: string): string {
  if (ASCII.test(word)) return word.toLowerCase();
  return word
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFD')
    .replace(LATIN_MARKS, '$1')
    .normalize('NFC');
}

/**
 * `text` as a string of its own. A word cut out of a post may be a view into the post's whole
 * text (V8 cuts all but short strings so), and a word kept for the rest of a build would keep
 * that text alive with it: every post's, in a blog whose code has long identifiers.
 */
export function detached(text: string): string {
  // Joining makes a string of both parts, and cutting it copies them into one before taking the
  // part: the copy holds nothing of `text`'s parent.
  return ` ${text}`.slice(1);
}

/**
 * A term of two UTF-16 code units as one number, the first unit in its high 16 bits: the pairs of
 * Chinese or Japanese characters that most of a Chinese blog's terms are, which an index numbers
 * without hashing a string (see `KnownWords.pair`).
 */
export function pairCode(first: number, second: number): number {
  return (first << 16) | second;
}

// Words repeat, in a post and across posts: each is stemmed once.
const stems = new Map<string, string>();
const MOST_REMEMBERED = 100_000;

/**
 * `make(key)`, remembered in `memo` — emptied when it holds too many, which only a text of
 * hundreds of thousands of distinct words does.
 */
function remembered<V>(memo: Map<string, V>, key: string, make: (key: string) => V): V {
  let value = memo.get(key);
  if (value === undefined) {
    const own = detached(key);
    value = make(own);
    if (memo.size >= MOST_REMEMBERED) memo.clear();
    memo.set(own, value);
  }
  return value;
}

/** The English stem of a lower-case word (`running`, `runs` → `run`); other words as they are. */
export function stem(word: string): string {
  return ENGLISH_WORD.test(word) ? remembered(stems, word, stemmer) : word;
}

// A word of ASCII letters and digits alone (most words of most posts), a run of Chinese or
// Japanese, a run of Hangul, or a word of other letters (`café`, `Straße`, `данные`). A run of
// Japanese holds its voicing marks, combining or half-width, and the half-width ｰ: they belong to
// the kana before them (ﾊﾟｽﾜｰﾄﾞ is パスワード).
const PIECE =
  /([A-Za-z0-9_]+)(?![\p{L}\p{N}\p{M}])|([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3099-\u309A\u30FC\u3005\uFF70\uFF9E\uFF9F]+)|(\p{Script=Hangul}+)|((?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3099-\u309A\u30FC\u3005\uFF70\uFF9E\uFF9F\p{Script=Hangul}])[\p{L}\p{N}\p{M}_])+)/gu;

/**
 * Calls `visit` for each piece of `text` that is tokenized alike: a word, or a run of one script,
 * with its word position; `visit` answers how many positions the piece took. Words of ASCII
 * letters and digits, most of most posts, are scanned by hand, hashed as they are scanned, and
 * offered to `words` before they are cut out of the text; the rest is read by `PIECE`.
 */
function forEachPiece(
  text: string,
  visit: (
    piece: string,
    start: number,
    script: QueryWord['script'],
    position: number,
    hash?: number,
  ) => number,
  words?: KnownWords,
): void {
  const length = text.length;
  let at = 0;
  let position = 0;
  while (at < length) {
    const code = text.charCodeAt(at);
    if (code < 0x80) {
      if (ASCII_WORD_CODES[code] === 0) {
        at++;
        continue;
      }
      let hash = Math.imul(HASH_BASIS ^ code, HASH_PRIME);
      let end = at + 1;
      for (; end < length; end++) {
        const next = text.charCodeAt(end);
        if (next >= 0x80 || ASCII_WORD_CODES[next] === 0) break;
        hash = Math.imul(hash ^ next, HASH_PRIME);
      }
      // A word that goes on in other letters (`café`) is read whole by the pattern; one that a
      // run of Chinese, Japanese or Korean follows (`用Java开发`) ends where the pattern ends it.
      if (end === length || endsSpacedWord(text.charCodeAt(end))) {
        const width = words === undefined ? 0 : words.known(text, at, end, hash, position);
        position += width || visit(text.slice(at, end), at, 'spaced', position, hash);
        at = end;
        continue;
      }
    }
    // A run of plain Chinese or Japanese (see `isPlainRun`), most of the text of a blog in either,
    // is handed to `words` pair by pair from the text itself when what follows it cannot be part
    // of it: the pattern, and the run it cuts out of the text, cost more than its pairs.
    if (words !== undefined && isPlainCode(code)) {
      let end = at + 1;
      while (end < length && isPlainCode(text.charCodeAt(end))) end++;
      if (end - at > 1 && (end === length || endsUnspacedRun(text.charCodeAt(end)))) {
        position += readPlainRun(text, at, end, position, words);
        at = end;
        continue;
      }
    }
    // Quotes, dashes and spaces, and the punctuation between runs of Chinese or Japanese, are
    // never part of a word: no need to ask the pattern, which costs far more than a look.
    if (isPunctuationCode(code)) {
      at++;
      continue;
    }
    PIECE.lastIndex = at;
    const match = PIECE.exec(text);
    if (match === null) return;
    at = match.index + match[0].length;
    if (match[1] !== undefined) {
      const hash = asciiHash(match[1]);
      const width = words === undefined ? 0 : words.known(text, match.index, at, hash, position);
      position += width || visit(match[1], match.index, 'spaced', position, hash);
    } else if (match[2] !== undefined) {
      position += visit(match[2], match.index, 'unspaced', position);
    } else if (match[3] !== undefined) position += visit(match[3], match.index, 'hangul', position);
    else position += visit(match[0], match.index, 'spaced', position);
  }
}

/** Which ASCII codes make words: `[A-Za-z0-9_]`. */
const ASCII_WORD_CODES = Uint8Array.from({ length: 0x80 }, (_, code) =>
  /\w/.test(String.fromCharCode(code)) ? 1 : 0,
);

// 32-bit FNV-1a, over the UTF-16 code units of an ASCII word.
const HASH_BASIS = 0x811c9dc5 | 0;
const HASH_PRIME = 0x01000193;

/** The hash of an ASCII word, as `forEachPiece` makes it while it scans. */
export function asciiHash(word: string): number {
  let hash = HASH_BASIS;
  for (let i = 0; i < word.length; i++) hash = Math.imul(hash ^ word.charCodeAt(i), HASH_PRIME);
  return hash;
}

// The Japanese adjective ない (無い), "there is none", written as its adverbial and classical
// forms: `パスワードなし` ("without a password") and `パスワードのない` are the same words, as a
// morphological analyser's base forms would have them. Each form is as long as the one it stands
// for, so that the characters of the text keep their places.
const NAI_FORMS = /([な無])[しくき]/g;

/**
 * A run written without spaces, with every form of ない read as ない: the one reading the index
 * and the query share.
 */
function foldUnspaced(run: string): string {
  return run.includes('な') || run.includes('無') ? run.replace(NAI_FORMS, '$1い') : run;
}

/** A character of a run written without spaces, normal, and where the text has it. */
interface RunCharacter {
  readonly char: string;
  readonly start: number;
  readonly end: number;
}

// What normalising joins to the character before it: combining marks, and the half-width kana's
// voicing marks.
const JOINS_BEFORE = /^[\p{M}\uFF9E\uFF9F]$/u;

/**
 * The characters of `run`, which starts at `start` in the text, as normalising gives them: the
 * same characters as the query's word normalised whole, so that their pairs are its pairs. A run
 * that is not normal is normalised a character at a time with the marks that follow it, each
 * character it gives standing where those did: half-width ﾊﾟ gives one パ, ヿ the two of コト.
 */
function runCharacters(run: string, start: number): RunCharacter[] {
  const chars: RunCharacter[] = [];
  let offset = start;
  if (normalizeWord(run) === run) {
    for (const char of run) {
      chars.push({ char, start: offset, end: offset + char.length });
      offset += char.length;
    }
    return chars;
  }
  let cluster = '';
  let clusterStart = start;
  const normalizeCluster = (): void => {
    for (const char of normalizeWord(cluster))
      chars.push({ char, start: clusterStart, end: offset });
  };
  for (const char of run) {
    if (cluster !== '' && !JOINS_BEFORE.test(char)) {
      normalizeCluster();
      cluster = '';
      clusterStart = offset;
    }
    cluster += char;
    offset += char.length;
  }
  if (cluster !== '') normalizeCluster();
  return chars;
}

/** The overlapping pairs of characters of a run written without spaces (one character alone). */
export function characterPairs(run: string): string[] {
  const chars = [...run];
  if (chars.length === 1) return chars;
  return chars.slice(1).map((char, i) => `${chars[i] ?? ''}${char}`);
}

/** The parts of a code identifier, lower-cased; one part for a plain word. */
export function identifierParts(word: string): string[] {
  return word
    .split(IDENTIFIER_PARTS)
    .filter((part) => part !== '')
    .map(normalizeWord);
}

/**
 * Whether a word of `parts` (see `identifierParts`), `whole` normalised, is an identifier, kept
 * whole as well as by its parts: one of several parts, or of one that underscores around it set
 * apart, as `__dirname` and `_blank` are — the index and the query must read both alike.
 */
function isIdentifier(whole: string, parts: readonly string[]): boolean {
  return parts.length > 1 || (parts.length === 1 && parts[0] !== whole);
}

/** What `forEachTerm` hands over for each term: the term, its place, and its characters. */
export type TermVisitor = (term: string, position: number, start: number, end: number) => void;

/**
 * The terms of a text for the index, in order, with word positions: a term at the position after
 * another's was next to it in the text. A word's forms (stem and written form, an identifier
 * whole and its first part) share a position.
 */
export function forEachTerm(text: string, visit: TermVisitor, words?: KnownWords): void {
  const readPiece = (
    piece: string,
    start: number,
    script: QueryWord['script'],
    position: number,
    hash?: number,
  ): number => {
    const end = start + piece.length;
    if (script === 'unspaced') {
      const run = foldUnspaced(piece);
      if (words !== undefined && run.length > 1 && isPlainRun(run)) {
        for (let i = 0; i + 1 < run.length; i++) {
          words.pair(pairCode(run.charCodeAt(i), run.charCodeAt(i + 1)), position + i);
        }
        return run.length - 1;
      }
      const chars = runCharacters(run, start);
      const [only] = chars;
      if (chars.length === 1 && only) visit(only.char, position, only.start, only.end);
      for (let i = 0; i + 1 < chars.length; i++) {
        const first = chars[i] as RunCharacter;
        const second = chars[i + 1] as RunCharacter;
        visit(first.char + second.char, position + i, first.start, second.end);
      }
      return Math.max(1, chars.length - 1);
    }
    if (script === 'hangul') {
      const [word, stripped] = remembered(koreanWords, piece, koreanForms);
      visit(word, position, start, end);
      if (stripped !== word) visit(stripped, position, start, end);
      return 1;
    }
    // A builder given as `words` learns each ASCII word it is given and knows it from then on:
    // remembering the word's forms here as well would keep every word of a blog twice.
    const forms = hash !== undefined && !words ? asciiWordForms(piece) : wordForms(piece);
    if (hash !== undefined) words?.learn(piece, hash, forms);
    for (let i = 0; i < forms.terms.length; i++) {
      visit(
        forms.terms[i] ?? '',
        position + (forms.offsets[i] ?? 0),
        start + (forms.starts[i] ?? 0),
        start + (forms.ends[i] ?? piece.length),
      );
    }
    return forms.width;
  };
  forEachPiece(text, readPiece, words);
}

// Characters of Han, Hiragana and Katakana that NFKC leaves as they are, and that lower-casing
// and the removal of Latin accents cannot touch: a run of nothing else is its own normal form, and
// each of its pairs of code units is a term. Compatibility ideographs, half-width forms and
// surrogates are left to the general reading.
const PLAIN_UNSPACED = /^[\u3005\u3041-\u3096\u30A1-\u30FA\u30FC\u4E00-\u9FFF]*$/;

/** Whether a run written without spaces is plain (see `PLAIN_UNSPACED`). */
export function isPlainRun(run: string): boolean {
  return PLAIN_UNSPACED.test(run);
}

/** Whether `code` is a character of a plain run (see `PLAIN_UNSPACED`). */
export function isPlainCode(code: number): boolean {
  return (
    (code >= 0x4e00 && code <= 0x9fff) ||
    (code >= 0x3041 && code <= 0x3096) ||
    (code >= 0x30a1 && code <= 0x30fa) ||
    code === 0x30fc ||
    code === 0x3005
  );
}

/**
 * Whether the UTF-16 code `code` certainly ends a run written without spaces, as `PIECE` reads
 * one: no Han, kana or mark of theirs is below U+2E80, and above it the punctuation, full-width
 * forms and Hangul syllables that stand between such runs are none either. A code it is unsure of
 * (a surrogate, say) is left to the pattern.
 */
export function endsUnspacedRun(code: number): boolean {
  return (
    code < 0x2e80 ||
    isPunctuationCode(code) ||
    isHangulSyllable(code) ||
    (code >= 0xff01 && code <= 0xff65)
  );
}

/**
 * Whether the UTF-16 code `code`, after an ASCII word, ends the word: ASCII, or a character of
 * Chinese, Japanese or Korean, which `PIECE` never reads into a word of other scripts.
 */
function endsSpacedWord(code: number): boolean {
  return code < 0x80 || isPlainCode(code) || isHangulSyllable(code);
}

function isHangulSyllable(code: number): boolean {
  return code >= 0xac00 && code <= 0xd7a3;
}

/**
 * Whether the UTF-16 code `code` is punctuation that `PIECE` reads into no piece: General
 * Punctuation, and the CJK and full-width punctuation that stands between runs of Chinese or
 * Japanese (not the full-width letters and digits).
 */
export function isPunctuationCode(code: number): boolean {
  return (
    (code >= 0x2000 && code <= 0x206f) ||
    (code >= 0x3000 && code <= 0x3004) ||
    (code >= 0x3008 && code <= 0x3020) ||
    (code >= 0xff01 && code <= 0xff0f) ||
    (code >= 0xff1a && code <= 0xff20) ||
    (code >= 0xff3b && code <= 0xff40) ||
    (code >= 0xff5b && code <= 0xff65)
  );
}

// な, 無, the forms that follow them (し, く, き) and い: see `NAI_FORMS`.
const NA = 0x306a;
const NAI = 0x7121;
const SHI = 0x3057;
const KU = 0x304f;
const KI = 0x304d;
const I = 0x3044;

/**
 * Hands `words` the pairs of the plain run `text[start, end)` at `position` on, as `forEachTerm`
 * reads such a run (its forms of ない folded, see `foldUnspaced`): how many positions it took.
 */
function readPlainRun(
  text: string,
  start: number,
  end: number,
  position: number,
  words: KnownWords,
): number {
  let written = text.charCodeAt(start);
  let first = written;
  for (let at = start + 1; at < end; at++) {
    const next = text.charCodeAt(at);
    const folded = written === NA || written === NAI;
    const second = folded && (next === SHI || next === KU || next === KI) ? I : next;
    words.pair(pairCode(first, second), position + at - start - 1);
    written = next;
    first = second;
  }
  return end - start - 1;
}

/**
 * A reader of terms that knows ASCII words it met before: most words of a large site repeat, and
 * one lookup of the word as written can stand for finding each of its terms.
 */
export interface KnownWords {
  /**
   * Takes the terms of the ASCII word `text[start, end)`, whose `asciiHash` is `hash`, at
   * `position` if it knows it: how many positions it took, or 0. The word is not cut out of the
   * text until it is not known.
   */
  known(text: string, start: number, end: number, hash: number, position: number): number;
  /** Meets `written` for the first time; its terms are visited next, as any word's. */
  learn(written: string, hash: number, forms: WordForms): void;
  /**
   * Takes the term of two characters of a plain run written without spaces at `position`:
   * `pair` holds their UTF-16 code units (see `pairCode`). The term is the two
   * characters as written, read without cutting a string out of the text.
   */
  pair(pair: number, position: number): void;
}

/** The terms of one word of a space-separated script, placed relative to the word. */
export interface WordForms {
  readonly terms: readonly string[];
  /** How many positions after the word's first each term stands. */
  readonly offsets: readonly number[];
  /** Where in the word each term's characters begin and end. */
  readonly starts: readonly number[];
  readonly ends: readonly number[];
  /** How many positions the word takes. */
  readonly width: number;
}

// Korean words as written: their normal form, and that form without its particle or ending.
const koreanWords = new Map<string, readonly [string, string]>();

function koreanForms(written: string): readonly [string, string] {
  const word = normalizeWord(written);
  return [word, stripKoreanEnding(word)];
}

// Words repeat, in a post and across posts: each ASCII word as written is read once.
const asciiWords = new Map<string, WordForms>();

function asciiWordForms(word: string): WordForms {
  return remembered(asciiWords, word, wordForms);
}

/**
 * A word's stem and the word as written; an identifier's parts, each stemmed and as written, and
 * the identifier whole, at its first part's position.
 */
function wordForms(piece: string): WordForms {
  const terms: string[] = [];
  const offsets: number[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  const add = (term: string, offset: number, start: number, end: number): void => {
    terms.push(term);
    offsets.push(offset);
    starts.push(start);
    ends.push(end);
  };
  const parts = identifierParts(piece);
  const whole = normalizeWord(piece);
  if (isIdentifier(whole, parts)) add(whole, 0, 0, piece.length);
  const lower = piece.toLowerCase();
  let from = 0;
  for (const [i, part] of parts.entries()) {
    // Where in the word the part stands, for marking it: parts keep their order.
    const at = lower.indexOf(part, from);
    const partStart = at === -1 ? 0 : at;
    const partEnd = at === -1 ? piece.length : partStart + part.length;
    const stemmed = stem(part);
    add(stemmed, i, partStart, partEnd);
    if (stemmed !== part) add(part, i, partStart, partEnd);
    if (at !== -1) from = at + part.length;
  }
  return { terms, offsets, starts, ends, width: Math.max(1, parts.length) };
}

/** The terms of a text, as `forEachTerm` finds them. */
export function textTerms(text: string): TextTerm[] {
  const terms: TextTerm[] = [];
  forEachTerm(text, (term, position, start, end) => terms.push({ term, position, start, end }));
  return terms;
}

/** A word of a space-separated script, found as written or in its shorter form. */
function spacedWord(
  word: string,
  form: string,
  script: 'spaced' | 'hangul',
  parts: readonly string[] = [],
): QueryWord {
  return {
    exact: form === word ? [word] : [form, word],
    prefix: script === 'hangul' ? form : word,
    pairs: [],
    parts,
    script,
  };
}

/** The words of a query, in order, each with the forms it matches. */
export function queryWords(query: string): QueryWord[] {
  const words: QueryWord[] = [];
  forEachPiece(query, (text, _start, script) => {
    if (script === 'unspaced') {
      const word = normalizeWord(foldUnspaced(text));
      words.push({
        exact: [word],
        prefix: word,
        pairs: characterPairs(word),
        parts: [],
        script: 'unspaced',
      });
    } else if (script === 'hangul') {
      const word = normalizeWord(text);
      words.push(spacedWord(word, stripKoreanEnding(word), 'hangul'));
    } else {
      const whole = normalizeWord(text);
      const parts = identifierParts(text);
      // An identifier is looked for whole, then by its words; a plain word also by its stem.
      if (isIdentifier(whole, parts)) {
        words.push(spacedWord(whole, whole, 'spaced', parts.map(stem)));
      } else words.push(spacedWord(whole, stem(whole), 'spaced'));
    }
    // A query's words are read in order; their positions are not asked for.
    return 1;
  });
  return words;
}
