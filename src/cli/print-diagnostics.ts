// CLI: prints diagnostics in the one format, with paths relative to where the command was run.
import { isAbsolute, relative } from 'node:path';
import { formatDiagnostic, type Diagnostic } from '../errors.js';

export function printDiagnostics(
  diagnostics: readonly Diagnostic[],
  write = (line: string) => console.error(line),
): void {
  for (const diagnostic of diagnostics)
    write(formatDiagnostic(diagnostic, displayPath(diagnostic.file)));
}

export function summarize(diagnostics: readonly Diagnostic[]): string {
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.length - errors;
  return warnings > 0
    ? `${count(errors, 'error')}, ${count(warnings, 'warning')}`
    : count(errors, 'error');
}

function displayPath(file: string): string {
  if (!isAbsolute(file)) return file;
  const fromHere = relative(process.cwd(), file);
  return fromHere.startsWith('..') ? file : fromHere;
}

export function count(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
