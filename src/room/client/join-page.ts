/**
 * The /join/ page: checks that a workshop server is there, joins a room with a code, a name and, when the room asks
 * for one, the learner's LMS identifier, and shows the room this browser is in (with a way to leave). Errors appear
 * under the field they concern, as the house style asks; nothing the learner typed is cleared by a refusal.
 */
import { checkName, normaliseCode, formatCode } from '../names.ts';
import type { LmsIdAsk } from '../lms-id-check.ts';
import type { JoinRefusal, JoinResponse } from '../protocol.ts';
import { createQueue } from './queue.ts';
import { showRoomChapters } from './room-chapters.ts';
import { hasWorkshopServer } from './server-check.ts';
import { ROOM_NOTE_KEY, endSession, readSession, writeSession, applyRoomLock } from './session.ts';
import { must, setFieldError } from '../../lib/dom.ts';

/** Starts the page. */
export function startJoinPage(): void {
  const form = must<HTMLFormElement>(document, '[data-role="join-form"]');
  const code = must<HTMLInputElement>(document, '#room-code');
  const name = must<HTMLInputElement>(document, '#room-name');
  const codeError = must<HTMLElement>(document, '[data-role="code-error"]');
  const nameError = must<HTMLElement>(document, '[data-role="name-error"]');
  const formError = must<HTMLElement>(document, '[data-role="form-error"]');
  const lmsField = must<HTMLElement>(document, '[data-role="lms-field"]');
  const lmsId = must<HTMLInputElement>(document, '#room-lms-id');
  const lmsError = must<HTMLElement>(document, '[data-role="lms-error"]');
  /** What the room asks for, once the server has said (the first join answer of a room that asks). */
  let ask: LmsIdAsk | undefined;

  /** Shows the LMS identifier field as the room asks for it, keeping whatever was typed in it. */
  const showLmsField = (asked: LmsIdAsk) => {
    ask = asked;
    must(document, '[data-role="lms-label"]').textContent = asked.label;
    lmsId.type = asked.kind === 'email' ? 'email' : 'text';
    lmsId.autocomplete = asked.kind === 'email' ? 'email' : asked.kind === 'login' ? 'username' : 'off';
    lmsId.inputMode = asked.kind === 'email' ? 'email' : 'text';
    lmsId.required = true;
    lmsField.hidden = false;
  };
  const joined = must<HTMLElement>(document, '[data-role="joined"]');
  const note = must<HTMLElement>(document, '[data-role="note"]');

  const fragmentCode = new URLSearchParams(location.hash.slice(1)).get('code');
  if (fragmentCode) code.value = fragmentCode;

  try {
    const left = localStorage.getItem(ROOM_NOTE_KEY);
    if (left) {
      note.textContent = left;
      note.hidden = false;
      localStorage.removeItem(ROOM_NOTE_KEY);
    }
  } catch {
    // No storage: nothing was left.
  }

  const showJoined = () => {
    const session = readSession();
    joined.hidden = !session;
    form.hidden = !!session;
    if (!session) return;
    must(document, '[data-role="joined-text"]').textContent =
      `Room "${session.title}" (code ${formatCode(session.code)}), as ${session.name}.`;
    const waiting = createQueue(localStorage).size();
    must(document, '[data-role="joined-state"]').textContent =
      waiting === 0
        ? 'Every answer has reached the room.'
        : `${waiting === 1 ? '1 answer is' : `${waiting} answers are`} waiting to be sent.`;
  };
  showJoined();

  void hasWorkshopServer().then((present) => {
    if (present) return;
    must<HTMLElement>(document, '[data-role="no-server"]').hidden = false;
    form.querySelector<HTMLButtonElement>('button[type="submit"]')!.disabled = true;
  });

  must(document, '[data-role="leave"]').addEventListener('click', () => {
    const queue = createQueue(localStorage);
    const unsent = queue.size();
    // Leaving drops the answers the room has not received yet (they stay in this browser's progress): ask first.
    if (
      unsent > 0 &&
      !window.confirm(
        `${unsent === 1 ? '1 answer has' : `${unsent} answers have`} not reached the room yet and will not be sent if you leave. Leave anyway?`,
      )
    )
      return;
    queue.clear();
    endSession('You left the workshop room. Your progress stays in this browser.');
    location.reload();
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void join();
  });

  async function join(): Promise<void> {
    const typedCode = normaliseCode(code.value);
    const typedName = checkName(name.value);
    setFieldError(codeError, code, typedCode ? undefined : 'Enter the 8-character room code your instructor shows.');
    setFieldError(nameError, name, typedName.kind === 'ok' ? undefined : typedName.reason);
    setFieldError(formError, undefined, undefined);
    // The same check the server runs, loaded only for a room that asks (it brings zod's e-mail format).
    const typedLmsId = ask && (await import('../lms-id-check.ts')).checkLmsId(lmsId.value, ask);
    setFieldError(lmsError, lmsId, typedLmsId && typedLmsId.kind !== 'ok' ? typedLmsId.reason : undefined);
    if (!typedCode) return code.focus();
    if (typedName.kind !== 'ok') return name.focus();
    if (typedLmsId && typedLmsId.kind !== 'ok') return lmsId.focus();
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    button.disabled = true;
    try {
      const response = await fetch('/api/join', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          code: typedCode,
          name: typedName.name,
          ...(typedLmsId?.kind === 'ok' ? { lmsId: typedLmsId.id } : {}),
        }),
      });
      const body = (await response.json().catch(() => ({}))) as Partial<JoinResponse> & Partial<JoinRefusal>;
      if (response.status === 404) return setFieldError(codeError, code, body.error ?? 'No open room has that code.');
      if (body.field === 'lmsId') {
        // The first time, the room is only saying it asks: show the field (its hint says why), not an error.
        const asking = lmsField.hidden && body.lmsId !== undefined;
        if (body.lmsId) showLmsField(body.lmsId);
        setFieldError(
          lmsError,
          lmsId,
          asking ? undefined : (body.error ?? 'Type the identifier your instructor asks for.'),
        );
        return lmsId.focus();
      }
      if (response.status === 409 || response.status === 400) {
        setFieldError(nameError, name, body.error ?? 'Choose another name.');
        return name.focus();
      }
      if (!response.ok || !body.token)
        return setFieldError(formError, undefined, body.error ?? `The server answered ${response.status}.`);
      writeSession({
        roomId: body.roomId!,
        learnerId: body.learnerId!,
        token: body.token,
        name: body.name!,
        title: body.title!,
        code: typedCode,
        ...(body.chapters ? { chapters: body.chapters } : {}),
        joinedAt: Date.now(),
      });
      applyRoomLock(body.locked === true);
      if (body.chapters) showRoomChapters(body.chapters);
      const first = body.chapters?.[0];
      must<HTMLAnchorElement>(document, '[data-role="start"]').href = first ? `/chapters/${first}/` : '/';
      showJoined();
      history.replaceState(null, '', location.pathname);
      const session = readSession();
      if (session) void import('./room-client.ts').then((m) => m.startRoomClient(session));
      must<HTMLElement>(document, '#joined-h').focus();
    } catch {
      setFieldError(formError, undefined, 'The workshop server cannot be reached. Check the address and your network.');
    } finally {
      button.disabled = false;
    }
  }
}
