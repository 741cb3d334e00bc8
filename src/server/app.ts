/**
 * The workshop server's HTTP application (Hono): the room API and, when given a built site, the static pages, from
 * one process. Who may do what:
 * - instructor routes (/api/rooms/:roomId/…) need the room's instructor secret, learner routes (/api/me, /api/events)
 *   a learner token, both as `Authorization: Bearer …` (never in a URL; the live streams are read with fetch());
 *   secrets are random, stored hashed, compared in constant time; a learner writes only their own events (the
 *   learner comes from the token, never from the body) and reads only their own record;
 * - every body is size-capped before it is read and validated with zod before it is used;
 * - rate limits per learner; per IP only on joining and creating rooms (a class may share one address);
 * - same origin only: a request whose Origin or Sec-Fetch-Site says another site is refused, and no CORS header is
 *   ever sent;
 * - names are stored as typed (printable text only) and escaped by whoever shows them.
 */
import { Hono } from 'hono';
import { createServerContext, type WorkshopDeps } from './context.ts';
import { useSharedMiddleware } from './middleware.ts';
import { problem, type AppEnv } from './request.ts';
import { roomExportRoutes } from './room-export.ts';
import { healthRoutes } from './routes/health.ts';
import { joinRoutes } from './routes/join.ts';
import { learnerRoutes } from './routes/learner.ts';
import { liveRoutes } from './routes/live.ts';
import { roomRoutes } from './routes/rooms.ts';
import { serveSite } from './routes/site.ts';
import { dashboardEvent } from './views.ts';

export { DEFAULT_CONFIG, type WorkshopSettings } from './config.ts';
export { dashboardEvent, dashboardLearner } from './views.ts';

/**
 * Builds the application: the shared middleware (middleware.ts), then each group of routes (routes/, pacing.ts,
 * room-export.ts), then the site. `closeStreams` ends every open live stream (for shutdown).
 */
export function createWorkshopApp(deps: WorkshopDeps): { app: Hono<AppEnv>; closeStreams: () => void } {
  const ctx = createServerContext(deps);
  const app = new Hono<AppEnv>();
  useSharedMiddleware(app, ctx.config);
  app.route('/', healthRoutes(ctx));
  app.route('/', joinRoutes(ctx));
  app.route('/', learnerRoutes(ctx));
  app.route('/', liveRoutes(ctx));
  app.route('/', roomRoutes(ctx));
  app.route('/', ctx.pacing.routes(ctx.instructorAuth));
  app.route(
    '/',
    roomExportRoutes({
      instructorAuth: ctx.instructorAuth,
      startWholeRoomRead: (c) => ctx.wholeRoomReads.start(c),
      snapshotHead: ctx.snapshotHead,
      eventPages: ctx.eventPages,
      dashboardEvent,
      learnersOfRoom: (id) => ctx.data.learnersOfRoom(id),
      readPace: (id) => ctx.pacing.read(id),
    }),
  );
  app.all('/api/*', (c) => problem(c, 404, 'No such API route.'));
  if (ctx.config.distDir) serveSite(app, ctx, ctx.config.distDir);
  return { app, closeStreams: () => ctx.streams.closeAll() };
}
