/**
 * The SQLite database in a worker thread: statements run off the server's event loop, and what a statement gives
 * back (rows, changes, errors) is what node:sqlite gives on the server's own thread.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, sql, type Generated } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NodeSqliteDialect } from '../../../src/server/db/node-sqlite-dialect.ts';
import { openSqliteFile } from '../../../src/server/db/open.ts';
import { WorkerSqliteDialect } from '../../../src/server/db/worker-sqlite-dialect.ts';

/** A statement that keeps SQLite busy for a while: counting a recursive sequence of 400,000 rows. */
const LONG = sql<{
  n: number;
}>`with recursive c(x) as (select 1 union all select x + 1 from c where x < 400000) select count(*) as n from c`;

/** Event-loop turns that ran while `work` was under way. */
async function turnsDuring(work: Promise<unknown>): Promise<number> {
  let turns = 0;
  let done = false;
  void work.finally(() => (done = true));
  while (!done) {
    await new Promise((r) => setImmediate(r));
    turns += 1;
  }
  return turns;
}

describe('the SQLite worker dialect', () => {
  let dir: string;
  let db: Kysely<{ t: { id: Generated<number>; name: string } }>;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sqlite-worker-'));
    db = new Kysely({ dialect: new WorkerSqliteDialect({ path: join(dir, 'w.sqlite'), sync: 'full' }) });
    await sql`create table t (id integer primary key, name text not null unique)`.execute(db);
  });
  afterAll(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the event loop turning while a long statement runs (on the server thread it turns not once)', async () => {
    const during = await turnsDuring(LONG.execute(db));
    expect(during).toBeGreaterThan(10);
    const local = new Kysely({ dialect: new NodeSqliteDialect({ database: openSqliteFile(':memory:') }) });
    try {
      // The same statement on the server's own thread: nothing else runs until it is done.
      expect(await turnsDuring(LONG.execute(local))).toBeLessThanOrEqual(2);
    } finally {
      await local.destroy();
    }
  });

  it('returns rows, changes and insert ids, and commits and rolls back transactions', async () => {
    const inserted = await db.insertInto('t').values({ name: 'Ada' }).executeTakeFirst();
    expect(inserted.numInsertedOrUpdatedRows).toBe(1n);
    expect(inserted.insertId).toBe(1n);
    await expect(
      db.transaction().execute(async (tx) => {
        await tx.insertInto('t').values({ name: 'Grace' }).execute();
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await db.transaction().execute((tx) => tx.insertInto('t').values({ name: 'Edsger' }).execute());
    const rows = await db.selectFrom('t').select(['id', 'name']).orderBy('id').execute();
    expect(rows.map((r) => r.name)).toEqual(['Ada', 'Edsger']);
  });

  it('reports SQLite’s error with its code', async () => {
    const failed = db.insertInto('t').values({ name: 'Ada' }).execute();
    await expect(failed).rejects.toThrow(/UNIQUE constraint failed: t.name/);
    await expect(failed).rejects.toMatchObject({ code: 'ERR_SQLITE_ERROR', errcode: 2067 });
  });
});
