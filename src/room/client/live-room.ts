/**
 * One room's live dashboard: follows the room's event stream (fetch, with the key in an Authorization header), folds
 * it into the dashboard model and draws it into the server-rendered markup, and runs the instructor's controls (lock,
 * joining, end, delete, remove a learner, the exports). Every name is put on the page as text.
 */
import { formatDate, formatDateTime } from '../../lib/dates.ts';
import { copyText } from '../../lib/clipboard.ts';
import { must } from '../../lib/dom.ts';
import { qrSvg, showQr } from '../../lib/qr.ts';
import { lmsExportControls, type LmsFile } from '../../lms/roster-export.ts';
import {
  applyEvent,
  buildDashboardView,
  createDashboardState,
  upsertLearner,
  type DashboardSnapshot,
  type DashboardState,
  type DashboardView,
  type LearnerRow,
} from '../dashboard-model.ts';
import type { DashboardEvent, DashboardLearner, RoomState } from '../live.ts';
import { formatCode } from '../names.ts';
import { readEventStream, waitUntilShownAgain, type StreamEvent } from '../sse.ts';
import { renderClassSummary } from './class-summary.ts';
import { createPacePanel } from './dashboard-pace.ts';
import { forgetRoom, instructorLink, keepRoom, type KeptRoom } from './kept-rooms.ts';
import { createLearnerTable } from './learner-table.ts';
import { downloadFile } from '../../lib/download.ts';

/**
 * The server writes to a live stream at least every 15 s (a keep-alive when nothing happens); a stream silent for
 * three times that is dead, whatever the connection says, and the page stops saying "Live" and reconnects.
 */
const STREAM_IDLE_MS = 45_000;

/** Runs the dashboard of one room inside `page` (the `<lab-room-dashboard>` element). */
export class LiveRoom {
  private readonly page: HTMLElement;
  private readonly room: KeptRoom;
  /** The room was created on this page: its code and QR code are drawn at once and brought into view. */
  private readonly justCreated: boolean;
  private readonly headers: Record<string, string>;
  private readonly live: HTMLElement;
  private readonly pacing: ReturnType<typeof createPacePanel>;
  private readonly drawTable: ReturnType<typeof createLearnerTable>;
  private readonly lmsRoom: ReturnType<typeof lmsExportControls>;
  private readonly stream = new AbortController();
  private readonly joinUrl = `${location.origin}/join/`;
  private state: DashboardState | undefined;
  private clockSkew = 0;
  private renderTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly showNote: (text: string) => void;

  constructor(page: HTMLElement, room: KeptRoom, justCreated: boolean, showNote: (text: string) => void) {
    this.page = page;
    this.room = room;
    this.justCreated = justCreated;
    this.showNote = showNote;
    this.headers = { Authorization: `Bearer ${room.secret}` };
    this.live = must(page, '[data-role="live"]');
    this.pacing = createPacePanel(page, room.roomId, this.headers, (text) => (this.live.textContent = text));
    this.drawTable = createLearnerTable(page, () => this.render());
    this.lmsRoom = lmsExportControls(must(page, '[data-role="lms-export"]'), (request) => this.lmsFile(request));
  }

  /** Shows the dashboard and follows the room until it is deleted or the server no longer knows its key. */
  async start(): Promise<void> {
    must(this.page, '[data-role="create"]').hidden = true;
    must(this.page, '[data-role="dashboard"]').hidden = false;
    this.page.addEventListener('room-projector', () => this.render());
    must(this.page, '[data-role="instructor-link"]').textContent = instructorLink(this.room);
    setInterval(() => this.scheduleRender(), 15_000);
    this.bindControls();
    must(this.page, '[data-role="join-url"]').textContent = this.joinUrl;
    if (this.justCreated && this.room.code) {
      must(this.page, '[data-role="title"]').textContent = this.room.title;
      must(this.page, '[data-role="code"]').textContent = formatCode(this.room.code);
      const joinInfo = must(this.page, '[data-role="join-info"]');
      void this.drawQr(this.room.code)
        .catch(() => undefined)
        .then(() => {
          joinInfo.focus({ preventScroll: true });
          joinInfo.scrollIntoView({ block: 'center' });
        });
    }
    await this.follow();
  }

