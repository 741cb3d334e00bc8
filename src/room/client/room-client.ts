/**
 * The learner's side of a live workshop room, loaded on every page while this browser is in a room: it queues a
 * room event for every graded action and every change of help (events-from-progress.ts), sends the outbox in
 * order (sender.ts), follows the room's live stream (solution lock, end, removal) and shows a small banner saying
 * which room the learner is in and whether everything has reached the server. Nothing here changes how the course
 * works without a server: outside a room this module is never loaded.
 */
import { onGraded } from '../../progress/graded.ts';
import { currentChapter, progressStore } from '../../progress/browser.ts';
import type { Progress } from '../../progress/schema.ts';
import { formatCode } from '../names.ts';
import type { RoomSession } from '../protocol.ts';
import { readEventStream, waitUntilShownAgain } from '../sse.ts';
import { earlierWork, eventsFromEarlierWork } from './earlier-work.ts';
import { eventFromGraded, eventsFromProgressChange } from './events-from-progress.ts';
import { MAX_QUEUED, createQueue, randomKey, type UnsequencedEvent } from './queue.ts';
import { createPaceFollower } from './pace-follower.ts';
import { createSender, type SenderStatus, type StopReason } from './sender.ts';
import { applyRoomLock, endSession, holdRoomLock, rememberRoomChapters } from './session.ts';

const LEASE_KEY = 'mcp-lab-room:sender';
/** The room and learner whose earlier-work notice was answered (sent or dismissed): it is not shown again. */
const EARLIER_KEY = 'mcp-lab-room:earlier-answered';
const LEASE_MS = 5000;
/** A live stream silent for this long (the server writes at least every 15 s) is dead: reconnect. */
const STREAM_IDLE_MS = 45_000;
const tabId = randomKey();

/** One tab sends at a time: the holder of a short lease in localStorage, renewed while it sends. */
function holdLease(): boolean {
  try {
    const now = Date.now();
    const lease = JSON.parse(localStorage.getItem(LEASE_KEY) ?? 'null') as { tab?: string; until?: number } | null;
    if (lease && lease.tab !== tabId && typeof lease.until === 'number' && lease.until > now) return false;
    localStorage.setItem(LEASE_KEY, JSON.stringify({ tab: tabId, until: now + LEASE_MS }));
    return true;
  } catch {
    return true;
  }
}

/**
 * Gives the lease back when this page goes away (a navigation, a closed tab), so the next page of the course sends at
 * once instead of waiting out the lease of a page that no longer exists.
 */
function releaseLease(): void {
  try {
    const lease = JSON.parse(localStorage.getItem(LEASE_KEY) ?? 'null') as { tab?: string } | null;
    if (lease?.tab === tabId) localStorage.removeItem(LEASE_KEY);
  } catch {
    // Storage refused: the lease runs out on its own.
  }
}

