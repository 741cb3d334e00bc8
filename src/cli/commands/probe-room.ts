/**
 * `mcp-lab probe --room CODE`: hands the report in to a workshop room as the learner, the same event the
 * capstone's <ProbeReport> widget sends (graded kind `probe-report`, src/course/graded-kinds.ts), built and checked
 * with the room's own event schema (src/room/protocol.ts) before it leaves, and graded by the server like any
 * event. The learner's room sign-in comes from MCP_LAB_ROOM_TOKEN (never a flag: flags show in the process list);
 * the capstone page in a room shows the whole command. Contacts only the server address given.
 */
import { createHash, randomBytes } from 'node:crypto';
import { formatCode, normaliseCode } from '../../room/names.ts';
import { gradedEventSchema } from '../../room/protocol.ts';
import { readCapped } from '../../probe/channel.ts';
import { handInOf, type ProbeReport } from '../../probe/report.ts';
import { UsageError } from '../command.ts';

/** Where the course files the capstone hand-in: the chapter and the item its <ProbeReport> names. */
export const CAPSTONE_HAND_IN = { chapter: 'check-your-own-server', item: '11-capstone-incident-desk' } as const;

/** The environment variables the room hand-in reads. */
export const ROOM_TOKEN_ENV = 'MCP_LAB_ROOM_TOKEN';
export const ROOM_SERVER_ENV = 'MCP_LAB_ROOM_SERVER';

/** What `--room` needs, read from the flags and the environment; a missing or malformed part is a usage error. */
export interface RoomTarget {
  code: string;
  server: URL;
  token: string;
}

export function roomTarget(code: string, server: string | undefined, env: NodeJS.ProcessEnv): RoomTarget {
  const normal = normaliseCode(code);
  if (!normal) throw new UsageError(`--room is the room's join code (like ABCD-EFGH), not ${JSON.stringify(code)}`);
  const address = server ?? env[ROOM_SERVER_ENV];
  if (!address)
    throw new UsageError(
      `--room needs the workshop server's address: --room-server URL or ${ROOM_SERVER_ENV} (the capstone page shows it in a room)`,
    );
  let url: URL | undefined;
  try {
    url = new URL(address);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new UsageError(`--room-server is an http: or https: address, not ${JSON.stringify(address)}`);
  const token = env[ROOM_TOKEN_ENV]?.trim();
  if (!token)
    throw new UsageError(
      `--room needs your room sign-in in ${ROOM_TOKEN_ENV}: copy the command the capstone page shows while you are in the room`,
    );
  if (!/^[A-Za-z0-9._-]{10,200}$/.test(token))
    throw new UsageError(`${ROOM_TOKEN_ENV} is not a room sign-in: copy it again from the capstone page`);
  return { code: normal, server: url, token };
}

/** How the hand-in went, as one line for the learner. */
export type HandInOutcome = { kind: 'stored' | 'duplicate'; line: string } | { kind: 'refused'; line: string };

/** The most of a workshop server's answer that is read (its answers to the hand-in are a few hundred bytes). */
const MAX_ANSWER_BYTES = 64 * 1024;
const TIMEOUT_MS = 10_000;

/** A workshop server's answer: its status and its JSON body (undefined when it is not JSON). */
interface Answer {
  ok: boolean;
  status: number;
  body: unknown;
}

/**
 * One request to the server given, following no redirect (the sign-in and the report go nowhere else), with at most
 * MAX_ANSWER_BYTES of the answer read; a string says why there is no answer to read.
 */
async function ask(fetchFn: typeof fetch, url: URL, init: RequestInit): Promise<Answer | string> {
  const signal = AbortSignal.timeout(TIMEOUT_MS);
  const response = await fetchFn(url, { ...init, redirect: 'manual', signal });
  if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
    await response.body?.cancel().catch(() => {});
    return `the workshop server at ${url.origin} answered with a redirect (${response.status}), which is not followed: use the address the capstone page shows`;
  }
  const { text, cut } = await readCapped(response, MAX_ANSWER_BYTES);
  if (signal.aborted) return `the workshop server at ${url.origin} did not answer within ${TIMEOUT_MS / 1000} seconds`;
  if (cut) return `the workshop server's answer is larger than ${MAX_ANSWER_BYTES / 1024} KB`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { ok: response.ok, status: response.status, body };
}

