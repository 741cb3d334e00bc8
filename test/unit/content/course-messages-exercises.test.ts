/**
 * Self-consistency of the exercises: every message an exercise's cases classify (run against each worked solution) is
 * classified under the version the case uses. A message the exercise shows broken on purpose is marked with the
 * `broken()` helper in its cases.ts (its MEANT_BROKEN set) and must classify as broken; every other must have no error
 * finding, and every marked message must actually be used. classifyMessage is wrapped (vi.mock) only to record the
 * calls; it answers as usual.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Classification } from '#message-model';
import { errorsOf, isBroken } from '../../support/course-messages.ts';

const calls: { input: unknown; protocol: string | undefined; c: Classification }[] = [];
vi.mock('#message-model', async (importOriginal) => {
  const model = await importOriginal<typeof import('#message-model')>();
  return {
    ...model,
    classifyMessage: (input: unknown, options?: { protocol?: unknown }) => {
      const c = model.classifyMessage(input, options as Parameters<typeof model.classifyMessage>[1]);
      calls.push({ input, protocol: typeof options?.protocol === 'string' ? options.protocol : undefined, c });
      return c;
    },
  };
});

interface CasesModule {
  CASES: { name: string; run(exercise: unknown): unknown }[];
  MEANT_BROKEN?: Set<string>;
}
const casesFiles = import.meta.glob<CasesModule>('../../../exercises/*/cases.ts');
const solutionFiles = import.meta.glob('../../../exercises/*/*.solution.ts');
const exerciseOf = (path: string) => /exercises\/([^/]+)\//.exec(path)![1]!;

describe.each(Object.keys(casesFiles).map((p) => [exerciseOf(p), p] as const))('exercise %s', (exercise, path) => {
  it('classifies the messages it shows as their markup says', async () => {
    const cases = await casesFiles[path]!();
    const meantBroken = cases.MEANT_BROKEN ?? new Set<string>();
    const solutions = Object.keys(solutionFiles).filter((p) => exerciseOf(p) === exercise);
    expect(solutions.length).toBeGreaterThan(0);
    const problems: string[] = [];
    const used = new Set<string>();
    for (const solutionPath of solutions) {
      const solution = await solutionFiles[solutionPath]!();
      const from = calls.length;
      for (const c of cases.CASES) await c.run(solution);
      for (const { input, protocol, c } of calls.slice(from)) {
        const text = typeof input === 'string' ? input : JSON.stringify(input);
        const broken = meantBroken.has(text);
        if (broken) used.add(text);
        if (broken !== isBroken(c))
          problems.push(
            `${text.slice(0, 120)} under ${protocol ?? 'the default protocol'}: ${broken ? 'marked broken, but valid' : `${c.kind} [${errorsOf(c).join(', ')}]; mark it with broken() if that is the point`}`,
          );
      }
    }
    expect([...new Set(problems)]).toEqual([]);
    expect(
      [...meantBroken].filter((t) => !used.has(t)),
      'marked broken but never classified',
    ).toEqual([]);
  });
});
