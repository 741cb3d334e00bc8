/**
 * Type-checking an exercise file in a terminal (`npm run exercise`, `npm run exercises`): the code lab's checker
 * (type-check.ts) with the same lab types (lab-types.ts), so both report the same errors for the same file.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { EXERCISES_DIR } from './catalog.ts';
import { loadLabTypes } from './lab-types.ts';
import { createLabTypeChecker, formatLabDiagnostic, type LabDiagnostic, type LabTypeChecker } from './type-check.ts';

let checker: LabTypeChecker | undefined;

/** The type errors (and syntax errors) in one of an exercise's files, as the code lab reports them. */
export function typeErrorsOf(exercise: string, file: string): LabDiagnostic[] {
  checker ??= createLabTypeChecker(ts, loadLabTypes());
  return checker.check(exercise, readFileSync(join(EXERCISES_DIR, exercise, file), 'utf8'));
}

/** Terminal lines for a file's type check, indented to sit under the test report. */
export function typeReport(exercise: string, file: string, diagnostics: readonly LabDiagnostic[]): string[] {
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  if (diagnostics.length === 0) return [`   Types: no errors in ${file}.`];
  return [
    `   Types: ${errors} error${errors === 1 ? '' : 's'} in ${file} (the code lab reports the same):`,
    ...diagnostics.map((d) => `   ✗ ${formatLabDiagnostic(`exercises/${exercise}/${file}`, d).replace(/\n/g, '\n  ')}`),
  ];
}
