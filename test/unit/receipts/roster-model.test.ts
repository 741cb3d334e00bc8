/**
 * The one CSV builder over the roster model: every cell from other people (a learner's name, a room's title, a
 * receipt's file name) goes through the formula guard, whichever origin the marks have; wrong decision-table cells
 * name their misconception by the name content/scenarios/misconceptions.json gives it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { marksCsv, marksCsvRows, type Marks, type MarkedLearner } from '../../../src/receipts/roster-model.ts';
import { parseCsv } from '../../support/csv.ts';

const MISCONCEPTIONS = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../content/scenarios/misconceptions.json'), 'utf8'),
) as { misconceptions: { id: string; name: string }[] };
const named = (id: string) => MISCONCEPTIONS.misconceptions.find((m) => m.id === id)!.name;

const learner = (name: string, extra: Partial<MarkedLearner> = {}): MarkedLearner => ({
  name,
  counted: true,
  standing: 'in the room',
  chapters: { ch: { status: 'failing', label: 'Not passed', check: { correct: 1, total: 3, passed: false } } },
  practice: { correct: 0, total: 0 },
  checkCells: { correct: 0, total: 0 },
  codeLabs: { passed: 0, total: 0 },
  graded: {},
  hints: 0,
  solutions: 0,
  fromLink: 0,
  cells: [],
  notes: [],
  ...extra,
});

describe('the roster CSV builder', () => {
  it('guards every cell that starts with = + - @, a tab or a carriage return, from any origin', () => {
    const marks: Marks = {
      origin: 'room',
      room: { title: '@SUM(A1:A9)', code: 'ACDEFGHJ' },
      chapters: [{ id: 'ch', title: '+Errors' }],
      learners: [learner('=HYPERLINK("http://evil.test","x")'), learner('\tTab'), learner('\rReturn'), learner('-2')],
    };
    const csv = marksCsv(marks);
    // OWASP's CSV injection advice: prefix such a cell with a single quote, and quote a cell holding a quote.
    expect(csv).toContain(`\r\n"'=HYPERLINK(""http://evil.test"",""x"")",`);
    expect(csv).toContain("\r\n'\tTab,");
    expect(csv).toContain(`\r\n"'\rReturn",`);
    expect(csv).toContain("\r\n'-2,");
    expect(csv).toContain(",'@SUM(A1:A9),ACDEFGHJ,");
    expect(csv.split('\r\n')[0]).toContain(",'+Errors: status,");
    expect(csv).not.toMatch(/(^|\r\n|,)[=+\-@]/);
  });

  it('names the misconception behind a wrong cell, and the answer chosen by its label', () => {
    const marks: Marks = {
      origin: 'receipts',
      chapters: [{ id: 'ch', title: 'Errors' }],
      learners: [
        learner('Ada', {
          cells: [
            {
              scenarioId: 'backend-unavailable',
              column: 'retry',
              given: 'never-as-is',
              result: 'incorrect',
              misconceptionId: 'timeout-means-nothing-happened',
            },
            { scenarioId: 'unknown-method', column: 'layer', given: 'method-dispatch', result: 'correct' },
          ],
        }),
      ],
    };
    const [header, row] = parseCsv(marksCsv(marks));
    const value = (suffix: string, scenario: string) => {
      const at = header!.findIndex((h) => h.startsWith(scenario) && h.endsWith(suffix));
      expect(at, `${scenario} …${suffix}`).toBeGreaterThan(-1);
      return row![at];
    };
    expect(value(': misconception', 'Unavailable backend')).toBe(named('timeout-means-nothing-happened'));
    expect(value(': result', 'Unavailable backend')).toBe('incorrect');
    expect(value(': misconception', 'Unknown method')).toBe('');
    expect(value(': result', 'Unknown method')).toBe('correct');
    // The receipts leave the room's columns blank.
    expect(row![header!.indexOf('room')]).toBe('');
    expect(marksCsvRows(marks)).toHaveLength(2);
  });
});
