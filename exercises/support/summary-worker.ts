/**
 * Runs one exercise's cases against one file in a worker thread, so that `npm run exercises` can stop a file that
 * loops forever. Receives { casesUrl, moduleUrl }, posts the results.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { runCases } from './harness.ts';
import type { ExerciseCasesModule } from './manifest.ts';

const { casesUrl, moduleUrl } = workerData as { casesUrl: string; moduleUrl: string };
try {
  const cases = (await import(/* @vite-ignore */ casesUrl)) as ExerciseCasesModule;
  const exercise = (await import(/* @vite-ignore */ moduleUrl)) as Record<string, unknown>;
  const results = await runCases(cases, exercise);
  parentPort?.postMessage({ results: results.map(({ name, passed, message }) => ({ name, passed, message })) });
} catch (error) {
  parentPort?.postMessage({ loadError: error instanceof Error ? error.message : String(error) });
}
