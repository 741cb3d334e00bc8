/**
 * The middleware every request passes, in one place: the security headers, the served host names, the API's
 * same-origin rule and body cap, and the learner's and the instructor's authentication.
 */
import type { Hono, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MAX_BODY_BYTES } from '../room/protocol.ts';
import type { WorkshopConfig } from './config.ts';
import { limited, type ServerBase } from './context.ts';
import { createHostCheck } from './host-check.ts';
import { problem, type AppEnv } from './request.ts';
import { bearerToken, parseLearnerToken, secretMatches } from './secrets.ts';

/** A hash compared when there is no stored one, so a refusal takes the same time as a wrong secret. */
const NO_HASH = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

/** Adds the middleware for every response and for the whole API to `app` (before any route). */
export function useSharedMiddleware(app: Hono<AppEnv>, config: WorkshopConfig): void {
  app.use('*', securityHeaders(config.frameAncestors ?? []));
  app.use('*', servedHostsOnly(config));
  app.use('/api/*', sameOriginOnly(config));
  app.use(
    '/api/*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => problem(c, 413, `The request is larger than ${MAX_BODY_BYTES / 1024} KB.`),
    }),
  );
}

/**
 * Headers for every response: no sniffing, no referrer, no framing by other sites (the code lab frames its own
 * sandbox page, so the site itself may).
 */
function securityHeaders(frameAncestors: readonly string[]): MiddlewareHandler {
  return async (c, next) => {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
    // X-Frame-Options cannot name another origin; browsers that know frame-ancestors ignore it when both are sent.
    if (frameAncestors.length === 0) c.header('X-Frame-Options', 'SAMEORIGIN');
    c.header('Referrer-Policy', 'no-referrer');
    if (!c.res.headers.has('Content-Security-Policy'))
      c.header('Content-Security-Policy', ["frame-ancestors 'self'", ...frameAncestors].join(' '));
  };
}

/** Only the addresses the server serves, for pages and the API alike (a rebinding page must not read either). */
function servedHostsOnly(config: WorkshopConfig): MiddlewareHandler {
  const servesHost = createHostCheck([
    ...config.allowedHosts,
    ...(config.publicOrigin ? [new URL(config.publicOrigin).host] : []),
  ]);
  return async (c, next) => {
    const forwarded = config.trustProxy ? c.req.header('x-forwarded-host')?.split(',')[0] : undefined;
    const host = forwarded ?? c.req.header('host') ?? new URL(c.req.url).host;
    if (!servesHost(host)) {
      return c.text('This server does not answer for that address: open it by the address it prints.', 403);
    }
    return next();
  };
}

/** Same origin only, for the whole API; POST bodies are JSON. */
function sameOriginOnly(config: WorkshopConfig): MiddlewareHandler {
  return async (c, next) => {
    c.header('Cache-Control', 'no-store');
    if (c.req.method === 'OPTIONS') return problem(c, 405, 'Cross-origin requests are not accepted.');
    const site = c.req.header('sec-fetch-site');
    if (site && site !== 'same-origin' && site !== 'none') {
      return problem(c, 403, 'Requests from other sites are not accepted.');
    }
    const origin = c.req.header('origin');
    if (origin !== undefined) {
      let originHost: string | undefined;
      try {
        originHost = new URL(origin).host;
      } catch {
        originHost = undefined;
      }
      const expected = config.publicOrigin
        ? new URL(config.publicOrigin).host
        : ((config.trustProxy ? c.req.header('x-forwarded-host') : undefined) ?? new URL(c.req.url).host);
      if (!originHost || originHost !== expected) return problem(c, 403, 'Requests from other sites are not accepted.');
    }
    if (c.req.method === 'POST' && !/^application\/json\s*(;|$)/i.test(c.req.header('content-type') ?? '')) {
      return problem(c, 415, 'Send JSON (Content-Type: application/json).');
    }
    return next();
  };
}

/** Checks a learner's token (`Authorization: Bearer learnerId.secret`) and sets `learner` and `room`. */
export function learnerAuth(ctx: ServerBase): MiddlewareHandler<AppEnv> {
  const { data, limiters } = ctx;
  return async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    const parsed = token ? parseLearnerToken(token) : undefined;
    if (!parsed) return problem(c, 401, 'This needs your room sign-in: join the room again.');
    const learner = await data.learnerById(parsed.learnerId);
    // Compare even when there is no such learner, so the answer takes the same time.
    const ok = secretMatches(parsed.secret, learner?.secretHash ?? NO_HASH);
    if (!learner || !ok) return problem(c, 401, 'This needs your room sign-in: join the room again.');
    if (learner.removedAt !== null) return problem(c, 410, 'The instructor removed you from this room.');
    if (!limiters.request.take(learner.id)) return limited(c, limiters.request, learner.id);
    const room = ctx.unexpired(await data.roomById(learner.roomId));
    if (!room) return problem(c, 410, 'This room no longer exists.');
    c.set('learner', learner);
    c.set('room', room);
    await next();
  };
}

/** Checks the room's instructor secret (`Authorization: Bearer …`) for `:roomId` and sets `room`. */
export function instructorAuth(ctx: ServerBase): MiddlewareHandler<AppEnv> {
  const { data, limiters } = ctx;
  return async (c, next) => {
    const secret = bearerToken(c.req.header('authorization'));
    const room = ctx.unexpired(await data.roomById(c.req.param('roomId') ?? ''));
    const ok = secretMatches(secret ?? '', room?.instructorSecretHash ?? NO_HASH);
    if (!room || !secret || !ok) return problem(c, 401, "This needs the room's instructor link.");
    if (!limiters.instructor.take(room.id)) return limited(c, limiters.instructor, room.id);
    c.set('room', room);
    await next();
  };
}
