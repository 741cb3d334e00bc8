import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listExercises } from '../../../exercises/support/catalog.ts';
import { runCase, runCases, type CaseResult } from '../../../exercises/support/harness.ts';
import type { ExerciseCasesModule } from '../../../exercises/support/manifest.ts';
import { MISMATCH, recorder, replayer, type ExportCall } from '../../../src/components/codelab/worker/record-replay.ts';

const root = join(import.meta.dirname, '../../..');
// The exercises tested by cases (a probe-tested exercise is a whole server, with no cases to replay).
const exercises = listExercises();

/** What the two workers do, in one process: record against the module, copy the recording, replay it. */
async function throughReplay(cases: ExerciseCasesModule, module: Record<string, unknown>): Promise<CaseResult[]> {
  const { exercise, take } = recorder(module, cases.EXPORTS, () => undefined);
  const recordings: ExportCall[][] = [];
  for (const c of cases.CASES) {
    try {
      await c.run(exercise as never);
    } catch {
      // Only the recording matters on the learner's side.
    }
    // The structured clone is what crosses between the workers.
    recordings.push(structuredClone(take()));
  }
  const results: CaseResult[] = [];
  const present = cases.EXPORTS.filter((n) => typeof module[n] === 'function');
  for (const [i, c] of cases.CASES.entries()) {
    const replay = replayer(present, recordings[i]!);
    const stub = Object.fromEntries(present.map((n) => [n, replay.exercise[n]]));
    const missing = cases.EXPORTS.filter((n) => !present.includes(n));
    let result = await runCase(c, stub, missing);
    if (result.passed && replay.finish()) result = { name: c.name, passed: false, message: MISMATCH };
    results.push(result);
  }
  return results;
}

const verdicts = (results: CaseResult[]) =>
  results.map((r) => ({ name: r.name, passed: r.passed, message: r.message }));

describe('record and replay give every exercise the verdicts a direct run gives', () => {
  for (const { manifest } of exercises) {
    const { id } = manifest;
    for (const file of [manifest.files.problem, ...manifest.files.solutions]) {
      it(`${id}: ${file}`, async () => {
        const cases = (await import(join(root, 'exercises', id, 'cases.ts'))) as ExerciseCasesModule;
        const module = (await import(join(root, 'exercises', id, file))) as Record<string, unknown>;
        expect(verdicts(await throughReplay(cases, module))).toEqual(verdicts(await runCases(cases, module)));
      });
    }
  }
});

describe('a recording the learner worker tampered with', () => {
  /** A tiny exercise: double(n) must return n * 2, and it may ask the cases' own `log` function first. */
  const cases: ExerciseCasesModule = {
    EXPORTS: ['double'],
    CASES: [
      {
        name: 'doubles 21',
        run(ex: { double(n: number, tools: { log(s: string): string }): number }) {
          const tools = { log: (s: string) => `logged ${s}` };
          if (ex.double(21, tools) !== 42) throw new Error('not 42');
        },
      },
    ],
  } as ExerciseCasesModule;
  const judge = async (recording: ExportCall[]) => {
    const replay = replayer(['double'], recording);
    const result = await runCase(cases.CASES[0]!, replay.exercise);
    return result.passed && replay.finish() ? { passed: false, message: replay.finish() } : result;
  };
  const honest = (): ExportCall[] => [
    {
      name: 'double',
      args: [21, { log: { '\u0000code-lab': 'handle', id: 0 } }],
      calls: [{ handle: 0, args: ['x'], outcome: { kind: 'returned', value: 'logged x' } }],
      outcome: { kind: 'returned', value: 42 },
    },
  ];

  it('passes when it is what an honest run records', async () => {
    expect((await judge(honest())).passed).toBe(true);
  });

  it('fails when the arguments differ from the ones the checker passes', async () => {
    const r = honest();
    r[0]!.args[0] = 20;
    expect(await judge(r)).toMatchObject({ passed: false, message: MISMATCH });
  });

  it('fails when a call back into the cases claims a result the cases do not give', async () => {
    const r = honest();
    r[0]!.calls[0]!.outcome = { kind: 'returned', value: 'something else' };
    expect(await judge(r)).toMatchObject({ passed: false, message: MISMATCH });
  });

  it('fails when it claims calls the case never made', async () => {
    const r = [...honest(), ...honest()];
    expect(await judge(r)).toMatchObject({ passed: false, message: MISMATCH });
  });

  it('fails when it is missing, and when it names a handle that does not exist', async () => {
    expect(await judge([])).toMatchObject({ passed: false, message: MISMATCH });
    const r = honest();
    r[0]!.calls[0]!.handle = 7;
    expect(await judge(r)).toMatchObject({ passed: false, message: MISMATCH });
  });

  it('judges a wrong answer as wrong, whatever else it says', async () => {
    const r = honest();
    r[0]!.outcome = { kind: 'returned', value: 41 };
    expect(await judge(r)).toMatchObject({ passed: false, message: 'not 42' });
  });
});
