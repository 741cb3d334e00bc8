/**
 * The letters a learner writes on a paper decision table: each column's options in the course's order, "A" for
 * the first. The exercises handout lists them once in full and every blank table repeats them in its header.
 */
import { DECISION_LABELS, columnOptions, type DecisionColumn } from '#course';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A column's options with their letters and the words the table uses for them. */
export function optionLetters(column: DecisionColumn): { letter: string; label: string }[] {
  return columnOptions(column).map((value, i) => ({
    letter: LETTERS[i] ?? String(i + 1),
    label: DECISION_LABELS[value as keyof typeof DECISION_LABELS] ?? value,
  }));
}
