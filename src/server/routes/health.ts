/** Whether the server is up: `GET /api/health`, and `/workshop-server.json`, which pages ask to find the server. */
import { Hono } from 'hono';
import type { ServerContext } from '../context.ts';
import type { AppEnv } from '../request.ts';

export function healthRoutes({ config }: ServerContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/api/health', (c) => c.json({ ok: true }));
  // Pages ask for this file to learn whether a workshop server is there: the static site has it too (public/),
  // saying no, so a page without a server never logs a failed request.
  app.get('/workshop-server.json', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ server: true, retentionDays: config.retentionDays });
  });
  return app;
}
