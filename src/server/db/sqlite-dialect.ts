/**
 * The Kysely dialect both SQLite engines share: Kysely's own SQLite query compiler, adapter and introspector, and a
 * driver over one connection (`begin immediate`, commit, rollback). What differs is where the statements run, given
 * as the function that opens the connection: on this thread (node-sqlite-dialect.ts) or in a worker thread
 * (worker-sqlite-dialect.ts). Kysely's adapter declares `supportsMultipleConnections: false`, so Kysely itself
 * queues queries and transactions behind a mutex (see kysely/dist/driver/runtime-driver.js), which is also what one
 * SQLite writer needs.
 */
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
} from 'kysely';

/** A connection to one SQLite database, and how to close it. */
export interface SqliteConnection extends DatabaseConnection {
  close(): Promise<void>;
}

class SqliteDriver implements Driver {
  readonly #open: () => Promise<SqliteConnection>;
  #connection: SqliteConnection | undefined;

  constructor(open: () => Promise<SqliteConnection>) {
    this.#open = open;
  }

  async init(): Promise<void> {
    this.#connection = await this.#open();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    if (!this.#connection) throw new Error('the SQLite driver was used before init()');
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
    const connection = this.#connection;
    this.#connection = undefined;
    await connection?.close();
  }
}

/** A SQLite dialect whose one connection `open` makes (when Kysely first needs it). */
export class SqliteDialect implements Dialect {
  readonly #open: () => Promise<SqliteConnection>;

  constructor(open: () => Promise<SqliteConnection>) {
    this.#open = open;
  }

  createDriver(): Driver {
    return new SqliteDriver(this.#open);
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
