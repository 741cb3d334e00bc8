/**
 * The page's side of type-checking: one worker with the TypeScript compiler (types/type-check.worker.ts), started
 * the first time a lab runs or "Check types" is pressed, never before (it is the largest download of a lab), and
 * the display of what it finds. This module itself loads with the first check (counted with the compiler).
 */
import { diagnosticSource } from '../../../../exercises/support/type-check.ts';
import type { LabDiagnostic, TypeCheckReply, TypeCheckRequest } from '../types/protocol.ts';
import type { CodePosition } from '../worker/protocol.ts';
import type { EditorDiagnostic } from './editor.ts';

/** How a type check ended. */
export type TypeCheckOutcome =
  { kind: 'checked'; diagnostics: LabDiagnostic[]; ms: number } | { kind: 'unavailable'; message: string };

let worker: Worker | undefined;
/** Whether the compiler has loaded in the current worker; until then, what to run when it has. */
let compilerLoaded = false;
const onCompilerLoaded = new Set<() => void>();
let nextId = 1;
const pending = new Map<number, (outcome: TypeCheckOutcome) => void>();

function failAll(message: string): void {
  for (const resolve of pending.values()) resolve({ kind: 'unavailable', message });
  pending.clear();
  worker?.terminate();
  worker = undefined;
  compilerLoaded = false;
  onCompilerLoaded.clear();
}

function startWorker(): Worker {
  const w = new Worker(new URL('../types/type-check.worker.ts', import.meta.url), {
    type: 'module',
    name: 'code-lab-types',
  });
  w.onmessage = (event: MessageEvent<TypeCheckReply>) => {
    const reply = event.data;
    if (reply.type === 'ready') {
      compilerLoaded = true;
      for (const run of onCompilerLoaded) run();
      onCompilerLoaded.clear();
      return;
    }
    const resolve = pending.get(reply.id);
    pending.delete(reply.id);
    resolve?.(
      reply.type === 'checked'
        ? { kind: 'checked', diagnostics: reply.diagnostics, ms: reply.ms }
        : { kind: 'unavailable', message: reply.message },
    );
  };
  w.onerror = (event) => {
    event.preventDefault();
    failAll(event.message || 'the TypeScript compiler could not be loaded (offline, and not stored yet?)');
  };
  return w;
}

/** Type-checks `code` as the learner's file of `exercise`. Never rejects. */
function typeCheck(exercise: string, code: string): Promise<TypeCheckOutcome> {
  worker ??= startWorker();
  const id = nextId++;
  const request: TypeCheckRequest = { id, exercise, code };
  return new Promise((resolve) => {
    pending.set(id, resolve);
    worker!.postMessage(request);
  });
}

/** What checkAndShow needs from the lab. */
export interface TypesHost {
  lab: HTMLElement;
  /** The types box: a status line ([data-role="types-status"]) and a list ([data-role="type-errors"]). */
  box: HTMLElement;
  exercise: string;
  code: string;
  /** False once a newer check has started: this one's answer is then dropped. */
  current(): boolean;
  lineLink(position: CodePosition): HTMLElement;
  mark(diagnostics: EditorDiagnostic[]): void;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Checks the code, then lists what the check found, marks it in the editor and says so in the types status. */
export async function checkAndShow(host: TypesHost): Promise<TypeCheckOutcome> {
  const started = performance.now();
  const status = host.box.querySelector<HTMLElement>('[data-role="types-status"]')!;
  const pendingCheck = typeCheck(host.exercise, host.code);
  // The first check waits for the compiler to download and start, then for it to read the declarations once:
  // say which of the two is under way, so a slow network is not mistaken for a hung check.
  if (!compilerLoaded)
    onCompilerLoaded.add(() => {
      if (host.current())
        status.textContent = 'Checking types… the compiler has loaded; reading the declarations (step 2 of 2)';
    });
  const outcome = await pendingCheck;
  if (!host.current()) return outcome;
  const list = host.box.querySelector<HTMLElement>('[data-role="type-errors"]')!;
  const { dataset } = host.lab;
  list.replaceChildren();
  if (outcome.kind === 'unavailable') {
    dataset.types = 'unavailable';
    status.textContent = `Types could not be checked: ${outcome.message}.`;
    return outcome;
  }
  const { diagnostics } = outcome;
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  dataset.types = errors > 0 ? 'errors' : 'clean';
  dataset.lastTypesMs = String(Math.round(performance.now() - started));
  status.textContent =
    diagnostics.length === 0
      ? 'Types: no errors.'
      : diagnostics[0]!.kind === 'syntax'
        ? `Types: your code does not parse (${plural(diagnostics.length, 'syntax error')}), marked in the editor.`
        : `Types: ${plural(errors, 'error')}, marked in the editor.`;
  list.hidden = diagnostics.length === 0;
  for (const d of diagnostics) {
    const item = document.createElement('li');
    item.className = 'cl-fail cl-type-error';
    const title = document.createElement('strong');
    title.textContent = d.kind === 'syntax' ? 'Syntax error: ' : d.kind === 'exports' ? 'Exports: ' : 'Type error: ';
    const why = document.createElement('span');
    why.className = 'cl-type-message';
    why.textContent = `${d.message} (${diagnosticSource(d)})`;
    item.append(title, why, host.lineLink({ line: d.line, column: d.column }));
    list.append(item);
  }
  host.mark(
    diagnostics.map((d) => ({
      line: d.line,
      column: d.column,
      endLine: d.endLine,
      endColumn: d.endColumn,
      message: d.message,
      severity: d.severity,
      source: diagnosticSource(d),
    })),
  );
  return outcome;
}
