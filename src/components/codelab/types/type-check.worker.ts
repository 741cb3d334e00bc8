/**
 * The code lab's type-check worker: the TypeScript compiler with the lab types (exercises/support/type-check.ts),
 * started by the page the first time a lab runs or "Check types" is pressed. It checks; it never runs learner code,
 * so it needs no sandbox: it reads a string and answers with diagnostics.
 *
 * The first check parses the standard library and the declarations (the slow part); later ones reuse them.
 */
import ts from 'typescript';
import labTypes from 'virtual:code-lab-types';
import { createLabTypeChecker } from '../../../../exercises/support/type-check.ts';
import type { TypeCheckReply, TypeCheckRequest } from './protocol.ts';

const checker = createLabTypeChecker(ts, labTypes);

self.addEventListener('message', (event: MessageEvent<TypeCheckRequest>) => {
  const { id, exercise, code } = event.data ?? {};
  if (typeof id !== 'number' || typeof exercise !== 'string' || typeof code !== 'string') return;
  const started = performance.now();
  let reply: TypeCheckReply;
  try {
    const diagnostics = checker.check(exercise, code);
    reply = { type: 'checked', id, diagnostics, ms: performance.now() - started };
  } catch (error) {
    reply = { type: 'failed', id, message: error instanceof Error ? error.message : String(error) };
  }
  self.postMessage(reply);
});

self.postMessage({ type: 'ready' } satisfies TypeCheckReply);
