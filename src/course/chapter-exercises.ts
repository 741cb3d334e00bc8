/**
 * Finds the exercises a chapter's MDX source uses (decision tables with their rows, fixtures to classify, interview
 * questions), so the instructor's answer key and the exercises handout list exactly what learners meet. Pure; the
 * components themselves validate their props at build time, so unknown ids never get this far.
 */
import { DEFAULT_SCENARIO_IDS } from './decision-table.ts';

/** What one chapter asks learners to do, in source order. */
export interface ChapterExercises {
  /** Each <DecisionTable>: its id and its rows (the course's four when the prop is absent). */
  tables: { id: string; scenarios: string[] }[];
  /** Each <ClassifyFixture>: the fixture id and the protocol, when one is given. */
  classify: { fixture: string; protocol?: string }[];
  /** Each <InterviewQuestion question="...">. */
  interviewQuestions: string[];
  /** Each <CodeLab exercise="...">. */
  codeLabs: string[];
  /** Whether the chapter has a <CompletionCheck>. */
  hasCheck: boolean;
}

/** Reads one attribute value from a tag's source: name="..." or name='...' or name={"..."}. */
function attribute(tag: string, name: string): string | undefined {
  const m = new RegExp(`\\b${name}=(?:"([^"]*)"|'([^']*)'|\\{\\s*["'\`]([^"'\`]*)["'\`]\\s*\\})`).exec(tag);
  return m ? (m[1] ?? m[2] ?? m[3]) : undefined;
}

function unescapeMdxString(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** Lists the exercises in a chapter's MDX source. */
export function exercisesInMdx(source: string): ChapterExercises {
  const tables: ChapterExercises['tables'] = [];
  for (const m of source.matchAll(/<DecisionTable\b[^>]*?\/?>/gs)) {
    const tag = m[0];
    const id = attribute(tag, 'id');
    if (!id) continue;
    const list = /\bscenarios=\{\s*\[([^\]]*)\]\s*\}/s.exec(tag)?.[1];
    const scenarios = list ? [...list.matchAll(/["']([^"']+)["']/g)].map((s) => s[1]!) : [...DEFAULT_SCENARIO_IDS];
    tables.push({ id, scenarios });
  }
  const classify: ChapterExercises['classify'] = [];
  for (const m of source.matchAll(/<ClassifyFixture\b[^>]*?\/?>/gs)) {
    const fixture = attribute(m[0], 'fixture');
    const protocol = attribute(m[0], 'protocol');
    if (fixture) classify.push(protocol ? { fixture, protocol } : { fixture });
  }
  const interviewQuestions = [...source.matchAll(/<InterviewQuestion\b[^>]*?>/gs)].flatMap((m) => {
    const q = attribute(m[0], 'question');
    return q ? [unescapeMdxString(q)] : [];
  });
  const codeLabs = [...source.matchAll(/<CodeLab\b[^>]*?\/?>/gs)].flatMap((m) => {
    const e = attribute(m[0], 'exercise');
    return e ? [e] : [];
  });
  return { tables, classify, interviewQuestions, codeLabs, hasCheck: /<CompletionCheck\b/.test(source) };
}
