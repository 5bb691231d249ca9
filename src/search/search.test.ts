import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { stripKoreanEnding } from './korean.js';
import { search, withinOneEdit } from './query.js';
import {
  buildSearchIndex,
  type FieldIndex,
  PostingReader,
  type SearchDocument,
} from './search-index.js';
import { snippetOf, snippetText } from './snippet.js';
import {
  asciiHash,
  endsUnspacedRun,
  isPlainCode,
  isPunctuationCode,
  isPlainRun,
  normalizeWord,
  queryWords,
  textTerms,
} from './tokenize.js';

const termsOf = (text: string) => textTerms(text).map(({ term }) => term);

/** The entries of a term's postings, as objects. */
function readPostings(bytes: Uint8Array) {
  const postings: { document: number; field: FieldIndex; count: number; places: number[] }[] = [];
  const reader = new PostingReader().reset(bytes);
  while (reader.next()) {
    const { document, field, count, first, second } = reader;
    postings.push({ document, field, count, places: second === -1 ? [first] : [first, second] });
  }
  return postings;
}

describe('tokenizer', () => {
  it('folds width, case and Latin accents, but keeps kana voicing and Hangul whole', () => {
    assert.equal(normalizeWord('Café'), 'cafe');
    assert.equal(normalizeWord('ＡＢＣ'), 'abc');
    assert.equal(normalizeWord('ﾃｽﾄ'), 'テスト');
    assert.equal(normalizeWord('が'), 'が');
    assert.equal(normalizeWord('알고리즘'), '알고리즘');
  });

  it('stems English words and keeps the form written beside the stem', () => {
    assert.deepEqual(termsOf('running tests'), ['run', 'running', 'test', 'tests']);
  });

  it('splits code identifiers into their parts and keeps them whole too', () => {
    const terms = termsOf('parseHTTPRequest snake_case');
    for (const term of [
      'parsehttprequest',
      'parse',
      'http',
      'request',
      'snake_case',
      'snake',
      'case',
    ]) {
      assert.ok(terms.includes(term), term);
    }
  });

  it('gives Korean words with their particles and without', () => {
    assert.deepEqual(termsOf('알고리즘을 정리했습니다'), [
      '알고리즘을',
      '알고리즘',
      '정리했습니다',
      '정리',
    ]);
    assert.equal(stripKoreanEnding('아이'), '아이');
    assert.equal(stripKoreanEnding('데이터베이스에서는'), '데이터베이스');
  });

  it('gives Chinese and Japanese as overlapping pairs of characters, at consecutive places', () => {
    const terms = textTerms('分布式系统');
    assert.deepEqual(
      terms.map(({ term, position }) => `${term}@${position}`),
      ['分布@0', '布式@1', '式系@2', '系统@3'],
    );
    assert.deepEqual(
      terms.map(({ start, end }) => [start, end]),
      [
        [0, 2],
        [1, 3],
        [2, 4],
        [3, 5],
      ],
    );
    assert.deepEqual(termsOf('テスト'), ['テス', 'スト']);
    assert.deepEqual(termsOf('字'), ['字']);
  });

  it('reads as plain only characters that normalising leaves as they are', () => {
    // A plain run's pairs are read by their code units alone, never normalised: every character
    // that may stand in one must be its own normal form.
    for (let code = 0; code < 0x10000; code++) {
      const char = String.fromCharCode(code);
      if (isPlainRun(char)) assert.equal(normalizeWord(char), char, `U+${code.toString(16)}`);
    }
    assert.equal(isPlainRun('分布式系统テストを書く'), true);
    for (const run of ['ﾃｽﾄ', '\uF900', 'か\u3099', 'ゟ', '𠮷'])
      assert.equal(isPlainRun(run), false, run);
    assert.deepEqual(termsOf('ﾃｽﾄ'), termsOf('テスト'));
  });

  it('ends a plain run only at a character that is never part of a run written without spaces', () => {
    // The index reads a plain run pair by pair from the text when the character after it ends it
    // for sure; the tokenizer's pattern must end the run there too, for every such character.
    for (let code = 0; code < 0x10000; code++) {
      const char = String.fromCharCode(code);
      assert.equal(isPlainCode(code), isPlainRun(char), `U+${code.toString(16)}`);
      if (!endsUnspacedRun(code)) continue;
      const terms = termsOf(`系统${char}`);
      assert.ok(terms.includes('系统'), `U+${code.toString(16)}`);
      assert.ok(!terms.some((term) => term.startsWith('统')), `U+${code.toString(16)}`);
    }
    for (const code of [0x3001, 0x3002, 0xff0c, 0xff1a, 0x300c, 0x20, 0x2e, 0xac00]) {
      assert.equal(endsUnspacedRun(code), true, `U+${code.toString(16)}`);
    }
  });

  it('skips punctuation between runs of Chinese or Japanese as it skips spaces', () => {
    for (let code = 0; code < 0x10000; code++) {
      if (!isPunctuationCode(code)) continue;
      const char = String.fromCharCode(code);
      const at = `U+${code.toString(16)}`;
      assert.deepEqual(textTerms(`word${char}系统`), textTerms(`word 系统`), at);
      assert.deepEqual(textTerms(`系统${char}系统`), textTerms(`系统 系统`), at);
    }
    for (const code of [0x3001, 0x3002, 0xff0c, 0xff08, 0xff09, 0x300c, 0x2014]) {
      assert.equal(isPunctuationCode(code), true, `U+${code.toString(16)}`);
    }
  });

  it('reads an ASCII word that a run of Chinese, Japanese or Korean follows as a word alone', () => {
    assert.deepEqual(termsOf('使用Java开发'), ['使用', 'java', '开发']);
    assert.deepEqual(termsOf('的HashMap是'), ['的', 'hashmap', 'hash', 'map', '是']);
    assert.deepEqual(termsOf('parseHTTPRequest를'), termsOf('parseHTTPRequest 를'));
    assert.deepEqual(termsOf('テストJUnitで'), termsOf('テスト JUnit で'));
    // An identifier is read whole, as it is before a space.
    assert.deepEqual(termsOf('运行create_order函数'), termsOf('运行 create_order 函数'));
    assert.ok(termsOf('运行create_order函数').includes('create_order'));
    // Other letters go on with the word.
    assert.deepEqual(termsOf('cafés'), ['cafe', 'cafes']);
  });

  it('reads half-width kana and kana with separate voicing marks as the kana they stand for', () => {
    assert.deepEqual(termsOf('ﾊﾟｽﾜｰﾄﾞ'), termsOf('パスワード'));
    assert.deepEqual(termsOf('か\u3099き'), termsOf('がき'));
    assert.deepEqual(termsOf('ヿ'), ['コト']);
    // Each pair marks the characters it came from: ﾊﾟ is two of the text's.
    assert.deepEqual(
      textTerms('ﾊﾟｽ').map(({ term, start, end }) => [term, start, end]),
      [['パス', 0, 3]],
    );
    const [word] = queryWords('ﾊﾟｽﾜｰﾄﾞ');
    assert.deepEqual(word?.pairs, ['パス', 'スワ', 'ワー', 'ード']);
  });

  it('reads the Japanese なし, なく and なき of "there is none" as ない, keeping their places', () => {
    assert.deepEqual(termsOf('設定なし'), ['設定', '定な', 'ない']);
    assert.deepEqual(termsOf('設定がなく'), termsOf('設定がない'));
    assert.deepEqual(termsOf('名も無き'), ['名も', 'も無', '無い']);
    const [, , nai] = textTerms('設定なし');
    assert.deepEqual([nai?.start, nai?.end], [2, 4]);
  });

  it('splits mixed runs by script: an English word followed by a Korean particle', () => {
    assert.deepEqual(termsOf('Docker를'), ['docker', '를']);
  });

  it('reads a query as words, each with the forms it matches', () => {
    const [korean, chinese, english] = queryWords('알고리즘은 分布式 Running');
    assert.deepEqual(korean?.exact, ['알고리즘', '알고리즘은']);
    assert.deepEqual(chinese?.pairs, ['分布', '布式']);
    assert.deepEqual(english?.exact, ['run', 'running']);
  });
});

