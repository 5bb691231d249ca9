// Diagnostics: every problem with the author's content, located by file and line.

/** How bad a problem is: errors stop `serve`, `build` and `check`; warnings are only shown. */
export type Severity = 'error' | 'warning';

/** One problem in the author's content or config, with where it is and what to do. */
export interface Diagnostic {
  readonly severity: Severity;
  /** A permanent, kebab-case name for the kind of problem, e.g. `front-matter-yaml`. */
  readonly code: string;
  /** The file the problem is in, as the loader was given it. */
  readonly file: string;
  /** 1-based line of the file. */
  readonly line: number;
  /** What is wrong, as one sentence without a final period. */
  readonly message: string;
  /** What to do about it. */
  readonly hint: string;
}

function diagnostic(severity: Severity) {
  return (code: string, file: string, line: number, message: string, hint: string): Diagnostic => ({
    severity,
    code,
    file,
    line,
    message,
    hint,
  });
}

/** A problem that stops `serve`, `build` and `check`. */
export const error = diagnostic('error');
/** A problem that is shown but stops nothing. */
export const warning = diagnostic('warning');

/**
 * `path:line: what is wrong (what to do)` — the one format every problem is shown in, always one
 * line: a control character of a file name or message is shown escaped (`escapeControls`).
 */
export function formatDiagnostic(diagnostic: Diagnostic, displayPath = diagnostic.file): string {
  const prefix = diagnostic.severity === 'warning' ? 'warning: ' : '';
  return escapeControls(
    `${displayPath}:${diagnostic.line}: ${prefix}${diagnostic.message} (${diagnostic.hint})`,
  );
}

const NAMED_ESCAPES: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

// C0 controls, DEL, C1 controls, and the line and paragraph separators some editors break at.
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * `text` with every character that could break a line or drive a terminal — a newline in a file
 * name, an ANSI escape — written as an escape: `\n`, `\r`, `\t`, `\xNN`, or `\u{2028}`. The
 * result never holds such a character, and escaping it again changes nothing.
 */
export function escapeControls(text: string): string {
  return text.replace(CONTROLS, (c) => {
    const code = c.charCodeAt(0);
    return (
      NAMED_ESCAPES[c] ??
      (code > 0xff ? `\\u{${code.toString(16)}}` : `\\x${code.toString(16).padStart(2, '0')}`)
    );
  });
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

/** Orders diagnostics by file, then line, so that a long list reads top to bottom. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort((a, b) =>
    a.file === b.file ? a.line - b.line : a.file < b.file ? -1 : 1,
  );
}
