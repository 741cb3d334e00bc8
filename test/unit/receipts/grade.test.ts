import { describe, expect, it } from 'vitest';
import { createReceipt } from '../../../src/receipts/create.ts';
import { gradeCompletionCheck, rememberClassifications } from '#course';
import { testGraderCourse } from '../../support/course.ts';
import { gradeReceipt, gradeReceipts } from '../../../src/receipts/grade.ts';
import { csvField } from '../../../src/lib/csv.ts';
import { marksCsv, marksCsvRows, marksFromRoster, ORIGIN_COLUMNS } from '../../../src/receipts/roster-model.ts';
import { classReceipts } from '../../support/class-receipts.ts';
import { sealReceipt, serializeReceipt, type ChapterReceipt, type Receipt } from '../../../src/receipts/schema.ts';
import { COURSE, goodChapters, receiptFor, strugglingChapters } from './support.ts';

const counted = (entry: ReturnType<typeof gradeReceipt>) => {
  if (entry.kind !== 'counted')
    throw new Error(
      `expected a counted entry, got ${entry.kind === 'flagged' ? `${entry.reason}: ${entry.message}` : entry.kind}`,
    );
  return entry;
};

/** Re-seals a receipt after an edit, as someone who knows the format would. */
const resealed = (receipt: Receipt, edit: (r: Receipt) => Receipt): Receipt => {
  const { digest: _d, ...body } = edit(structuredClone(receipt));
  return sealReceipt(body);
};

describe('gradeReceipt', () => {
  it('re-grades a learner who passed chapters 1 and 5', () => {
    const entry = counted(gradeReceipt(serializeReceipt(receiptFor('Ada', goodChapters())), COURSE, 'ada.json'));
    expect(entry.learner).toBe('Ada');
    expect(entry.chapters['01-shapes']).toMatchObject({
      status: 'passed',
      label: 'Passed',
      check: { correct: 2, total: 2, passed: true },
    });
    // The practice table has one wrong cell of three; the check's table has six right cells. Counted apart.
    expect(entry.chapters['05-retries']).toMatchObject({
      status: 'passed',
      check: { correct: 1, total: 1, passed: true },
      practice: { correct: 2, total: 3 },
      checkCells: { correct: 6, total: 6 },
      codeLabs: { passed: 0, total: 0 },
      hints: 1,
      fromLink: 0,
    });
    expect(entry.chapters['faq']).toMatchObject({ status: 'not-started', label: 'Not started' });
    // The check's answers replace the practice table's for the same cells: six cells, all right.
    expect(entry.cells).toHaveLength(6);
    expect(entry.cells.every((c) => c.verdict === 'correct')).toBe(true);
    expect(entry.notes).toEqual([]);
  });

  it('marks a failed check red and a chapter with activity but no check amber', () => {
    const entry = counted(gradeReceipt(receiptFor('Bob', strugglingChapters()), COURSE, 'bob.json'));
    expect(entry.chapters['01-shapes']).toMatchObject({ status: 'started', label: 'Started', hints: 2, solutions: 1 });
    expect(entry.chapters['05-retries']).toMatchObject({
      status: 'failing',
      label: 'Not passed',
      check: { correct: 0, total: 1, passed: false },
      practice: { correct: 0, total: 0 },
      checkCells: { correct: 4, total: 6 },
    });
    expect(
      entry.cells
        .filter((c) => c.verdict === 'incorrect')
        .map((c) => [c.scenarioId, c.column, c.given, c.misconceptionId]),
    ).toEqual([
      ['unknown-method', 'retry', 'with-backoff', 'method-not-found-is-transient'],
      ['lost-response-after-write', 'retry', 'freely-with-new-id', 'fresh-id-makes-write-safe'],
    ]);
  });

  it("counts a chapter without a check as passed on the learner's self-mark, and says so", () => {
    const entry = counted(
      gradeReceipt(receiptFor('Cy', { faq: { selfMark: 'can-explain', hints: 0, solutions: 0 } }), COURSE, 'cy.json'),
    );
    expect(entry.chapters['faq']).toMatchObject({ status: 'passed', label: 'Passed (self-marked)' });
  });

  it('names an anonymous learner by position', () => {
    expect(counted(gradeReceipt(receiptFor(undefined, goodChapters()), COURSE, 'x.json', 7))).toMatchObject({
      learner: 'Learner 7',
      named: false,
    });
  });

  it('counts a receipt whose claimed grade was raised and re-sealed at its re-grade, and says so', () => {
    // The digest is a checksum anyone can recompute; what protects the marks is that the grade is redone.
    const honest = receiptFor('Bob', strugglingChapters());
    const forged = resealed(honest, (r) => {
      r.chapters['05-retries']!.check!.grade = { correct: 1, total: 1, passed: true };
      return r;
    });
    const entry = counted(gradeReceipt(forged, COURSE, 'bob.json'));
    expect(entry.chapters['05-retries']!.check).toEqual({ correct: 0, total: 1, passed: false });
    expect(entry.chapters['05-retries']!.status).toBe('failing');
    expect(entry.notes).toContain(
      "Claimed grades differ from the model's re-grade: chapter 05-retries's check claims 1/1, passed; the model grades the same answers 0/1. The receipt was edited after it was made; the re-grade is what counts.",
    );
  });

  it('flags an edited answer through its digest', () => {
    const text = serializeReceipt(receiptFor('Ada', goodChapters())).replace('"choice":"no"', '"choice":"yes"');
    expect(gradeReceipt(text, COURSE, 'ada.json')).toMatchObject({ kind: 'flagged', reason: 'tampered' });
  });

  it('grades a receipt naming a version it does not know against the current one, and says so instead of flagging it', () => {
    const old = resealed(receiptFor('Bob', strugglingChapters(), undefined, '1.0.0'), (r) => {
      r.chapters['05-retries']!.check!.grade = { correct: 1, total: 1, passed: true };
      return r;
    });
    const entry = counted(gradeReceipt(old, COURSE, 'bob.json'));
    expect(entry.chapters['05-retries']!.status).toBe('failing');
    expect(entry.gradedVersion).toBe('1.2.3');
    expect(entry.notes[0]).toBe(
      'Made with course version 1.0.0, which this grader does not know (it knows 1.2.3); graded against version 1.2.3, the current one, whose questions may differ.',
    );
    expect(entry.notes[1]).toMatch(/Claimed grades differ.*Expected when course versions differ/);
  });

  it('notes chapters the course does not have', () => {
    const entry = counted(
      gradeReceipt(receiptFor('Ada', { '42-extra': { hints: 1, solutions: 0 } }), COURSE, 'a.json'),
    );
    expect(entry.notes).toEqual(['Chapter 42-extra is not in this course; its answers were not graded.']);
  });

  it("flags malformed input with the reader's reason", () => {
    expect(gradeReceipt('not json', COURSE, 'junk.txt')).toMatchObject({
      kind: 'flagged',
      reason: 'malformed',
      source: 'junk.txt',
    });
    expect(gradeReceipt({ ...receiptFor('A', {}), version: 9 }, COURSE, 'new.json')).toMatchObject({
      kind: 'flagged',
      reason: 'unsupported-version',
    });
  });
});

