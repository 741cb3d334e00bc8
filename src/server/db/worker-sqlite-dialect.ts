/**
 * A Kysely dialect for node:sqlite whose database lives in a worker thread (db/sqlite.worker.ts). node:sqlite is
 * synchronous: on the server's own thread each commit's disk flush (synchronous=FULL) and each page of a whole-room
 * read held up every other request. Here the server thread only sends each statement and awaits its answer, so a
 * flush on a slow disk delays the commits waiting for it and nothing else. The dialect, the driver and the
 * statements' execution are NodeSqliteDialect's (sqlite-dialect.ts, and runStatement in the worker); only where the
 * statements run differs.
 */
import { Worker } from 'node:worker_threads';
import type { CompiledQuery, QueryResult } from 'kysely';
import type { SqliteSync } from './open.ts';
import { SqliteDialect, type SqliteConnection } from './sqlite-dialect.ts';
import type { WorkerReply, WorkerRequest } from './sqlite.worker.ts';

/** An SQLite error as the worker reported it (message, and node:sqlite's code and errcode). */
class SqliteWorkerError extends Error {
  readonly code: string | undefined;
  readonly errcode: number | undefined;
  constructor(reply: Extract<WorkerReply, { ok: false }>) {
    super(reply.message);
    this.name = 'SqliteWorkerError';
    this.code = reply.code;
    this.errcode = reply.errcode;
  }
}

class WorkerConnection implements SqliteConnection {
  readonly #worker: Worker;
  readonly #waiting = new Map<number, { resolve: (r: WorkerReply) => void; reject: (e: unknown) => void }>();
  #next = 1;

  constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (reply: WorkerReply) => {
      const waiter = this.#waiting.get(reply.id);
      this.#waiting.delete(reply.id);
      waiter?.resolve(reply);
    });
    const fail = (error: unknown) => {
      for (const waiter of this.#waiting.values()) waiter.reject(error);
      this.#waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the SQLite worker stopped (exit code ${code})`)));
  }

  request(message: Omit<WorkerRequest, 'id'>): Promise<WorkerReply> {
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject });
      this.#worker.postMessage({ ...message, id });
    });
  }

  async close(): Promise<void> {
    await this.request({ close: true }).catch(() => {});
    await this.#worker.terminate();
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const reply = await this.request({ sql: compiledQuery.sql, parameters: [...compiledQuery.parameters] });
    if (!reply.ok) throw new SqliteWorkerError(reply);
    return {
      rows: reply.rows as R[],
      ...(reply.numAffectedRows !== undefined ? { numAffectedRows: reply.numAffectedRows } : {}),
      ...(reply.insertId !== undefined ? { insertId: reply.insertId } : {}),
    };
  }

  // eslint-disable-next-line require-yield -- an async iterator is what Kysely's interface asks for
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('the SQLite worker does not stream: read in pages');
  }
}

/** Starts the worker and waits for it to say the database opened. */
async function openWorker(config: WorkerSqliteDialectConfig): Promise<WorkerConnection> {
  const worker = new Worker(new URL('./sqlite.worker.ts', import.meta.url), {
    workerData: { path: config.path, sync: config.sync },
  });
  // The first message says whether the database opened.
  const ready = await new Promise<WorkerReply>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  if (!ready.ok) {
    await worker.terminate();
    throw new SqliteWorkerError(ready);
  }
  return new WorkerConnection(worker);
}

/** Where the database is and how it waits for the disk (see SqliteSync). */
export interface WorkerSqliteDialectConfig {
  path: string;
  sync: SqliteSync;
}

/** The dialect: `new Kysely<DB>({ dialect: new WorkerSqliteDialect({ path, sync: 'full' }) })`. */
export class WorkerSqliteDialect extends SqliteDialect {
  constructor(config: WorkerSqliteDialectConfig) {
    super(() => openWorker(config));
  }
}
