// Test support: asserts that parsing gave nothing but exactly one error, and returns that error.
import assert from 'node:assert/strict';
import type { Diagnostic } from '../../src/diagnostics/diagnostic.js';

export function theOnlyError(
  produced: unknown,
  diagnostics: readonly Diagnostic[],
  file: string,
): Diagnostic {
  assert.equal(produced, undefined);
  assert.equal(diagnostics.length, 1, JSON.stringify(diagnostics));
  const [problem] = diagnostics;
  assert.ok(problem);
  assert.equal(problem.severity, 'error');
  assert.equal(problem.file, file);
  return problem;
}
