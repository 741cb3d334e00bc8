/**
 * Opens the workshop database: PostgreSQL when the URL says postgres:// (or postgresql://), otherwise an SQLite
 * file (`node:sqlite`, WAL mode). Applies every pending migration before returning, so a server never runs against
 * an older schema.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, PostgresDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { migrationProvider, type Engine } from './migrations.ts';
import { NodeSqliteDialect } from './node-sqlite-dialect.ts';
import { WorkerSqliteDialect } from './worker-sqlite-dialect.ts';
import type { WorkshopDatabase } from './schema.ts';

/** An open database with its engine. */
export interface OpenDatabase {
  db: Kysely<WorkshopDatabase>;
  engine: Engine;
  /** The PostgreSQL connection string (for the LISTEN connection), when the engine is postgres. */
  postgresUrl?: string;
  close(): Promise<void>;
}

/** True when `url` names a PostgreSQL database. */
export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

/**
 * PostgreSQL's int8 (bigint, bigserial, count(*)) arrives as a string by default, to keep precision beyond 2^53;
 * our int8 values are millisecond times and row numbers, far below that, so they are read as numbers.
 */
const INT8_OID = 20;
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
};

/**
 * How SQLite waits for the disk on each commit (WAL mode either way):
 * - `full`: the commit is flushed to disk (fsync) before the server acknowledges an event, so neither a crash nor a
 *   power cut loses an acknowledged event. node:sqlite is synchronous, so the flush holds up every other request
 *   for its duration (`npm run bench:workshop`, with and without `--sqlite-sync normal`, prints what it costs).
 * - `normal`: the commit is written to the operating system before the acknowledgement, and flushed at checkpoints;
 *   a killed or crashed server loses nothing it acknowledged, a power cut or operating-system crash may lose the
 *   last commits. The database is never corrupted in either mode.
 */
export type SqliteSync = 'full' | 'normal';

/** Opens an SQLite database file (created with its folder if missing) in WAL mode with foreign keys on. */
export function openSqliteFile(path: string, sync: SqliteSync = 'full'): DatabaseSync {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const database = new DatabaseSync(path, { timeout: 5000 });
  database.exec('PRAGMA journal_mode = WAL');
  database.exec(sync === 'normal' ? 'PRAGMA synchronous = NORMAL' : 'PRAGMA synchronous = FULL');
  database.exec('PRAGMA foreign_keys = ON');
  return database;
}

/** Opens the database named by `url` (a postgres:// URL or an SQLite file path) and migrates it to the latest schema. */
export async function openDatabase(
  url: string,
  options: { poolSize?: number; sqliteSync?: SqliteSync; sqliteWorker?: boolean } = {},
): Promise<OpenDatabase> {
  let opened: OpenDatabase;
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10, types: pgTypes });
    // An idle client that loses its server (PostgreSQL restarted) emits 'error'; the pool drops it and opens a new
    // one on the next query. Without a listener the process would exit.
    pool.on('error', () => {});
    // A connection PostgreSQL ends while it is checked out (a restart in the middle of a query) fails that query,
    // and then also emits 'error' on the client, where the pool no longer listens once it has lent it out. Unheard,
    // that error would end the process; the pool drops the broken client when it comes back.
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    const db = new Kysely<WorkshopDatabase>({ dialect: new PostgresDialect({ pool }) });
    opened = { db, engine: 'postgres', postgresUrl: url, close: () => db.destroy() };
  } else {
    // A file is opened in a worker thread (commits and whole-room reads off the event loop); an in-memory database,
    // which a worker could not share, on this thread.
    const sync = options.sqliteSync ?? 'full';
    const dialect =
      url === ':memory:' || options.sqliteWorker === false
        ? new NodeSqliteDialect({ database: () => openSqliteFile(url, sync) })
        : new WorkerSqliteDialect({ path: url, sync });
    const db = new Kysely<WorkshopDatabase>({ dialect });
    opened = { db, engine: 'sqlite', close: () => db.destroy() };
  }
  try {
    await migrate(opened);
  } catch (error) {
    await opened.close();
    throw error;
  }
  return opened;
}

/** Applies pending migrations; throws with the failing migration's name. */
export async function migrate({ db, engine }: Pick<OpenDatabase, 'db' | 'engine'>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider(engine) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const message = error instanceof Error ? error.message : JSON.stringify(error);
    throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${message}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
