/**
 * The instructor's page (/instructor/room/): creates a room, then shows its live dashboard. The instructor link
 * carries the room's secret in its fragment (#room=…&key=…), which browsers never send to a server; this script
 * moves the secret into localStorage (never over a kept key the server has not refused: see KeptRoom.untried), takes it out of the address bar (so it never shows on a projector), and sends
 * it only in Authorization headers. The live stream is read with fetch(). Every name is put on the page as text.
 */
import { formatDate, formatDateTime } from '../../lib/dates.ts';
import { copyText } from '../../lib/clipboard.ts';
import { lmsExportControls, type LmsFile } from '../../lms/roster-export.ts';
import { qrSvg, showQr } from '../../lib/qr.ts';
import {
  applyEvent,
  buildDashboardView,
  createDashboardState,
  upsertLearner,
  type DashboardSnapshot,
  type DashboardState,
  type LearnerRow,
} from '../dashboard-model.ts';
import type { DashboardEvent, DashboardLearner, RoomState } from '../live.ts';
import { checkText, formatCode } from '../names.ts';
import { MAX_LMS_LABEL_CHARS, MAX_TITLE_CHARS, type CreateRoomResponse } from '../protocol.ts';
import { readEventStream, waitUntilShownAgain } from '../sse.ts';
import { createPacePanel } from './dashboard-pace.ts';
import { workshopServer } from './server-check.ts';

const ROOMS_KEY = 'mcp-lab-room:instructor';
const PROJECTOR_KEY = 'mcp-lab-room:projector';
/**
 * The server writes to a live stream at least every 15 s (a keep-alive when nothing happens); a stream silent for
 * three times that is dead, whatever the connection says, and the page stops saying "Live" and reconnects.
 */
const STREAM_IDLE_MS = 45_000;

/** What this browser keeps about a room it runs. */
interface KeptRoom {
  roomId: string;
  secret: string;
  title: string;
  code: string;
  createdAt: number;
  /**
   * Keys that links carried for this room, not yet proven: a link never replaces a key that works until the server
   * has accepted the link's key (a learner who knows the room id could otherwise send a "dashboard link" with a
   * made-up key and lock the instructor out).
   */
  untried?: string[];
}

const must = <T extends Element = HTMLElement>(selector: string, root: ParentNode = document): T => {
  const el = root.querySelector<T>(selector);
  if (!el) throw new Error(`dashboard: ${selector} is missing`);
  return el;
};

function keptRooms(): KeptRoom[] {
  try {
    const value = JSON.parse(localStorage.getItem(ROOMS_KEY) ?? '[]') as unknown;
    return Array.isArray(value)
      ? (value as KeptRoom[]).filter((r) => typeof r?.roomId === 'string' && typeof r.secret === 'string')
      : [];
  } catch {
    return [];
  }
}

function keepRoom(room: KeptRoom): void {
  const rooms = keptRooms().filter((r) => r.roomId !== room.roomId);
  try {
    localStorage.setItem(ROOMS_KEY, JSON.stringify([room, ...rooms].slice(0, 20)));
  } catch {
    // Private mode: the link still works while the page is open.
  }
}

function forgetRoom(roomId: string): void {
  try {
    localStorage.setItem(ROOMS_KEY, JSON.stringify(keptRooms().filter((r) => r.roomId !== roomId)));
  } catch {
    // Nothing kept.
  }
}

const instructorLink = (room: Pick<KeptRoom, 'roomId' | 'secret'>) =>
  `${location.origin}/instructor/room/#room=${encodeURIComponent(room.roomId)}&key=${encodeURIComponent(room.secret)}`;

function setError(slot: HTMLElement, input: HTMLElement | undefined, message: string | undefined): void {
  slot.hidden = !message;
  slot.textContent = message ?? '';
  if (input) {
    if (message) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  }
}

