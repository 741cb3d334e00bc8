/**
 * A Kysely dialect for Node's built-in SQLite (`node:sqlite`, Node 22.13+ / 24). Kysely ships a SQLite dialect
 * for better-sqlite3, whose statements say whether they return rows (`reader`); `node:sqlite` statements say so
 * through `columns()`, take their parameters spread rather than as an array, and refuse undefined (and, before
 * Node 24, booleans). This driver bridges those differences and reuses Kysely's own SQLite query compiler, adapter and
 * introspector (sqlite-dialect.ts), so the SQL Kysely writes is exactly what it writes for better-sqlite3. One
 * connection serves the process.
 */
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { SelectQueryNode, type CompiledQuery, type QueryResult } from 'kysely';
import { SqliteDialect, type SqliteConnection } from './sqlite-dialect.ts';

/** How many prepared statements a connection keeps (queries are built from a few dozen shapes). */
const STATEMENT_CACHE_SIZE = 256;

/** What the dialect needs: an open database, or a function that opens one on first use. */
export interface NodeSqliteDialectConfig {
  database: DatabaseSync | (() => DatabaseSync);
}

/** Converts one Kysely parameter to a value node:sqlite binds: booleans become 1/0, undefined becomes NULL. */
export function toSqliteValue(value: unknown): SQLInputValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'string') return value;
  if (value instanceof Uint8Array) return value;
  if (value instanceof Date) return value.toISOString();
  throw new TypeError(`node:sqlite cannot bind a value of type ${typeof value}`);
}

/** Prepared statements of one database, the least recently used dropped past STATEMENT_CACHE_SIZE. */
export class StatementCache {
  readonly #db: DatabaseSync;
  readonly #statements = new Map<string, StatementSync>();

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  prepare(sql: string): StatementSync {
    let statement = this.#statements.get(sql);
    if (statement) {
      // Re-insert so the map's order is least recently used first.
      this.#statements.delete(sql);
    } else {
      statement = this.#db.prepare(sql);
      if (this.#statements.size >= STATEMENT_CACHE_SIZE) {
        const oldest = this.#statements.keys().next().value;
        if (oldest !== undefined) this.#statements.delete(oldest);
      }
    }
    this.#statements.set(sql, statement);
    return statement;
  }
}

/** Runs one statement as Kysely asks (rows for a statement that returns columns, else the changes made). */
export function runStatement<R>(
  statements: StatementCache,
  sql: string,
  parameters: readonly unknown[],
): QueryResult<R> {
  const statement = statements.prepare(sql);
  const values = parameters.map(toSqliteValue);
  if (statement.columns().length > 0) return { rows: statement.all(...values) as R[] };
  const { changes, lastInsertRowid } = statement.run(...values);
  return { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) };
}

class NodeSqliteConnection implements SqliteConnection {
  readonly #db: DatabaseSync;
  readonly #statements: StatementCache;

  constructor(db: DatabaseSync) {
    this.#db = db;
    this.#statements = new StatementCache(db);
  }

  async close(): Promise<void> {
    if (this.#db.isOpen) this.#db.close();
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    return runStatement<R>(this.#statements, compiledQuery.sql, compiledQuery.parameters);
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(compiledQuery.query)) throw new Error('node:sqlite streams only select queries');
    const statement = this.#statements.prepare(compiledQuery.sql);
    for (const row of statement.iterate(...compiledQuery.parameters.map(toSqliteValue))) {
      yield { rows: [row as R] };
    }
  }
}

/** The dialect: `new Kysely<DB>({ dialect: new NodeSqliteDialect({ database: new DatabaseSync(path) }) })`. */
export class NodeSqliteDialect extends SqliteDialect {
  constructor(config: NodeSqliteDialectConfig) {
    super(async () => {
      const db = typeof config.database === 'function' ? config.database() : config.database;
      return new NodeSqliteConnection(db);
    });
  }
}
