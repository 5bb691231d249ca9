// Load: splits a post's text into its YAML front matter and Markdown body, keeping line numbers.
import { error, type Diagnostic } from '../diagnostics/diagnostic.js';

export interface SplitPost {
  readonly yaml: string;
  /** Line in the file of the first YAML line (the one after the opening `---`). */
  readonly yamlLine: number;
  readonly body: string;
  /** Line in the file where the body starts. */
  readonly bodyLine: number;
}

const OPENING = /^---[ \t]*$/;
const CLOSING = /^(?:---|\.\.\.)[ \t]*$/;

/**
 * Splits normalized text (no BOM, `\n` line ends) at the front matter fences. Only the front
 * matter is walked line by line; the body is sliced off whole, as it may be long.
 */
export function splitFrontMatter(text: string, file: string): SplitPost | Diagnostic {
  const firstEnd = lineEnd(text, 0);
  if (!OPENING.test(text.slice(0, firstEnd))) {
    return error(
      'front-matter-missing',
      file,
      1,
      'the post has no front matter',
      'start the file with a line `---`, then `title:`, `date:` and `tags:`, then another `---`',
    );
  }
  const yamlStart = firstEnd + 1;
  let line = 2;
  for (let start = yamlStart; start <= text.length; line++) {
    const end = lineEnd(text, start);
    if (CLOSING.test(text.slice(start, end))) {
      return {
        yaml: text.slice(yamlStart, Math.max(yamlStart, start - 1)),
        yamlLine: 2,
        body: text.slice(end + 1),
        bodyLine: line + 1,
      };
    }
    start = end + 1;
  }
  return error(
    'front-matter-unclosed',
    file,
    1,
    'the front matter is never closed',
    'add a line `---` after the last front matter key',
  );
}

/** The index of the `\n` that ends the line starting at `start`, or the text's length. */
function lineEnd(text: string, start: number): number {
  const end = text.indexOf('\n', start);
  return end === -1 ? text.length : end;
}