/** Starts the page. */
export function startDashboardPage(): void {
  const page = must('[data-role="page"]');
  const projector = must<HTMLInputElement>('[data-role="projector"]');
  try {
    projector.checked = localStorage.getItem(PROJECTOR_KEY) === '1';
  } catch {
    projector.checked = false;
  }
  page.classList.toggle('room-projector', projector.checked);
  projector.addEventListener('change', () => {
    page.classList.toggle('room-projector', projector.checked);
    // The dashboard redraws at once: the projector view holds no learner's name, not even hidden.
    page.dispatchEvent(new Event('room-projector'));
    try {
      localStorage.setItem(PROJECTOR_KEY, projector.checked ? '1' : '0');
    } catch {
      // The choice lasts for this page view.
    }
  });

  void workshopServer().then((server) => (server ? limitRetention(server.retentionDays) : noServer()));

  const params = new URLSearchParams(location.hash.slice(1));
  const roomId = params.get('room');
  const key = params.get('key');
  if (roomId && key) {
    const known = keptRooms().find((r) => r.roomId === roomId);
    if (!known) keepRoom({ title: '', code: '', createdAt: Date.now(), roomId, secret: key });
    else if (known.secret !== key && !known.untried?.includes(key))
      keepRoom({ ...known, untried: [...(known.untried ?? []), key].slice(-5) });
    history.replaceState(null, '', `${location.pathname}#room=${encodeURIComponent(roomId)}`);
  }
  const kept = roomId ? keptRooms().find((r) => r.roomId === roomId) : undefined;
  if (roomId && kept) {
    void openDashboard(kept);
  } else {
    if (roomId)
      showNote(
        'This browser does not have the key of that room. Open the instructor link you kept when you created it.',
      );
    startCreateForm();
  }
  addEventListener('hashchange', () => location.reload());
}

function noServer(): void {
  must('[data-role="no-server"]').hidden = false;
  const submit = document.querySelector<HTMLButtonElement>('[data-role="create-form"] button[type="submit"]');
  if (submit) submit.disabled = true;
}

/** The form offers no more days than the server keeps a room (its operator's --retention-days). */
function limitRetention(most: number | undefined): void {
  const days = document.querySelector<HTMLInputElement>('#room-days');
  if (!days || most === undefined) return;
  days.max = String(most);
  if (Number(days.value) > most) days.value = String(most);
}

function showNote(text: string): void {
  const note = must('[data-role="note"]');
  note.textContent = text;
  note.hidden = false;
}

