/**
 * What every route of the workshop server shares about a request: the context variables the authentication sets,
 * the error answer, and reading a JSON body (depth-capped, then validated with zod).
 */
import type { Context } from 'hono';
import { firstTooDeep } from '#message-model';
import type { JoinRefusal } from '../room/protocol.ts';
import type { Learner, Room } from './db/workshop-data.ts';

/** How deeply a request body's arrays and objects may nest (room events need fewer than ten levels). */
const MAX_BODY_DEPTH = 32;

/** What the authentication sets: the learner (learner routes) and the room (learner and instructor routes). */
export type Vars = { learner: Learner; room: Room };
/** The application's environment, for `new Hono<AppEnv>()`. */
export type AppEnv = { Variables: Vars };
/** A request's context on a route behind the authentication. */
export type Ctx = Context<AppEnv>;

/** An error answer: `{ error }` with the status. */
export const problem = (
  c: Context,
  status: 400 | 401 | 403 | 404 | 405 | 409 | 410 | 413 | 415 | 429 | 503,
  error: string,
) => c.json({ error }, status);

/** A refused join, naming the field it concerns (JoinRefusal). */
export const refuse = (c: Context, status: 200 | 400 | 409, refusal: JoinRefusal) => c.json(refusal, status);

/** A zod schema, as readBody uses it. */
interface BodySchema<T> {
  safeParse(
    v: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

/** Reads and validates a JSON body; a Response when it is not acceptable. */
export async function readBody<T>(c: Context, schema: BodySchema<T>): Promise<T | Response> {
  let value: unknown;
  try {
    const text = await c.req.text();
    if (firstTooDeep(text, MAX_BODY_DEPTH) !== -1) {
      return problem(c, 400, `The request body is nested too deeply (at most ${MAX_BODY_DEPTH} levels).`);
    }
    value = JSON.parse(text);
  } catch {
    return problem(c, 400, 'The request body is not valid JSON.');
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    return problem(c, 400, `The request body is not acceptable: ${describeIssue(parsed.error.issues)}`);
  return parsed.data;
}

/** One line about the first validation problem. */
export function describeIssue(issues: { path: PropertyKey[]; message: string }[]): string {
  const first = issues[0];
  if (!first) return 'invalid.';
  const where = first.path.length ? `${first.path.map(String).join('.')}: ` : '';
  return `${where}${first.message}`;
}
