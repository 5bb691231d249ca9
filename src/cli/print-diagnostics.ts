// CLI: prints diagnostics in the one format, each with the lines it points at; colour on a
// terminal, plain text when piped.
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import { styleText } from 'node:util';
import { REFUSED_LINK_CODES } from '../content/read-sources.js';
import { escapeControls, formatDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import { count } from '../text/count.js';
import { normalizeText } from '../text/normalize-text.js';
import { replacePathsIn } from '../text/paths-in-text.js';

/** How many lines of the file to show on each side of the line a problem names. */
const CONTEXT = 1;

/**
 * Writes each diagnostic as `path:line: what is wrong (what to do)`, followed by the lines of the
 * file around that line. Colour is used only when standard error is a terminal that wants it
 * (NO_COLOR and FORCE_COLOR are honoured).
 */
export function printDiagnostics(diagnostics: readonly Diagnostic[]): void {
  const color = process.stderr.isTTY && process.stderr.hasColors();
  const paint = (format: Parameters<typeof styleText>[0], text: string): string =>
    color ? styleText(format, text) : text;
  const sources = new Map<string, string[] | undefined>();
  for (const diagnostic of diagnostics) {
    const headline = displayDiagnostic(diagnostic);
    console.error(paint(diagnostic.severity === 'error' ? 'red' : 'yellow', headline));
    for (const line of excerpt(diagnostic, sources)) console.error(paint('dim', line));
  }
}

/**
 * Prints the diagnostics of one load after another, each only while it is new: a problem that
 * still stands at the next load is not printed again. A watching server reloads whenever anything
 * in the folder changes — an editor's swap or backup file, a second save of the same broken post
 * — and would otherwise repeat every standing problem each time; `folio build --watch` builds
 * again, and on a large imported blog would print thousands of the same warnings at every save.
 */
export class ProblemLog {
  #shown = new Set<string>();
  // Of those, the ones the last whole load found as it rendered: a load stopped at errors never
  // looks for them, so they stand as they were.
  #rendered = new Set<string>();
  #now = new Set<string>();
  #nowRendered = new Set<string>();

  /** Prints the diagnostics not already standing; returns whether the set of problems changed. */
  report(diagnostics: readonly Diagnostic[]): boolean {
    this.add(diagnostics);
    return this.end().changed;
  }

  /**
   * Prints, of one load's diagnostics given in parts (found as it reads, then as it renders),
   * those that the load before did not find; `end` closes the load.
   */
  add(diagnostics: readonly Diagnostic[], found: 'loading' | 'rendering' = 'loading'): void {
    const fresh = diagnostics.filter((diagnostic) => {
      const line = displayDiagnostic(diagnostic);
      this.#now.add(line);
      if (found === 'rendering') this.#nowRendered.add(line);
      return !this.#shown.has(line);
    });
    printDiagnostics(fresh);
  }

  /**
   * Ends a load: whether its problems differ from the load's before, and how many of them stood
   * from it, not printed again. A load that stopped at errors (`whole` false) did not render: the
   * problems the last whole load found as it rendered are kept as shown, not printed again once
   * a load renders.
   */
  end(whole = true): { readonly changed: boolean; readonly standing: number } {
    const now = this.#now;
    let standing = 0;
    for (const line of now) if (this.#shown.has(line)) standing++;
    const changed = now.size !== this.#shown.size || standing < now.size;
    if (whole) this.#rendered = this.#nowRendered;
    else for (const line of this.#rendered) now.add(line);
    this.#shown = now;
    this.#now = new Set();
    this.#nowRendered = new Set();
    return { changed, standing };
  }

  /** Forgets a load that stopped before it found all its problems: the next is told from the last whole one. */
  abandon(): void {
    this.#now = new Set();
    this.#nowRendered = new Set();
  }
}

/** The lines around the one a diagnostic names, numbered, the named one marked with `>`. */
function excerpt(diagnostic: Diagnostic, sources: Map<string, string[] | undefined>): string[] {
  // Read through the link, its lines would be those of a file that may lie outside the site.
  if (REFUSED_LINK_CODES.has(diagnostic.code)) return [];
  if (!sources.has(diagnostic.file)) sources.set(diagnostic.file, readLines(diagnostic.file));
  const lines = sources.get(diagnostic.file);
  if (!lines || diagnostic.line > lines.length) return [];
  const first = Math.max(1, diagnostic.line - CONTEXT);
  const last = Math.min(lines.length, diagnostic.line + CONTEXT);
  const width = String(last).length;
  const shown: string[] = [];
  for (let n = first; n <= last; n++) {
    // A line of the file is shown, never obeyed: an escape sequence in it is shown escaped.
    const text = escapeControls((lines[n - 1] ?? '').replace(/\t/g, '→   '));
    const marker = n === diagnostic.line ? '>' : ' ';
    shown.push(
      `  ${marker} ${String(n).padStart(width)} | ${text.length > 120 ? `${text.slice(0, 117)}...` : text}`,
    );
  }
  return shown;
}

function readLines(file: string): string[] | undefined {
  try {
    const text = normalizeText(readFileSync(file, 'utf8'));
    // A problem can name a binary file (a static file in the way of a generated one): no lines.
    if (/[\0\uFFFD]/.test(text)) return undefined;
    return text.endsWith('\n') ? text.slice(0, -1).split('\n') : text.split('\n');
  } catch {
    return undefined;
  }
}

/** A diagnostic in the one format, its path relative to where the command was run. */
export function displayDiagnostic(diagnostic: Diagnostic): string {
  const { message, hint } = diagnostic;
  return formatDiagnostic(
    { ...diagnostic, message: displayPathsIn(message), hint: displayPathsIn(hint) },
    displayPath(diagnostic.file),
  );
}

/**
 * `text` with each file it names below the current folder shown from there, as `displayPath`
 * shows the file a problem is in: a build knows the site's files by their full paths, and a
 * problem that names another file (`also the slug of …`) should read as its first path does. Only
 * a path to a file that is there is shortened: a URL of the site that starts as the current
 * folder's path does (`/blog/…` run in `/blog`) is left as it is.
 */
function displayPathsIn(text: string): string {
  const here = process.cwd();
  return replacePathsIn(text, here, sep, (path) =>
    path !== '' && existsSync(join(here, path)) ? path : undefined,
  );
}

export function summarize(diagnostics: readonly Diagnostic[]): string {
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.length - errors;
  return warnings > 0
    ? `${count(errors, 'error')}, ${count(warnings, 'warning')}`
    : count(errors, 'error');
}

/**
 * A file's path relative to where the command was run, or absolute when it lies elsewhere, its
 * control characters escaped so that it stays on its line and cannot drive the terminal.
 */
export function displayPath(file: string): string {
  if (!isAbsolute(file)) return escapeControls(file);
  const fromHere = relative(process.cwd(), file);
  return escapeControls(fromHere.startsWith('..') ? file : fromHere);
}