function startCreateForm(): void {
  const form = must<HTMLFormElement>('[data-role="create-form"]');
  const title = must<HTMLInputElement>('#room-title');
  const days = must<HTMLInputElement>('#room-days');
  const start = must<HTMLInputElement>('#room-start');
  const lmsLabel = must<HTMLInputElement>('#room-lms-label');
  const lmsKind = () => form.querySelector<HTMLInputElement>('input[name="lms-kind"]:checked')?.value ?? '';
  // The label field shows once the room asks for an identifier.
  form.addEventListener('change', () => (must('[data-role="lms-label-field"]').hidden = lmsKind() === ''));
  const rooms = keptRooms();
  if (rooms.length) {
    must('[data-role="my-rooms"]').hidden = false;
    const list = must('[data-role="my-rooms-list"]');
    for (const room of rooms) {
      const a = document.createElement('a');
      a.href = `#room=${encodeURIComponent(room.roomId)}`;
      a.textContent = `${room.title || 'Untitled room'}${room.code ? ` (code ${formatCode(room.code)})` : ''}, created ${formatDateTime(room.createdAt) ?? 'at an unknown time'}`;
      const li = document.createElement('li');
      li.append(a);
      list.append(li);
    }
  }
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void create();
  });

  async function create(): Promise<void> {
    const checked = [...form.querySelectorAll<HTMLInputElement>('input[name="chapters"]:checked')].map((i) => i.value);
    const titleCheck = checkText(title.value, MAX_TITLE_CHARS, 'title');
    const dayCount = Number(days.value);
    setError(must('[data-role="title-error"]'), title, titleCheck.kind === 'ok' ? undefined : titleCheck.reason);
    setError(
      must('[data-role="chapters-error"]'),
      undefined,
      checked.length ? undefined : 'Choose at least one chapter.',
    );
    const most = Number(days.max) || 365;
    const daysOk = Number.isInteger(dayCount) && dayCount >= 1 && dayCount <= most;
    setError(
      must('[data-role="days-error"]'),
      days,
      daysOk ? undefined : `Enter a whole number of days from 1 to ${most}.`,
    );
    const kind = lmsKind();
    const labelCheck =
      kind && lmsLabel.value.trim() ? checkText(lmsLabel.value, MAX_LMS_LABEL_CHARS, 'label') : undefined;
    setError(
      must('[data-role="lms-label-error"]'),
      lmsLabel,
      labelCheck?.kind === 'invalid' ? labelCheck.reason : undefined,
    );
    setError(must('[data-role="form-error"]'), undefined, undefined);
    if (titleCheck.kind !== 'ok') return title.focus();
    if (!checked.length) return form.querySelector<HTMLInputElement>('input[name="chapters"]')?.focus();
    if (!daysOk) return days.focus();
    if (labelCheck?.kind === 'invalid') return lmsLabel.focus();
    const startsAt = start.value ? new Date(start.value).getTime() : undefined;
    const button = must<HTMLButtonElement>('button[type="submit"]', form);
    button.disabled = true;
    try {
      const response = await fetch('/api/rooms', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          title: titleCheck.text,
          chapters: checked,
          retentionDays: dayCount,
          ...(startsAt !== undefined && Number.isFinite(startsAt) ? { startsAt } : {}),
          ...(kind ? { lmsId: { kind, ...(labelCheck?.kind === 'ok' ? { label: labelCheck.text } : {}) } } : {}),
        }),
      });
      const body = (await response.json().catch(() => ({}))) as Partial<CreateRoomResponse> & { error?: string };
      if (!response.ok || !body.roomId || !body.instructorSecret) {
        setError(must('[data-role="form-error"]'), undefined, body.error ?? `The server answered ${response.status}.`);
        return;
      }
      const room: KeptRoom = {
        roomId: body.roomId,
        secret: body.instructorSecret,
        title: titleCheck.text,
        code: body.code ?? '',
        createdAt: Date.now(),
      };
      keepRoom(room);
      history.replaceState(null, '', `${location.pathname}#room=${encodeURIComponent(room.roomId)}`);
      must('[data-role="create"]').hidden = true;
      await openDashboard(room, { justCreated: true });
    } catch {
      setError(must('[data-role="form-error"]'), undefined, 'The workshop server cannot be reached.');
    } finally {
      button.disabled = false;
    }
  }
}

type SortKey =
  'name' | 'where' | 'progress' | 'wrong' | 'hints' | 'solutions' | 'predictions' | 'labs' | 'last' | 'stuck';

const COLUMNS: { key: SortKey; label: string; numeric?: boolean }[] = [
  { key: 'name', label: 'Learner' },
  { key: 'stuck', label: 'Stuck' },
  { key: 'where', label: 'Chapter now' },
  { key: 'progress', label: 'Items done', numeric: true },
  { key: 'wrong', label: 'Wrong in a row', numeric: true },
  { key: 'hints', label: 'Hints', numeric: true },
  { key: 'solutions', label: 'Solutions', numeric: true },
  { key: 'predictions', label: 'Predictions right', numeric: true },
  { key: 'labs', label: 'Labs passed (self-reported)', numeric: true },
  { key: 'last', label: 'Last activity' },
];

/** A chapter's place in the room's list; a learner on no chapter (or one outside it) sorts first. */
const place = (order: readonly string[], id: string | null | undefined) => (id ? order.indexOf(id) : -1);

/** Compares two learners by one column; chapters compare by their place in the course (`order`), not by id. */
function compare(a: LearnerRow, b: LearnerRow, key: SortKey, order: readonly string[]): number {
  switch (key) {
    case 'name':
      return a.name.localeCompare(b.name);
    case 'where':
      return place(order, a.chapterId) - place(order, b.chapterId);
    case 'progress':
      return a.done - b.done;
    case 'wrong':
      return a.wrongAttempts - b.wrongAttempts;
    case 'hints':
      return a.hints - b.hints;
    case 'solutions':
      return a.solutions - b.solutions;
    case 'predictions':
      return a.predictions.correct - b.predictions.correct;
    case 'labs':
      return a.codeLabsPassed - b.codeLabsPassed;
    case 'last':
      return a.lastEventAt - b.lastEventAt;
    case 'stuck':
      return Number(!!a.stuck) - Number(!!b.stuck);
  }
}