describe('gradeReceipts', () => {
  const ada = receiptFor('Ada', goodChapters());
  const bob = receiptFor('Bob', strugglingChapters());

  it('builds the distribution per cell and the misconceptions, most common first', () => {
    const roster = gradeReceipts(
      [
        { source: 'ada.json', content: serializeReceipt(ada) },
        { source: 'bob.json', content: serializeReceipt(bob) },
      ],
      COURSE,
    );
    expect(roster).toMatchObject({ counted: 2, flagged: 0 });
    const retry = roster.distribution.find((d) => d.scenarioId === 'unknown-method' && d.column === 'retry')!;
    expect(retry).toMatchObject({ learners: 2, correct: 1, unanswered: 0, correctValue: 'never-as-is' });
    expect(retry.answers.map((a) => [a.value, a.count, a.correct, a.misconceptionId])).toEqual([
      ['never-as-is', 1, true, undefined],
      ['with-backoff', 1, false, 'method-not-found-is-transient'],
    ]);
    // Rows follow the bank's order: unknown-method before lost-response-after-write; columns in table order.
    expect(roster.distribution.map((d) => `${d.scenarioId}/${d.column}`)).toEqual([
      'unknown-method/layer',
      'unknown-method/userSees',
      'unknown-method/retry',
      'lost-response-after-write/layer',
      'lost-response-after-write/userSees',
      'lost-response-after-write/retry',
    ]);
    expect(roster.misconceptions.map((m) => [m.id, m.count, m.learners])).toEqual([
      ['fresh-id-makes-write-safe', 1, 1],
      ['method-not-found-is-transient', 1, 1],
    ]);
  });

  it('counts an exact duplicate once', () => {
    const roster = gradeReceipts(
      [
        { source: 'a1', content: ada },
        { source: 'a2', content: ada },
        { source: 'missing.json', error: 'missing.json: no such file' },
      ],
      COURSE,
    );
    expect(roster.entries.map((e) => `${e.kind === 'flagged' ? e.reason : e.kind} ${e.source}`)).toEqual([
      'counted a1',
      'duplicate a2',
      'unreadable missing.json',
    ]);
    expect(roster.counted).toBe(1);
  });

  describe('two receipts with the same name', () => {
    // Issue 11 §3: a second receipt named "ada lovelace " with a later, learner-chosen createdAt replaced the real
    // Ada Lovelace's. Dates are not proven; neither is identity. The instructor decides, seeing both.
    const real = receiptFor('Ada Lovelace', goodChapters(), '2026-11-30T10:00:00.000Z');
    const impostor = receiptFor('ada  LOVELACE\u200d', strugglingChapters(), '2099-01-01T00:00:00.000Z');
    const inputs = [
      { source: 'ada.json', content: real },
      { source: 'mallory.json', content: impostor },
      { source: 'bob.json', content: bob },
    ];

    it('are a conflict: both shown, graded, and neither counted until the instructor chooses', () => {
      const roster = gradeReceipts(inputs, COURSE);
      expect(roster.entries.map((e) => `${e.kind} ${e.source}`)).toEqual([
        'conflict ada.json',
        'conflict mallory.json',
        'counted bob.json',
      ]);
      expect(roster.counted).toBe(1);
      expect(roster.conflicts).toEqual([
        { key: 'ada lovelace', sources: ['ada.json', 'mallory.json'], digests: [real.digest, impostor.digest] },
      ]);
      const [first, second] = roster.entries;
      expect(first).toMatchObject({ learner: 'Ada Lovelace', createdAt: '2026-11-30T10:00:00.000Z' });
      expect(second).toMatchObject({ learner: 'ada LOVELACE\u200d', createdAt: '2099-01-01T00:00:00.000Z' });
      expect(first?.kind === 'conflict' && first.chapters['05-retries']!.status).toBe('passed');
      expect(second?.kind === 'conflict' && second.chapters['05-retries']!.status).toBe('failing');
      // A conflicting receipt's answers are not in the class figures until it is chosen: only Bob's count.
      expect(roster.misconceptions.length).toBeGreaterThan(0);
      expect(roster.misconceptions.every((m) => m.learners === 1)).toBe(true);
    });

    it('count only the receipt the instructor chose; the other is set aside, not lost', () => {
      const roster = gradeReceipts(inputs, COURSE, {
        choices: { 'ada lovelace': { count: 'one', digest: real.digest } },
      });
      expect(roster.entries.map((e) => `${e.kind === 'flagged' ? e.reason : e.kind} ${e.source}`)).toEqual([
        'counted ada.json',
        'set-aside mallory.json',
        'counted bob.json',
      ]);
      expect(roster.entries[1]).toMatchObject({
        learner: 'ada LOVELACE\u200d',
        message: 'You chose ada.json for this name; this receipt is set aside.',
      });
      expect(roster.counted).toBe(2);
    });

    it('count both when the instructor says they are different people', () => {
      const roster = gradeReceipts(inputs, COURSE, { choices: { 'ada lovelace': { count: 'all' } } });
      expect(roster.entries.map((e) => e.kind)).toEqual(['counted', 'counted', 'counted']);
      expect(roster.counted).toBe(3);
    });

    it('ignore a stale choice whose receipt is no longer among them', () => {
      const roster = gradeReceipts(inputs, COURSE, {
        choices: { 'ada lovelace': { count: 'one', digest: `sha256:${'0'.repeat(64)}` } },
      });
      expect(roster.entries.map((e) => e.kind)).toEqual(['conflict', 'conflict', 'counted']);
    });

    it('treat a name that is also an object member name (__proto__, constructor, toString) like any other', () => {
      // Choices are a plain object keyed by name: a learner who names themself "__proto__" or "constructor" must
      // meet an inherited member of that object as no choice at all, not as the instructor's.
      for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
        const twins = [
          { source: 'one.json', content: receiptFor(name, goodChapters()) },
          { source: 'two.json', content: receiptFor(name, strugglingChapters()) },
        ];
        const open = gradeReceipts(twins, COURSE, { choices: {} });
        expect(
          open.entries.map((e) => e.kind),
          name,
        ).toEqual(['conflict', 'conflict']);
        expect(open.conflicts.map((c) => c.key)).toEqual([name.toLowerCase()]);
        const digest = (open.entries[1] as { digest: string }).digest;
        const chosen = gradeReceipts(twins, COURSE, {
          choices: JSON.parse(`{"${name.toLowerCase()}":{"count":"one","digest":"${digest}"}}`),
        });
        expect(
          chosen.entries.map((e) => `${e.kind === 'flagged' ? e.reason : e.kind} ${e.source}`),
          name,
        ).toEqual(['set-aside one.json', 'counted two.json']);
      }
    });
  });

  it('writes one CSV row per receipt, flagged ones with their reason', () => {
    // Damaged in transit: an answer changed and the digest left as it was.
    const damaged = serializeReceipt(bob).replace('"retry":"with-backoff"', '"retry":"never-as-is"');
    const roster = gradeReceipts(
      [
        { source: 'ada.json', content: ada },
        { source: 'bob.json', content: damaged },
      ],
      COURSE,
    );
    const rows = marksCsvRows(marksFromRoster(roster));
    const header = rows[0]!;
    expect(header.slice(0, ORIGIN_COLUMNS.length)).toEqual([...ORIGIN_COLUMNS]);
    const adaRow = Object.fromEntries(header.map((h, i) => [h, rows[1]![i]]));
    // Receipts fill the receipt's origin columns and leave the room's blank.
    expect(adaRow).toMatchObject({
      learner: 'Ada',
      standing: 'counted',
      source: 'ada.json',
      'receipt made at (learner’s word)': '2026-11-30T10:00:00.000Z',
      'course version': '1.2.3',
      'graded against version': '1.2.3',
      room: '',
      'room code': '',
      'joined at (UTC)': '',
    });
    // Chapters by title: Shapes passed 2/2, Retries passed 1/1, FAQ not started.
    expect(adaRow).toMatchObject({
      'Shapes: status': 'Passed',
      'Shapes: check (right/asked)': '2/2',
      'Retries: status': 'Passed',
      'Retries: check (right/asked)': '1/1',
      'FAQ: status': 'Not started',
      'FAQ: check (right/asked)': '',
      'Retries: graded items done': '',
    });
    // Practice cells 2 of 3, check cells 6 of 6, no code labs, one hint, no solution, no table from a link.
    expect(adaRow).toMatchObject({
      'chapters passed': '2',
      'practice cells right': '2',
      'practice cells': '3',
      'check cells right': '6',
      'check cells': '6',
      'code labs passed (self-reported)': '0',
      'code labs run': '0',
      'hints shown': '1',
      'solutions shown': '0',
      'tables from links': '0',
      notes: '',
    });
    expect(rows[2]!.slice(0, 3)).toEqual(['Bob', 'flagged: tampered', 'bob.json']);
    expect(rows[2]).toHaveLength(header.length);
    expect(marksCsv(marksFromRoster(roster)).split('\r\n')).toHaveLength(4);
  });

  it('keeps a learner-typed formula from running in a spreadsheet', () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('-3')).toBe("'-3");
    expect(csvField('Ada')).toBe('Ada');
    // Cells that reach a CSV from elsewhere (the room's export) may start with invisible characters.
    expect(csvField('\u200b=1+2')).toBe("'\u200b=1+2");
    expect(csvField('\ufeff@SUM(1)')).toBe("'\ufeff@SUM(1)");
  });

  it('grades an empty class without failing', () => {
    expect(gradeReceipts([], COURSE)).toMatchObject({ counted: 0, flagged: 0, distribution: [], misconceptions: [] });
  });
});

