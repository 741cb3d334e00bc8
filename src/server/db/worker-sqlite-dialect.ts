/**
 * A Kysely dialect for node:sqlite whose database lives in a worker thread (db/sqlite.worker.ts). node:sqlite is
 * synchronous: on the server's own thread each commit's disk flush (synchronous=FULL) and each page of a whole-room
 * read held up every other request. Here the server thread only sends each statement and awaits its answer, so a
 * flush on a slow disk delays the commits waiting for it and nothing else. The SQL, the compiler, the adapter and
 * the introspector are NodeSqliteDialect's; Kysely's runtime driver queues statements and transactions behind one
 * connection (the adapter does not support several), which is also what one SQLite writer needs.
 */
import { Worker } from 'node:worker_threads';
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';
import type { SqliteSync } from './open.ts';
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

class WorkerConnection implements DatabaseConnection {
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

class WorkerSqliteDriver implements Driver {
  readonly #config: WorkerSqliteDialectConfig;
  #worker: Worker | undefined;
  #connection: WorkerConnection | undefined;

  constructor(config: WorkerSqliteDialectConfig) {
    this.#config = config;
  }

  async init(): Promise<void> {
    const worker = new Worker(new URL('./sqlite.worker.ts', import.meta.url), {
      workerData: { path: this.#config.path, sync: this.#config.sync },
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
    this.#worker = worker;
    this.#connection = new WorkerConnection(worker);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    if (!this.#connection) throw new Error('the SQLite worker was used before init()');
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    // IMMEDIATE takes the write lock at once, so two processes on one file fail fast instead of deadlocking.
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {
    const worker = this.#worker;
    this.#worker = undefined;
    if (!worker || !this.#connection) return;
    await this.#connection.request({ close: true }).catch(() => {});
    await worker.terminate();
  }
}

/** Where the database is and how it waits for the disk (see SqliteSync). */
export interface WorkerSqliteDialectConfig {
  path: string;
  sync: SqliteSync;
}

/** The dialect: `new Kysely<DB>({ dialect: new WorkerSqliteDialect({ path, sync: 'full' }) })`. */
export class WorkerSqliteDialect implements Dialect {
  readonly #config: WorkerSqliteDialectConfig;

  constructor(config: WorkerSqliteDialectConfig) {
    this.#config = config;
  }

  createDriver(): Driver {
    return new WorkerSqliteDriver(this.#config);
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}
