/**
 * The roster's closed vocabularies: where a chapter stands, its label and colour, why a receipt was not counted.
 * Kept apart from the grader (grade.ts), which loads the message model, so the roster page can draw results
 * without loading the model on its main thread (the grading runs in a worker).
 */
import type { ChapterStatus } from '../course/marking.ts';

/** The colour band the roster paints a status (src/course/marking.ts) with (green, red, amber, none). */
export const STATUS_COLOURS: Readonly<Record<ChapterStatus, 'green' | 'red' | 'amber' | 'none'>> = {
  passed: 'green',
  failing: 'red',
  started: 'amber',
  'not-started': 'none',
};

/**
 * Why a receipt was not counted. `tampered` means its digest does not match (damaged, or edited without recomputing
 * it); `set-aside` means the instructor chose another receipt with the same name.
 */
export const FLAG_REASONS = [
  'malformed',
  'unsupported-version',
  'tampered',
  'duplicate',
  'set-aside',
  'unreadable',
] as const;
export type FlagReason = (typeof FLAG_REASONS)[number];

/**
 * How a roster labels the chapter at `index` in course order: its position, two digits ("01", … "10"), as the home
 * page and the instructor pages number chapters. A chapter's id keeps the digits it was created with, so the id would
 * show 09 before 08.
 */
export function chapterNumber(index: number): string {
  return String(index + 1).padStart(2, '0');
}
