/**
 * The LMS identifier a room asks for at join: what the field is called for each kind, and the check the join page
 * and the server both run on what a learner typed. The identifier itself follows the receipts' rule (LmsIdSchema in
 * src/receipts/lms-id.ts: one word of printable text, at most 254 characters); a room that asks for an e-mail
 * address also needs an address (zod's e-mail format). Kept apart from the display name, stored per learner, read
 * only by exports. Pure; runs in the browser and on the server.
 */
import { z } from 'zod';
import { LmsIdSchema } from '../receipts/lms-id.ts';
import { checkText } from './names.ts';
import { MAX_LMS_LABEL_CHARS, type LmsIdKind } from './protocol.ts';

/** What a room asks: the kind of identifier and the label learners see above the field. */
export interface LmsIdAsk {
  kind: LmsIdKind;
  label: string;
}

/** Each kind in words, for the instructor's choice and the field's label when the instructor gives none. */
export const LMS_ID_KIND_NAMES: Readonly<Record<LmsIdKind, string>> = {
  login: 'LMS login',
  email: 'e-mail address',
  'student-id': 'student ID',
};

/** The label learners see when the instructor gives none: "Your student ID". */
export function defaultLmsIdLabel(kind: LmsIdKind): string {
  return `Your ${LMS_ID_KIND_NAMES[kind]}`;
}

/** The instructor's label, tidied (blank gives the kind's own), or why it cannot be used. */
export function checkLmsIdLabel(
  raw: string | undefined,
  kind: LmsIdKind,
): { kind: 'ok'; label: string } | { kind: 'invalid'; reason: string } {
  if (raw === undefined || raw.trim() === '') return { kind: 'ok', label: defaultLmsIdLabel(kind) };
  const check = checkText(raw, MAX_LMS_LABEL_CHARS, 'label');
  return check.kind === 'ok' ? { kind: 'ok', label: check.text } : check;
}

const EmailSchema = z.email();

/** What a learner typed for the room's LMS identifier, trimmed and checked, or why it cannot be used. */
export function checkLmsId(
  raw: string | undefined,
  ask: LmsIdAsk,
): { kind: 'ok'; id: string } | { kind: 'missing' | 'invalid'; reason: string } {
  const id = (raw ?? '').trim();
  const what = LMS_ID_KIND_NAMES[ask.kind];
  if (id === '')
    return { kind: 'missing', reason: `Your instructor asks for your ${what}: type it in “${ask.label}”.` };
  if (!LmsIdSchema.safeParse(id).success) {
    return {
      kind: 'invalid',
      reason: `Type your ${what} as one word of at most 254 printable characters: no spaces, commas or semicolons.`,
    };
  }
  if (ask.kind === 'email' && !EmailSchema.safeParse(id).success) {
    return { kind: 'invalid', reason: 'Type your e-mail address in full, such as ada@example.edu.' };
  }
  return { kind: 'ok', id };
}
