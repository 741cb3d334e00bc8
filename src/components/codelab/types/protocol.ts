/** The messages between a code lab and its type-check worker. */
import type { LabDiagnostic } from '../../../../exercises/support/type-check.ts';

export type { LabDiagnostic };

/** Page → worker: check this code as the learner's file of this exercise. */
export interface TypeCheckRequest {
  id: number;
  exercise: string;
  code: string;
}

/** Worker → page. */
export type TypeCheckReply =
  | { type: 'ready' }
  | { type: 'checked'; id: number; diagnostics: LabDiagnostic[]; ms: number }
  | { type: 'failed'; id: number; message: string };
