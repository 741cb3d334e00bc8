/**
 * Limits on the server's TCP connections, so idle keep-alive connections cannot take every file descriptor: at
 * most `maxConnections` open at once and `maxConnectionsPerAddress` from one client address (an IPv6 /64, as the
 * rate limits count it). A connection over a limit first makes room by closing the oldest idle one (no request in
 * flight: a browser opens a new connection when it needs one); only when none is idle is the new one refused.
 * A connection idle for `idleTimeoutSeconds` is closed, including one that never sent a request.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { addressKey } from './rate-limit.ts';

/** The connection limits (see the module comment). */
export interface ConnectionLimits {
  maxConnections: number;
  maxConnectionsPerAddress: number;
  idleTimeoutSeconds: number;
}

/**
 * Defaults: below the common `ulimit -n` of 1024 with room for the database and the site's files, and more than
 * the server's 800 live streams; one address may hold most of them (a class behind one router), and gives up its
 * idle ones first.
 */
export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  maxConnections: 900,
  maxConnectionsPerAddress: 600,
  idleTimeoutSeconds: 30,
};

interface Tracked {
  socket: Socket;
  address: string;
  /** Requests in flight on this connection (a live stream stays in flight). */
  busy: number;
  /** When it last became idle (or connected). */
  idleSince: number;
}

/** Applies `limits` to `server`; returns what is open (for logs and tests) and how to stop the idle sweep. */
export function limitConnections(
  server: Server,
  limits: ConnectionLimits = DEFAULT_CONNECTION_LIMITS,
  now: () => number = Date.now,
): { open(): number; stop(): void } {
  const all = new Map<Socket, Tracked>();
  const byAddress = new Map<string, Set<Tracked>>();

  /** The oldest idle connection among `pool`, if any. */
  const oldestIdle = (pool: Iterable<Tracked>): Tracked | undefined => {
    let oldest: Tracked | undefined;
    for (const t of pool) if (t.busy === 0 && (!oldest || t.idleSince < oldest.idleSince)) oldest = t;
    return oldest;
  };
  const forget = (t: Tracked) => {
    if (!all.delete(t.socket)) return;
    const set = byAddress.get(t.address);
    set?.delete(t);
    if (set?.size === 0) byAddress.delete(t.address);
  };
  const drop = (t: Tracked) => {
    forget(t);
    t.socket.destroy();
  };

  server.on('connection', (socket: Socket) => {
    const address = addressKey(socket.remoteAddress ?? 'unknown');
    const mine = byAddress.get(address) ?? new Set<Tracked>();
    if (mine.size >= limits.maxConnectionsPerAddress) {
      const idle = oldestIdle(mine);
      if (!idle) return void socket.destroy();
      drop(idle);
    }
    if (all.size >= limits.maxConnections) {
      const idle = oldestIdle(all.values());
      if (!idle) return void socket.destroy();
      drop(idle);
    }
    const tracked: Tracked = { socket, address, busy: 0, idleSince: now() };
    all.set(socket, tracked);
    mine.add(tracked);
    byAddress.set(address, mine);
    socket.once('close', () => forget(tracked));
  });

  server.on('request', (req, res) => {
    const tracked = all.get(req.socket);
    if (!tracked) return;
    tracked.busy += 1;
    res.once('close', () => {
      tracked.busy -= 1;
      if (tracked.busy === 0) tracked.idleSince = now();
    });
  });

  // Node closes a kept-alive connection after keepAliveTimeout; the sweep also closes one that never sent a request.
  server.keepAliveTimeout = limits.idleTimeoutSeconds * 1000;
  const sweep = setInterval(
    () => {
      const cutoff = now() - limits.idleTimeoutSeconds * 1000;
      for (const t of [...all.values()]) if (t.busy === 0 && t.idleSince <= cutoff) drop(t);
    },
    Math.max(50, (limits.idleTimeoutSeconds * 1000) / 4),
  );
  sweep.unref();
  server.once('close', () => clearInterval(sweep));
  return { open: () => all.size, stop: () => clearInterval(sweep) };
}