/** Why an answer refused the request, from the server's `{ error }` body when it has one. */
function refusal(answer: Answer): string {
  const error = (answer.body as { error?: unknown } | undefined)?.error;
  return typeof error === 'string' ? error.slice(0, 300) : `it answered ${answer.status}`;
}

/**
 * Sends `report` (whose JSON text, as `--format json` prints it, is `jsonText`) to the room: checks that the sign-in
 * belongs to the room the code names, then posts one event. Never throws for what the server or network does, and
 * never says the sign-in, even when the server writes it back.
 */
export async function handInToRoom(
  target: RoomTarget,
  report: ProbeReport,
  jsonText: string,
  fetchFn: typeof fetch = fetch,
): Promise<HandInOutcome> {
  const outcome = await sendHandIn(target, report, jsonText, fetchFn);
  return { ...outcome, line: outcome.line.split(target.token).join('[your sign-in]') };
}

async function sendHandIn(
  target: RoomTarget,
  report: ProbeReport,
  jsonText: string,
  fetchFn: typeof fetch,
): Promise<HandInOutcome> {
  const headers = { authorization: `Bearer ${target.token}`, 'content-type': 'application/json' };
  const shown = formatCode(target.code);
  try {
    const me = await ask(fetchFn, new URL('/api/me', target.server), { headers });
    if (typeof me === 'string') return { kind: 'refused', line: `Not handed in: ${me}` };
    if (!me.ok) return { kind: 'refused', line: `Not handed in: the room refused your sign-in (${refusal(me)})` };
    const who = me.body as { room?: { code?: unknown; title?: unknown } } | undefined;
    if (who?.room?.code !== target.code)
      return {
        kind: 'refused',
        line: `Not handed in: your sign-in is for another room than ${shown}. Copy the command again from the capstone page.`,
      };
    const event = gradedEventSchema('probe-report').safeParse({
      key: randomBytes(16).toString('base64url'),
      seq: 0,
      at: Date.now(),
      chapterId: CAPSTONE_HAND_IN.chapter,
      kind: 'probe-report',
      itemId: CAPSTONE_HAND_IN.item,
      action: 'submit',
      answers: handInOf(report, createHash('sha256').update(jsonText).digest('hex')),
    });
    if (!event.success)
      return { kind: 'refused', line: `Not handed in: the report does not make a room event (${event.error.message})` };
    const sent = await ask(fetchFn, new URL('/api/events', target.server), {
      method: 'POST',
      headers,
      body: JSON.stringify({ events: [event.data] }),
    });
    if (typeof sent === 'string') return { kind: 'refused', line: `Not handed in: ${sent}` };
    if (!sent.ok) return { kind: 'refused', line: `Not handed in: ${refusal(sent)}` };
    const body = sent.body as { results?: { status?: unknown; reason?: unknown }[] } | undefined;
    const result = body?.results?.[0];
    const title = typeof who.room.title === 'string' ? `"${who.room.title.slice(0, 80)}"` : shown;
    if (result?.status === 'stored' || result?.status === 'duplicate')
      return {
        kind: result.status,
        line: `Handed in to room ${title} (${shown}) as your capstone report, self-reported: MUST ${report.score.must.passed} of ${report.score.must.of}.`,
      };
    return {
      kind: 'refused',
      line: `Not handed in: ${typeof result?.reason === 'string' ? result.reason.slice(0, 300) : 'the room did not store it'}`,
    };
  } catch (error) {
    return {
      kind: 'refused',
      line: `Not handed in: the workshop server at ${target.server.origin} cannot be reached (${(error as Error).message})`,
    };
  }
}