/** Starts the room client for `session` on this page. */
export function startRoomClient(session: RoomSession): void {
  holdRoomLock();
  const queue = createQueue(localStorage);
  const banner = createBanner(session);
  let rejected = 0;
  const streamAbort = new AbortController();
  const pace = createPaceFollower(session.roomId);

  const sender = createSender({
    queue,
    token: session.token,
    mayRun: holdLease,
    onStatus: (status) => {
      banner.update(status, rejected);
      earlier.progressed();
    },
    onRejected: (list) => {
      rejected += list.length;
      earlier.rejected(list);
      for (const r of list) console.warn(`The workshop server did not accept an event: ${r.reason}`);
    },
    onStop: (reason, message) => finish(reason, message),
  });

  function finish(reason: StopReason, message: string): void {
    sender.stop();
    streamAbort.abort();
    // The room records nothing more: say how many answers it never received, rather than drop them in silence.
    const unsent = queue.size();
    queue.clear();
    const lost =
      unsent === 0
        ? ''
        : ` ${unsent === 1 ? '1 answer' : `${unsent} answers`} had not reached the room and ${unsent === 1 ? 'is' : 'are'} not in the instructor's record.`;
    const note =
      reason === 'ended'
        ? `The workshop room "${session.title}" has ended.${lost} Your progress stays in this browser.`
        : reason === 'removed'
          ? `You left the workshop room "${session.title}": ${message}${lost} Your progress stays in this browser.`
          : `This browser is no longer signed in to the room "${session.title}". Join again with the room code.`;
    endSession(note);
    banner.finished(note);
  }

  /** Queues `event` and sends; returns why it was not queued, if it was not. */
  function enqueue(event: UnsequencedEvent): string | undefined {
    // An answer to an item the instructor closed stays in this browser; its widget says why.
    const held = pace.blocks(event);
    if (held) {
      banner.problem(held);
      return held;
    }
    const outcome = queue.enqueue(event);
    if (outcome.kind === 'full' || outcome.kind === 'not-saved') {
      const problem =
        outcome.kind === 'full'
          ? 'Too many answers are waiting to be sent: the workshop server has not been reachable for a long time.'
          : `This browser refused to keep an answer for the room (${outcome.reason}).`;
      banner.problem(problem);
      return problem;
    }
    sender.kick();
    return undefined;
  }

  const earlier = offerEarlierWork(session, banner.section, enqueue, (key) =>
    queue.peek(MAX_QUEUED).some((e) => e.key === key),
  );

  // Graded actions, announced by the widgets in this tab.
  const store = progressStore();
  onGraded((action) => {
    enqueue(eventFromGraded(action, randomKey(), Date.now()));
  });

  // Help recorded in the store (hints, solutions, link loads, self-marks), noticed in every tab alike.
  let last: Progress = store.read();
  store.subscribe((next) => {
    for (const event of eventsFromProgressChange(last, next, session.learnerId, Date.now())) enqueue(event);
    last = next;
  });

  const chapter = currentChapter();
  if (chapter) enqueue({ key: randomKey(), at: Date.now(), chapterId: chapter, kind: 'visit' });

  addEventListener('online', () => sender.kick());
  addEventListener('pagehide', releaseLease);
  // A page restored from the back-forward cache takes the lease again if no other tab holds it.
  addEventListener('pageshow', (event) => {
    if (event.persisted) sender.kick();
  });
  addEventListener('storage', (event) => {
    if (event.key === 'mcp-lab-room:queue') banner.update({ state: 'idle', waiting: queue.size() }, rejected);
  });
  sender.kick();
  void followRoom(session, streamAbort.signal, finish, () => sender.kick(), pace.apply);
}

/** Follows the learner's live stream: lock changes, the pace, the room ending, removal. Reconnects when it drops. */
async function followRoom(
  session: RoomSession,
  signal: AbortSignal,
  finish: (reason: StopReason, message: string) => void,
  onConnected: () => void,
  onPace: (json: string) => void,
): Promise<void> {
  let delay = 1000;
  while (!signal.aborted) {
    let replaced = false;
    try {
      const response = await fetch('/api/me/stream', { headers: { Authorization: `Bearer ${session.token}` }, signal });
      if (response.status === 401) return finish('signed-out', 'Your sign-in is no longer valid.');
      if (response.status === 410) return finish('removed', 'The instructor removed you from this room.');
      if (response.ok) {
        delay = 1000;
        onConnected();
        await readEventStream(
          response,
          (event) => {
            if (event.event === 'room') {
              const room = JSON.parse(event.data) as { locked: boolean; endedAt: number | null; chapters?: string[] };
              applyRoomLock(room.locked);
              if (room.chapters) rememberRoomChapters(room.chapters);
              if (room.endedAt !== null) finish('ended', 'The room has ended.');
            } else if (event.event === 'pace') {
              onPace(event.data);
            } else if (event.event === 'removed') {
              finish('removed', 'The instructor removed you from this room.');
            } else if (event.event === 'replaced') {
              replaced = true;
            }
          },
          signal,
          { idleMs: STREAM_IDLE_MS },
        );
      }
    } catch {
      // Offline, the server restarted, or the stream went silent: try again below (the server sends the room's state
      // first on every connection, so a lock or an end missed meanwhile arrives then).
    }
    if (signal.aborted) return;
    if (replaced) await waitUntilShownAgain(signal);
    else await new Promise((r) => setTimeout(r, delay));
    delay = Math.min(delay * 2, 15_000);
  }
}

