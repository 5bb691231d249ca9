// Search: a Korean word without the particle or the ending written onto it, so that `알고리즘을`,
// `알고리즘은` and `알고리즘의` all find `알고리즘`. Korean writes these onto the word they follow;
// a search that splits on spaces alone finds none of them from another.

// Particles and the endings of 하다/되다 verbs made of a noun, longest first so that `에서는`
// goes before `는`. Each is cut only where a stem of two syllables or more is left (`아이`
// stays whole). A word cut where it should not be (`고양이` → `고양`) is still found as written:
// the index keeps both forms, and a query looks for both.
const ENDINGS = [
  '으로부터',
  '에서부터',
  '이라고는',
  '했습니다',
  '됩니다만',
  '에게서는',
  '이라는',
  '이라고',
  '에서는',
  '에서도',
  '으로는',
  '으로도',
  '에게는',
  '까지는',
  '부터는',
  '이지만',
  '입니다',
  '합니다',
  '됩니다',
  '했다',
  '한다',
  '하는',
  '하고',
  '하기',
  '하면',
  '해서',
  '했던',
  '된다',
  '되는',
  '에서',
  '에게',
  '께서',
  '으로',
  '까지',
  '부터',
  '보다',
  '처럼',
  '마다',
  '이나',
  '이란',
  '라는',
  '라고',
  '에는',
  '로는',
  '로도',
  '와의',
  '과의',
  '이다',
  '이며',
  '하여',
  '은',
  '는',
  '이',
  '가',
  '을',
  '를',
  '의',
  '에',
  '로',
  '와',
  '과',
  '도',
  '만',
  '나',
  '란',
  '요',
];

/** `word` without the particle or verb ending at its end, if a stem is left. */
export function stripKoreanEnding(word: string): string {
  for (const ending of ENDINGS) {
    if (!word.endsWith(ending)) continue;
    const stem = word.slice(0, word.length - ending.length);
    if (stem.length >= 2) return stem;
  }
  return word;
}
