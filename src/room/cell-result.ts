/**
 * Reads one decision-table cell of a room verdict (src/room/verdict.ts) in plain words. Every reader of verdict
 * cells (the dashboard model, the roster model, the room's export) goes through this, so the verdict's field names
 * are known in one place. Pure.
 */
import type { CellResult } from './verdict.ts';

/** A graded cell as the readers use it. */
export interface CellRead {
  scenarioId: string;
  column: string;
  /** The value the learner chose, if any. */
  given?: string;
  result: CellResult['result'];
  /** The misconception id behind a wrong answer, when the grader named one. */
  misconceptionId?: string;
}

/** The cell in plain words. */
export function readCell(cell: CellResult): CellRead {
  return {
    scenarioId: cell.scenario,
    column: cell.column,
    ...(cell.chosen !== undefined ? { given: cell.chosen } : {}),
    result: cell.result,
    ...(cell.misconception !== undefined ? { misconceptionId: cell.misconception } : {}),
  };
}