function ago(ms: number, now: number): string {
  const s = Math.max(0, Math.round((now - ms) / 1000));
  if (s < 60) return `${s} s ago`;
  const m = Math.floor(s / 60);
  return m < 60 ? `${m} min ago` : `${Math.floor(m / 60)} h ${m % 60} min ago`;
}

const el = (tag: string, attrs: Record<string, string> = {}, ...children: (Node | string)[]) => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  node.append(...children);
  return node;
};

/**
 * Asks the server whether `key` is the room's instructor key; when it is, the server also signs this browser in for
 * the instructor pages that reveal answers (the answer key, the facilitator notes).
 */
async function proveKey(roomId: string, key: string): Promise<'accepted' | 'refused' | 'unknown'> {
  try {
    const res = await fetch(`/api/rooms/${encodeURIComponent(roomId)}/sign-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
      body: '{}',
    });
    return res.ok ? 'accepted' : res.status === 401 ? 'refused' : 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * Tries the keys links brought for the room: one the server accepts replaces the kept key, one it refuses is
 * dropped (and the page says so), one it cannot judge yet (offline) is kept beside the working key for next time.
 * Then signs in with the key kept.
 */
async function settleKey(initial: KeptRoom): Promise<KeptRoom> {
  let room = initial;
  for (const key of initial.untried ?? []) {
    const answer = await proveKey(room.roomId, key);
    if (answer === 'unknown') break;
    const untried = (room.untried ?? []).filter((k) => k !== key);
    room = answer === 'accepted' ? { ...room, secret: key, untried } : { ...room, untried };
    if (answer === 'refused')
      showNote(
        "The server has not accepted the key in the link you opened: this browser keeps the room's instructor key it had.",
      );
    keepRoom(room);
  }
  await proveKey(room.roomId, room.secret);
  return room;
}

/**
 * Shows the room's dashboard and follows it live. `justCreated`: the room was created on this page, so the code and
 * QR code are drawn at once and brought into view with focus (the instructor's next step is to show them).
 */
async function openDashboard(initial: KeptRoom, { justCreated = false } = {}): Promise<void> {
  const room = await settleKey(initial);
  must('[data-role="create"]').hidden = true;
  const dash = must('[data-role="dashboard"]');
  dash.hidden = false;
  const headers = { Authorization: `Bearer ${room.secret}` };
  let state: DashboardState | undefined;
  let clockSkew = 0;
  let sort: { key: SortKey; descending: boolean } = { key: 'stuck', descending: true };
  let renderTimer: ReturnType<typeof setTimeout> | undefined;
  const live = must('[data-role="live"]');
  const pacing = createPacePanel(room.roomId, headers, (text) => (live.textContent = text));
  must('[data-role="page"]').addEventListener('room-projector', () => render());
  must('[data-role="instructor-link"]').textContent = instructorLink(room);
  /** A click handler that runs `action`; a request that fails is said in the live region, never lost. */
  const onClick = (selector: string, action: () => Promise<void>) =>
    must(selector).addEventListener('click', () => {
      action().catch(() => {
        live.textContent = 'The workshop server cannot be reached; nothing changed. Try again.';
      });
    });
  onClick('[data-role="copy-link"]', async () => {
    const ok = await copyText(instructorLink(room));
    live.textContent = ok ? 'Instructor link copied.' : 'Copy did not work: select the link and copy it.';
  });

  const now = () => Date.now() + clockSkew;
  const scheduleRender = () => {
    renderTimer ??= setTimeout(() => {
      renderTimer = undefined;
      render();
    }, 100);
  };
  setInterval(scheduleRender, 15_000);

  const thead = must('[data-role="learners"] thead tr');
  const sortSelect = must<HTMLSelectElement>('[data-role="sort"]');
  const setSort = (key: SortKey, descending: boolean) => {
    sort = { key, descending };
    sortSelect.value = `${key}:${descending ? 'desc' : 'asc'}`;
    render();
  };
  for (const column of COLUMNS) {
    const button = el('button', { type: 'button', class: 'room-sort' }, column.label);
    button.addEventListener('click', () =>
      setSort(
        column.key,
        sort.key === column.key ? !sort.descending : column.numeric === true || column.key === 'stuck',
      ),
    );
    thead.append(el('th', { scope: 'col', 'data-key': column.key }, button));
    for (const descending of [true, false]) {
      const direction =
        column.key === 'name' || column.key === 'where'
          ? descending
            ? 'Z to A'
            : 'A to Z'
          : column.key === 'last'
            ? descending
              ? 'most recent first'
              : 'oldest first'
            : column.key === 'stuck'
              ? descending
                ? 'stuck first'
                : 'stuck last'
              : descending
                ? 'most first'
                : 'fewest first';
      sortSelect.append(
        el('option', { value: `${column.key}:${descending ? 'desc' : 'asc'}` }, `${column.label} (${direction})`),
      );
    }
  }
  sortSelect.value = 'stuck:desc';
  sortSelect.addEventListener('change', () => {
    const [key, direction] = sortSelect.value.split(':') as [SortKey, string];
    setSort(key, direction === 'desc');
  });
  const removeHead = el('th', { scope: 'col', class: 'room-actions' }, 'Remove');
  thead.append(removeHead);

  function render(): void {
    if (!state) return;
    const view = buildDashboardView(state, now());
    const r = state.room;
    must('[data-role="title"]').textContent = r.title;
    must('[data-role="code"]').textContent = formatCode(r.code);
    must('[data-role="summary"]').textContent =
      `${view.active} in the room · ${view.stuck} stuck${r.startsAt ? ` · starts ${formatDateTime(r.startsAt) ?? 'at an unknown time'}` : ''}` +
      `${r.endedAt ? ` · ended ${formatDateTime(r.endedAt) ?? 'at an unknown time'}` : ''} · data deleted ${formatDate(r.expiresAt) ?? 'on an unknown day'}`;
    const lock = must<HTMLButtonElement>('[data-role="lock"]');
    lock.textContent = r.locked ? 'Unlock solutions' : 'Lock solutions';
    lock.disabled = r.endedAt !== null;
    must('[data-role="lock-state"]').textContent = r.locked
      ? 'Solutions are locked for everyone in the room.'
      : 'Solutions are open: learners can show them after a first attempt.';
    const joining = must<HTMLButtonElement>('[data-role="joining"]');
    joining.textContent = r.joiningClosed ? 'Open joining' : 'Close joining';
    joining.hidden = r.endedAt !== null;
    must('[data-role="joining-state"]').textContent =
      r.endedAt !== null
        ? ''
        : r.joiningClosed
          ? 'Joining is closed: nobody new can join; learners already in keep working.'
          : 'Joining is open: anyone with the code can join. Remove stops one sign-in, but that learner could join again under another name: close joining to keep them out.';
    must<HTMLButtonElement>('[data-role="end"]').hidden = r.endedAt !== null;
    // An ended room takes no one new and no answers: it stops showing how to join, and nobody is left to remove.
    must('[data-role="join-info"]').hidden = r.endedAt !== null;
    removeHead.hidden = r.endedAt !== null;
    must<HTMLButtonElement>('[data-role="delete"]').hidden = r.endedAt === null;

    const order = state.chapters.map((ch) => ch.id);
    // The projector view lists no learner at all: names never appear beside "stuck" or scores in front of the class.
    const onProjector = must('[data-role="page"]').classList.contains('room-projector');
    // The LMS export's report names learners and the identifiers they gave: the instructor's, not the class's.
    const lmsPanel = must('[data-role="lms-export"]');
    lmsPanel.hidden = onProjector;
    if (onProjector) must('[data-role="lms-status"]').textContent = '';
    const rows = (onProjector ? [] : [...view.learners]).sort((a, b) => {
      const c = compare(a, b, sort.key, order);
      return (sort.descending ? -c : c) || a.name.localeCompare(b.name);
    });
    for (const th of thead.querySelectorAll<HTMLElement>('th[data-key]')) {
      if (th.dataset.key === sort.key) th.setAttribute('aria-sort', sort.descending ? 'descending' : 'ascending');
      else th.removeAttribute('aria-sort');
    }
    const body = must('[data-role="learners"] tbody');
    body.replaceChildren(
      ...rows.map((row) => {
        const remove = el('button', { type: 'button', class: 'button button-danger room-small' }, 'Remove');
        remove.setAttribute('aria-label', `Remove ${row.name}`);
        remove.addEventListener('click', () => void confirmRemove(row));
        const cell = (label: string, text: string, numeric = false) =>
          el('td', { 'data-label': label, ...(numeric ? { class: 'room-num' } : {}) }, text);
        const tr = el(
          'tr',
          { class: row.removed ? 'room-removed' : row.stuck ? 'room-stuck' : '' },
          el(
            'th',
            { scope: 'row' },
            row.name,
            row.removed ? ' (removed)' : '',
            ...(row.stuck ? [el('span', { class: 'room-stuck-why' }, `Stuck: ${row.stuck}`)] : []),
          ),
          cell('Stuck', row.stuck ? 'Yes' : 'No'),
          cell('Chapter now', row.chapterTitle || '—'),
          cell('Items done', `${row.done} of ${row.total}`, true),
          cell('Wrong in a row', String(row.wrongAttempts), true),
          cell('Hints', String(row.hints), true),
          cell('Solutions', String(row.solutions), true),
          cell('Predictions right', `${row.predictions.correct} of ${row.predictions.total}`, true),
          cell('Labs passed (self-reported)', String(row.codeLabsPassed), true),
          cell('Last activity', ago(row.lastEventAt, now())),
          r.endedAt !== null ? '' : el('td', { class: 'room-actions' }, row.removed ? '' : remove),
        );
        return tr;
      }),
    );
    must('[data-role="empty"]').hidden = rows.length > 0 || onProjector;

    must('[data-role="chapters"]').replaceChildren(
      ...view.chapters.map((c) =>
        el(
          'li',
          {},
          el(
            'span',
            { class: 'room-bar-label' },
            `${c.title}: ${c.percent}% of items done on average, ${c.finished} finished`,
          ),
          el('span', { class: 'room-bar', 'aria-hidden': 'true' }, el('span', { style: `width:${c.percent}%` })),
        ),
      ),
    );

    must('[data-role="cells"]').replaceChildren(
      ...(view.cells.length
        ? view.cells
            .slice(0, 24)
            .map((cell) =>
              el(
                'section',
                { class: 'room-cell' },
                el('h4', {}, `${cell.scenarioTitle}: ${cell.columnLabel}`),
                el(
                  'p',
                  { class: 'room-hint' },
                  `${cell.correct} of ${cell.learners} right · right answer: ${cell.correctLabel}`,
                ),
                el(
                  'ul',
                  {},
                  ...cell.answers.map((a) =>
                    el(
                      'li',
                      { class: a.correct ? 'room-answer-right' : 'room-answer-wrong' },
                      el(
                        'span',
                        { class: 'room-bar-label' },
                        `${a.correct ? 'Right' : 'Wrong'}: ${a.label} (${a.count})`,
                      ),
                      el(
                        'span',
                        { class: 'room-bar', 'aria-hidden': 'true' },
                        el('span', { style: `width:${Math.round((a.count / cell.learners) * 100)}%` }),
                      ),
                    ),
                  ),
                ),
              ),
            )
        : [el('p', { class: 'room-hint' }, 'No decision-table answers checked yet.')]),
    );

    must('[data-role="misconceptions"]').replaceChildren(
      ...(view.misconceptions.length
        ? view.misconceptions.map((m) =>
            el(
              'li',
              {},
              el('strong', {}, `“${m.belief}”`),
              ` (${m.learners} ${m.learners === 1 ? 'learner' : 'learners'}). `,
              m.correction,
            ),
          )
        : [el('li', { class: 'room-hint' }, 'None yet.')]),
    );
    // "None yet." is a note, not the first of a numbered list.
    must('[data-role="misconceptions"]').classList.toggle('room-empty', view.misconceptions.length === 0);
    pacing.render();
  }

  async function confirm(title: string, text: string, yes: string, offerExport = false): Promise<boolean> {
    const dialog = must<HTMLDialogElement>('[data-role="confirm"]');
    must('[data-role="confirm-title"]').textContent = title;
    must('[data-role="confirm-text"]').textContent = text;
    must('[data-role="confirm-yes"]').textContent = yes;
    must<HTMLButtonElement>('[data-role="confirm-export"]').hidden = !offerExport;
    dialog.showModal();
    return new Promise((resolve) =>
      dialog.addEventListener('close', () => resolve(dialog.returnValue === 'yes'), { once: true }),
    );
  }

  async function confirmRemove(row: LearnerRow): Promise<void> {
    if (
      !(await confirm(
        `Remove ${row.name}?`,
        `${row.name} can no longer send answers to this room. Their answers so far stay in the export. They could join again under another name: use "Close joining" to keep anyone new out.`,
        `Remove ${row.name}`,
      ))
    )
      return;
    const res = await fetch(`/api/rooms/${encodeURIComponent(room.roomId)}/learners/${encodeURIComponent(row.id)}`, {
      method: 'DELETE',
      headers,
    });
    live.textContent = res.ok ? `${row.name} was removed.` : `Could not remove ${row.name} (${res.status}).`;
  }

  async function exportCsv(): Promise<void> {
    const res = await fetch(`/api/rooms/${encodeURIComponent(room.roomId)}/export.csv`, { headers });
    if (!res.ok) {
      live.textContent = `The export failed (${res.status}).`;
      return;
    }
    const blob = await res.blob();
    const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'workshop.csv';
    const a = el('a', { href: URL.createObjectURL(blob), download: name }) as HTMLAnchorElement;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
    live.textContent = `Downloaded ${name}.`;
  }

  /** The room's gradebook file, from the server: only it knows the identifiers learners gave at join. */
  const lmsRoom = lmsExportControls(must('[data-role="lms-export"]'), async (request): Promise<LmsFile> => {
    const query = new URLSearchParams({ lms: request.lms, columns: request.columnsText });
    if (request.key) query.set('key', request.key);
    const res = await fetch(`/api/rooms/${encodeURIComponent(room.roomId)}/export/lms?${query}`, { headers });
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
  });

  must('[data-role="export"]').addEventListener('click', () => void exportCsv());
  must('[data-role="confirm-export"]').addEventListener('click', () => void exportCsv());
  onClick('[data-role="joining"]', async () => {
    if (!state) return;
    const res = await fetch(`/api/rooms/${encodeURIComponent(room.roomId)}/joining`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ open: state.room.joiningClosed }),
    });
    if (res.ok) {
      state.room = (await res.json()) as RoomState;
      render();
    } else live.textContent = `Joining did not change (${res.status}).`;
  });
  onClick('[data-role="lock"]', async () => {
    if (!state) return;
    const res = await fetch(`/api/rooms/${encodeURIComponent(room.roomId)}/lock`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ locked: !state.room.locked }),
    });
    if (res.ok) {
      state.room = (await res.json()) as RoomState;
      render();
    } else live.textContent = `The lock did not change (${res.status}).`;
  });
  onClick('[data-role="end"]', async () => {
    if (
      !(await confirm(
        'End the room?',
        'Learners can no longer join or send answers. The data stays until it is deleted; export the CSV first if you want a copy.',
        'End the room',
        true,
      ))
    )
      return;
    const res = await fetch(`/api/rooms/${encodeURIComponent(room.roomId)}/end`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: '{}',
    });
    if (res.ok && state) {
      state.room = (await res.json()) as RoomState;
      render();
      live.textContent = 'Ended';
    }
  });
  onClick('[data-role="delete"]', async () => {
    if (
      !(await confirm(
        "Delete the room's data now?",
        'The room, its learners and all their answers are deleted from the server. This cannot be undone.',
        'Delete everything',
        true,
      ))
    )
      return;
    const res = await fetch(`/api/rooms/${encodeURIComponent(room.roomId)}`, { method: 'DELETE', headers });
    if (res.ok) {
      forgetRoom(room.roomId);
      stream.abort();
      location.replace('/instructor/room/');
    }
  });

  const joinUrl = `${location.origin}/join/`;
  must('[data-role="join-url"]').textContent = joinUrl;
  if (justCreated && room.code) {
    must('[data-role="title"]').textContent = room.title;
    must('[data-role="code"]').textContent = formatCode(room.code);
    const joinInfo = must('[data-role="join-info"]');
    void drawQr(room.code)
      .catch(() => undefined)
      .then(() => {
        joinInfo.focus({ preventScroll: true });
        joinInfo.scrollIntoView({ block: 'center' });
      });
  }

  const stream = new AbortController();
  let delay = 1000;
  let first = true;
  while (!stream.signal.aborted) {
    live.textContent = first ? 'Connecting…' : 'Reconnecting…';
    let replaced = false;
    try {
      const res = await fetch(`/api/rooms/${encodeURIComponent(room.roomId)}/stream`, {
        headers,
        signal: stream.signal,
      });
      if (res.status === 401) {
        live.textContent = '';
        showNote('The server does not know this room or its key (it may have been deleted).');
        return;
      }
      if (res.ok) {
        delay = 1000;
        await readEventStream(
          res,
          (event) => {
            if (event.event === 'snapshot') {
              const snapshot = JSON.parse(event.data) as DashboardSnapshot;
              clockSkew = snapshot.now - Date.now();
              state = createDashboardState(snapshot);
              pacing.reset(state, snapshot.events);
              lmsRoom(snapshot.chapters, snapshot.room.lmsIdKind);
              keepRoom({ ...room, title: snapshot.room.title, code: snapshot.room.code });
              if (first && !justCreated) void drawQr(snapshot.room.code);
              first = false;
              // A large room's events follow in pages: the page is live once the last one is in.
              const more = (snapshot as { more?: boolean }).more === true;
              live.textContent = more
                ? "Loading the room's answers…"
                : snapshot.room.endedAt === null
                  ? 'Live'
                  : 'Ended';
              render();
            } else if (state && event.event === 'snapshot-events') {
              const page = JSON.parse(event.data) as { events: DashboardEvent[]; more: boolean };
              for (const e of page.events) {
                applyEvent(state, e);
                pacing.applyEvent(e);
              }
              if (!page.more) live.textContent = state.room.endedAt === null ? 'Live' : 'Ended';
              scheduleRender();
            } else if (state && event.event === 'event') {
              const incoming = JSON.parse(event.data) as DashboardEvent;
              if (applyEvent(state, incoming)) {
                pacing.applyEvent(incoming);
                scheduleRender();
              }
            } else if (event.event === 'pace') {
              pacing.setPace(event.data);
              scheduleRender();
            } else if (state && event.event === 'learner') {
              upsertLearner(state, JSON.parse(event.data) as DashboardLearner);
              scheduleRender();
            } else if (state && event.event === 'room') {
              state.room = JSON.parse(event.data) as RoomState;
              scheduleRender();
            } else if (event.event === 'replaced') {
              replaced = true;
            }
          },
          stream.signal,
          { idleMs: STREAM_IDLE_MS },
        );
      }
    } catch {
      // Dropped, or silent past STREAM_IDLE_MS: reconnect below, with a fresh snapshot.
    }
    if (stream.signal.aborted) return;
    if (replaced) {
      live.textContent = 'Paused: this room is open on more dashboards; this one resumes when you come back to it.';
      await waitUntilShownAgain(stream.signal);
      continue;
    }
    live.textContent = 'Connection lost: reconnecting…';
    await new Promise((r) => setTimeout(r, delay));
    delay = Math.min(delay * 2, 15_000);
  }

  async function drawQr(code: string): Promise<void> {
    const qr = await qrSvg(`${joinUrl}#code=${code}`);
    if (qr.kind === 'svg')
      showQr(must('[data-role="qr"]'), qr.svg, `QR code: the join page with code ${formatCode(code)}`);
  }
}