  private now(): number {
    return Date.now() + this.clockSkew;
  }

  private scheduleRender(): void {
    this.renderTimer ??= setTimeout(() => {
      this.renderTimer = undefined;
      this.render();
    }, 100);
  }

  private render(): void {
    if (!this.state) return;
    const view = buildDashboardView(this.state, this.now());
    const r = this.state.room;
    this.renderRoomState(r, view);
    // The projector view lists no learner at all: names never appear beside "stuck" or scores in front of the class.
    const onProjector = this.page.classList.contains('room-projector');
    // The LMS export's report names learners and the identifiers they gave: the instructor's, not the class's.
    must(this.page, '[data-role="lms-export"]').hidden = onProjector;
    if (onProjector) must(this.page, '[data-role="lms-status"]').textContent = '';
    const drawn = this.drawTable(onProjector ? [] : view.learners, {
      order: this.state.chapters.map((ch) => ch.id),
      ended: r.endedAt !== null,
      now: this.now(),
      onRemove: (row) => void this.confirmRemove(row),
    });
    must(this.page, '[data-role="empty"]').hidden = drawn > 0 || onProjector;
    renderClassSummary(this.page, view);
    this.pacing.render();
  }

  /** The room's title, code, summary line and the states of its controls. */
  private renderRoomState(r: RoomState, view: DashboardView): void {
    const ended = r.endedAt !== null;
    must(this.page, '[data-role="title"]').textContent = r.title;
    must(this.page, '[data-role="code"]').textContent = formatCode(r.code);
    must(this.page, '[data-role="summary"]').textContent =
      `${view.active} in the room · ${view.stuck} stuck${r.startsAt ? ` · starts ${formatDateTime(r.startsAt) ?? 'at an unknown time'}` : ''}` +
      `${r.endedAt ? ` · ended ${formatDateTime(r.endedAt) ?? 'at an unknown time'}` : ''} · data deleted ${formatDate(r.expiresAt) ?? 'on an unknown day'}`;
    const lock = must<HTMLButtonElement>(this.page, '[data-role="lock"]');
    lock.textContent = r.locked ? 'Unlock solutions' : 'Lock solutions';
    lock.disabled = ended;
    must(this.page, '[data-role="lock-state"]').textContent = r.locked
      ? 'Solutions are locked for everyone in the room.'
      : 'Solutions are open: learners can show them after a first attempt.';
    const joining = must<HTMLButtonElement>(this.page, '[data-role="joining"]');
    joining.textContent = r.joiningClosed ? 'Open joining' : 'Close joining';
    joining.hidden = ended;
    must(this.page, '[data-role="joining-state"]').textContent = ended
      ? ''
      : r.joiningClosed
        ? 'Joining is closed: nobody new can join; learners already in keep working.'
        : 'Joining is open: anyone with the code can join. Remove stops one sign-in, but that learner could join again under another name: close joining to keep them out.';
    must(this.page, '[data-role="end"]').hidden = ended;
    // An ended room takes no one new and no answers: it stops showing how to join, and nobody is left to remove.
    must(this.page, '[data-role="join-info"]').hidden = ended;
    must(this.page, '[data-role="delete"]').hidden = !ended;
  }

  /** The address of one of the room's API routes. */
  private api(path = ''): string {
    return `/api/rooms/${encodeURIComponent(this.room.roomId)}${path}`;
  }

  /** A click handler that runs `action`; a request that fails is said in the live region, never lost. */
  private onClick(selector: string, action: () => Promise<void>): void {
    must(this.page, selector).addEventListener('click', () => {
      action().catch(() => {
        this.live.textContent = 'The workshop server cannot be reached; nothing changed. Try again.';
      });
    });
  }

