/**
 * The dashboard's "Lead the room" panel (src/components/room/RoomPace.astro) and the reveal of the class's answers:
 * sends the room to an item, closes and opens items, reveals and hides the answers to the item in focus, and draws
 * them as counts per cell with the course's answer marked, never a name. Browser only; the dashboard page feeds it
 * the pace and the events from its live stream.
 */
import { h, must } from '../../lib/dom.ts';
import type { DashboardState } from '../dashboard-model.ts';
import type { DashboardEvent } from '../live.ts';
import { answerDistribution, applyAnswerEvent, createAnswersState, type AnswersState } from '../pace-answers.ts';
import { isClosed, readPace, SELF_PACED, type PaceChange, type PaceItem, type PaceState } from '../pace.ts';

/** The build-time list of items (RoomPace.astro). */
type Catalogue = { id: string; title: string; items: { itemId: string; title: string }[] }[];

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Starts the panel (inside `root`) for one room; `report` says a result in the page's live region. */
export function createPacePanel(
  root: ParentNode,
  roomId: string,
  headers: Record<string, string>,
  report: (text: string) => void,
) {
  let catalogue: Catalogue = [];
  try {
    catalogue = JSON.parse(must(root, '[data-role="pace-catalogue"]').textContent ?? '[]') as Catalogue;
  } catch {
    catalogue = [];
  }
  const titles = new Map<string, { title: string; chapter: string }>();
  for (const c of catalogue)
    for (const i of c.items) titles.set(`${c.id}/${i.itemId}`, { title: i.title, chapter: c.title });
  const named = (item: PaceItem) => {
    const known = titles.get(`${item.chapterId}/${item.itemId}`);
    return known ? `${known.title} (${known.chapter})` : `${item.itemId} (${item.chapterId})`;
  };

  let pace: PaceState = SELF_PACED;
  let answers: AnswersState = createAnswersState();
  let state: DashboardState | undefined;
  const select = must<HTMLSelectElement>(root, '[data-role="pace-item"]');
  const chosen = (): PaceItem | undefined => {
    const [chapterId, itemId] = select.value.split('/');
    return chapterId && itemId ? { chapterId, itemId } : undefined;
  };

  const send = async (change: PaceChange, done: string) => {
    const res = await fetch(`/api/rooms/${encodeURIComponent(roomId)}/pace`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify(change),
    });
    const body = (await res.json().catch(() => ({}))) as { error?: string };
    if (!res.ok) {
      report(`Nothing changed: ${body.error ?? `the server answered ${res.status}`}`);
      return;
    }
    pace = readPace(body);
    if (state) state.pace = pace;
    report(done);
    render();
  };
  const onClick = (selector: string, action: () => Promise<void>) =>
    must(root, selector).addEventListener('click', () => {
      action().catch(() => report('The workshop server cannot be reached; nothing changed. Try again.'));
    });
  onClick('[data-role="pace-send"]', async () => {
    const item = chosen();
    if (item) await send({ action: 'focus', ...item }, `The room is on ${named(item)}.`);
  });
  onClick('[data-role="pace-close"]', async () => {
    const item = chosen();
    if (!item) return;
    const open = isClosed(pace, item);
    await send({ action: open ? 'open' : 'close', ...item }, `${named(item)} is ${open ? 'open' : 'closed'}.`);
  });
  onClick('[data-role="pace-reveal"]', () =>
    send(
      { action: 'reveal', revealed: !pace.revealed },
      pace.revealed ? "The class's answers are hidden." : "The class's answers are shown.",
    ),
  );
  onClick('[data-role="pace-release"]', () => send({ action: 'release' }, 'Learners work at their own pace.'));
  select.addEventListener('change', () => render());

  function renderReveal(): void {
    const section = must(root, '[data-role="reveal"]');
    const focus = pace.focus;
    section.hidden = !(focus && pace.revealed && state);
    if (!focus || !pace.revealed || !state) return;
    const learners = state.learners;
    const out = answerDistribution(answers, focus, (id) => learners.get(id)?.learner.removedAt === null);
    must(root, '[data-role="reveal-title"]').textContent = `The class's answers: ${named(focus)}`;
    must(root, '[data-role="reveal-summary"]').textContent =
      out.learners === 0
        ? 'No answers yet.'
        : `${plural(out.learners, 'learner has', 'learners have')} answered; ${out.right} got all of it right.`;
    const cells = out.cells.map((cell) => {
      const most = Math.max(1, ...cell.values.map((v) => v.count));
      return h(
        'section',
        { class: 'room-cell' },
        h('h4', {}, `${cell.scenarioTitle}: ${cell.columnLabel}`),
        h(
          'ul',
          {},
          ...cell.values.map((v) =>
            h(
              'li',
              { class: v.correct ? 'room-answer-right' : 'room-answer-wrong' },
              h(
                'span',
                { class: 'room-bar-label' },
                `${v.correct ? 'Course answer' : 'Chosen'}: ${v.label}: ${v.count}`,
              ),
              h(
                'span',
                { class: 'room-bar', 'aria-hidden': 'true' },
                h('span', { style: `width:${Math.round((v.count / most) * 100)}%` }),
              ),
            ),
          ),
          ...(cell.blank ? [h('li', { class: 'room-hint' }, `Left blank: ${cell.blank}`)] : []),
        ),
      );
    });
    const questions = out.questions.length
      ? [
          h(
            'ol',
            { class: 'room-reveal-questions' },
            ...out.questions.map((q) =>
              h(
                'li',
                {},
                `${q.right} right, ${q.wrong} wrong, ${q.blank} blank` +
                  (q.selfAssessed ? `, ${q.selfAssessed} self-assessed` : ''),
              ),
            ),
          ),
        ]
      : [];
    must(root, '[data-role="reveal-body"]').replaceChildren(...questions, ...cells);
  }

  function render(): void {
    if (!state) return;
    const inRoom = new Set(state.room.chapters);
    for (const group of select.querySelectorAll<HTMLOptGroupElement>('optgroup')) {
      const shown = inRoom.has(group.dataset.chapter ?? '');
      group.hidden = !shown;
      group.disabled = !shown;
    }
    if (select.selectedOptions[0]?.disabled) {
      const first = select.querySelector<HTMLOptionElement>('optgroup:not([disabled]) option');
      if (first) select.value = first.value;
    }
    const focus = pace.focus;
    if (focus && document.activeElement !== select && titles.has(`${focus.chapterId}/${focus.itemId}`))
      select.value = `${focus.chapterId}/${focus.itemId}`;
    const ended = state.room.endedAt !== null;
    must(root, '[data-role="pace-state"]').textContent = focus
      ? `The room is on ${named(focus)}, ${isClosed(pace, focus) ? 'closed' : 'open'}; answers ${pace.revealed ? 'revealed' : 'hidden'}.`
      : 'Learners work at their own pace.';
    const item = chosen();
    const close = must<HTMLButtonElement>(root, '[data-role="pace-close"]');
    close.textContent = item && isClosed(pace, item) ? 'Open this item' : 'Close this item';
    const reveal = must<HTMLButtonElement>(root, '[data-role="pace-reveal"]');
    reveal.textContent = pace.revealed ? "Hide the class's answers" : "Reveal the class's answers";
    reveal.disabled = !focus || ended;
    must<HTMLButtonElement>(root, '[data-role="pace-release"]').disabled = !focus || ended;
    must<HTMLButtonElement>(root, '[data-role="pace-send"]').disabled = ended;
    close.disabled = ended;
    must(root, '[data-role="pace-closed-none"]').hidden = pace.closed.length > 0;
    must(root, '[data-role="pace-closed"]').replaceChildren(
      ...pace.closed.map((c) => {
        const open = h('button', { type: 'button', class: 'button room-small' }, 'Open');
        open.setAttribute('aria-label', `Open ${named(c)}`);
        open.addEventListener('click', () => {
          send({ action: 'open', ...c }, `${named(c)} is open.`).catch(() =>
            report('The workshop server cannot be reached; nothing changed. Try again.'),
          );
        });
        return h('li', {}, `Closed: ${named(c)} `, ended ? '' : open);
      }),
    );
    renderReveal();
  }

  return {
    /** A new dashboard state (a snapshot): the answers are folded again from its events. */
    reset(next: DashboardState, events: readonly DashboardEvent[]): void {
      state = next;
      state.pace = pace;
      answers = createAnswersState();
      for (const e of events) applyAnswerEvent(answers, e);
    },
    /** One more event (live, or a snapshot's later page). */
    applyEvent(event: DashboardEvent): void {
      applyAnswerEvent(answers, event);
    },
    /** The pace as the stream told it (JSON). */
    setPace(json: string): void {
      try {
        pace = readPace(JSON.parse(json));
      } catch {
        return;
      }
      if (state) state.pace = pace;
    },
    render,
  };
}
