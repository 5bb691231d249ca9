// Text: a number of things in words, as the command line prints it (`1 post`, `2 posts`).

/** `n` and `word`, in the plural unless `n` is 1; `plural` where adding an `s` is wrong. */
export function count(n: number, word: string, plural = `${word}s`): string {
  return `${n} ${n === 1 ? word : plural}`;
}
