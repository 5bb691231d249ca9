// Load: the quick reading of YAML front matter — js-yaml, about ten times faster than `yaml` on the
// small documents of thousands of posts, and one pass over the lines that finds where each
// top-level key and its value stand. It takes only text whose every line it can vouch for.
import quickYaml from 'js-yaml';

/** Where a top-level key and its value stand: 1-based lines of the front matter text. */
export interface KeyLines {
  readonly key: number;
  readonly value: number;
}

export interface YamlLines {
  readonly value: Readonly<Record<string, unknown>>;
  /** Every top-level key of `value`. */
  readonly keys: ReadonlyMap<string, KeyLines>;
  /** The line where the mapping starts: its first key. */
  readonly mapping: number;
}

// js-yaml exports the types of its schemas, though its type declarations do not say so.
const { types } = quickYaml as unknown as { types: Record<'null' | 'bool', quickYaml.Type> };
// YAML 1.2's core schema without its numbers, so that `3.10` stays "3.10" as the author wrote it.
const SCHEMA = quickYaml.FAILSAFE_SCHEMA.extend({ implicit: [types.null, types.bool] });

/**
 * Reads a mapping of front matter with the line of each top-level key and of its value, as the
 * exact reading (`yaml`) gives them; undefined when the text is anything else, has a problem, or
 * holds a line the scan cannot vouch for — and the exact reading is then used.
 */
export function readYamlLines(text: string): YamlLines | undefined {
  // Tabs, where YAML parsers differ most, are left to the exact reading.
  if (text.includes('\t')) return undefined;
  const scan = scanLines(text);
  if (!scan) return undefined;
  let value: unknown;
  try {
    value = quickYaml.load(text, { schema: SCHEMA });
  } catch {
    return undefined;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  const names = Object.keys(record);
  // The scan's keys must be the parser's, every one: a line it took for a key inside a
  // multi-line value, or a key it read differently, sends the text to the exact reading.
  if (names.length !== scan.keys.size || !names.every((name) => scan.keys.has(name))) {
    return undefined;
  }
  return { value: record, keys: scan.keys, mapping: scan.mapping };
}

/** A top-level key as authors write it, plain or quoted, then a colon ending a word. */
const PLAIN_KEY = /^([^\s#'"[\]{},&*!|>%@`?:-][^\n]*?)[ ]*:(?:[ ]+|$)/;
const DOUBLE_QUOTED_KEY = /^"([^"\\]*)"[ ]*:(?:[ ]+|$)/;
const SINGLE_QUOTED_KEY = /^'((?:[^']|'')*)'[ ]*:(?:[ ]+|$)/;
// Plain keys YAML reads as null, true or false rather than as text: the exact reading finds no
// line for them, and the quick one leaves them to it.
const NOT_TEXT_KEY = /^(?:~|null|Null|NULL|true|True|TRUE|false|False|FALSE)$/;

// Longer lines may hold a key longer than the 1,024 characters YAML allows.
const MAX_LINE = 1000;