  private bindControls(): void {
    this.onClick('[data-role="copy-link"]', async () => {
      const ok = await copyText(instructorLink(this.room));
      this.live.textContent = ok ? 'Instructor link copied.' : 'Copy did not work: select the link and copy it.';
    });
    must(this.page, '[data-role="export"]').addEventListener('click', () => void this.exportCsv());
    must(this.page, '[data-role="confirm-export"]').addEventListener('click', () => void this.exportCsv());
    this.onClick('[data-role="joining"]', async () => {
      if (!this.state) return;
      const changed = await this.changeRoom('/joining', { open: this.state.room.joiningClosed });
      if (!changed.ok) this.live.textContent = `Joining did not change (${changed.status}).`;
    });
    this.onClick('[data-role="lock"]', async () => {
      if (!this.state) return;
      const changed = await this.changeRoom('/lock', { locked: !this.state.room.locked });
      if (!changed.ok) this.live.textContent = `The lock did not change (${changed.status}).`;
    });
    this.onClick('[data-role="end"]', async () => {
      const sure = await this.confirm(
        'End the room?',
        'Learners can no longer join or send answers. The data stays until it is deleted; export the CSV first if you want a copy.',
        'End the room',
        true,
      );
      if (sure && (await this.changeRoom('/end', {})).ok) this.live.textContent = 'Ended';
    });
    this.onClick('[data-role="delete"]', async () => {
      const sure = await this.confirm(
        "Delete the room's data now?",
        'The room, its learners and all their answers are deleted from the server. This cannot be undone.',
        'Delete everything',
        true,
      );
      if (!sure) return;
      const res = await fetch(this.api(), { method: 'DELETE', headers: this.headers });
      if (res.ok) {
        forgetRoom(this.room.roomId);
        this.stream.abort();
        location.replace('/instructor/room/');
      }
    });
  }

