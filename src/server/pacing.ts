/**
 * The room's pace on the server: the instructor's routes that send the room to an item, open and close items and
 * reveal the class's answers (GET and POST /api/rooms/:roomId/pace), the check that refuses an event for a closed
 * item, and what a live stream needs to follow the pace. The pace is stored (table room_pace), so a restarted server
 * and a learner who joins late see it; the bus carries only "the pace changed" and every stream reads the stored
 * state, one read per room however many streams ask at once.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { CLASSIFY_ITEM_ID } from '../room/protocol.ts';
import {
  changePace,
  closedItemReason,
  isClosed,
  PaceBodySchema,
  readPace,
  type PaceChange,
  type PaceItem,
  type PaceState,
} from '../room/pace.ts';
import type { Bus } from './bus.ts';
import { resolvedChapterId, type RoomCourse } from './course.ts';
import type { Room, WorkshopData } from './db/workshop-data.ts';
import { problem, readBody, type AppEnv } from './request.ts';

/** What the pacing routes need from the application. */
export interface PacingDeps {
  data: WorkshopData;
  bus: Bus;
  course: RoomCourse;
  now: () => number;
}

/** Why `item` cannot be paced to in a room covering `roomChapters`, or undefined when it can. */
export function paceItemProblem(
  course: RoomCourse,
  roomChapters: readonly string[],
  item: PaceItem,
): string | undefined {
  const chapterId = resolvedChapterId(item.chapterId);
  const chapter = course.chapters.find((c) => c.id === chapterId);
  if (!chapter) return `There is no chapter ${item.chapterId} in this course.`;
  if (!roomChapters.map(resolvedChapterId).includes(chapterId)) return `Chapter ${chapterId} is not part of this room.`;
  const id = item.itemId;
  const known =
    course.grading.tableScenarios(chapterId, id) !== undefined ||
    (id === 'completion' && course.grading.check(chapterId) !== undefined) ||
    course.grading.classifies(chapterId, CLASSIFY_ITEM_ID.exec(id)?.[1] ?? '') ||
    course.grading.exchange(chapterId, id.replace(/^http-/, '')) !== undefined ||
    chapter.items.some((i) => (i.type === 'code-lab' && i.id === id) || (i.type === 'self-mark' && id === 'self-mark'));
  return known ? undefined : `Chapter ${chapterId} has no item ${id}.`;
}

/** Builds the room's pacing: `routes` are its routes; the rest is for the event route and the live streams. */
export function createPacing({ data, bus, course, now }: PacingDeps) {
  /** Reads in flight per room: every stream told "the pace changed" at once shares one read. */
  const reading = new Map<string, Promise<PaceState>>();
  const read = (roomId: string): Promise<PaceState> => {
    let pending = reading.get(roomId);
    if (!pending) {
      pending = data
        .paceOfRoom(roomId)
        .then(readPace)
        .finally(() => reading.delete(roomId));
      reading.set(roomId, pending);
    }
    return pending;
  };

  /** One change, one room at a time within this process (two clicks at once must not undo each other). */
  let turn: Promise<unknown> = Promise.resolve();
  const change = (room: Room, body: PaceChange) => {
    const task = turn.then(async () => {
      const before = await data.paceOfRoom(room.id).then(readPace);
      const result = changePace(before, body, now());
      if (result.kind === 'changed') {
        await data.setPace(room.id, result.pace, now());
        await bus.publish({ t: 'pace', roomId: room.id });
      }
      return result;
    });
    turn = task.catch(() => undefined);
    return task;
  };

  return {
    read,

    /** The reason to refuse an event for `item` while the instructor has it closed, or undefined. */
    refusal(pace: PaceState, item: PaceItem): string | undefined {
      return isClosed(pace, item) ? closedItemReason() : undefined;
    },

    /**
     * What one live stream does with the pace: `send` writes it now (on connecting, when the bus says it changed),
     * `check` writes it only when it differs from what the stream last told (at each heartbeat: a change missed).
     */
    follow(roomId: string, write: (json: string) => void) {
      let told = '';
      const send = async (force: boolean) => {
        const json = JSON.stringify(await read(roomId));
        if (!force && json === told) return;
        told = json;
        write(json);
      };
      return { send: () => send(true), check: () => send(false) };
    },

    /** The instructor's pacing routes; `instructorAuth` sets the room. */
    routes(instructorAuth: MiddlewareHandler<AppEnv>): Hono<AppEnv> {
      const app = new Hono<AppEnv>();
      app.get('/api/rooms/:roomId/pace', instructorAuth, async (c) => c.json(await read(c.get('room').id)));

      app.post('/api/rooms/:roomId/pace', instructorAuth, async (c) => {
        const room = c.get('room');
        const body = await readBody(c, PaceBodySchema);
        if (body instanceof Response) return body;
        if (room.endedAt !== null) return problem(c, 409, 'This room has ended: it can no longer be paced.');
        if ('chapterId' in body) {
          const why = paceItemProblem(course, room.chapters, body);
          if (why) return problem(c, 400, why);
          body.chapterId = resolvedChapterId(body.chapterId);
        }
        const result = await change(room, body);
        if (result.kind === 'refused') return problem(c, 409, result.reason);
        return c.json(result.pace);
      });
      return app;
    },
  };
}
