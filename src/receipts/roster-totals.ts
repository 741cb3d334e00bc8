/**
 * A learner's figures summed over chapters, shared by the CSV, the CLI table and the roster page (no model import,
 * so the page can use it on its main thread).
 */
import type { ChapterResult } from './grade.ts';

/** A learner's figures over all chapters, in the order of the CSV's columns after chapters_passed. */
export function totalsOf(results: readonly ChapterResult[]): number[] {
  const sum = (f: (r: ChapterResult) => number) => results.reduce((n, r) => n + f(r), 0);
  return [
    sum((r) => r.practice.correct),
    sum((r) => r.practice.total),
    sum((r) => r.checkCells.correct),
    sum((r) => r.checkCells.total),
    sum((r) => r.codeLabs.passed),
    sum((r) => r.codeLabs.total),
    sum((r) => r.hints),
    sum((r) => r.solutions),
    sum((r) => r.fromLink),
  ];
}
