// Load: a post's text → its front matter, read in the format its opening line names, and its body.
import type { FrontMatter } from './front-matter.js';
import { FRONT_MATTER_FORMATS, splitFrontMatter } from './split.js';

/**
 * Reads the front matter of normalized text (no BOM, `\n` line ends). Every line it gives is a
 * line of the file; a problem with the fences is one more problem, at line 1.
 */
export function readFrontMatter(
  text: string,
  file: string,
  formats = FRONT_MATTER_FORMATS,
): FrontMatter {
  const split = splitFrontMatter(text, file, formats);
  if ('code' in split) {
    return {
      value: undefined,
      problems: [split],
      lineOf: () => 1,
      lineOfKey: () => 1,
      body: '',
      bodyLine: 1,
    };
  }
  const read = split.format.read(split.text, { file, line: split.textLine });
  return {
    value: read.value,
    problems: read.problems,
    lineOf: (path) => read.lineOf(path),
    lineOfKey: (path) => read.lineOfKey(path),
    body: split.body,
    bodyLine: split.bodyLine,
  };
}
