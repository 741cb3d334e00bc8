/**
 * Runs an exercise's cases against a module. Shared by the in-page runner (a Web Worker), `npm run exercises` and
 * the CI check, so every place that says "passed" means the same thing. No Node or DOM APIs.
 */
import type { ExerciseCasesModule } from './manifest.ts';

/** The outcome of one case. */
export interface CaseResult {
  name: string;
  passed: boolean;
  /** Why it failed: the case's own explanation, or the error the learner's code threw. */
  message?: string;
  /** The thrown value, for callers that map a stack trace onto the learner's code. */
  error?: unknown;
}

/** The exports a module lacks, of those the cases call. */
export function missingExports(
  cases: Pick<ExerciseCasesModule, 'EXPORTS'>,
  exercise: Record<string, unknown>,
): string[] {
  return cases.EXPORTS.filter((name) => typeof exercise[name] !== 'function');
}

/** Turns anything thrown into one readable sentence. */
export function describeThrown(error: unknown): string {
  if (error instanceof Error) {
    const name = error.name && error.name !== 'Error' ? `${error.name}: ` : '';
    return `${name}${error.message}`;
  }
  try {
    return `Threw ${JSON.stringify(error) ?? String(error)}`;
  } catch {
    return `Threw ${String(error)}`;
  }
}

/** The message of every case when the learner's module lacks an export the cases call. */
function missingExportsMessage(missing: readonly string[]): string {
  return `Your code does not export ${missing.map((n) => `a function named ${n}`).join(' or ')}. Keep the starter's export lines: export function ${missing[0]}(...) { ... }.`;
}

/** Runs one case. Never throws: a failed check, or a learner function that throws, is a failed case. */
export async function runCase(
  c: ExerciseCasesModule['CASES'][number],
  exercise: Record<string, unknown>,
  missing: readonly string[] = [],
): Promise<CaseResult> {
  if (missing.length > 0) return { name: c.name, passed: false, message: missingExportsMessage(missing) };
  try {
    await c.run(exercise as never);
    return { name: c.name, passed: true };
  } catch (error) {
    return { name: c.name, passed: false, message: describeThrown(error), error };
  }
}

/**
 * Runs every case in order and reports each result as soon as it is known. Never throws: a case that throws, or a
 * learner function that throws, is a failed case with a message.
 */
export async function runCases(
  cases: ExerciseCasesModule,
  exercise: Record<string, unknown>,
  onResult: (result: CaseResult) => void = () => {},
): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  const missing = missingExports(cases, exercise);
  for (const c of cases.CASES) {
    const result = await runCase(c, exercise, missing);
    results.push(result);
    onResult(result);
  }
  return results;
}
