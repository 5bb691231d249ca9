// Text: the paths below a folder that a message names, each replaced as asked.
import { escapeRegExp } from './escape-reg-exp.js';

// Where a path starts: the start, a space, a quote or a bracket.
const PATH_START = `(^|[\\s"'(\\[])`;
// What a path is made of, up to a line number, a closing mark, a comma or a space.
const PATH_CHAR = `[^\\s"'():\\[\\],]`;
// What may follow a folder named alone: the end, a mark that ends a path, or the end of a sentence.
const AFTER_FOLDER = `(?=$|[\\s"'():\\[\\],]|[.?!;](?:\\s|$))`;

/**
 * `text` with each path it names at or below `folder` as `rename` gives it — `''` for the folder
 * itself, otherwise the rest of the path after the separator `sep` — or left as it is where
 * `rename` answers undefined.
 */
export function replacePathsIn(
  text: string,
  folder: string,
  sep: string,
  rename: (rest: string) => string | undefined,
): string {
  // The root ends in a separator already, and is never named alone.
  const prefix = folder.endsWith(sep) ? folder.slice(0, -sep.length) : folder;
  const alone = prefix === '' ? '' : `|${AFTER_FOLDER}`;
  const named = new RegExp(
    `${PATH_START}${escapeRegExp(prefix)}(?:${escapeRegExp(sep)}(${PATH_CHAR}+)${alone})`,
    'g',
  );
  return text.replace(named, (whole: string, before: string, rest: string | undefined) => {
    const renamed = rename(rest ?? '');
    return renamed === undefined ? whole : `${before}${renamed}`;
  });
}
