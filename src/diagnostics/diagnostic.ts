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

/** `path:line: what is wrong (what to do)` — the one format every problem is shown in. */
export function formatDiagnostic(diagnostic: Diagnostic, displayPath = diagnostic.file): string {
  const prefix = diagnostic.severity === 'warning' ? 'warning: ' : '';
  return `${displayPath}:${diagnostic.line}: ${prefix}${diagnostic.message} (${diagnostic.hint})`;
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
