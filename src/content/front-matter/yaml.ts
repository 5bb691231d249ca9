// Load: YAML front matter, between `---` lines — read quickly when the quick reading can vouch for
// it, exactly otherwise; both give the same values and the same line for every key.
import { error } from '../../diagnostics/diagnostic.js';
import { parseYaml, yamlHint } from '../../yaml/yaml-source.js';
import type { FrontMatterFormat, FrontMatterPlace, ReadFrontMatter } from './front-matter.js';
import { readYamlLines } from './yaml-quick.js';

export const yamlFrontMatter: FrontMatterFormat = {
  opening: /^---[ \t]*$/,
  closing: /^(?:---|\.\.\.)[ \t]*$/,
  closingFence: '---',
  read: (text, place) => readYamlQuickly(text, place) ?? readYamlExactly(text, place),
};

/**
 * The exact reading: `yaml`, which keeps the position of every node, so that each problem and each
 * key has its line; numbers stay the text the author wrote.
 */
export function readYamlExactly(text: string, place: FrontMatterPlace): ReadFrontMatter {
  const source = parseYaml(text, { numbersAsText: true });
  const offset = place.line - 1;
  return {
    value: source.value,
    problems: source.problems.map((p) =>
      error(
        'front-matter-yaml',
        place.file,
        p.line + offset,
        `front matter is not valid YAML: ${p.message}`,
        yamlHint(p.code),
      ),
    ),
    lineOf: (path) => source.lineOf(path) + offset,
    lineOfKey: (path) => source.lineOfKey(path) + offset,
  };
}

/**
 * The quick reading, for the front matter of nearly every post: the values and the lines of the
 * top-level keys come from `readYamlLines`; a line deeper in — asked for only to report a problem —
 * from the exact reading, made when first asked. Undefined where the quick reading cannot vouch
 * for the text.
 */
export function readYamlQuickly(
  text: string,
  place: FrontMatterPlace,
): ReadFrontMatter | undefined {
  const quick = readYamlLines(text);
  if (!quick) return undefined;
  const { value, keys, mapping } = quick;
  const offset = place.line - 1;
  let exact: ReadFrontMatter | undefined;
  const exactly = (): ReadFrontMatter => (exact ??= readYamlExactly(text, place));
  const topLevel = (path: readonly PropertyKey[]) =>
    path.length === 0
      ? null
      : path.length === 1 && typeof path[0] === 'string'
        ? path[0]
        : undefined;
  return {
    value,
    problems: [],
    lineOf: (path) => {
      const key = topLevel(path);
      if (key === undefined) return exactly().lineOf(path);
      return offset + (key === null ? mapping : (keys.get(key)?.value ?? mapping));
    },
    lineOfKey: (path) => {
      const key = topLevel(path);
      if (key === undefined) return exactly().lineOfKey(path);
      return offset + (key === null ? mapping : (keys.get(key)?.key ?? mapping));
    },
  };
}
