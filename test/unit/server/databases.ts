/**
 * The databases the server's tests run against: a fresh SQLite file always, and a fresh schema in a real
 * PostgreSQL when TEST_DATABASE_URL names one. Without it the PostgreSQL suites are reported as skipped by name;
 * in CI (CI=true) a missing TEST_DATABASE_URL is a failure, not a skip.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../../../src/server/db/open.ts';

/** A database opened for one suite, and how to throw it away. */
export interface TestDatabase {
  database: OpenDatabase;
  /** The URL or path it was opened with (a second instance can open the same one). */
  url: string;
  dispose(): Promise<void>;
}

/** One engine the suites run on. */
export interface TestEngine {
  name: 'SQLite' | 'PostgreSQL';
  open(): Promise<TestDatabase>;
}

const postgresUrl = process.env.TEST_DATABASE_URL;

async function openSqlite(): Promise<TestDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'workshop-test-'));
  const url = join(dir, 'workshop.sqlite');
  const database = await openDatabase(url);
  return {
    database,
    url,
    async dispose() {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Opens a fresh schema in the test PostgreSQL, so suites never see each other's rows. */
async function openPostgres(): Promise<TestDatabase> {
  const base = postgresUrl!;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create schema ${schema}`); // schema name is ours: hex digits only
  await admin.end();
  const url = withSearchPath(base, schema);
  const database = await openDatabase(url);
  return {
    database,
    url,
    async dispose() {
      await database.close();
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    },
  };
}

/** The URL with `options=-c search_path=<schema>`, which node-postgres passes to the server at connect. */
export function withSearchPath(url: string, schema: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('options', `-c search_path=${schema}`);
  return parsed.toString();
}

/** The engines to run on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const ENGINES_UNDER_TEST: TestEngine[] = [
  { name: 'SQLite', open: openSqlite },
  ...(postgresUrl ? [{ name: 'PostgreSQL' as const, open: openPostgres }] : []),
];

/**
 * Declares the PostgreSQL suite's visible skip (or, in CI, its failure) when TEST_DATABASE_URL is missing. Call
 * once per test file that runs suites on both engines.
 */
export function reportPostgresAvailability(suite: string): void {
  if (postgresUrl) return;
  if (process.env.CI === 'true') {
    describe(`${suite} on PostgreSQL`, () => {
      it('needs TEST_DATABASE_URL in CI (.ci/run starts a throwaway PostgreSQL and sets it)', () => {
        throw new Error('TEST_DATABASE_URL is not set, so the PostgreSQL suite cannot run; CI must not skip it.');
      });
    });
  } else {
    describe.skip(`${suite} on PostgreSQL: SKIPPED, set TEST_DATABASE_URL=postgres://… to run it`, () => {
      it('runs the same tests against a real PostgreSQL', () => {});
    });
    console.warn(`[${suite}] PostgreSQL suite SKIPPED: TEST_DATABASE_URL is not set.`);
  }
}
