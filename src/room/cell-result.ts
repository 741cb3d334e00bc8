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

/** What the class is shown for a value that is no option: never the text sent, which a learner typed. */
const NOT_AN_OPTION = 'Not one of the options';

/**
 * The value a cell counts under where the class sees it (the dashboard's answer spread, the revealed answers):
 * the value chosen, or NOT_AN_OPTION for any text that is none of the column's options.
 */
export const shownValue = (given: string, result: CellResult['result']): string =>
  result === 'not-an-option' ? NOT_AN_OPTION : given;
