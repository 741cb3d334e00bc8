/**
 * The /join/ page: checks that a workshop server is there, joins a room with a code and a name, and shows the room
 * this browser is in (with a way to leave). Errors appear under the field they concern, as the house style asks.
 */
import { checkName, normaliseCode, formatCode } from '../names.ts';
import type { JoinResponse } from '../protocol.ts';
import { createQueue } from './queue.ts';
import { hasWorkshopServer } from './server-check.ts';
import { ROOM_NOTE_KEY, endSession, readSession, writeSession, applyRoomLock } from './session.ts';

const must = <T extends Element>(selector: string): T => {
  const el = document.querySelector<T>(selector);
  if (!el) throw new Error(`join page: ${selector} is missing`);
  return el;
};

/** Shows `message` in an error slot (and marks its input invalid), or clears it. */
function setError(slot: HTMLElement, input: HTMLInputElement | undefined, message: string | undefined): void {
  slot.hidden = !message;
  slot.textContent = message ?? '';
  if (input) {
    if (message) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  }
}

/** Starts the page. */
export function startJoinPage(): void {
  const form = must<HTMLFormElement>('[data-role="join-form"]');
  const code = must<HTMLInputElement>('#room-code');
  const name = must<HTMLInputElement>('#room-name');
  const codeError = must<HTMLElement>('[data-role="code-error"]');
  const nameError = must<HTMLElement>('[data-role="name-error"]');
  const formError = must<HTMLElement>('[data-role="form-error"]');
  const joined = must<HTMLElement>('[data-role="joined"]');
  const note = must<HTMLElement>('[data-role="note"]');

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
    must('[data-role="joined-text"]').textContent =
      `Room "${session.title}" (code ${formatCode(session.code)}), as ${session.name}.`;
    const waiting = createQueue(localStorage).size();
    must('[data-role="joined-state"]').textContent =
      waiting === 0
        ? 'Every answer has reached the room.'
        : `${waiting === 1 ? '1 answer is' : `${waiting} answers are`} waiting to be sent.`;
  };
  showJoined();

  void hasWorkshopServer().then((present) => {
    if (present) return;
    must<HTMLElement>('[data-role="no-server"]').hidden = false;
    form.querySelector<HTMLButtonElement>('button[type="submit"]')!.disabled = true;
  });

  must('[data-role="leave"]').addEventListener('click', () => {
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
    setError(codeError, code, typedCode ? undefined : 'Enter the 8-character room code your instructor shows.');
    setError(nameError, name, typedName.kind === 'ok' ? undefined : typedName.reason);
    setError(formError, undefined, undefined);
    if (!typedCode) return code.focus();
    if (typedName.kind !== 'ok') return name.focus();
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    button.disabled = true;
    try {
      const response = await fetch('/api/join', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ code: typedCode, name: typedName.name }),
      });
      const body = (await response.json().catch(() => ({}))) as Partial<JoinResponse> & { error?: string };
      if (response.status === 404) return setError(codeError, code, body.error ?? 'No open room has that code.');
      if (response.status === 409 || response.status === 400)
        return setError(nameError, name, body.error ?? 'Choose another name.');
      if (!response.ok || !body.token)
        return setError(formError, undefined, body.error ?? `The server answered ${response.status}.`);
      writeSession({
        roomId: body.roomId!,
        learnerId: body.learnerId!,
        token: body.token,
        name: body.name!,
        title: body.title!,
        code: typedCode,
      });
      applyRoomLock(body.locked === true);
      const first = body.chapters?.[0];
      must<HTMLAnchorElement>('[data-role="start"]').href = first ? `/chapters/${first}/` : '/';
      showJoined();
      history.replaceState(null, '', location.pathname);
      const session = readSession();
      if (session) void import('./room-client.ts').then((m) => m.startRoomClient(session));
      must<HTMLElement>('#joined-h').focus();
    } catch {
      setError(formError, undefined, 'The workshop server cannot be reached. Check the address and your network.');
    } finally {
      button.disabled = false;
    }
  }
}
