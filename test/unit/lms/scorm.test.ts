/**
 * The SCORM adapter's pure parts. Expected values come from the SCORM documents:
 * - SCORM 1.2 RTE §3.4.2: cmi.core.lesson_status is "passed, completed, failed, incomplete, browsed, not attempted";
 *   cmi.core.session_time is a CMITimespan, "HHHH:MM:SS.SS"; cmi.suspend_data is a CMIString4096.
 * - SCORM 2004 4th ed. RTE §4.2: completion_status "completed, incomplete, not attempted, unknown", success_status
 *   "passed, failed, unknown", score.scaled a real in [-1, 1]; session_time a timeinterval (second,10,2), ISO 8601
 *   "PT…S"; suspend_data a characterstring of SPM 64000.
 * - The course's rule (src/progress/items.ts): a chapter is done when every item on its checklist is done.
 */
import { describe, expect, it } from 'vitest';
import {
  chapterReport,
  interactionValues,
  reportValues,
  sessionTime,
  SUSPEND_LIMIT,
} from '../../../src/lms/scorm/cmi.ts';
import { decodeSuspend, encodeSuspend } from '../../../src/lms/scorm/suspend.ts';
import { relativeAddress, relativizeJs } from '../../../src/lms/scorm/package.ts';
import type { ProgressItem } from '../../../src/progress/items.ts';
import type { ChapterProgress } from '../../../src/progress/schema.ts';

const AT = '2026-12-01T10:00:00.000Z';
const ITEMS: ProgressItem[] = [{ type: 'check', id: 'completion' }, { type: 'self-mark' }];
const empty: ChapterProgress = { checks: {}, widgets: {}, codeLabs: {} };

describe('chapter report', () => {
  it('passed when every checklist item is done: 1.2 passed 100 of 100, 2004 completed, passed, scaled 1', () => {
    const done: ChapterProgress = {
      ...empty,
      selfMark: { canExplain: true, at: AT },
      checks: { completion: { passed: true, correct: 5, total: 5, at: AT } },
    };
    const report = chapterReport(ITEMS, done);
    expect(reportValues('scorm12', report)).toEqual([
      ['cmi.core.lesson_status', 'passed'],
      ['cmi.core.score.min', '0'],
      ['cmi.core.score.max', '100'],
      ['cmi.core.score.raw', '100'],
    ]);
    expect(Object.fromEntries(reportValues('scorm2004', report))).toMatchObject({
      'cmi.completion_status': 'completed',
      'cmi.success_status': 'passed',
      'cmi.score.scaled': '1',
    });
  });
  it('failed when the completion check was tried and not passed; half the checklist is a score of 50', () => {
    const report = chapterReport(ITEMS, {
      ...empty,
      selfMark: { canExplain: true, at: AT },
      checks: { completion: { passed: false, correct: 2, total: 5, at: AT } },
    });
    expect(reportValues('scorm12', report)).toContainEqual(['cmi.core.lesson_status', 'failed']);
    expect(reportValues('scorm12', report)).toContainEqual(['cmi.core.score.raw', '50']);
    expect(Object.fromEntries(reportValues('scorm2004', report))).toMatchObject({
      'cmi.completion_status': 'incomplete',
      'cmi.success_status': 'failed',
      'cmi.score.scaled': '0.5',
    });
  });
  it('passed by the course’s one rule: a passed completion check decides, even before the self-mark', () => {
    // src/course/marking.ts: "with a completion check, passed when the graded check passed" (receipts and the room
    // mark the same chapter passed).
    const report = chapterReport(ITEMS, {
      ...empty,
      checks: { completion: { passed: true, correct: 5, total: 5, at: AT } },
    });
    expect(reportValues('scorm12', report)).toContainEqual(['cmi.core.lesson_status', 'passed']);
    expect(Object.fromEntries(reportValues('scorm2004', report))).toMatchObject({
      'cmi.completion_status': 'incomplete',
      'cmi.success_status': 'passed',
    });
  });
  it('a chapter for reading is completed once opened, with no score; one not started is incomplete, unknown', () => {
    expect(reportValues('scorm12', chapterReport([], undefined))).toEqual([['cmi.core.lesson_status', 'completed']]);
    expect(reportValues('scorm2004', chapterReport(ITEMS, undefined)).slice(0, 2)).toEqual([
      ['cmi.completion_status', 'incomplete'],
      ['cmi.success_status', 'unknown'],
    ]);
  });
  it('records a graded item as an interaction in each version’s vocabulary', () => {
    const action = {
      kind: 'completion-check' as const,
      chapter: 'errors-on-streamable-http',
      item: 'completion',
      correct: 3,
      total: 5,
      passed: false,
      answers: {},
      at: '2026-12-01T10:20:30.456Z',
    };
    expect(interactionValues('scorm12', 4, action)).toEqual([
      ['cmi.interactions.4.id', 'errors-on-streamable-http.completion'],
      ['cmi.interactions.4.type', 'performance'],
      ['cmi.interactions.4.time', '10:20:30'],
      ['cmi.interactions.4.student_response', '3/5'],
      ['cmi.interactions.4.result', 'wrong'],
    ]);
    expect(Object.fromEntries(interactionValues('scorm2004', 0, action))).toMatchObject({
      'cmi.interactions.0.timestamp': '2026-12-01T10:20:30.45Z',
      'cmi.interactions.0.result': 'incorrect',
    });
  });
  it('writes session time as CMITimespan and as an ISO 8601 duration', () => {
    expect(sessionTime('scorm12', 3_723_450)).toBe('0001:02:03.45');
    expect(sessionTime('scorm2004', 1500)).toBe('PT1.5S');
  });
});

