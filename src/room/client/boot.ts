/**
 * Loaded on every page: if this browser is in a workshop room, loads the room client; otherwise does nothing more
 * than read one localStorage key, so the course without a server is unchanged. Browser only.
 */
import { showRoomChapters } from './room-chapters.ts';
import { readSession } from './session.ts';

const session = readSession();
if (session?.chapters) showRoomChapters(session.chapters);
if (session) void import('./room-client.ts').then((m) => m.startRoomClient(session));
