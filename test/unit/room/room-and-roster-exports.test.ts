/**
 * The same learners' work, handed in twice: as receipts (graded by the roster) and as room events (graded by the
 * workshop server). Both go through the one roster model, so the CSV rows and the LMS files must agree on every
 * mark; only the columns that say where a row came from (the receipt's file, the room's title and join time) and the
 * figures only a room can know (progress items, predictions, stuck) may differ.
 */
import { readFileSync } from 'node:fs';
import { join as joinPath } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gradeCompletionCheck, gradeDecisionTable } from '#course';
import { createReceipt } from '../../../src/receipts/create.ts';
import { gradeReceipts, type CourseData } from '../../../src/receipts/grade.ts';
import { lmsGradebook, lmsLearnersOf, type LmsColumn } from '../../../src/receipts/lms-export.ts';
import { LMS_ID_EXTENSION } from '../../../src/receipts/lms-id.ts';
import { marksCsvRows, marksFromRoster, ORIGIN_COLUMNS, type Marks } from '../../../src/receipts/roster-model.ts';
import { serializeReceipt, type ChapterReceipt } from '../../../src/receipts/schema.ts';
import type { WorkshopData } from '../../../src/server/db/workshop-data.ts';
import { CH05_RIGHT } from '../../support/ch05-table.ts';
import { learnerReceipt, seededRandom } from '../../support/class-receipts.ts';
import { parseCsv } from '../../support/csv.ts';
import { ENGINES_UNDER_TEST, type TestDatabase } from '../server/databases.ts';
import {
  createRoom,
  freshKey,
  join,
  post,
  tableCheck,
  testCourse,
  testServer,
  withToken,
  type TestServer,
} from '../server/harness.ts';

const MISCONCEPTION_FILE = JSON.parse(
  readFileSync(joinPath(import.meta.dirname, '../../../content/scenarios/misconceptions.json'), 'utf8'),
) as { misconceptions: { id: string; name: string }[] };

const CH = 'error-semantics-and-retries';
const ROOM_CHAPTERS = ['results-in-2026-07-28', CH];
const AT = '2026-11-30T10:00:00.000Z';
/** The LMS identifiers the learners give (at join in the room, as the receipt's lms-id extension). */
const LMS_IDS: Record<string, string> = { Ada: 'ada@uni.example', Bea: 'bea@uni.example' };

/** Figures only the room counts (its progress items, predictions, the stuck signal) and the receipt's notes. */
const ROOM_ONLY =
  /(: graded items done|: self-reported items done|^graded items( done)?|^self-reported items( done)?|^predictions (right|made)|^wrong attempts in a row|^stuck|^notes)$/;

/** Chapter 5's practice table with the backend row's retry wrong, as a learner who believes in blind retries. */
const PRACTICE = {
  ...CH05_RIGHT,
  'backend-unavailable': { ...CH05_RIGHT['backend-unavailable']!, retry: 'never-as-is' },
};

/** The course as the room sees it: its two chapters only, so both exports have the same chapters. */
function roomCourseData(): CourseData {
  const data = testCourse().data;
  return { ...data, chapters: data.chapters.filter((c) => ROOM_CHAPTERS.includes(c.id)) };
}

/** One learner's work on chapter 5: the practice table, then the completion check answered with `accuracy`. */
function work(name: string, accuracy: number, seed: number) {
  const course = roomCourseData();
  const scenarios = testCourse().grading.tableScenarios(CH, 'ch05-table')!;
  const generated = learnerReceipt(
    { ...course, chapters: course.chapters.filter((c) => c.id === CH) },
    { name, accuracy, diligence: 1 },
    seededRandom(seed),
  );
  const answers = generated.chapters[CH]!.check!.answers;
  const check = gradeCompletionCheck(course.checks[CH], answers, course.fixtureTexts);
  const table = gradeDecisionTable(PRACTICE, scenarios);
  if (check.kind !== 'graded' || table.kind !== 'graded') throw new Error('the test answers must be gradable');
  const chapter: ChapterReceipt = {
    check: { answers, grade: { correct: check.correct, total: check.total, passed: check.passed }, submittedAt: AT },
    tables: {
      'ch05-table': {
        scenarios: [...scenarios],
        cells: PRACTICE,
        grade: { correct: table.correct, total: table.total, passed: table.passed },
        hints: 0,
        solutionShown: false,
        updatedAt: AT,
      },
    },
    hints: 0,
    solutions: 0,
    updatedAt: AT,
  };
  const receipt = createReceipt({
    course: { title: course.title, version: course.version },
    learner: name,
    createdAt: AT,
    chapters: { [CH]: chapter },
    extensions: { [LMS_ID_EXTENSION]: { version: 1, id: LMS_IDS[name]! } },
  });
  const events = [
    tableCheck(1, PRACTICE),
    {
      key: freshKey(),
      seq: 2,
      chapterId: CH,
      kind: 'completion-check',
      itemId: 'completion',
      action: 'check',
      answers,
    },
  ];
  return { receipt, events, passed: check.passed };
}