describe('suspend data', () => {
  const record: ChapterProgress = {
    ...empty,
    checks: { completion: { passed: true, correct: 5, total: 5, answers: { q1: { kind: 'error' } }, at: AT } },
    widgets: {
      table: { kind: 'decision-table', state: { answers: { a: 'retry' } }, done: true, at: AT },
    },
  };
  it('reads back what it wrote, for the chapter it was written for only', async () => {
    const { text, tier } = await encodeSuspend('05-x', record, SUSPEND_LIMIT.scorm12);
    expect(tier).toBe('full');
    expect(await decodeSuspend('05-x', text)).toEqual({ kind: 'record', record });
    expect(await decodeSuspend('06-y', text)).toMatchObject({ kind: 'unreadable' });
    expect(await decodeSuspend('05-x', 'bookmark=3')).toMatchObject({ kind: 'unreadable' });
    expect(await decodeSuspend('05-x', '')).toEqual({ kind: 'empty' });
  });
  it('keeps the marks without answers and states when the whole record does not fit 4,096 characters', async () => {
    // Answers that do not compress: 6,000 characters of varied text in one widget's state.
    let seed = 7;
    const noise = Array.from({ length: 6000 }, () =>
      String.fromCharCode(33 + ((seed = (seed * 48271) % 2147483647) % 90)),
    ).join('');
    const big = { ...record, widgets: { table: { ...record.widgets.table!, state: { notes: noise } } } };
    const out = await encodeSuspend('05-x', big, SUSPEND_LIMIT.scorm12);
    expect(out.tier).toBe('marks');
    expect(out.text.length).toBeLessThanOrEqual(4096);
    const back = await decodeSuspend('05-x', out.text);
    expect(back).toMatchObject({ kind: 'record', record: { widgets: { table: { done: true, state: null } } } });
    expect((await encodeSuspend('05-x', big, SUSPEND_LIMIT.scorm2004)).tier).toBe('full');
  });
});

describe('package addresses', () => {
  const folders = new Set(['chapters/02-b']);
  const isFolder = (p: string) => folders.has(p);
  it('makes root addresses relative to the page, with index.html for folders', () => {
    expect(relativeAddress('/', 'chapters/01-a/index.html', isFolder)).toBe('../../index.html');
    expect(relativeAddress('/chapters/02-b/#h', 'chapters/01-a/index.html', isFolder)).toBe('../02-b/index.html#h');
    expect(relativeAddress('/chapters/02-b', 'index.html', isFolder)).toBe('chapters/02-b/index.html');
    expect(relativeAddress('/_astro/a.css?v=1', 'chapters/01-a/index.html', isFolder)).toBe('../../_astro/a.css?v=1');
  });
  it('resolves built modules’ root addresses against the module, not the origin', () => {
    const counts = { preloadBase: 0, assetUrls: 0, baseUrl: 0, pageUrls: 0 };
    const out = relativizeJs(
      't=function(e){return`/`+e};new Worker(new URL(`/_astro/w.js`,``+import.meta.url));x=`/chapters/${a}/`',
      counts,
    );
    expect(out).toBe(
      't=function(e){return new URL(`../`,import.meta.url).href+e};new Worker(new URL(new URL(`w.js`,import.meta.url).href,``+import.meta.url));x=`${new URL(`../`,import.meta.url).href}chapters/${a}/`',
    );
    expect(counts).toEqual({ preloadBase: 1, assetUrls: 1, baseUrl: 0, pageUrls: 1 });
  });
});
