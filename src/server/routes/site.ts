/**
 * The built site (dist/): directories redirected to their trailing slash, the instructor pages that reveal
 * answers only to a signed-in browser, every file precompressed with its cache headers, and the site's 404 page.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { ServerContext } from '../context.ts';
import { isSignedInInstructor, revealsAnswers } from '../instructor-pages.ts';
import type { AppEnv } from '../request.ts';
import { siteCaching } from '../site-assets.ts';

/** What the workshop server answers for an instructor page that reveals answers, to a browser not signed in. */
const INSTRUCTOR_ONLY_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>For the room's instructor</title></head>
<body><main>
<h1>This page is for the room's instructor</h1>
<p>On the workshop server, the answer key and the facilitator notes are shown only in a browser that has opened
one of your rooms. Open your room's dashboard at <a href="/instructor/room/">/instructor/room/</a> with the
instructor link you kept, then come back to this page.</p>
</main></body></html>
`;

/**
 * Serves the site in `root` from `app` (after every API route): middleware for every path, and the 404 page, so
 * it is added to the application itself rather than mounted.
 */
export function serveSite(app: Hono<AppEnv>, ctx: ServerContext, root: string): void {
  app.use('*', async (c, next) => {
    // Directories are addressed with a trailing slash, as the static preview does.
    const path = c.req.path;
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return c.text('Bad request: the address is not valid percent-encoding.', 400);
    }
    if (revealsAnswers(decoded)) {
      // Never kept by a cache (the service worker's included): the page is for this signed-in browser, now.
      c.header('Cache-Control', 'private, no-store');
      if (!(await isSignedInInstructor(c, async (id) => ctx.unexpired(await ctx.data.roomById(id)))))
        return c.html(INSTRUCTOR_ONLY_PAGE, 403);
    }
    if (!path.endsWith('/') && !/\.[a-z0-9]+$/i.test(path) && !path.includes('..')) {
      const dir = join(root, decoded);
      // One leading slash: "//chapters/" would be a scheme-relative address, sending the browser to a host.
      if (existsSync(join(dir, 'index.html')) && statSync(dir).isDirectory())
        return c.redirect(`/${path.replace(/^\/+/, '')}/`, 301);
    }
    return next();
  });
  app.use('*', siteCaching());
  app.use('*', serveStatic({ root, precompressed: true }));
  app.notFound((c) => {
    const page = join(root, '404.html');
    if (existsSync(page)) return c.html(readFileSync(page, 'utf8'), 404);
    return c.text('Not found', 404);
  });
}
