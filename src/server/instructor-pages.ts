/**
 * The instructor's pages that reveal answers (the answer key, the facilitator notes, anything under /instructor/
 * but the hub, the room dashboard and the roster) are served only to a browser signed in as a room's instructor:
 * the dashboard, once the server has accepted its instructor key, asks for a cookie (HttpOnly, SameSite=Strict,
 * path /instructor/, kept until the room expires) that carries the room id and the key. The static site has no
 * server to ask and says on its pages that anyone can read them.
 */
import { posix } from 'node:path';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { Room } from './db/workshop-data.ts';
import { secretMatches } from './secrets.ts';

/** The cookie's name. */
const COOKIE = 'lab_instructor';
/** Where it is sent: the instructor's pages only, never the API (which takes the key as a header). */
const COOKIE_PATH = '/instructor/';
/** Pages under /instructor/ that reveal no answer: the hub, the dashboard (where rooms are created), the roster. */
const OPEN = /^\/instructor\/(?:index\.html)?$|^\/instructor\/(?:room|roster)(?:\/|$)/;

/** True when a (percent-decoded) request path is an instructor page that reveals answers. */
export function revealsAnswers(decodedPath: string): boolean {
  // "//", "/./" and "/x/../" name the same file to the static server: judge the path it will serve.
  const path = posix.normalize(decodedPath.replace(/\/+/g, '/'));
  return path.startsWith('/instructor/') && !OPEN.test(path);
}

/** Signs this browser in as the room's instructor (the caller has checked `secret` against the room). */
export function signInInstructor(c: Context, room: Room, secret: string, now: number): void {
  const https = new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto') === 'https';
  setCookie(c, COOKIE, `${room.id}.${secret}`, {
    httpOnly: true,
    sameSite: 'Strict',
    path: COOKIE_PATH,
    secure: https,
    maxAge: Math.max(1, Math.floor((room.expiresAt - now) / 1000)),
  });
}

/** True when the request carries the cookie of a room that exists (looked up by `roomById`) and its key matches. */
export async function isSignedInInstructor(
  c: Context,
  roomById: (id: string) => Promise<Room | undefined>,
): Promise<boolean> {
  const match = /^([A-Za-z0-9_-]{16,64})\.([A-Za-z0-9_-]{32,128})$/.exec(getCookie(c, COOKIE) ?? '');
  if (!match) return false;
  const room = await roomById(match[1]!);
  return room !== undefined && secretMatches(match[2]!, room.instructorSecretHash);
}
