/**
 * The agenda's rows as an instructor reads them: the HTML renderAgendaRows returns is parsed inside a table body by an
 * HTML parser (ultrahtml, the one Astro ships; `entities` decodes the text as a browser would), and the test asserts
 * what each row says and links to, not the markup that says it. The times are worked out by hand from the plan below.
 */
import { decodeHTML } from 'entities';
import { ELEMENT_NODE, parse, TEXT_NODE, type Node } from 'ultrahtml';
import { querySelector, querySelectorAll } from 'ultrahtml/selector';
import { describe, expect, it } from 'vitest';
import { buildAgenda, type AgendaChapter } from '../../../src/instructor/agenda.ts';
import { renderAgendaRows } from '../../../src/instructor/agenda-render.ts';

/** The text a reader sees in a node: its text descendants, entities decoded, runs of white space as one space. */
function textOf(node: Node): string {
  if (node.type === TEXT_NODE) return decodeHTML(String(node.value));
  return node.type === ELEMENT_NODE ? (node.children as Node[]).map(textOf).join('') : '';
}

/** The rows of a table whose body is `rows`, each as the texts of its cells. */
function readRows(rows: string): { cells: string[]; links: { href: string; text: string }[] }[] {
  const doc = parse(`<table><tbody>${rows}</tbody></table>`);
  return querySelectorAll(doc, 'tr').map((tr) => ({
    cells: querySelectorAll(tr, 'td').map((td) => textOf(td).replace(/\s+/g, ' ').trim()),
    links: querySelectorAll(tr, 'a').map((a) => ({
      href: decodeHTML(String((a.attributes as Record<string, string>).href)),
      text: textOf(a),
    })),
  }));
}

function agendaOf(chapters: AgendaChapter[]) {
  const agenda = buildAgenda(chapters, { start: '09:00', breakPolicy: 'every-60-for-10' });
  if (agenda.kind !== 'agenda') throw new Error(agenda.message);
  return agenda;
}

const chapters: AgendaChapter[] = [
  { id: '01-a', title: 'Errors <b> & "quotes"', readingMinutes: 20, practiceMinutes: 15 },
  { id: '02-b', title: 'Plain', readingMinutes: 20, practiceMinutes: 10 },
];

describe('renderAgendaRows', () => {
  it('gives one row per item, in order, each with its time range, what happens and its minutes', () => {
    // 09:00 start; ten minutes of welcome; chapter 1 takes 20 + 15 = 35 minutes (09:10-09:45); past an hour of
    // session a ten-minute break (09:45-09:55); chapter 2 takes 20 + 10 = 30 (09:55-10:25); ten minutes of wrap-up.
    expect(readRows(renderAgendaRows(agendaOf(chapters))).map((r) => r.cells)).toEqual([
      ['09:00–09:10', 'Welcome, setup and goals', '10'],
      ['09:10–09:45', 'Errors <b> & "quotes" (20 reading, 15 practice)', '35'],
      ['09:45–09:55', 'Break', '10'],
      ['09:55–10:25', 'Plain (20 reading, 10 practice)', '30'],
      ['10:25–10:35', 'Wrap-up, questions and receipts', '10'],
    ]);
  });

  it("links each chapter, and only chapters, to its facilitator notes under the chapter's own title", () => {
    expect(readRows(renderAgendaRows(agendaOf(chapters))).map((r) => r.links)).toEqual([
      [],
      [{ href: '/instructor/notes/01-a/', text: 'Errors <b> & "quotes"' }],
      [],
      [{ href: '/instructor/notes/02-b/', text: 'Plain' }],
      [],
    ]);
  });

  it('shows a title that looks like markup as text, never as elements', () => {
    const doc = parse(`<table><tbody>${renderAgendaRows(agendaOf(chapters))}</tbody></table>`);
    expect(querySelector(doc, 'b')).toBeFalsy();
  });

  it('keeps a chapter id with quotes and angle brackets inside the link it names', () => {
    const hostile = '01-x" onclick="alert(1)"><b>x</b>';
    const rows = readRows(renderAgendaRows(agendaOf([{ ...chapters[1]!, id: hostile }])));
    expect(rows[1]?.links).toEqual([{ href: `/instructor/notes/${hostile}/`, text: 'Plain' }]);
    const doc = parse(
      `<table><tbody>${renderAgendaRows(agendaOf([{ ...chapters[1]!, id: hostile }]))}</tbody></table>`,
    );
    expect(querySelectorAll(doc, '[onclick]')).toHaveLength(0);
    expect(querySelector(doc, 'b')).toBeFalsy();
  });
});