describe('index', () => {
  it('packs each term as posts, fields, counts and first places, and reads them back', () => {
    const index = buildSearchIndex([
      { title: 'Sort', labels: [], text: 'sort and sort again' },
      { title: 'Other', labels: ['sort'], text: '' },
    ]);
    const sort = index.terms.indexOf('sort');
    assert.equal(index.documentFrequency[sort], 2);
    assert.deepEqual(readPostings(index.postings(sort) ?? new Uint8Array()), [
      { document: 0, field: 0, count: 1, places: [0] },
      { document: 0, field: 2, count: 2, places: [0, 2] },
      { document: 1, field: 1, count: 1, places: [0] },
    ]);
    assert.deepEqual([...index.terms], [...index.terms].sort());
  });

  it('keeps apart two words of the same length and hash, short or long', () => {
    // Words of a prefix and digits (neither stemmed nor split), until two hash alike.
    const sameHash = (prefix: string): [string, string] => {
      const seen = new Map<number, string>();
      for (let n = 0; ; n++) {
        const word = `${prefix}${String(n).padStart(7, '0')}`;
        const other = seen.get(asciiHash(word));
        if (other !== undefined) return [other, word];
        seen.set(asciiHash(word), word);
      }
    };
    for (const prefix of ['q', 'configuration']) {
      const [a, b] = sameHash(prefix);
      const index = buildSearchIndex([
        { title: '', labels: [], text: `${a} ${a}` },
        { title: '', labels: [], text: `${b} ${a} ${b}` },
      ]);
      const postings = (word: string) =>
        readPostings(index.postings(index.terms.indexOf(word)) ?? new Uint8Array());
      assert.deepEqual(postings(a), [
        { document: 0, field: 2, count: 2, places: [0, 1] },
        { document: 1, field: 2, count: 1, places: [1] },
      ]);
      assert.deepEqual(postings(b), [{ document: 1, field: 2, count: 2, places: [0, 2] }]);
    }
  });

  it('gives a term of two characters one list of postings, however the text wrote it', () => {
    // `搜索` in a run of Han alone, and in a run with half-width kana, which is read another way;
    // `go`, an English word; `𠀋`, one character of two code units.
    const index = buildSearchIndex([
      { title: 'go', labels: [], text: '搜索引擎 𠀋' },
      { title: '', labels: ['go'], text: '搜索ｶﾀ 𠀋' },
    ]);
    for (const term of ['搜索', 'go', '𠀋']) {
      assert.equal(index.terms.filter((t) => t === term).length, 1, term);
      const postings = readPostings(index.postings(index.terms.indexOf(term)) ?? new Uint8Array());
      assert.deepEqual(
        postings.map(({ document }) => document),
        [0, 1],
        term,
      );
    }
  });

  it("keeps none of the posts' texts alive, whatever words it keeps from them", () => {
    setFlagsFromString('--expose-gc');
    const collectGarbage = runInNewContext('gc') as () => void;
    // Texts of Chinese and English, each with words of its own that are long enough for V8 to
    // cut them as views into the text: an identifier, a long word, a Korean word.
    const posts = 100;
    const filler = '搜索引擎 search engine '.repeat(5000);
    const textOf = (n: number) =>
      `${filler} parseHttpRequest${n}Body internationalization${n}x 알고리즘${n}을 ${filler}`;
    // The posts are made and indexed in a function of their own, so that nothing of this
    // function's frame holds them once it returns.
    const indexed = () =>
      buildSearchIndex(
        Array.from({ length: posts }, (_, n) => ({ title: '', labels: [], text: textOf(n) })),
      );
    collectGarbage();
    const before = process.memoryUsage().heapUsed;
    const index = indexed();
    collectGarbage();
    const kept = process.memoryUsage().heapUsed - before;
    assert.ok(index.terms.includes('parsehttprequest99body'));
    const texts = posts * textOf(0).length * 2;
    assert.ok(kept < texts / 10, `${kept} bytes kept after indexing ${texts} bytes of text`);
  });
});

