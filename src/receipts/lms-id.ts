/**
 * The learner's LMS identifier (login, e-mail address or student ID, as the instructor asks), kept apart from the
 * display name: in a receipt it is the extension `lms-id` ({ version: 1, id }), which the receipt's digest covers
 * like the rest, and graders read it only to key gradebook exports. Never shown on a projector (the roster grid
 * and the room's dashboard show names only). Pure.
 */
import { z } from 'zod';
import { isPrintable } from '../lib/printable.ts';

/** The receipt extension's name. */
export const LMS_ID_EXTENSION = 'lms-id';
/** Longest identifier accepted: an e-mail address is at most 254 characters (RFC 5321's path limit). */
export const MAX_LMS_ID = 254;

/** One identifier: printable, no spaces at either end, no comma or semicolon (it keys a CSV row), 1–254 characters. */
export const LmsIdSchema = z
  .string()
  .min(1)
  .max(MAX_LMS_ID)
  .refine((id) => isPrintable(id) && id.trim() === id && !/[\s,;]/.test(id), {
    message: 'an LMS identifier is one word of printable text: no spaces, commas or semicolons',
  });

/** The extension's value, version 1. */
const LmsIdExtensionSchema = z.object({ version: z.literal(1), id: LmsIdSchema }).strict();

/** The extension to put in a receipt for `typed` (trimmed), or the reason it cannot be used; blank means none. */
export function lmsIdExtension(
  typed: string,
): { kind: 'none' } | { kind: 'ok'; extension: { version: 1; id: string } } | { kind: 'invalid'; reason: string } {
  const id = typed.trim();
  if (id === '') return { kind: 'none' };
  const parsed = LmsIdSchema.safeParse(id);
  return parsed.success
    ? { kind: 'ok', extension: { version: 1, id: parsed.data } }
    : { kind: 'invalid', reason: parsed.error.issues[0]?.message ?? 'not a valid LMS identifier' };
}

/** The LMS identifier a receipt's extensions carry, if valid. */
export function lmsIdOf(extensions: Readonly<Record<string, unknown>> | undefined): string | undefined {
  const parsed = LmsIdExtensionSchema.safeParse(extensions?.[LMS_ID_EXTENSION]);
  return parsed.success ? parsed.data.id : undefined;
}