const BLANK_OR_COMMENT = /^[ ]*(?:#.*)?$/;
const LIST_ITEM = /^-(?:[ ]+|$)/;
// What may follow a value on its line: nothing, or a comment after a space.
const AFTER_VALUE = /^(?:[ ]+(?:#.*)?)?$/;
const BLOCK_HEADER = /^[|>][1-9+-]*[ ]*(?:#.*)?$/;
// Characters that, first in a plain value, mean something else to YAML.
const RESERVED_FIRST = ']},%@`&*!';

/** A key at the start of `line`, and the rest of the line after its colon. */
function keyAt(line: string): { key: string; rest: string } | undefined {
  // The first character tells which of the three ways of writing a key can match.
  const first = line[0];
  if (first === '"') {
    const double = DOUBLE_QUOTED_KEY.exec(line);
    return double ? { key: double[1] ?? '', rest: line.slice(double[0].length) } : undefined;
  }
  if (first === "'") {
    const single = SINGLE_QUOTED_KEY.exec(line);
    if (!single) return undefined;
    return { key: (single[1] ?? '').replaceAll("''", "'"), rest: line.slice(single[0].length) };
  }
  const plain = PLAIN_KEY.exec(line);
  const key = plain?.[1];
  if (!plain || key === undefined || NOT_TEXT_KEY.test(key) || key.includes(' #')) return undefined;
  return { key, rest: line.slice(plain[0].length) };
}

/** Whether `line` holds nothing but spaces and perhaps a comment. */
function isBlankOrComment(line: string): boolean {
  const indent = indentOf(line);
  if (indent === line.length) return true;
  return line.charCodeAt(indent) === 35 /* # */ && BLANK_OR_COMMENT.test(line);
}

type ValueStart = 'later' | 'block-scalar' | 'here';

/**
 * How the value that starts at `rest` goes on: on a later line (nothing but a comment here), as a
 * block scalar (`|`, `>`), or here, ending on this line; undefined for a value that may run on
 * over lines in ways the scan does not follow (a quote or bracket left open), or starts with a
 * character YAML keeps for itself.
 */
function valueStart(rest: string): ValueStart | undefined {
  if (isBlankOrComment(rest)) return 'later';
  const first = rest[0];
  if (first === '|' || first === '>') return BLOCK_HEADER.test(rest) ? 'block-scalar' : undefined;
  if (first === '"' || first === "'" || first === '[' || first === '{') {
    return flowEndsOnItsLine(rest) ? 'here' : undefined;
  }
  if (first === undefined || RESERVED_FIRST.includes(first)) return undefined;
  if ((first === '-' || first === '?' || first === ':') && /^.(?: |$)/.test(rest)) {
    return undefined;
  }
  return 'here';
}

/**
 * Whether a quoted value, or a list or mapping in brackets, ends on its line with nothing but a
 * comment after it. A quote opens a value only first, or after `[`, `{` or `,`; elsewhere it is
 * part of a plain value (`[it's]`). A colon or question mark, which would let a quote open a
 * value after it, is refused rather than followed, and so is a comment left inside brackets,
 * and an anchor or alias.
 */
function flowEndsOnItsLine(text: string): boolean {
  let depth = 0;
  let atStart = true;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === ' ') continue;
    // An anchor or alias is left to the exact reading, which bounds how often aliases are
    // followed: js-yaml follows them all, and a few hundred bytes can then stand for billions
    // of values that a walk of the result would visit.
    if ((c === '&' || c === '*') && atStart) return false;
    if ((c === '"' || c === "'") && atStart) {
      i = closingQuote(text, i);
      if (i === -1) return false;
      atStart = false;
    } else if (c === '[' || c === '{') {
      if (!atStart) return false;
      depth++;
      continue;
    } else if (c === ']' || c === '}') {
      if (depth === 0) return false;
      depth--;
      atStart = false;
    } else if (c === ',') {
      if (depth === 0) return false;
      atStart = true;
      continue;
    } else if (c === ':' || c === '?' || (c === '#' && text[i - 1] === ' ') || depth === 0) {
      return false;
    } else {
      atStart = false;
      continue;
    }
    if (depth === 0) return AFTER_VALUE.test(text.slice(i + 1));
  }
  return false;
}

/** How many spaces a line starts with: YAML indents with spaces only. */
function indentOf(line: string): number {
  let indent = 0;
  while (line.charCodeAt(indent) === 32) indent++;
  return indent;
}

/** The index of the quote that closes the one at `open`, or -1 when none does on this line. */
function closingQuote(text: string, open: number): number {
  const quote = text[open];
  for (let i = open + 1; i < text.length; i++) {
    const c = text[i];
    if (quote === '"' && c === '\\') i++;
    else if (c === quote) {
      if (quote === "'" && text[i + 1] === "'") i++;
      else return i;
    }
  }
  return -1;
}

/**
 * The line of every top-level key and of its value, as `yaml` counts them: a value that starts on
 * a later line (a block list, a value on the next line) stands where it starts, a missing one on
 * its key's line. Undefined for a line the scan cannot vouch for: a top-level line that is not a
 * key, a key twice, a value that may run over lines (see `valueStart`), a line long enough to
 * hold a key longer than YAML allows.
 */
function scanLines(text: string): { keys: Map<string, KeyLines>; mapping: number } | undefined {
  const lines = text.split('\n');
  const keys = new Map<string, KeyLines>();
  let mapping = 0;
  // The latest top-level key, while its value has not started yet.
  let waiting: { key: string; line: number } | undefined;
  // Whether the latest top-level key's value started on a later line, where a list may stand.
  let blockValue = false;
  // Inside a block scalar: lines indented more than this are its text.
  let scalarIndent = -1;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line.length > MAX_LINE) return undefined;
    const indent = indentOf(line);
    if (scalarIndent >= 0) {
      if (indent > scalarIndent || indent === line.length) continue;
      scalarIndent = -1;
    }
    if (indent === line.length || (line.charCodeAt(indent) === 35 && isBlankOrComment(line))) {
      continue;
    }
    const number = i + 1;
    if (indent === 0 && !(line[0] === '-' && LIST_ITEM.test(line))) {
      const found = keyAt(line);
      if (!found || keys.has(found.key) || found.key === waiting?.key) return undefined;
      if (waiting) keys.set(waiting.key, { key: waiting.line, value: waiting.line });
      waiting = undefined;
      mapping ||= number;
      const start = valueStart(found.rest);
      if (start === undefined) return undefined;
      if (start === 'later') waiting = { key: found.key, line: number };
      else keys.set(found.key, { key: number, value: number });
      if (start === 'block-scalar') scalarIndent = 0;
      blockValue = start === 'later';
      continue;
    }
    // A line of the latest key's value: a list item, a nested key, more of a value.
    if (mapping === 0 || (indent === 0 && !blockValue)) return undefined;
    if (waiting) keys.set(waiting.key, { key: waiting.line, value: number });
    waiting = undefined;
    let rest = line.slice(indent);
    let column = indent;
    for (let item = LIST_ITEM.exec(rest); item; item = LIST_ITEM.exec(rest)) {
      column = line.length - rest.length;
      rest = rest.slice(item[0].length);
    }
    const nested = keyAt(rest);
    if (nested) column = line.length - rest.length;
    const start = valueStart(nested?.rest ?? rest);
    if (start === undefined) return undefined;
    // The text of a block scalar is indented past the key or list item it belongs to.
    if (start === 'block-scalar') scalarIndent = column;
  }
  if (waiting) keys.set(waiting.key, { key: waiting.line, value: waiting.line });
  return { keys, mapping: mapping || 1 };
}
