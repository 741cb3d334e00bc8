/**
 * The workshop's typed data layer: every read and write the server makes, over one Kysely instance that is either
 * SQLite (node:sqlite) or PostgreSQL. Kysely builds parameterised SQL, so no value is ever spliced into a query.
 * Rows come back as camelCase records with booleans and parsed JSON (rows.ts); callers never see a table row.
 */
import type { Kysely } from 'kysely';
import { eventsData } from './events-data.ts';
import { learnersData } from './learners-data.ts';
import { paceData } from './pace-data.ts';
import { roomsData } from './rooms-data.ts';
import type { WorkshopDatabase } from './schema.ts';

export type { Learner, NewEvent, Room, StoredEvent } from './rows.ts';

/** The data layer over one database. */
export type WorkshopData = ReturnType<typeof createWorkshopData>;

/** Builds the data layer over an open Kysely instance (either engine): one module per concern, one API. */
export function createWorkshopData(db: Kysely<WorkshopDatabase>) {
  return { ...roomsData(db), ...learnersData(db), ...eventsData(db), ...paceData(db) };
}
