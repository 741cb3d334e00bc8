/**
 * The rooms this browser runs: their instructor keys, kept in localStorage (never over a kept key the server has not
 * refused: see KeptRoom.untried), and the sign-in that proves a key to the server.
 */

const ROOMS_KEY = 'mcp-lab-room:instructor';

/** What this browser keeps about a room it runs. */
export interface KeptRoom {
  roomId: string;
  secret: string;
  title: string;
  code: string;
  createdAt: number;
  /**
   * Keys that links carried for this room, not yet proven: a link never replaces a key that works until the server
   * has accepted the link's key (a learner who knows the room id could otherwise send a "dashboard link" with a
   * made-up key and lock the instructor out).
   */
  untried?: string[];
}

export function keptRooms(): KeptRoom[] {
  try {
    const value = JSON.parse(localStorage.getItem(ROOMS_KEY) ?? '[]') as unknown;
    return Array.isArray(value)
      ? (value as KeptRoom[]).filter((r) => typeof r?.roomId === 'string' && typeof r.secret === 'string')
      : [];
  } catch {
    return [];
  }
}

export function keepRoom(room: KeptRoom): void {
  const rooms = keptRooms().filter((r) => r.roomId !== room.roomId);
  try {
    localStorage.setItem(ROOMS_KEY, JSON.stringify([room, ...rooms].slice(0, 20)));
  } catch {
    // Private mode: the link still works while the page is open.
  }
}

export function forgetRoom(roomId: string): void {
  try {
    localStorage.setItem(ROOMS_KEY, JSON.stringify(keptRooms().filter((r) => r.roomId !== roomId)));
  } catch {
    // Nothing kept.
  }
}

/** The link that reopens the dashboard: the key rides in the fragment, which browsers never send to a server. */
export const instructorLink = (room: Pick<KeptRoom, 'roomId' | 'secret'>) =>
  `${location.origin}/instructor/room/#room=${encodeURIComponent(room.roomId)}&key=${encodeURIComponent(room.secret)}`;

/**
 * Asks the server whether `key` is the room's instructor key; when it is, the server also signs this browser in for
 * the instructor pages that reveal answers (the answer key, the facilitator notes).
 */
async function proveKey(roomId: string, key: string): Promise<'accepted' | 'refused' | 'unknown'> {
  try {
    const res = await fetch(`/api/rooms/${encodeURIComponent(roomId)}/sign-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
      body: '{}',
    });
    return res.ok ? 'accepted' : res.status === 401 ? 'refused' : 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * Tries the keys links brought for the room: one the server accepts replaces the kept key, one it refuses is
 * dropped (and `onRefused` tells the instructor), one it cannot judge yet (offline) is kept beside the working key for next time.
 * Then signs in with the key kept.
 */
export async function settleKey(initial: KeptRoom, onRefused: () => void): Promise<KeptRoom> {
  let room = initial;
  for (const key of initial.untried ?? []) {
    const answer = await proveKey(room.roomId, key);
    if (answer === 'unknown') break;
    const untried = (room.untried ?? []).filter((k) => k !== key);
    room = answer === 'accepted' ? { ...room, secret: key, untried } : { ...room, untried };
    if (answer === 'refused') onRefused();
    keepRoom(room);
  }
  await proveKey(room.roomId, room.secret);
  return room;
}
