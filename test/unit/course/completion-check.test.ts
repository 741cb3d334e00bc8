import { describe, expect, it } from 'vitest';
import { gradeCompletionCheck } from '#course';

// Fixture texts written by hand for these tests.
const TEXTS = {
  ping: '{"jsonrpc":"2.0","id":4,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}',
  note: '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":4}}',
  broken: '{"jsonrpc":"2.0","id":4,',
};

const check = {
  chapter: 'error-semantics-and-retries',
  questions: [
    {
      id: 'a-request',
      type: 'classify',
      fixture: 'ping',
      protocol: '2026-07-28',
      ask: ['kind', 'reply'],
      prompt: 'What is it and what is owed?',
    },
    {
      id: 'a-notification',
      type: 'classify',
      fixture: 'note',
      protocol: '2026-07-28',
      ask: ['reply'],
      prompt: 'What is owed?',
    },
    {
      id: 'broken',
      type: 'classify',
      fixture: 'broken',
      protocol: '2026-07-28',
      ask: ['kind', 'reply'],
      prompt: 'What happens?',
    },
    {
      id: 'timeout',
      type: 'choice',
      prompt: 'A timeout means…',
      options: [
        {
          id: 'unknown',
          text: 'the outcome is unknown',
          correct: true,
          why: 'No response arrived; the work may have happened.',
        },
        { id: 'failed', text: 'it failed', correct: false, why: 'A timeout says nothing about the outcome.' },
      ],
    },
    { id: 'table', type: 'decision-table', scenarios: ['unknown-method'] },
    {
      id: 'why',
      type: 'self-assessed',
      prompt: 'Justify the retry decision.',
      rubric: ['Names the layer.', 'Says why a retry cannot help.'],
    },
  ],
};

const right = {
  'a-request': { kind: 'request', reply: { send: 'response' } },
  'a-notification': { reply: { send: 'nothing' } },
  broken: { kind: 'parse-error', reply: { send: 'error', code: -32700 } },
  timeout: { choice: 'unknown' },
  table: {
    table: { 'unknown-method': { layer: 'method-dispatch', userSees: 'integration-error', retry: 'never-as-is' } },
  },
  why: { text: 'The router finds no handler; the same request fails every time.', rubricMet: [true, true] },
};