it('createReceipt trims the name to what the learner meant', () => {
  expect(
    createReceipt({
      course: { title: 't', version: '1' },
      learner: '  Ada  ',
      createdAt: '2026-11-30T10:00:00.000Z',
      chapters: {},
    }).learner,
  ).toBe('Ada');
});

describe('rememberClassifications (each fixture classified once for the whole class)', () => {
  it('gives exactly what gradeCompletionCheck gives without it, for a generated class on the real course', () => {
    const course = testGraderCourse();
    const remembered = rememberClassifications();
    let compared = 0;
    for (const receipt of classReceipts(course, 80, 11)) {
      for (const [chapter, ch] of Object.entries(receipt.chapters)) {
        if (!ch.check || course.checks[chapter] === undefined) continue;
        expect(gradeCompletionCheck(course.checks[chapter], ch.check.answers, course.fixtureTexts, remembered)).toEqual(
          gradeCompletionCheck(course.checks[chapter], ch.check.answers, { ...course.fixtureTexts }),
        );
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(50);
  });

  it('gives exactly what gradeCompletionCheck gives without it, for odd answers', () => {
    const remembered = rememberClassifications();
    for (const answers of [null, [], 'x', { table: 'not an answer' }, { 'null-id': { choice: 'maybe' } }]) {
      for (const chapter of ['01-shapes', '05-retries']) {
        expect(gradeCompletionCheck(COURSE.checks[chapter], answers, COURSE.fixtureTexts, remembered)).toEqual(
          gradeCompletionCheck(COURSE.checks[chapter], answers, { ...COURSE.fixtureTexts }),
        );
      }
    }
  });
});

describe('receipt format version 2', () => {
  const v2 = (chapters: Record<string, ChapterReceipt>, extensions?: Record<string, unknown>) =>
    createReceipt({
      course: { title: 'MCP Message Lab', version: '1.2.3' },
      learner: 'Cy',
      createdAt: '2026-11-30T10:00:00.000Z',
      chapters,
      ...(extensions ? { extensions } : {}),
    });

  it("leaves a table loaded from someone's link out of the learner's figures and the class's, and says so", () => {
    const chapters = goodChapters();
    chapters['05-retries']!.tables!['retries-practice']!.fromLink = true;
    const roster = gradeReceipts([{ source: 'cy.json', content: v2(chapters) }], COURSE);
    const entry = roster.entries[0]!;
    if (entry.kind !== 'counted') throw new Error(entry.kind);
    expect(entry.chapters['05-retries']).toMatchObject({ practice: { correct: 0, total: 0 }, fromLink: 1 });
    expect(entry.notes).toContain(
      "1 decision table holds answers loaded from someone's shared link: shown, not counted as this learner's work.",
    );
    // Its wrong layer cell (jsonrpc-envelope) is nowhere in the distribution.
    const layer = roster.distribution.find((d) => d.scenarioId === 'unknown-method' && d.column === 'layer')!;
    expect(layer.answers.map((a) => a.value)).toEqual(['method-dispatch']);
  });

  it('counts code labs as self-reported results, with their hints and solutions', () => {
    const chapters = goodChapters();
    chapters['01-shapes']!.codeLabs = {
      'request-or-notification': {
        passed: true,
        attempts: 3,
        hints: 1,
        solutionShown: false,
        at: '2026-11-30T10:00:00Z',
      },
      'minimal-classify': { passed: false, hints: 0, solutionShown: true, imported: true, at: '2026-11-30T10:00:00Z' },
    };
    const entry = counted(gradeReceipt(v2(chapters), COURSE, 'cy.json'));
    expect(entry.chapters['01-shapes']!.codeLabs).toEqual({ passed: 1, total: 2 });
    expect(entry.chapters['01-shapes']!.imported).toBe(1);
    expect(entry.notes.some((n) => /imported progress file/.test(n))).toBe(true);
  });

  it('reads a version 1 receipt as before', () => {
    const { digest: _d, ...body } = receiptFor('Ada', goodChapters());
    const v1 = sealReceipt({ ...body, version: 1 });
    const entry = counted(gradeReceipt(serializeReceipt(v1), COURSE, 'ada-v1.json'));
    expect(entry.chapters['05-retries']).toMatchObject({ status: 'passed', practice: { correct: 2, total: 3 } });
  });

  it('refuses version 2 members in a version 1 receipt', () => {
    const { digest: _d, ...body } = receiptFor('Ada', goodChapters());
    const chapters = goodChapters();
    chapters['05-retries']!.tables!['retries-practice']!.fromLink = true;
    const v1 = sealReceipt({ ...body, version: 1, chapters });
    expect(gradeReceipt(v1, COURSE, 'x.json')).toMatchObject({ kind: 'flagged', reason: 'malformed' });
  });

  it('carries extensions, noted and never graded; refuses one nested too deep', () => {
    const entry = counted(gradeReceipt(v2(goodChapters(), { room: { code: 'ab12', events: [1, 2] } }), COURSE, 'cy'));
    expect(entry.notes).toContain('Carries extension data (room), which the roster does not grade.');
    let deep: unknown = 1;
    for (let i = 0; i < 20; i++) deep = [deep];
    expect(gradeReceipt(v2(goodChapters(), { deep }), COURSE, 'cy')).toMatchObject({
      kind: 'flagged',
      reason: 'malformed',
      message: expect.stringMatching(/extensions\.deep: an extension is plain JSON/),
    });
  });
});
