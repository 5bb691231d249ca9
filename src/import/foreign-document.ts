// Import: a post file of another engine — its front matter in YAML (`---`), TOML (`+++`) or JSON
// (`{…}`, as Hugo writes it), Hexo's YAML without an opening fence, or Eleventy's fences that name
// their language (`---json`, `---js`) — and the body after it.
import { CORE_SCHEMA, load, Type } from 'js-yaml';
import { parse as parseToml } from 'smol-toml';
import type { Node } from 'acorn';
import {
  declaredValues,
  exportedValue,
  expressionValue,
  parseScript,
} from './javascript-values.js';

export type FrontMatterFormat = 'yaml' | 'toml' | 'json' | 'org' | 'none';

export interface ForeignDocument {
  readonly fields: Readonly<Record<string, unknown>>;
  readonly format: FrontMatterFormat;
  readonly body: string;
  /** Line of the file where the body starts. */
  readonly bodyLine: number;
}

export interface UnreadableDocument {
  readonly problem: string;
  readonly line: number;
  /** The text below a front matter that is closed but cannot be read, where it starts. */
  readonly below?: { readonly body: string; readonly bodyLine: number } | undefined;
}

const FENCES = { '---': 'yaml', '+++': 'toml' } as const;

/**
 * Reads a post file of Jekyll, Hexo, Hugo or Eleventy. Dates stay the text the author wrote (YAML's
 * timestamps are not read: Jekyll and Hexo read a date without an offset in the site's zone, not
 * in UTC); TOML's dates become ISO 8601 text, with their offset when they have one.
 */
export function readForeignDocument(
  text: string,
  options: ReadOptions = {},
): ForeignDocument | UnreadableDocument {
  const source = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const lines = source.split('\n');
  // Blank lines before the fence: Hexo and Hugo read the front matter after them all the same.
  const top = Math.max(
    0,
    lines.findIndex((line) => line.trim() !== ''),
  );
  const fence = lines[top]?.trimEnd() ?? '';
  // Eleventy's front matter names its language after the fence: `---json`, `---js`.
  const language = /^---(json|js|javascript|yaml)$/.exec(fence)?.[1];
  if (language !== undefined) {
    const end = lines.findIndex((line, i) => i > top && line.trimEnd() === '---');
    if (end === -1)
      return { problem: `the front matter opened by ${fence} is never closed`, line: top + 1 };
    const head = lines.slice(top + 1, end).join('\n');
    if (language === 'json' || language === 'yaml')
      return fromFenced(language, head, lines, end + 1, options);
    // Eleventy before 3 read an object written alone (`{ title: "About" }`) as the front matter.
    const parsed = parseScript(head.trim().startsWith('{') ? `(${head})` : head);
    if (parsed.problem !== undefined)
      return {
        problem: `its JavaScript front matter cannot be read: ${parsed.problem}`,
        line: top + 1 + parsed.line,
      };
    return {
      fields: scriptFrontMatter(parsed.program),
      format: 'yaml',
      body: lines.slice(end + 1).join('\n'),
      bodyLine: end + 2,
    };
  }
  if (fence === '---' || fence === '+++') {
    const end = lines.findIndex((line, i) => i > top && line.trimEnd() === fence);
    if (end === -1)
      return { problem: `the front matter opened by ${fence} is never closed`, line: top + 1 };
    return fromFenced(FENCES[fence], lines.slice(top + 1, end).join('\n'), lines, end + 1, options);
  }
  const first = lines[0]?.trimEnd() ?? '';
  if (first.startsWith('{')) return fromJson(source);
  // Hexo reads `key: value` lines up to a lone `---` as front matter, without an opening fence.
  const end = lines.findIndex((line) => line.trimEnd() === '---' || line.trimEnd() === ';;;');
  if (end > 0 && /^[\w-]+:/.test(first)) {
    const format = lines[end]?.trimEnd() === ';;;' ? 'json' : 'yaml';
    const head = lines.slice(0, end).join('\n');
    return fromFenced(format, format === 'json' ? `{${head}}` : head, lines, end + 1, options);
  }
  return { fields: {}, format: 'none', body: source, bodyLine: 1 };
}

/**
 * JavaScript front matter, read as literals (see `javascript-values`): the values its
 * declarations name (`const title = "About"`), or the object it exports.
 */