/** The store, with each learner's LMS identifier on their record, as join stores it. */
const withLmsIds = (data: WorkshopData): WorkshopData => ({
  ...data,
  learnersOfRoom: async (roomId) =>
    (await data.learnersOfRoom(roomId)).map((l) => ({ ...l, lmsId: LMS_IDS[l.name] ?? null })),
});

const columns = (marks: Pick<Marks, 'chapters'>): LmsColumn[] =>
  marks.chapters.flatMap((c) => [
    { chapter: c.id, measure: 'score' as const, header: `${c.title} quiz (41${c.id.length})` },
    { chapter: c.id, measure: 'completion' as const, header: `${c.title} done` },
  ]);

for (const engine of ENGINES_UNDER_TEST) {
  describe(`a room export and a roster export of the same work on ${engine.name}`, () => {
    let db: TestDatabase;
    let server: TestServer;
    beforeAll(async () => {
      db = await engine.open();
      server = testServer(db, {}, undefined, withLmsIds);
    });
    afterAll(async () => {
      server.close();
      await db.dispose();
    });

    it('give the same marks row for row, and the same LMS file', async () => {
      const ada = work('Ada', 1, 1);
      const bea = work('Bea', 0.2, 2);
      // One learner passes the check and one does not, so the rows differ where they should.
      expect([ada.passed, bea.passed]).toEqual([true, false]);

      const room = await createRoom(server, ROOM_CHAPTERS);
      for (const [name, w] of [
        ['Ada', ada],
        ['Bea', bea],
      ] as const) {
        const learner = await join(server, room.code, name);
        const sent = await server.request('/api/events', post({ events: w.events }, learner.token));
        expect(sent.status).toBe(200);
      }
      const res = await server.request(`/api/rooms/${room.roomId}/export.csv`, withToken(room.instructorSecret));
      expect(res.status).toBe(200);
      const fromRoom = parseCsv(await res.text());

      const roster = gradeReceipts(
        [
          { source: 'ada.json', content: serializeReceipt(ada.receipt) },
          { source: 'bea.json', content: serializeReceipt(bea.receipt) },
        ],
        roomCourseData(),
      );
      const marks = marksFromRoster(roster);
      const fromReceipts = marksCsvRows(marks);

      expect(fromRoom[0]).toEqual(fromReceipts[0]);
      const header = fromRoom[0]!;
      const compared = header.flatMap((h, i) => (i < ORIGIN_COLUMNS.length || ROOM_ONLY.test(h) ? [] : [i]));
      // Per chapter status and check, the totals, and three columns per decision-table cell answered.
      expect(compared.length).toBeGreaterThan(4 + 10 + 3 * 12);
      const pick = (row: string[]) => compared.map((i) => [header[i], row[i]]);
      for (const name of ['Ada', 'Bea']) {
        const r = fromRoom.find((row) => row[0] === name)!;
        const g = fromReceipts.find((row) => row[0] === name)!;
        expect(pick(r), name).toEqual(pick(g));
      }
      // Every wrong cell names its misconception by the name misconceptions.json gives it (never its id).
      const names = new Set(MISCONCEPTION_FILE.misconceptions.map((m) => m.name));
      const misconceptionColumns = header.flatMap((h, i) => (h.endsWith(': misconception') ? [i] : []));
      const named = fromRoom.slice(1).flatMap((row) => misconceptionColumns.map((i) => row[i]!).filter(Boolean));
      expect(named.length).toBeGreaterThan(0);
      for (const n of named) expect(names, n).toContain(n);

      // The LMS file, from the room's identifiers and from the receipts' extension.
      const cols = columns(marks);
      const query = new URLSearchParams({
        lms: 'moodle',
        key: 'email',
        columns: cols.map((c) => `${c.chapter} ${c.measure} ${c.header}`).join('\n'),
      });
      const lms = await server.request(
        `/api/rooms/${room.roomId}/export/lms?${query}`,
        withToken(room.instructorSecret),
      );
      expect(lms.status).toBe(200);
      const body = (await lms.json()) as { csv: string; rows: number; warnings: string[] };
      const local = lmsGradebook(lmsLearnersOf(marks).learners, { lms: 'moodle', moodleKey: 'email', columns: cols });
      expect(body.csv).toBe(local.csv);
      expect(body.rows).toBe(2);
      expect(body.warnings).toEqual([]);
    });
  });
}
