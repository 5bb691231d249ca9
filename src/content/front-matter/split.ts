// Load: splits a post's text into its front matter and Markdown body, keeping line numbers; the
// line that opens the front matter chooses its format.
import { error, type Diagnostic } from '../../diagnostics/diagnostic.js';
import type { FrontMatterFormat } from './front-matter.js';
import { yamlFrontMatter } from './yaml.js';

/** Every format front matter may be written in, each known by its opening line. */
export const FRONT_MATTER_FORMATS: readonly FrontMatterFormat[] = [yamlFrontMatter];

export interface SplitPost {
  /** The format the opening line chose. */
  readonly format: FrontMatterFormat;
  /** The front matter, without its fences. */
  readonly text: string;
  /** Line in the file of the first line of `text` (the one after the opening fence). */
  readonly textLine: number;
  readonly body: string;
  /** Line in the file where the body starts. */
  readonly bodyLine: number;
}

/**
 * Splits normalized text (no BOM, `\n` line ends) at the front matter fences. Only the front
 * matter is walked line by line; the body is sliced off whole, as it may be long.
 */
export function splitFrontMatter(
  text: string,
  file: string,
  formats = FRONT_MATTER_FORMATS,
): SplitPost | Diagnostic {
  const firstEnd = lineEnd(text, 0);
  const firstLine = text.slice(0, firstEnd);
  const format = formats.find((candidate) => candidate.opening.test(firstLine));
  if (!format) {
    return error(
      'front-matter-missing',
      file,
      1,
      'the post has no front matter',
      'start the file with a line `---`, then `title:`, `date:` and `tags:`, then another `---`',
    );
  }
  const textStart = firstEnd + 1;
  let line = 2;
  for (let start = textStart; start <= text.length; line++) {
    const end = lineEnd(text, start);
    if (format.closing.test(text.slice(start, end))) {
      return {
        format,
        text: text.slice(textStart, Math.max(textStart, start - 1)),
        textLine: 2,
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
    `add a line \`${format.closingFence}\` after the last front matter key`,
  );
}

/** The index of the `\n` that ends the line starting at `start`, or the text's length. */
function lineEnd(text: string, start: number): number {
  const end = text.indexOf('\n', start);
  return end === -1 ? text.length : end;
}
