/**
 * The form that creates a room (/instructor/room/): checks every field before sending (each error beside its field,
 * focus on the first), creates the room on the server, keeps its key in this browser and hands it to the dashboard.
 * Also lists the rooms this browser created before.
 */
import { formatDateTime } from '../../lib/dates.ts';
import { must, setFieldError } from '../../lib/dom.ts';
import { checkText, formatCode } from '../names.ts';
import { MAX_LMS_LABEL_CHARS, MAX_TITLE_CHARS, type CreateRoomResponse } from '../protocol.ts';
import { keepRoom, keptRooms, type KeptRoom } from './kept-rooms.ts';

/** Without a workshop server no room can be created: the page says so and the form's button is disabled. */
export function showNoServer(root: ParentNode): void {
  must(root, '[data-role="no-server"]').hidden = false;
  const submit = root.querySelector<HTMLButtonElement>('[data-role="create-form"] button[type="submit"]');
  if (submit) submit.disabled = true;
}

/** The form offers no more days than the server keeps a room (its operator's --retention-days). */
export function limitRetention(root: ParentNode, most: number | undefined): void {
  const days = root.querySelector<HTMLInputElement>('#room-days');
  if (!days || most === undefined) return;
  days.max = String(most);
  if (Number(days.value) > most) days.value = String(most);
}

/** Starts the form; `onCreated` opens the new room's dashboard. */
export function startCreateForm(root: ParentNode, onCreated: (room: KeptRoom) => Promise<void>): void {
  const form = must<HTMLFormElement>(root, '[data-role="create-form"]');
  const title = must<HTMLInputElement>(root, '#room-title');
  const days = must<HTMLInputElement>(root, '#room-days');
  const start = must<HTMLInputElement>(root, '#room-start');
  const lmsLabel = must<HTMLInputElement>(root, '#room-lms-label');
  const lmsKind = () => form.querySelector<HTMLInputElement>('input[name="lms-kind"]:checked')?.value ?? '';
  // The label field shows once the room asks for an identifier.
  form.addEventListener('change', () => (must(root, '[data-role="lms-label-field"]').hidden = lmsKind() === ''));
  const rooms = keptRooms();
  if (rooms.length) {
    must(root, '[data-role="my-rooms"]').hidden = false;
    const list = must(root, '[data-role="my-rooms-list"]');
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
    setFieldError(
      must(root, '[data-role="title-error"]'),
      title,
      titleCheck.kind === 'ok' ? undefined : titleCheck.reason,
    );
    setFieldError(
      must(root, '[data-role="chapters-error"]'),
      undefined,
      checked.length ? undefined : 'Choose at least one chapter.',
    );
    const most = Number(days.max) || 365;
    const daysOk = Number.isInteger(dayCount) && dayCount >= 1 && dayCount <= most;
    setFieldError(
      must(root, '[data-role="days-error"]'),
      days,
      daysOk ? undefined : `Enter a whole number of days from 1 to ${most}.`,
    );
    const kind = lmsKind();
    const labelCheck =
      kind && lmsLabel.value.trim() ? checkText(lmsLabel.value, MAX_LMS_LABEL_CHARS, 'label') : undefined;
    setFieldError(
      must(root, '[data-role="lms-label-error"]'),
      lmsLabel,
      labelCheck?.kind === 'invalid' ? labelCheck.reason : undefined,
    );
    setFieldError(must(root, '[data-role="form-error"]'), undefined, undefined);
    if (titleCheck.kind !== 'ok') return title.focus();
    if (!checked.length) return form.querySelector<HTMLInputElement>('input[name="chapters"]')?.focus();
    if (!daysOk) return days.focus();
    if (labelCheck?.kind === 'invalid') return lmsLabel.focus();
    const startsAt = start.value ? new Date(start.value).getTime() : undefined;
    const button = must<HTMLButtonElement>(form, 'button[type="submit"]');
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
        setFieldError(
          must(root, '[data-role="form-error"]'),
          undefined,
          body.error ?? `The server answered ${response.status}.`,
        );
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
      await onCreated(room);
    } catch {
      setFieldError(must(root, '[data-role="form-error"]'), undefined, 'The workshop server cannot be reached.');
    } finally {
      button.disabled = false;
    }
  }
}
