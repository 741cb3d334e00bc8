/** What the server sends of its stored rows: a room's public state, and learners and events as a dashboard sees them. */
import type { DashboardEvent, DashboardLearner, RoomState } from '../room/live.ts';
import type { Verdict } from '../room/verdict.ts';
import { resolvedChapterId } from './course.ts';
import type { Learner, Room, StoredEvent } from './db/workshop-data.ts';

/** The public state of a room (what learners and dashboards follow). */
export function roomState(room: Room): RoomState {
  return {
    id: room.id,
    title: room.title,
    code: room.code,
    chapters: room.chapters.map(resolvedChapterId),
    startsAt: room.startsAt,
    createdAt: room.createdAt,
    endedAt: room.endedAt,
    expiresAt: room.expiresAt,
    locked: room.locked,
    joiningClosed: room.joiningClosed,
    ...(room.lmsIdAsk ? { lmsIdKind: room.lmsIdAsk.kind } : {}),
  };
}

/** A learner as a dashboard sees them. */
export function dashboardLearner(learner: Learner): DashboardLearner {
  return {
    id: learner.id,
    name: learner.name,
    joinedAt: learner.joinedAt,
    lastSeenAt: learner.lastSeenAt,
    removedAt: learner.removedAt,
    chapterId: learner.chapterId === null ? null : resolvedChapterId(learner.chapterId),
  };
}

/** A stored event as a dashboard sees it. */
export function dashboardEvent(event: StoredEvent): DashboardEvent {
  const verdict = event.verdict as Verdict;
  return {
    id: event.id,
    learnerId: event.learnerId,
    kind: event.kind,
    action: verdict.action,
    chapterId: resolvedChapterId(event.chapterId),
    itemId: event.itemId,
    at: event.receivedAt,
    verdict,
  };
}

/** What a learner's browser needs to know about the room. */
export function learnerRoomView(room: RoomState) {
  return {
    id: room.id,
    title: room.title,
    // The learner typed it to join; `mcp-lab probe --room CODE` checks its sign-in belongs to that room.
    code: room.code,
    chapters: room.chapters.map(resolvedChapterId),
    locked: room.locked,
    endedAt: room.endedAt,
  };
}
