import { DatabaseSync } from 'node:sqlite';
import { Kysely, sql, type Generated } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NodeSqliteDialect, toSqliteValue } from '../../../src/server/db/node-sqlite-dialect.ts';

interface Db {
  notes: { id: Generated<number>; body: string; done: number; extra: string | null };
}

let raw: DatabaseSync;
let db: Kysely<Db>;

beforeEach(async () => {
  raw = new DatabaseSync(':memory:');
  db = new Kysely<Db>({ dialect: new NodeSqliteDialect({ database: raw }) });
  await db.schema
    .createTable('notes')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull())
    .addColumn('extra', 'text')
    .execute();
});

afterEach(async () => {
  await db.destroy();
});

describe('the node:sqlite dialect for Kysely', () => {
  it('returns the rows of a select and the affected count and id of an insert', async () => {
    const insert = await db.insertInto('notes').values({ body: 'one', done: 0, extra: null }).executeTakeFirst();
    expect(insert.insertId).toBe(1n);
    expect(insert.numInsertedOrUpdatedRows).toBe(1n);
    await db.insertInto('notes').values({ body: 'two', done: 1, extra: 'x' }).execute();
    const rows = await db.selectFrom('notes').selectAll().orderBy('id').execute();
    expect(rows).toEqual([
      { id: 1, body: 'one', done: 0, extra: null },
      { id: 2, body: 'two', done: 1, extra: 'x' },
    ]);
  });

  it('returns rows from insert … returning, which has columns although it is not a select', async () => {
    const row = await db
      .insertInto('notes')
      .values({ body: 'r', done: 0, extra: null })
      .returning(['id', 'body'])
      .executeTakeFirst();
    expect(row).toEqual({ id: 1, body: 'r' });
  });

  it('reports the number of rows an update and a delete touched', async () => {
    await db
      .insertInto('notes')
      .values([
        { body: 'a', done: 0, extra: null },
        { body: 'b', done: 0, extra: null },
      ])
      .execute();
    const update = await db.updateTable('notes').set({ done: 1 }).executeTakeFirst();
    expect(update.numUpdatedRows).toBe(2n);
    const del = await db.deleteFrom('notes').where('body', '=', 'a').executeTakeFirst();
    expect(del.numDeletedRows).toBe(1n);
  });

  it('binds booleans as 1 and 0 and undefined as NULL (node:sqlite refuses undefined on its own)', async () => {
    expect(toSqliteValue(true)).toBe(1);
    expect(toSqliteValue(false)).toBe(0);
    expect(toSqliteValue(undefined)).toBeNull();
    expect(() => raw.prepare('select ? as v').get(undefined as never)).toThrow();
    const row = await sql<{ t: number; f: number }>`select ${true} as t, ${false} as f`.execute(db);
    expect(row.rows).toEqual([{ t: 1, f: 0 }]);
  });

  it('refuses values it cannot bind with a message naming the type', () => {
    expect(() => toSqliteValue({})).toThrow(/cannot bind a value of type object/);
  });

  it('keeps a value with quotes and semicolons as data, never as SQL', async () => {
    const body = "x'); drop table notes; --";
    await db.insertInto('notes').values({ body, done: 0, extra: null }).execute();
    const rows = await db.selectFrom('notes').select('body').where('body', '=', body).execute();
    expect(rows).toEqual([{ body }]);
  });

  it('commits a transaction and rolls one back when its callback throws', async () => {
    await db.transaction().execute(async (tx) => {
      await tx.insertInto('notes').values({ body: 'kept', done: 0, extra: null }).execute();
    });
    await expect(
      db.transaction().execute(async (tx) => {
        await tx.insertInto('notes').values({ body: 'lost', done: 0, extra: null }).execute();
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const rows = await db.selectFrom('notes').select('body').execute();
    expect(rows).toEqual([{ body: 'kept' }]);
  });

  it('runs concurrent transactions one after another on its single connection', async () => {
    // Without Kysely's mutex the second BEGIN would fail with "cannot start a transaction within a transaction".
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        db.transaction().execute(async (tx) => {
          await tx
            .insertInto('notes')
            .values({ body: `n${i}`, done: 0, extra: null })
            .execute();
          await new Promise((r) => setTimeout(r, 1));
          await tx
            .insertInto('notes')
            .values({ body: `m${i}`, done: 0, extra: null })
            .execute();
        }),
      ),
    );
    const count = await db
      .selectFrom('notes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(40);
  });

  it('streams the rows of a select one at a time', async () => {
    await db
      .insertInto('notes')
      .values([1, 2, 3].map((i) => ({ body: `s${i}`, done: 0, extra: null })))
      .execute();
    const seen: string[] = [];
    for await (const row of db.selectFrom('notes').select('body').orderBy('id').stream()) seen.push(row.body);
    expect(seen).toEqual(['s1', 's2', 's3']);
  });

  it('keeps working past the statement cache size (older statements are prepared again)', async () => {
    for (let i = 0; i < 300; i++) {
      const r = await sql<{ v: number }>`select ${i} + ${sql.lit(i)} as v`.execute(db);
      expect(r.rows[0]!.v).toBe(2 * i);
    }
    const again = await sql<{ v: number }>`select ${5} + ${sql.lit(0)} as v`.execute(db);
    expect(again.rows[0]!.v).toBe(5);
  });

  it('closes the database when Kysely is destroyed', async () => {
    await db.destroy();
    expect(raw.isOpen).toBe(false);
    db = new Kysely<Db>({ dialect: new NodeSqliteDialect({ database: new DatabaseSync(':memory:') }) });
  });
});

describe('opening the workshop database file', () => {
  it('flushes every commit to disk by default (synchronous=FULL, 2) and only on request writes without (NORMAL, 1)', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { openSqliteFile } = await import('../../../src/server/db/open.ts');
    const dir = mkdtempSync(join(tmpdir(), 'workshop-sync-'));
    try {
      for (const [sync, expected] of [
        [undefined, 2],
        ['full', 2],
        ['normal', 1],
      ] as const) {
        const file = openSqliteFile(join(dir, `${sync ?? 'default'}.sqlite`), sync);
        expect(file.prepare('PRAGMA synchronous').get()).toEqual({ synchronous: expected });
        expect(file.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
        file.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
