/**
 * One roster run: find, expand and re-grade every receipt in the loaded texts, timed. Runs in the roster's Web
 * Worker (roster.worker.ts) and, when workers are unavailable, on the page itself. Web-standard APIs only.
 */
import { gradeReceipts, type CourseData, type Roster } from './grade.ts';
import { collectRosterInputs, type CollectedInputs, type LoadedText } from './inputs.ts';

/** A request from the page. */
export interface RosterRequest {
  id: number;
  course: CourseData;
  texts: LoadedText[];
}

/** The answer: the class view, the text that was not a receipt, and the grading time in milliseconds. */
export interface RosterResult {
  id: number;
  roster: Roster;
  ignored: CollectedInputs['ignored'];
  ms: number;
}

/** Grades one request. */
export async function runRoster(request: RosterRequest): Promise<RosterResult> {
  const started = performance.now();
  const { inputs, ignored } = await collectRosterInputs(request.texts);
  const roster = gradeReceipts(inputs, request.course);
  return { id: request.id, roster, ignored, ms: performance.now() - started };
}
