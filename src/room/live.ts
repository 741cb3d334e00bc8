/**
 * The live stream's messages: what the server pushes to an instructor's dashboard and to learners' browsers over
 * Server-Sent Events, and what travels between server instances. Pure types and one converter.
 */
import type { LmsIdKind } from './protocol.ts';
import type { Verdict } from './verdict.ts';

/** An event as a dashboard sees it. */
export interface DashboardEvent {
  id: number;
  learnerId: string;
  kind: string;
  action: string;
  chapterId: string;
  itemId: string;
  /** When the server stored it (ms). */
  at: number;
  verdict: Verdict;
}

/** A learner as a dashboard sees it. */
export interface DashboardLearner {
  id: string;
  name: string;
  joinedAt: number;
  lastSeenAt: number;
  removedAt: number | null;
  chapterId: string | null;
}

/** The room's state that learners and dashboards follow. */
export interface RoomState {
  id: string;
  title: string;
  code: string;
  chapters: string[];
  startsAt: number | null;
  createdAt: number;
  endedAt: number | null;
  expiresAt: number;
  locked: boolean;
  /** True while the instructor has closed joining. */
  joiningClosed: boolean;
  /** What the room asks learners for at join (never anyone's identifier): the LMS export's default column. */
  lmsIdKind?: LmsIdKind;
}

/** A message on the bus. `resync` tells every subscriber that messages may have been missed. */
export type LiveMessage =
  | { t: 'event'; roomId: string; event: DashboardEvent }
  | { t: 'event-ref'; roomId: string; id: number }
  | { t: 'learner'; roomId: string; learner: DashboardLearner }
  | { t: 'room'; roomId: string; room: RoomState }
  /** The room's pace changed (src/room/pace.ts): each stream reads the stored pace. */
  | { t: 'pace'; roomId: string }
  | { t: 'resync' };
