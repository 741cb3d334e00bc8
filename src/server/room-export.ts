/**
 * A room's exports, for its instructor: the class as CSV (`GET /api/rooms/:roomId/export.csv`) and as a gradebook
 * file for Canvas, Moodle or Blackboard Learn (`GET /api/rooms/:roomId/export/lms?lms=…&key=…&columns=…`, answered
 * as JSON `{ filename, csv, rows, warnings }` so the page can say who was left out). Both fold the room's events
 * page by page into the dashboard model (the numbers the dashboard shows), then into the one roster model
 * (src/receipts/roster-model.ts), which the receipts roster and `mcp-lab grade` write from too. A learner's LMS
 * identifier is read from their stored record (`lmsId`, given at join) and never reaches a dashboard. Node only.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import {
  CANVAS_KEYS,
  columnLines,
  defaultColumns,
  LMS_KINDS,
  lmsGradebook,
  lmsLearnersOf,
  MOODLE_KEYS,
  parseColumns,
} from '../receipts/lms-export.ts';
import { marksCsv, marksFromRoom, type Marks } from '../receipts/roster-model.ts';
import {
  applyEvent,
  buildDashboardView,
  createDashboardState,
  type DashboardSnapshot,
} from '../room/dashboard-model.ts';
import type { DashboardEvent } from '../room/live.ts';
import type { PaceState } from '../room/pace.ts';
import type { Learner, Room, StoredEvent } from './db/workshop-data.ts';
import type { AppEnv, Ctx } from './request.ts';

/** What the exports need from the application. */
export interface RoomExportDeps {
  /** Checks the instructor's secret and sets `room`. */
  instructorAuth: MiddlewareHandler<AppEnv>;
  /** Takes a place for a whole-room read: a Response when refused, else the function that gives it back. */
  startWholeRoomRead: (c: Ctx) => Response | (() => void);
  snapshotHead: (room: Room) => Promise<DashboardSnapshot>;
  eventPages: (room: Room) => AsyncIterable<{ events: StoredEvent[] }>;
  dashboardEvent: (event: StoredEvent) => DashboardEvent;
  learnersOfRoom: (roomId: string) => Promise<Learner[]>;
  /** The room's pace, so the export's stuck rule counts presenting time as the dashboard does. */
  readPace: (roomId: string) => Promise<PaceState>;
}

/** The longest column list read from the query: a few hundred columns, one a line. */
const MAX_COLUMNS_CHARS = 20_000;

const LmsQuerySchema = z.object({
  lms: z.enum(LMS_KINDS),
  key: z.string().max(40).optional(),
  columns: z.string().max(MAX_COLUMNS_CHARS).optional(),
  section: z.string().max(200).optional(),
});

/** The identifier a learner gave at join, when the stored record carries one. */
function lmsIdOf(learner: Learner): string | undefined {
  const id = learner.lmsId;
  return id !== null && id.trim() !== '' ? id.trim() : undefined;
}

/** The two export routes. */
export function roomExportRoutes(deps: RoomExportDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  /** The room as marks, folded page by page (yielding to other requests between pages); a Response when refused. */
  async function roomMarks(c: Ctx): Promise<{ marks: Marks; now: number } | Response> {
    const finished = deps.startWholeRoomRead(c);
    if (finished instanceof Response) return finished;
    const room = c.get('room');
    try {
      const head = await deps.snapshotHead(room);
      const state = createDashboardState(head);
      state.pace = await deps.readPace(room.id);
      for await (const page of deps.eventPages(room))
        for (const event of page.events) applyEvent(state, deps.dashboardEvent(event));
      const lmsIds = new Map<string, string>();
      for (const learner of await deps.learnersOfRoom(room.id)) {
        const id = lmsIdOf(learner);
        if (id) lmsIds.set(learner.id, id);
      }
      const view = buildDashboardView(state, head.now);
      return { marks: marksFromRoom(view, head.room, head.chapters, lmsIds), now: head.now };
    } finally {
      finished();
    }
  }

  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

  app.get('/api/rooms/:roomId/export.csv', deps.instructorAuth, async (c) => {
    const read = await roomMarks(c);
    if (read instanceof Response) return read;
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="workshop-${day(read.now)}.csv"`);
    return c.body(marksCsv(read.marks));
  });

  app.get('/api/rooms/:roomId/export/lms', deps.instructorAuth, async (c) => {
    const query = LmsQuerySchema.safeParse(c.req.query());
    if (!query.success)
      return c.json(
        {
          error: `Choose the LMS (lms=canvas, moodle or blackboard), and send at most ${MAX_COLUMNS_CHARS.toLocaleString('en')} characters of columns.`,
        },
        400,
      );
    const { lms, key, columns: columnsText, section } = query.data;
    const keys: readonly string[] = lms === 'canvas' ? CANVAS_KEYS : lms === 'moodle' ? Object.keys(MOODLE_KEYS) : [];
    if (key !== undefined && key !== '' && !keys.includes(key))
      return c.json(
        {
          error:
            lms === 'blackboard'
              ? 'Blackboard always keys a learner by Username: send no key.'
              : `The identifier for ${lms} is one of ${keys.join(', ')}.`,
        },
        400,
      );
    const read = await roomMarks(c);
    if (read instanceof Response) return read;
    const parsed = parseColumns(columnsText ?? columnLines(defaultColumns(read.marks.chapters)), read.marks.chapters);
    if (parsed.kind === 'invalid') return c.json({ error: `Check the columns: ${parsed.reason}.` }, 400);
    const { learners, skipped } = lmsLearnersOf(read.marks);
    const out = lmsGradebook(learners, {
      lms,
      origin: 'room',
      columns: parsed.columns,
      ...(lms === 'canvas' && key ? { canvasKey: key as (typeof CANVAS_KEYS)[number] } : {}),
      ...(lms === 'moodle' && key ? { moodleKey: key as keyof typeof MOODLE_KEYS } : {}),
      ...(section ? { section } : {}),
    });
    c.header('Cache-Control', 'no-store');
    return c.json({
      filename: `workshop-${lms}-${day(read.now)}.csv`,
      csv: out.csv,
      rows: out.rows,
      warnings: [...skipped.map((s) => `Left out: ${s}.`), ...out.warnings],
    });
  });
  return app;
}