describe('search', () => {
  const documents: SearchDocument[] = [
    {
      title: 'Notes on deployment',
      labels: ['ops'],
      text: 'We sort nothing here. Merge requests wait.',
    },
    {
      title: 'Sorting algorithms',
      labels: ['algorithm'],
      text: 'Quick sort and merge sort, compared.',
    },
    { title: '알고리즘 정리', labels: ['알고리즘'], text: '정렬 알고리즘을 공부했습니다.' },
    { title: '分布式系统的设计', labels: ['后端'], text: '这篇文章介绍分布式系统。' },
    { title: 'フロントエンドのテスト', labels: ['テスト'], text: 'テストを振り返る。' },
    { title: 'HTTP parsing', labels: ['web'], text: 'We call parseHTTPRequest for each request.' },
    { title: 'パスワードの保存', labels: ['認証'], text: 'パスワードをハッシュ化する。' },
    { title: 'パスワードのないログイン', labels: ['認証'], text: 'パスワードを使わない。' },
  ];
  const index = buildSearchIndex(documents);
  const first = (query: string) => search(index, query).hits[0]?.document;

  it('ranks a match in the title above one in the text', () => {
    assert.deepEqual(
      search(index, 'sorting').hits.map(({ document }) => document),
      [1, 0],
    );
  });

  it('lists posts of equal scores newest first: search numbers posts from the oldest', () => {
    const same = { title: 'Release notes', labels: [], text: 'What changed.' };
    const three = buildSearchIndex([same, same, same]);
    assert.deepEqual(
      search(three, 'release').hits.map(({ document }) => document),
      [2, 1, 0],
    );
    assert.deepEqual(
      search(three, 'release', { limit: 2 }).hits.map(({ document }) => document),
      [2, 1],
    );
  });

  it('finds inflections of English words', () => {
    assert.equal(first('algorithm'), 1);
    assert.equal(first('sorted'), 1);
  });

  it('counts words standing together: "merge sort" prefers the post where they are adjacent', () => {
    const hits = search(index, 'merge sort').hits;
    assert.equal(hits[0]?.document, 1);
    assert.ok((hits[0]?.score ?? 0) > (hits[1]?.score ?? 0));
  });

  it('finds Korean with or without particles', () => {
    assert.equal(first('알고리즘'), 2);
    assert.equal(first('알고리즘을'), 2);
    assert.equal(first('알고리즘은'), 2);
  });

  it('finds a word written in half-width kana by its full-width form, and the other way round', () => {
    const kana = buildSearchIndex([
      { title: 'ﾊﾟｽﾜｰﾄﾞを変更する', labels: [], text: '' },
      { title: 'ログインの記録', labels: [], text: 'ﾛｸﾞｲﾝした時刻' },
    ]);
    assert.deepEqual(
      search(kana, 'パスワード').hits.map(({ document }) => document),
      [0],
    );
    assert.deepEqual(
      search(kana, 'ﾛｸﾞｲﾝ').hits.map(({ document }) => document),
      [1],
    );
  });

  it('finds Chinese and Japanese words inside longer runs', () => {
    assert.equal(first('分布式'), 3);
    assert.equal(first('系统'), 3);
    assert.equal(first('テスト'), 4);
  });

  it('finds a Japanese "without" (なし) where the post says "there is none" (ない)', () => {
    assert.equal(first('パスワードなし'), 7);
    assert.equal(first('パスワードのない'), 7);
  });

  it('finds a long word written without spaces only in posts holding half of it at least', () => {
    const pairs = buildSearchIndex([
      { title: 'ストレングスファインダーの結果', labels: [], text: '' },
      // `スト`, `ファ`, `イン` and `ダー`, four of the long word's eleven pairs, in other words.
      { title: 'ストーリーとファンのインク', labels: [], text: 'フォルダーを作る' },
      { title: '状態を持つ', labels: [], text: '' },
    ]);
    const found = (query: string) => search(pairs, query).hits.map(({ document }) => document);
    assert.deepEqual(found('ストレングスファインダー'), [0]);
    // A word of three pairs is found by one of them: a post about `状態` answers `状態管理`.
    assert.deepEqual(found('状態管理'), [2]);
  });

  it('finds code identifiers whole and by their parts', () => {
    assert.equal(first('parseHTTPRequest'), 5);
    assert.equal(first('request'), 5);
  });

  it('finds identifiers written with underscores at their ends, whole or by their word', () => {
    const code = buildSearchIndex([
      { title: 'Paths in Node', labels: [], text: 'Use __dirname, not the working folder.' },
      { title: 'Python objects', labels: [], text: 'Define __str__ to print one.' },
      { title: 'Links', labels: [], text: 'Open it with target=_blank.' },
      { title: 'Folders', labels: [], text: 'The dirname and the filename of a path.' },
    ]);
    const found = (query: string) =>
      search(code, query)
        .hits.map(({ document }) => document)
        .sort();
    assert.deepEqual(found('__dirname'), [0]);
    assert.deepEqual(found('__str__'), [1]);
    assert.deepEqual(found('_blank'), [2]);
    assert.deepEqual(found('dirname'), [0, 3]);
    // No post holds it whole: its word finds them.
    assert.deepEqual(found('__filename'), [3]);
  });

  it('matches the word being typed as a prefix, and forgives one typo in a longer word', () => {
    assert.equal(first('algor'), 1);
    assert.equal(first('algorithn'), 1);
    assert.deepEqual(search(index, 'algor ').hits, []);
  });

  it('forgives a typo that a post made too, when the word as meant is far more common', () => {
    const typed = buildSearchIndex([
      { title: 'Notes', labels: [], text: 'How to udpate a package.' },
      ...Array.from({ length: 6 }, (_, i) => ({
        title: `Release ${i}`,
        labels: [],
        text: 'How to update a package.',
      })),
      { title: 'Scala', labels: [], text: 'A language.' },
      { title: 'Scales', labels: [], text: 'Weights and scales.' },
    ]);
    const found = (query: string) => search(typed, query).hits.map(({ document }) => document);
    // The post with the typo first, as written; the posts meant after it.
    assert.equal(found('udpate ')[0], 0);
    assert.equal(found('udpate ').length, 7);
    // A rare word stands as written when the other is not far more common.
    assert.deepEqual(found('scala '), [7]);
  });

  it('finds nothing for nothing, and stays bounded on any text', () => {
    assert.deepEqual(search(index, '').hits, []);
    assert.deepEqual(search(index, '   \u0000 ').hits, []);
    assert.deepEqual(search(index, '.*+?(').hits, []);
    assert.ok(search(index, 'sort '.repeat(2000)).hits.length > 0);
    assert.deepEqual(search(index, '\ud800').hits, []);
  });

  it('gives the best hits asked for, in the order of all of them, and how many there are', () => {
    for (const query of ['sort', 'merge sort', 'request', 'we']) {
      const all = search(index, query);
      for (const limit of [0, 1, 2]) {
        const some = search(index, query, { limit });
        assert.deepEqual(some.hits, all.hits.slice(0, limit), `${query}, ${limit}`);
        assert.equal(some.total, all.hits.length);
      }
    }
  });

  it('tells the typo distance of words', () => {
    assert.ok(withinOneEdit('algorithm', 'algoritm'));
    assert.ok(withinOneEdit('algorithm', 'algroithm'));
    assert.ok(withinOneEdit('algorithm', 'algorithms'));
    assert.ok(!withinOneEdit('algorithm', 'algorthms'));
  });
});

