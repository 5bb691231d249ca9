// Load: splits a post's text into its YAML front matter and Markdown body, keeping line numbers.
import { error, type Diagnostic } from '../errors.js';

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

/** Splits normalized text (no BOM, `\n` line ends) at the front matter fences. */
export function splitFrontMatter(text: string, file: string): SplitPost | Diagnostic {
  const lines = text.split('\n');
  if (!OPENING.test(lines[0] ?? '')) {
    return error(
      'front-matter-missing',
      file,
      1,
      'the post has no front matter',
      'start the file with a line `---`, then `title:`, `date:` and `tags:`, then another `---`',
    );
  }
  const close = lines.findIndex((line, i) => i > 0 && CLOSING.test(line));
  if (close === -1) {
    return error(
      'front-matter-unclosed',
      file,
      1,
      'the front matter is never closed',
      'add a line `---` after the last front matter key',
    );
  }
  return {
    yaml: lines.slice(1, close).join('\n'),
    yamlLine: 2,
    body: lines.slice(close + 1).join('\n'),
    bodyLine: close + 2,
  };
}
