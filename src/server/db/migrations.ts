/**
 * The workshop database's versioned migrations, applied in name order at start by Kysely's Migrator (which keeps
 * its own `kysely_migration` table and, on PostgreSQL, a lock so two instances starting together apply each
 * migration once). Written with Kysely's schema builder, so the same migration runs on SQLite and PostgreSQL; the
 * one difference, how an auto-numbered key is declared, is chosen by `engine`. Never edit a migration that has
 * shipped: add the next one.
 */
import type { Kysely } from 'kysely';
import type { Migration, MigrationProvider } from 'kysely/migration';

/** The two databases the server runs on. */
export const ENGINES = ['sqlite', 'postgres'] as const;
export type Engine = (typeof ENGINES)[number];

function migrations(engine: Engine): Record<string, Migration> {
  return {
    '0001-rooms-learners-events': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('rooms')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('code', 'text', (c) => c.notNull().unique())
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('chapters', 'text', (c) => c.notNull())
          .addColumn('starts_at', 'bigint')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('ended_at', 'bigint')
          .addColumn('expires_at', 'bigint', (c) => c.notNull())
          .addColumn('instructor_secret_hash', 'text', (c) => c.notNull())
          .addColumn('locked', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('lock_changed_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('rooms_expires_at').on('rooms').column('expires_at').execute();

        await db.schema
          .createTable('learners')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('room_id', 'text', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('name_key', 'text', (c) => c.notNull())
          .addColumn('secret_hash', 'text', (c) => c.notNull())
          .addColumn('joined_at', 'bigint', (c) => c.notNull())
          .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
          .addColumn('removed_at', 'bigint')
          .addColumn('chapter_id', 'text')
          .addColumn('chapter_at', 'bigint')
          .addUniqueConstraint('learners_room_name', ['room_id', 'name_key'])
          .execute();

        await db.schema
          .createTable('events')
          .addColumn('id', engine === 'postgres' ? 'bigserial' : 'integer', (c) =>
            engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
          )
          .addColumn('room_id', 'text', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
          .addColumn('learner_id', 'text', (c) => c.notNull().references('learners.id').onDelete('cascade'))
          .addColumn('key', 'text', (c) => c.notNull())
          .addColumn('seq', 'integer', (c) => c.notNull())
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('chapter_id', 'text', (c) => c.notNull())
          .addColumn('item_id', 'text', (c) => c.notNull())
          .addColumn('payload', 'text', (c) => c.notNull())
          .addColumn('verdict', 'text', (c) => c.notNull())
          .addColumn('outcome', 'text', (c) => c.notNull())
          .addColumn('self_reported', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('client_at', 'bigint')
          .addColumn('received_at', 'bigint', (c) => c.notNull())
          .addUniqueConstraint('events_learner_key', ['learner_id', 'key'])
          .execute();
        await db.schema.createIndex('events_room_id').on('events').columns(['room_id', 'id']).execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable('events').execute();
        await db.schema.dropTable('learners').execute();
        await db.schema.dropTable('rooms').execute();
      },
    },
    '0002-rooms-joining-closed': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .alterTable('rooms')
          .addColumn('joining_closed', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.alterTable('rooms').dropColumn('joining_closed').execute();
      },
    },
    // Rooms made before this migration ask for no LMS identifier (both columns null) and their learners have none.
    '0003-lms-identifiers': {
      async up(db: Kysely<unknown>) {
        await db.schema.alterTable('rooms').addColumn('lms_id_kind', 'text').execute();
        await db.schema.alterTable('rooms').addColumn('lms_id_label', 'text').execute();
        await db.schema.alterTable('learners').addColumn('lms_id', 'text').execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.alterTable('learners').dropColumn('lms_id').execute();
        await db.schema.alterTable('rooms').dropColumn('lms_id_label').execute();
        await db.schema.alterTable('rooms').dropColumn('lms_id_kind').execute();
      },
    },
    '0004-room-pace': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('room_pace')
          .addColumn('room_id', 'text', (c) => c.primaryKey().references('rooms.id').onDelete('cascade'))
          .addColumn('state', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable('room_pace').execute();
      },
    },
  };
}

/** The provider Kysely's Migrator reads. */
export function migrationProvider(engine: Engine): MigrationProvider {
  return { getMigrations: async () => migrations(engine) };
}

/** The names of all migrations, in the order they apply. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(migrations('sqlite')).sort();
