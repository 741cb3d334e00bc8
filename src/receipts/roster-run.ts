/**
 * One roster run: find, expand and re-grade every receipt in the loaded texts, timed. Runs in the roster's Web
 * Worker (roster.worker.ts) and, when workers are unavailable, on the page itself. Web-standard APIs only.
 */
import { gradeReceipts, type ConflictChoice, type CourseData, type Roster } from './grade.ts';
import { collectRosterInputs, type CollectedInputs, type LoadedText } from './inputs.ts';
import { marksCsv, marksFromRoster, type Marks } from './roster-model.ts';

/** A request from the page. */
export interface RosterRequest {
  id: number;
  course: CourseData;
  texts: LoadedText[];
  /** The instructor's choices for name conflicts so far. */
  choices?: Record<string, ConflictChoice>;
}

/**
 * The answer: the class view, the roster model and its CSV, the text that was not a receipt, and the grading time
 * in milliseconds.
 */
export interface RosterResult {
  id: number;
  roster: Roster;
  /** The roster model the CSV and the LMS files are written from (made here, with the course's names). */
  marks: Marks;
  /** The roster as CSV (made here, so the page never loads the grader on its main thread). */
  csv: string;
  ignored: CollectedInputs['ignored'];
  ms: number;
}

/**
 * A small grading run on made-up receipts, so the worker's code is compiled and warm before the instructor's first
 * paste (the first run in a fresh worker is otherwise several times slower than the next).
 */
export async function warmUp(course: CourseData): Promise<void> {
  const [{ createReceipt }, { serializeReceipt }, model] = await Promise.all([
    import('./create.ts'),
    import('./schema.ts'),
    import('#course'),
  ]);
  // Made-up learners whose decision tables cycle through the options, so every grading path runs, not just the empty one.
  const texts = Array.from({ length: 60 }, (_, i) => {
    const chapters = Object.fromEntries(
      Object.entries(course.checks).map(([id, check]) => {
        const questions =
          (check as { questions?: { id: string; type: string; scenarios?: string[] }[] }).questions ?? [];
        const answers = Object.fromEntries(
          questions
            .filter((q) => q.type === 'decision-table')
            .map((q) => [
              q.id,
              {
                table: Object.fromEntries(
                  (q.scenarios ?? []).map((s) => [
                    s,
                    Object.fromEntries(
                      model.DECISION_COLUMNS.map((c) => {
                        const o = model.columnOptions(c);
                        return [c, o[i % o.length]!];
                      }),
                    ),
                  ]),
                ),
              },
            ]),
        );
        return [
          id,
          {
            check: { answers, grade: { correct: 0, total: 0, passed: false }, submittedAt: '2026-01-01T00:00:00.000Z' },
            hints: 0,
            solutions: 0,
          },
        ];
      }),
    );
    return serializeReceipt(
      createReceipt({
        course: { title: course.title, version: course.version },
        learner: `Warm-up ${i}`,
        createdAt: '2026-01-01T00:00:00.000Z',
        chapters,
      }),
    );
  });
  await runRoster({ id: -1, course, texts: [{ name: 'warm-up', text: texts.join('\n') }] });
}

/** Grades one request. */
export async function runRoster(request: RosterRequest): Promise<RosterResult> {
  const started = performance.now();
  const { inputs, ignored } = await collectRosterInputs(request.texts);
  const roster = gradeReceipts(inputs, request.course, { choices: request.choices ?? {} });
  const marks = marksFromRoster(roster);
  return { id: request.id, roster, marks, csv: marksCsv(marks), ignored, ms: performance.now() - started };
}