describe('snippets', () => {
  it('shows the stretch with the most words found, marked, with … where the text goes on', () => {
    const text = `${'Filler words before. '.repeat(20)}Here merge sort is fast. ${'More words after. '.repeat(20)}`;
    const pieces = snippetOf(text, new Set(['merg', 'merge', 'sort']));
    assert.equal(pieces[0]?.text, '…');
    assert.equal(pieces[pieces.length - 1]?.text, '…');
    assert.deepEqual(
      pieces.filter(({ marked }) => marked).map(({ text: piece }) => piece),
      ['merge', 'sort'],
    );
  });

  it('shows every word of the stretch it was chosen for, after the first place of one word', () => {
    // `merge` alone early on; then, further than a snippet's length, `merge` and `sort` together,
    // `sort` near the end of what a snippet from that `merge` could hold.
    const text =
      `Intro merge here. ${'Filler words between. '.repeat(4)}` +
      `Then merge ${'and other words '.repeat(7)}with sort. ${'More words after. '.repeat(20)}`;
    const marked = (terms: readonly string[]) =>
      snippetOf(text, new Set(terms))
        .filter(({ marked: isMarked }) => isMarked)
        .map(({ text: piece }) => piece);
    assert.deepEqual(marked(['merg', 'merge', 'sort']), ['merge', 'sort']);
    // Forms of one word count once: `merging` does not outweigh `sort` beside `merge`.
    const forms = `Merging is merge ${'padding words '.repeat(12)}merge and sort.`;
    const found = snippetOf(forms, new Set(['merg', 'merge', 'merging', 'sort']));
    assert.ok(found.some(({ text: piece, marked: isMarked }) => isMarked && piece === 'sort'));
    // Korean: the word with a particle and a word in brackets, as the query gave them.
    const korean =
      `## 01. 애자일이란? ${'설명하는 문장입니다. '.repeat(12)}애자일 프로젝트의 시작. ` +
      `${'다음 문장도 이어집니다. '.repeat(3)}## 02. 애자일과 워터폴(폭포수)의 차이`;
    const pieces = snippetOf(korean, new Set(['애자일', '폭포수']));
    assert.deepEqual(
      pieces.filter(({ marked: isMarked }) => isMarked).map(({ text: piece }) => piece),
      ['애자일', '애자일과', '폭포수'],
    );
  });

  it('marks a Chinese word found by its pairs as one stretch', () => {
    const pieces = snippetOf('这篇文章介绍分布式系统。', new Set(['分布', '布式']));
    assert.deepEqual(
      pieces.filter(({ marked }) => marked).map(({ text }) => text),
      ['分布式'],
    );
  });

  it('are cut from the text with single spaces, its start alone read when only that is wanted', () => {
    const indented = `\n\n    fn main() {\n        println!("hi");\n    }\n\nAnd   then\twords.  `;
    assert.equal(snippetText(indented), 'fn main() { println!("hi"); } And then words.');
    // Every space \s matches, and none that it does not (a zero-width space is no space).
    const spaces = [
      ' ',
      '\n',
      '\t',
      '\v',
      '\f',
      '\r',
      '\u00a0',
      '\u2003',
      '\u2028',
      '\u3000',
      '\ufeff',
    ];
    fc.assert(
      fc.property(
        fc.array(
          fc.constantFrom('word', 'x', '알고리즘', '。', '\u200b', '😀', ...spaces, '  \n\t  '),
          { maxLength: 300 },
        ),
        fc.integer({ min: 1, max: 120 }),
        (pieces, length) => {
          const text = pieces.join('');
          const tidy = text.replace(/\s+/gu, ' ').trim();
          assert.equal(snippetText(text), tidy);
          assert.equal(snippetText(text, length), tidy.slice(0, length));
        },
      ),
    );
  });

  it('starts at the beginning when the text holds no word of the query', () => {
    assert.deepEqual(snippetOf('Short text.', new Set(['absent'])), [
      { text: 'Short text.', marked: false },
    ]);
  });
});