/** The room banner at the top of <main>: room, name, and whether everything reached the server. */
function createBanner(session: RoomSession) {
  const section = document.createElement('section');
  section.className = 'room-banner';
  section.setAttribute('aria-label', 'Workshop room');
  const text = document.createElement('p');
  const room = document.createElement('strong');
  room.textContent = session.title;
  const who = document.createElement('span');
  who.textContent = ` · you are ${session.name} · code ${formatCode(session.code)}`;
  const state = document.createElement('span');
  state.className = 'room-banner-state';
  state.setAttribute('role', 'status');
  const link = document.createElement('a');
  link.href = '/workshop/';
  link.textContent = 'Room page';
  text.append('Workshop room: ', room, who, ' · ', state, ' · ', link);
  section.append(text);
  const main = document.querySelector('main') ?? document.body;
  main.prepend(section);
  section.dataset.state = 'idle';
  state.textContent = 'connecting…';
  return {
    section,
    update(status: SenderStatus, rejected: number) {
      section.dataset.state = status.state;
      section.dataset.waiting = String(status.waiting);
      const extra = rejected ? ` (${rejected} not accepted by the server)` : '';
      state.textContent =
        status.waiting === 0
          ? `all answers sent${extra}`
          : status.state === 'waiting'
            ? `${status.waiting} waiting to send: ${status.problem ?? ''}`
            : `sending ${status.waiting}…`;
    },
    problem(message: string) {
      state.textContent = message;
    },
    finished(note: string) {
      section.dataset.state = 'finished';
      text.replaceChildren(note, ' ', link);
    },
  };
}

/**
 * Offers, once, to send the graded work this browser kept from before joining in the room's chapters
 * (earlier-work.ts): the room does not count it unless the learner sends it. Each is queued like a live answer and
 * re-graded by the server; the notice then says how many the room took and how many it refused.
 */
function offerEarlierWork(
  session: RoomSession,
  banner: HTMLElement,
  enqueue: (event: UnsequencedEvent) => string | undefined,
  waiting: (key: string) => boolean,
) {
  const pending = new Set<string>();
  const refused: string[] = [];
  let sent = 0;
  const box = document.createElement('div');
  box.className = 'room-earlier';
  const text = document.createElement('p');
  text.setAttribute('role', 'status');
  box.append(text);
  const answered = `${session.roomId} ${session.learnerId}`;
  const remember = () => {
    try {
      localStorage.setItem(EARLIER_KEY, answered);
    } catch {
      // Storage refused: the notice may show again on the next page, which loses nothing.
    }
  };
  const report = () => {
    const counted = sent - refused.length;
    const items = (n: number) => (n === 1 ? '1 item' : `${n} items`);
    text.textContent =
      pending.size > 0
        ? `Sending ${items(pending.size)} done before joining…`
        : `${items(counted)} done before joining ${counted === 1 ? 'was' : 'were'} sent to the room` +
          (refused.length ? `; ${refused.length} refused (${[...new Set(refused)].join(' ')}).` : '.');
  };

  let started = false;
  try {
    const chapters = session.chapters ?? [];
    const shown = localStorage.getItem(EARLIER_KEY) === answered;
    const work =
      shown || session.joinedAt === undefined ? [] : earlierWork(progressStore().read(), chapters, session.joinedAt);
    if (work.length > 0) {
      text.textContent = `You did ${work.length === 1 ? '1 item' : `${work.length} items`} in this room's chapters before joining. They are not counted unless you send them.`;
      const send = document.createElement('button');
      send.type = 'button';
      send.textContent = 'Send them';
      const dismiss = document.createElement('button');
      dismiss.type = 'button';
      dismiss.textContent = 'Not now';
      dismiss.addEventListener('click', () => {
        remember();
        box.remove();
      });
      send.addEventListener('click', () => {
        remember();
        send.remove();
        dismiss.remove();
        started = true;
        for (const event of eventsFromEarlierWork(work, session.learnerId, Date.now())) {
          sent += 1;
          const problem = enqueue(event);
          if (problem) refused.push(problem);
          else pending.add(event.key);
        }
        report();
      });
      box.append(send, dismiss);
      banner.append(box);
    }
  } catch {
    // No storage: there is no kept work to offer.
  }

  return {
    /** Counts the server's refusals of earlier work. */
    rejected(list: readonly { key: string; reason: string }[]) {
      for (const r of list) {
        if (pending.delete(r.key)) refused.push(r.reason);
      }
      if (started) report();
    },
    /** Drops what the server has answered for from the pending set, after each send. */
    progressed() {
      if (!started || pending.size === 0) return;
      for (const key of pending) if (!waiting(key)) pending.delete(key);
      report();
    },
  };
}
