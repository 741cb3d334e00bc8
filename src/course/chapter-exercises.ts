/**
 * The exercises a chapter uses (decision tables with their rows, fixtures to classify, interview questions, code
 * labs, the completion check), from its structure (src/course/chapter-structure.ts), so the instructor's answer key
 * and the exercises handout list exactly what learners meet. Pure; the components themselves validate their props at
 * build time, so unknown ids never get this far.
 */
import { componentUses, stringAttribute, type ChapterStructure } from './chapter-structure.ts';
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

/** A decision table's rows: its `scenarios={[…]}` prop when that is a list of ids, else the course's default rows. */
export function tableScenarios(scenarios: unknown, defaults: readonly string[] = DEFAULT_SCENARIO_IDS): string[] {
  return Array.isArray(scenarios) && scenarios.every((s) => typeof s === 'string') ? [...scenarios] : [...defaults];
}

/** Lists the exercises in a chapter's structure. */
export function chapterExercises(structure: ChapterStructure): ChapterExercises {
  const tables = componentUses(structure, 'DecisionTable').flatMap((use) => {
    const id = stringAttribute(use, 'id');
    return id ? [{ id, scenarios: tableScenarios(use.attributes.scenarios) }] : [];
  });
  const classify = componentUses(structure, 'ClassifyFixture').flatMap((use) => {
    const fixture = stringAttribute(use, 'fixture');
    const protocol = stringAttribute(use, 'protocol');
    return fixture ? [protocol ? { fixture, protocol } : { fixture }] : [];
  });
  const interviewQuestions = componentUses(structure, 'InterviewQuestion').flatMap((use) => {
    const question = stringAttribute(use, 'question');
    return question ? [question] : [];
  });
  const codeLabs = componentUses(structure, 'CodeLab').flatMap((use) => {
    const exercise = stringAttribute(use, 'exercise');
    return exercise ? [exercise] : [];
  });
  const hasCheck = componentUses(structure, 'CompletionCheck').length > 0;
  return { tables, classify, interviewQuestions, codeLabs, hasCheck };
}