  /** Posts a change of the room's state; the server answers with the new state, which is drawn at once. */
  private async changeRoom(path: string, body: object): Promise<{ ok: boolean; status: number }> {
    const res = await fetch(this.api(path), {
      method: 'POST',
      headers: { ...this.headers, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (res.ok && this.state) {
      this.state.room = (await res.json()) as RoomState;
      this.render();
    }
    return { ok: res.ok, status: res.status };
  }

  private async confirm(title: string, text: string, yes: string, offerExport = false): Promise<boolean> {
    const dialog = must<HTMLDialogElement>(this.page, '[data-role="confirm"]');
    must(this.page, '[data-role="confirm-title"]').textContent = title;
    must(this.page, '[data-role="confirm-text"]').textContent = text;
    must(this.page, '[data-role="confirm-yes"]').textContent = yes;
    must(this.page, '[data-role="confirm-export"]').hidden = !offerExport;
    dialog.showModal();
    return new Promise((resolve) =>
      dialog.addEventListener('close', () => resolve(dialog.returnValue === 'yes'), { once: true }),
    );
  }

  private async confirmRemove(row: LearnerRow): Promise<void> {
    const sure = await this.confirm(
      `Remove ${row.name}?`,
      `${row.name} can no longer send answers to this room. Their answers so far stay in the export. They could join again under another name: use "Close joining" to keep anyone new out.`,
      `Remove ${row.name}`,
    );
    if (!sure) return;
    const res = await fetch(this.api(`/learners/${encodeURIComponent(row.id)}`), {
      method: 'DELETE',
      headers: this.headers,
    });
    this.live.textContent = res.ok ? `${row.name} was removed.` : `Could not remove ${row.name} (${res.status}).`;
  }

  private async exportCsv(): Promise<void> {
    const res = await fetch(this.api('/export.csv'), { headers: this.headers });
    if (!res.ok) {
      this.live.textContent = `The export failed (${res.status}).`;
      return;
    }
    const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'workshop.csv';
    downloadFile(await res.blob(), name);
    this.live.textContent = `Downloaded ${name}.`;
  }

  /** The room's gradebook file, from the server: only it knows the identifiers learners gave at join. */
  private async lmsFile(request: Parameters<Parameters<typeof lmsExportControls>[1]>[0]): Promise<LmsFile> {
    const query = new URLSearchParams({ lms: request.lms, columns: request.columnsText });
    if (request.key) query.set('key', request.key);
    const res = await fetch(this.api(`/export/lms?${query}`), { headers: this.headers });
    const body = (await res.json().catch(() => ({}))) as Partial<Extract<LmsFile, { csv: string }>> & {
      error?: string;
    };
    if (!res.ok || typeof body.csv !== 'string') return { error: body.error ?? `The export failed (${res.status}).` };
    return {
      filename: body.filename ?? 'workshop-lms.csv',
      csv: body.csv,
      rows: body.rows ?? 0,
      warnings: body.warnings ?? [],
    };
  }

  /** Reads the live stream, reconnecting with a fresh snapshot (backing off to 15 s) until the room is gone. */
  private async follow(): Promise<void> {
    let delay = 1000;
    let first = true;
    while (!this.stream.signal.aborted) {
      this.live.textContent = first ? 'Connecting…' : 'Reconnecting…';
      let replaced = false;
      try {
        const res = await fetch(this.api('/stream'), { headers: this.headers, signal: this.stream.signal });
        if (res.status === 401) {
          this.live.textContent = '';
          this.showNote('The server does not know this room or its key (it may have been deleted).');
          return;
        }
        if (res.ok) {
          delay = 1000;
          await readEventStream(
            res,
            (event) => {
              if (event.event === 'replaced') replaced = true;
              else if (this.onStreamEvent(event, first)) first = false;
            },
            this.stream.signal,
            { idleMs: STREAM_IDLE_MS },
          );
        }
      } catch {
        // Dropped, or silent past STREAM_IDLE_MS: reconnect below, with a fresh snapshot.
      }
      if (this.stream.signal.aborted) return;
      if (replaced) {
        this.live.textContent =
          'Paused: this room is open on more dashboards; this one resumes when you come back to it.';
        await waitUntilShownAgain(this.stream.signal);
        continue;
      }
      this.live.textContent = 'Connection lost: reconnecting…';
      await new Promise((r) => setTimeout(r, delay));
      delay = Math.min(delay * 2, 15_000);
    }
  }

  /** Folds one event of the stream into the dashboard; true for a snapshot (the stream's first event). */
  private onStreamEvent(event: StreamEvent, first: boolean): boolean {
    const state = this.state;
    if (event.event === 'snapshot') {
      const snapshot = JSON.parse(event.data) as DashboardSnapshot;
      this.clockSkew = snapshot.now - Date.now();
      this.state = createDashboardState(snapshot);
      this.pacing.reset(this.state, snapshot.events);
      this.lmsRoom(snapshot.chapters, snapshot.room.lmsIdKind);
      keepRoom({ ...this.room, title: snapshot.room.title, code: snapshot.room.code });
      if (first && !this.justCreated) void this.drawQr(snapshot.room.code);
      // A large room's events follow in pages: the page is live once the last one is in.
      const more = (snapshot as { more?: boolean }).more === true;
      this.live.textContent = more ? "Loading the room's answers…" : snapshot.room.endedAt === null ? 'Live' : 'Ended';
      this.render();
      return true;
    }
    if (event.event === 'pace') {
      this.pacing.setPace(event.data);
      this.scheduleRender();
      return false;
    }
    if (!state) return false;
    if (event.event === 'snapshot-events') {
      const page = JSON.parse(event.data) as { events: DashboardEvent[]; more: boolean };
      for (const e of page.events) {
        applyEvent(state, e);
        this.pacing.applyEvent(e);
      }
      if (!page.more) this.live.textContent = state.room.endedAt === null ? 'Live' : 'Ended';
      this.scheduleRender();
    } else if (event.event === 'event') {
      const incoming = JSON.parse(event.data) as DashboardEvent;
      if (applyEvent(state, incoming)) {
        this.pacing.applyEvent(incoming);
        this.scheduleRender();
      }
    } else if (event.event === 'learner') {
      upsertLearner(state, JSON.parse(event.data) as DashboardLearner);
      this.scheduleRender();
    } else if (event.event === 'room') {
      state.room = JSON.parse(event.data) as RoomState;
      this.scheduleRender();
    }
    return false;
  }

  private async drawQr(code: string): Promise<void> {
    const qr = await qrSvg(`${this.joinUrl}#code=${code}`);
    if (qr.kind === 'svg')
      showQr(must(this.page, '[data-role="qr"]'), qr.svg, `QR code: the join page with code ${formatCode(code)}`);
  }
}