function scriptFrontMatter(program: Node): Record<string, unknown> {
  const named = Object.fromEntries(declaredValues(program));
  if (Object.keys(named).length > 0) return named;
  const value = exportedValue(program) ?? expressionValue(program);
  return isRecord(value) ? value : {};
}

/** How an engine reads front matter where YAML would not. */
export interface ReadOptions {
  /** Hexo's reader takes each tab that indents a line of YAML as two spaces. */
  readonly tabsIndent?: boolean;
}

function fromFenced(
  format: 'yaml' | 'toml' | 'json',
  head: string,
  lines: readonly string[],
  bodyIndex: number,
  options: ReadOptions,
): ForeignDocument | UnreadableDocument {
  const below = { body: lines.slice(bodyIndex).join('\n'), bodyLine: bodyIndex + 1 };
  try {
    const value = parseHead(
      format,
      options.tabsIndent && format === 'yaml'
        ? head.replace(/^\t+/gm, (tabs) => '  '.repeat(tabs.length))
        : head,
    );
    if (value !== undefined && !isRecord(value)) {
      return { problem: 'the front matter is not a mapping of keys to values', line: 2, below };
    }
    return { fields: plain(value ?? {}) as Record<string, unknown>, format, ...below };
  } catch (cause) {
    return {
      problem: `its ${format.toUpperCase()} front matter cannot be read: ${firstLine(cause)}`,
      line: lineOf(cause),
      below,
    };
  }
}

/**
 * YAML as the engines read it: the core schema, and the JavaScript types Hexo's reader adds
 * (`!!js/regexp /^\s*more/`, which a minifier's documented settings put in many configs), read as
 * the text written, since Folio uses none of the settings that hold them.
 */
const BLOG_YAML_SCHEMA = CORE_SCHEMA.extend(
  (['regexp', 'undefined', 'function'] as const).flatMap((name) =>
    (['scalar', 'mapping', 'sequence'] as const).map(
      (kind) =>
        new Type(`tag:yaml.org,2002:js/${name}`, { kind, construct: (data: unknown) => data }),
    ),
  ),
);

/** A blog's YAML: a key written twice keeps its last value, as Ruby's and Hexo's readers do. */
export function loadBlogYaml(text: string): unknown {
  return load(text, { schema: BLOG_YAML_SCHEMA, json: true });
}

function parseHead(format: 'yaml' | 'toml' | 'json', head: string): unknown {
  if (format === 'toml') return parseToml(head);
  if (format === 'json') return JSON.parse(head) as unknown;
  if (head.trim() === '') return undefined;
  return loadBlogYaml(head);
}

/** Hugo's JSON front matter: one object at the top of the file, the body after it. */
function fromJson(source: string): ForeignDocument | UnreadableDocument {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) {
      const head = source.slice(0, i + 1);
      const rest = source.slice(i + 1).replace(/^[^\n]*\n?/, '');
      const headLines = head.split('\n').length;
      try {
        const value = JSON.parse(head) as unknown;
        if (!isRecord(value)) return { problem: 'the front matter is not an object', line: 1 };
        return {
          fields: plain(value) as Record<string, unknown>,
          format: 'json',
          body: rest,
          bodyLine: headLines + 1,
        };
      } catch (cause) {
        return { problem: `its JSON front matter cannot be read: ${firstLine(cause)}`, line: 1 };
      }
    }
  }
  return { problem: 'its JSON front matter is never closed', line: 1 };
}

/** TOML's dates as ISO 8601 text, so that every format hands on the same kinds of values. */
function plain(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(plain);
  if (isRecord(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return (
    value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date)
  );
}

function firstLine(cause: unknown): string {
  return (cause instanceof Error ? cause.message : String(cause)).split('\n')[0] ?? '';
}

// js-yaml's marks count from 0 in the front matter, which starts on line 2 of the file.
function lineOf(cause: unknown): number {
  const mark = (cause as { mark?: { line?: number } }).mark;
  const line = (cause as { line?: number }).line;
  if (typeof mark?.line === 'number') return mark.line + 2;
  return typeof line === 'number' ? line + 1 : 1;
}

/** Front matter keys lower-cased, as Hugo reads them; the first of two spellings wins. */
export function lowerKeys(fields: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const lowered: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    const lower = key.toLowerCase();
    if (!(lower in lowered)) lowered[lower] = value;
  }
  return lowered;
}

/** A value written as text or a number, trimmed; nothing for an empty one. */
export function stringOf(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}
