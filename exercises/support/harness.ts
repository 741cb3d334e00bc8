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
    let result: CaseResult;
    if (missing.length > 0) {
      result = {
        name: c.name,
        passed: false,
        message: `Your code does not export ${missing.map((n) => `a function named ${n}`).join(' or ')}. Keep the starter's export lines: export function ${missing[0]}(...) { ... }.`,
      };
    } else {
      try {
        await c.run(exercise as never);
        result = { name: c.name, passed: true };
      } catch (error) {
        result = { name: c.name, passed: false, message: describeThrown(error), error };
      }
    }
    results.push(result);
    onResult(result);
  }
  return results;
}