describe('gradeCompletionCheck', () => {
  it('passes a check answered as the spec says', () => {
    const grade = gradeCompletionCheck(check, right, TEXTS);
    expect(grade.kind).toBe('graded');
    if (grade.kind !== 'graded') return;
    expect(grade.passed).toBe(true);
    expect(grade.correct).toBe(5);
    expect(grade.total).toBe(5);
    expect(grade.selfAssessed).toBe(1);
  });

  it('marks a request predicted as a notification wrong and says what the classifier says', () => {
    const grade = gradeCompletionCheck(
      check,
      { ...right, 'a-request': { kind: 'notification', reply: { send: 'nothing' } } },
      TEXTS,
    );
    if (grade.kind !== 'graded') throw new Error(grade.message);
    const q = grade.questions.find((x) => x.id === 'a-request')!;
    expect(q.verdict).toBe('incorrect');
    expect(q.feedback).toMatch(/classifier says request/);
    expect(grade.passed).toBe(false);
  });

  it('wants the code of an error reply: a parse error is -32700, not -32600', () => {
    const grade = gradeCompletionCheck(
      check,
      { ...right, broken: { kind: 'parse-error', reply: { send: 'error', code: -32600 } } },
      TEXTS,
    );
    if (grade.kind !== 'graded') throw new Error(grade.message);
    expect(grade.questions.find((x) => x.id === 'broken')!.verdict).toBe('incorrect');
  });

  it('grades a notification as owed nothing', () => {
    const grade = gradeCompletionCheck(check, { ...right, 'a-notification': { reply: { send: 'response' } } }, TEXTS);
    if (grade.kind !== 'graded') throw new Error(grade.message);
    expect(grade.questions.find((x) => x.id === 'a-notification')!.verdict).toBe('incorrect');
  });

  it("grades a wrong choice with that option's explanation", () => {
    const grade = gradeCompletionCheck(check, { ...right, timeout: { choice: 'failed' } }, TEXTS);
    if (grade.kind !== 'graded') throw new Error(grade.message);
    const q = grade.questions.find((x) => x.id === 'timeout')!;
    expect(q.verdict).toBe('incorrect');
    expect(q.feedback).toBe('A timeout says nothing about the outcome.');
  });

  it('grades a decision-table question cell by cell, naming the misconception', () => {
    const grade = gradeCompletionCheck(
      check,
      {
        ...right,
        table: {
          table: {
            'unknown-method': { layer: 'method-dispatch', userSees: 'integration-error', retry: 'with-backoff' },
          },
        },
      },
      TEXTS,
    );
    if (grade.kind !== 'graded') throw new Error(grade.message);
    const q = grade.questions.find((x) => x.id === 'table')!;
    expect(q.verdict).toBe('incorrect');
    expect(q.cells?.find((c) => c.column === 'retry')?.misconception?.id).toBe('method-not-found-is-transient');
  });

  it('records a self-assessed answer without grading it, counting the ticked rubric points', () => {
    const grade = gradeCompletionCheck(check, { ...right, why: { text: 'Because.', rubricMet: [true, false] } }, TEXTS);
    if (grade.kind !== 'graded') throw new Error(grade.message);
    const q = grade.questions.find((x) => x.id === 'why')!;
    expect(q.verdict).toBe('self-assessed');
    expect(q.rubricMet).toEqual({ met: 1, of: 2 });
    expect(grade.passed).toBe(true);
  });

  it('does not grade half a prediction: it says which part is missing', () => {
    const grade = gradeCompletionCheck(check, { ...right, 'a-request': { kind: 'request' } }, TEXTS);
    if (grade.kind !== 'graded') throw new Error(grade.message);
    const q = grade.questions.find((x) => x.id === 'a-request')!;
    expect(q.verdict).toBe('unanswered');
    expect(q.missing).toEqual(['reply']);
    expect(q.feedback).toMatch(/what the receiver sends back/);
    expect(grade.passed).toBe(false);
  });

  it('gives feedback without a verdict word, so the widget\'s "Right." is not doubled', () => {
    const grade = gradeCompletionCheck(check, right, TEXTS);
    if (grade.kind !== 'graded') throw new Error(grade.message);
    for (const q of grade.questions) expect(q.feedback).not.toMatch(/^(Right|Correct|Not right|Not quite)\b/);
  });

  it('treats missing answers as unanswered and does not pass', () => {
    const grade = gradeCompletionCheck(check, {}, TEXTS);
    if (grade.kind !== 'graded') throw new Error(grade.message);
    expect(grade.questions.every((q) => q.verdict === 'unanswered')).toBe(true);
    expect(grade.passed).toBe(false);
  });

  it('cannot grade a classify question whose fixture text is missing, and says which', () => {
    const grade = gradeCompletionCheck(check, right, { note: TEXTS.note, broken: TEXTS.broken });
    if (grade.kind !== 'graded') throw new Error(grade.message);
    const q = grade.questions.find((x) => x.id === 'a-request')!;
    expect(q.verdict).toBe('invalid');
    expect(q.feedback).toMatch(/"ping"/);
  });

  it('refuses a check that is not valid, naming the field, without throwing', () => {
    expect(gradeCompletionCheck({ chapter: 'five', questions: [] }, {})).toMatchObject({ kind: 'invalid-input' });
    const bad = gradeCompletionCheck(
      { ...check, questions: [{ id: 't', type: 'decision-table', scenarios: ['no-such-scenario'] }] },
      {},
    );
    expect(bad.kind).toBe('invalid-input');
    if (bad.kind === 'invalid-input') expect(bad.message).toMatch(/scenarios/);
  });

  it('refuses answers that are not an object', () => {
    expect(gradeCompletionCheck(check, [1, 2], TEXTS)).toMatchObject({ kind: 'invalid-input' });
  });

  it('survives hostile answers', () => {
    const hostile = JSON.parse(
      '{"__proto__":{"kind":"request"},"a-request":{"kind":{"toString":1},"reply":"nothing"},"table":{"table":[1,2]}}',
    );
    const grade = gradeCompletionCheck(check, hostile, TEXTS);
    expect(grade.kind).toBe('graded');
  });
});
