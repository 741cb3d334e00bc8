import { describe, expect, it } from 'vitest';
import { buildAgenda, type AgendaChapter } from '../../../src/instructor/agenda.ts';
import { renderAgendaRows } from '../../../src/instructor/agenda-render.ts';

const chapters: AgendaChapter[] = [
  { id: '01-a', title: 'Errors <b> & "quotes"', readingMinutes: 20, practiceMinutes: 15 },
  { id: '02-b', title: 'Plain', readingMinutes: 20, practiceMinutes: 10 },
];

describe('renderAgendaRows', () => {
  it('renders one row per item, chapters linking to their notes, with every title escaped', () => {
    const agenda = buildAgenda(chapters, { start: '09:00', breakPolicy: 'every-60-for-10' });
    if (agenda.kind !== 'agenda') throw new Error(agenda.message);
    expect(renderAgendaRows(agenda)).toBe(
      [
        '<tr class="ws-opening"><td>09:00–09:10</td><td>Welcome, setup and goals</td><td>10</td></tr>',
        '<tr class="ws-chapter"><td>09:10–09:45</td><td><a href="/instructor/notes/01-a/">Errors &lt;b&gt; &amp; &quot;quotes&quot;</a><span class="ws-muted"> (20 reading, 15 practice)</span></td><td>35</td></tr>',
        '<tr class="ws-break"><td>09:45–09:55</td><td>Break</td><td>10</td></tr>',
        '<tr class="ws-chapter"><td>09:55–10:25</td><td><a href="/instructor/notes/02-b/">Plain</a><span class="ws-muted"> (20 reading, 10 practice)</span></td><td>30</td></tr>',
        '<tr class="ws-closing"><td>10:25–10:35</td><td>Wrap-up, questions and receipts</td><td>10</td></tr>',
      ].join(''),
    );
  });
});
