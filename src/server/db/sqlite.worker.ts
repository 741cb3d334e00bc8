/**
 * The worker thread that owns the workshop's SQLite database (see worker-sqlite-dialect.ts): every statement, and
 * so every commit's disk flush and every page of a whole-room read, runs here instead of on the server's event loop.
 * One statement at a time, in the order they arrive; Kysely sends a transaction's statements one after another.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { runStatement, StatementCache } from './node-sqlite-dialect.ts';
import { openSqliteFile, type SqliteSync } from './open.ts';

/** A request from the server thread: a statement, or `close`. */
export type WorkerRequest = { id: number; sql: string; parameters: unknown[] } | { id: number; close: true };
/** The answer to one request. */
export type WorkerReply =
  | { id: number; ok: true; rows: unknown[]; numAffectedRows?: bigint; insertId?: bigint }
  | { id: number; ok: false; message: string; code?: string; errcode?: number };

const { path, sync } = workerData as { path: string; sync: SqliteSync };
const port = parentPort!;
try {
  const db = openSqliteFile(path, sync);
  const statements = new StatementCache(db);
  port.on('message', (request: WorkerRequest) => {
    if ('close' in request) {
      if (db.isOpen) db.close();
      port.postMessage({ id: request.id, ok: true, rows: [] } satisfies WorkerReply);
      return;
    }
    try {
      port.postMessage({ id: request.id, ok: true, ...runStatement(statements, request.sql, request.parameters) });
    } catch (error) {
      const e = error as { message?: string; code?: string; errcode?: number };
      port.postMessage({
        id: request.id,
        ok: false,
        message: e.message ?? String(error),
        ...(e.code ? { code: e.code } : {}),
        ...(e.errcode !== undefined ? { errcode: e.errcode } : {}),
      } satisfies WorkerReply);
    }
  });
  port.postMessage({ id: 0, ok: true, rows: [] } satisfies WorkerReply);
} catch (error) {
  port.postMessage({ id: 0, ok: false, message: error instanceof Error ? error.message : String(error) });
}
