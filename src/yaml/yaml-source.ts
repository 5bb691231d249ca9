// YAML with positions: parses config and front matter so that every later problem can name its line.
import {
  LineCounter,
  isMap,
  isNode,
  isPair,
  isScalar,
  isSeq,
  parseDocument,
  visit,
  type Document,
} from 'yaml';

/** A YAML syntax problem, with its 1-based line inside the parsed text. */
export interface YamlProblem {
  readonly line: number;
  readonly message: string;
  /** The parser's name for the problem, e.g. `TAB_AS_INDENT`. */
  readonly code: string;
}

/** A parsed YAML text that can still say on which line each value stands. */
export interface YamlSource {
  /** The plain value; `undefined` when the text is empty. */
  readonly value: unknown;
  readonly problems: readonly YamlProblem[];
  /** The 1-based line of the value at `path`, or of its nearest ancestor that exists. */
  lineOf(path: readonly PropertyKey[]): number;
  /** The 1-based line of a mapping key at `path` (`[...parent, key]`). */
  lineOfKey(path: readonly PropertyKey[]): number;
}

export interface YamlOptions {
  /**
   * Keep numbers as the text the author wrote (`3.10` stays "3.10"), for documents whose values
   * are all text or true/false, such as front matter.
   */
  readonly numbersAsText?: boolean;
}

/** Parses YAML text; never throws on bad input, it reports problems instead. */
export function parseYaml(text: string, options: YamlOptions = {}): YamlSource {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const lineAt = (offset: number): number => lineCounter.linePos(offset).line;
  // Later errors are mostly echoes of the first one, so only the first is reported.
  const problems: YamlProblem[] = doc.errors.slice(0, 1).map((e) => ({
    line: UNTERMINATED.has(e.code) ? lineAt(openingOffset(doc, e.pos[0])) : lineAt(e.pos[0]),
    message: e.message.split('\n')[0] ?? e.message,
    code: e.code,
  }));
  if (options.numbersAsText) keepNumbersAsText(doc);
  let value: unknown;
  if (problems.length === 0) {
    try {
      value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    } catch (cause) {
      problems.push(aliasBound(doc, lineAt) ?? { line: 1, message: String(cause), code: 'TO_JS' });
    }
  }
  return {
    value: value ?? undefined,
    problems,
    lineOf: (path) => lineAt(nearestNode(doc, path)?.range?.[0] ?? 0),
    lineOfKey: (path) => lineAt(keyNode(doc, path)?.range?.[0] ?? 0),
  };
}

// How many values one alias may stand for, counted as `yaml` counts them. Aliases that stand for
// aliases multiply: a few hundred bytes can name billions of values, which no reader may follow.
const MAX_ALIAS_COUNT = 100;

/**
 * The problem of aliases that stand for too much, at the line of the first alias; undefined when
 * the document has no alias, and the failure is another.
 */
function aliasBound(doc: Document, lineAt: (offset: number) => number): YamlProblem | undefined {
  let first: number | undefined;
  visit(doc, {
    Alias(_, node) {
      first = node.range?.[0] ?? 0;
      return visit.BREAK;
    },
  });
  if (first === undefined) return undefined;
  return {
    line: lineAt(first),
    message: `its aliases (\`*name\`) repeat too much to be read: Folio follows an alias for at most ${MAX_ALIAS_COUNT} values`,
    code: 'ALIAS_COUNT',
  };
}

// Errors the parser notices only where it gives up: an unclosed quote or bracket.
const UNTERMINATED = new Set(['MISSING_CHAR', 'BAD_INDENT']);

/** Where the innermost value that runs on to `offset` begins: the quote or bracket left open. */
function openingOffset(doc: Document, offset: number): number {
  let start = offset;
  visit(doc, (_key, node) => {
    if (!isNode(node) || !node.range) return;
    const [from, , to] = node.range;
    if (from < offset && offset <= to && (start === offset || from > start)) start = from;
  });
  return start;
}

function keepNumbersAsText(doc: Document): void {
  visit(doc, {
    Scalar(_key, node) {
      if (typeof node.value === 'number' && node.source !== undefined) node.value = node.source;
    },
  });
}

type AnyNode = { range?: [number, number, number] | null | undefined };

function nearestNode(doc: Document, path: readonly PropertyKey[]): AnyNode | undefined {
  for (let depth = path.length; depth >= 0; depth--) {
    const node: unknown = depth === 0 ? doc.contents : doc.getIn(path.slice(0, depth), true);
    if (node && typeof node === 'object' && 'range' in node) return node as AnyNode;
  }
  return undefined;
}

function keyNode(doc: Document, path: readonly PropertyKey[]): AnyNode | undefined {
  const parentPath = path.slice(0, -1);
  const parent: unknown = parentPath.length === 0 ? doc.contents : doc.getIn(parentPath, true);
  const key = path[path.length - 1];
  if (isMap(parent)) {
    const pair = parent.items.find((p) => isPair(p) && isScalar(p.key) && p.key.value === key);
    if (pair && isScalar(pair.key)) return pair.key;
  }
  if (isSeq(parent) && typeof key === 'number') return parent.items[key] as AnyNode | undefined;
  return nearestNode(doc, parentPath);
}

/** A hint for a YAML syntax error, guessing the usual cause. */
export function yamlHint(code: string): string {
  switch (code) {
    case 'ALIAS_COUNT':
      return 'write the values out rather than repeat them with `&name` and `*name`';
    case 'TAB_AS_INDENT':
      return 'indent with spaces; YAML does not allow tabs';
    case 'DUPLICATE_KEY':
      return 'each key may appear only once; remove or rename one of them';
    case 'BAD_INDENT':
    case 'MISSING_CHAR':
      return 'check the indentation and that every [ or { is closed';
    case 'BLOCK_AS_IMPLICIT_KEY':
    case 'MULTILINE_IMPLICIT_KEY':
      return 'put a space after each colon, and quote values that contain `: `';
    default:
      return 'quote values that contain `:`, `#`, `[` or `{`, and indent with spaces';
  }
}
