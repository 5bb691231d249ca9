// Turns schema validation issues into diagnostics that point at the line of the offending key.
import type { z } from 'zod';
import { closestMatch } from './did-you-mean.js';
import { error, type Diagnostic } from './diagnostic.js';

/** A parsed document — config, front matter — that can say on which line of its file each value stands. */
export interface LocatedValue {
  readonly value: unknown;
  /** The line of the value at `path`, or of its nearest ancestor that exists. */
  lineOf(path: readonly PropertyKey[]): number;
  /** The line of a mapping key at `path` (`[...parent, key]`). */
  lineOfKey(path: readonly PropertyKey[]): number;
}

/** The document, where it is, and how to phrase hints for its keys. */
export interface SchemaContext {
  readonly file: string;
  readonly source: LocatedValue;
  /** What the document is, for messages: `config`, `front matter`. */
  readonly what: string;
  readonly code: string;
  hintFor(path: readonly PropertyKey[]): string;
  knownKeys(path: readonly PropertyKey[]): readonly string[];
}

export function schemaDiagnostics(
  issues: readonly z.core.$ZodIssue[],
  ctx: SchemaContext,
): Diagnostic[] {
  return issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => unknownKey([...issue.path, key], ctx));
    }
    const path = issue.path;
    const value = valueAt(ctx.source.value, path);
    const name = path.length === 0 ? ctx.what : `\`${formatPath(path)}\``;
    const message =
      value === undefined
        ? `${ctx.what} has no ${name}`
        : `${name} ${issue.message} (found ${preview(value)})`;
    const line =
      value === undefined ? ctx.source.lineOf(path.slice(0, -1)) : ctx.source.lineOf(path);
    return [error(ctx.code, ctx.file, line, message, ownHint(issue) ?? ctx.hintFor(path))];
  });
}

/** The fix a custom check gives with its issue (`params.hint`), which says more than the key's. */
function ownHint(issue: z.core.$ZodIssue): string | undefined {
  const hint: unknown = issue.code === 'custom' ? issue.params?.['hint'] : undefined;
  return typeof hint === 'string' ? hint : undefined;
}

function unknownKey(path: readonly PropertyKey[], ctx: SchemaContext): Diagnostic {
  const key = String(path[path.length - 1]);
  const known = ctx.knownKeys(path.slice(0, -1));
  const guess = closestMatch(key, known);
  const hint = guess
    ? `did you mean \`${guess}\`?`
    : `remove it; the known keys here are ${known.map((k) => `\`${k}\``).join(', ')}`;
  const line = ctx.source.lineOfKey(path);
  return error(ctx.code, ctx.file, line, `unknown ${ctx.what} key \`${formatPath(path)}\``, hint);
}

export function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((part, i) =>
      typeof part === 'number' ? `[${part}]` : i === 0 ? String(part) : `.${String(part)}`,
    )
    .join('');
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const part of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[part];
  }
  return value;
}

function preview(value: unknown): string {
  const json = JSON.stringify(value) ?? String(value);
  return json.length > 40 ? `${json.slice(0, 37)}...` : json;
}
