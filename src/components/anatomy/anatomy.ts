/**
 * The chapter anatomy: the sections every lesson has, in order, and the check that fails the build when a chapter
 * lacks one or has them out of order. Pure functions over the chapter's structure (src/course/chapter-structure.ts),
 * so the chapter route, the content test and any script can share them.
 */
import {
  componentUses,
  stringAttribute,
  type ChapterStructure,
  type ComponentUse,
} from '../../course/chapter-structure.ts';

/** The sections of a lesson, in reading order: the component an author writes, its anchor and its heading. */
export const ANATOMY_SECTIONS = [
  { component: 'QuickAnswer', id: 'quick-answer', title: 'Quick answer' },
  { component: 'KeyTakeaways', id: 'key-takeaways', title: 'Key takeaways' },
  { component: 'Mechanism', id: 'mechanism', title: 'The mechanism' },
  { component: 'WorkedExample', id: 'worked-example', title: 'Worked example' },
  { component: 'Practice', id: 'practice', title: 'Practice: predict, inspect, explain' },
  { component: 'Troubleshooting', id: 'troubleshooting', title: 'Troubleshooting and trade-offs' },
  { component: 'InterviewPractice', id: 'interview-practice', title: 'Interview practice' },
  { component: 'CompletionCheck', id: 'completion-check', title: 'Completion check' },
  { component: 'SourcesAndVersions', id: 'sources-and-versions', title: 'Sources and version notes' },
  { component: 'MakeItYours', id: 'make-it-yours', title: 'Make the understanding yours' },
] as const;

export type AnatomySection = (typeof ANATOMY_SECTIONS)[number];
export type AnatomyComponent = AnatomySection['component'];

/** Sections that may appear more than once in a row (a chapter may walk through two worked examples). */
const REPEATABLE: ReadonlySet<AnatomyComponent> = new Set(['WorkedExample']);

const SECTION_NAMES: ReadonlySet<string> = new Set(ANATOMY_SECTIONS.map((s) => s.component));

/** One thing met while reading a chapter, in order: an anatomy section or a Markdown heading. */
export type OutlineItem =
  | { kind: 'section'; component: AnatomyComponent; line: number; attributes: Record<string, string> }
  | { kind: 'heading'; depth: number; text: string; line: number };

/** A use's string attributes (`name="value"`, or `name={"value"}`). */
function stringAttributes(use: ComponentUse): Record<string, string> {
  return Object.fromEntries(
    Object.entries(use.attributes).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/**
 * Lists the anatomy sections and Markdown headings of a chapter in the order they appear, from its structure (tags
 * shown in code fences, inline code and comments are not uses). The table of contents and the anatomy check are
 * built on it.
 */
export function outlineChapter(structure: ChapterStructure): OutlineItem[] {
  return structure.items.flatMap((item): OutlineItem[] => {
    if (item.kind === 'heading') return [{ kind: 'heading', depth: item.depth, text: item.text, line: item.line }];
    if (item.kind === 'component' && SECTION_NAMES.has(item.name))
      return [
        {
          kind: 'section',
          component: item.name as AnatomyComponent,
          line: item.line,
          attributes: stringAttributes(item),
        },
      ];
    return [];
  });
}

/** Every fixture id a chapter names, with the component and line that names it. */
export function fixtureReferences(structure: ChapterStructure): { fixture: string; component: string; line: number }[] {
  return componentUses(structure).flatMap((use) => {
    const fixture = stringAttribute(use, 'fixture');
    return fixture === undefined ? [] : [{ fixture, component: use.name, line: use.line }];
  });
}

/** The outcome of checking a chapter's anatomy. */
export type AnatomyCheck = { kind: 'ok' } | { kind: 'problems'; problems: string[] };

/**
 * Checks that a lesson has every anatomy section, once, in order (worked examples may repeat back to back). The FAQ
 * (`anatomy: 'faq'`) is exempt. Each problem names the section and, where it helps, the line.
 */
export function checkAnatomy(structure: ChapterStructure, anatomy: 'lesson' | 'faq' = 'lesson'): AnatomyCheck {
  if (anatomy === 'faq') return { kind: 'ok' };
  const sections = outlineChapter(structure).filter(
    (i): i is Extract<OutlineItem, { kind: 'section' }> => i.kind === 'section',
  );
  const problems: string[] = [];
  const expected = ANATOMY_SECTIONS.map((s) => s.component);

  for (const section of ANATOMY_SECTIONS) {
    const found = sections.filter((s) => s.component === section.component);
    if (found.length === 0) problems.push(`missing section "${section.title}" (<${section.component}>)`);
    if (found.length > 1 && !REPEATABLE.has(section.component)) {
      problems.push(
        `section "${section.title}" (<${section.component}>) appears ${found.length} times (lines ${found.map((f) => f.line).join(', ')}); it belongs once`,
      );
    }
  }

  // Order: each section must come after the previous one in the anatomy (repeats of a repeatable section allowed).
  let lastRank = -1;
  let lastSection: Extract<OutlineItem, { kind: 'section' }> | undefined;
  for (const s of sections) {
    const rank = expected.indexOf(s.component);
    if (rank < lastRank || (rank === lastRank && !REPEATABLE.has(s.component))) {
      if (rank < lastRank && lastSection) {
        const title = ANATOMY_SECTIONS[rank]?.title ?? s.component;
        const before = ANATOMY_SECTIONS[lastRank]?.title ?? lastSection.component;
        problems.push(
          `section "${title}" (line ${s.line}) comes after "${before}" (line ${lastSection.line}); the anatomy order is ${expected.join(' → ')}`,
        );
      }
    } else {
      lastRank = rank;
      lastSection = s;
    }
  }
  return problems.length === 0 ? { kind: 'ok' } : { kind: 'problems', problems };
}

/** A build error for a chapter whose anatomy is incomplete, naming the file and every problem. */
export function anatomyErrorMessage(file: string, problems: readonly string[]): string {
  return (
    `Chapter ${file} does not follow the chapter anatomy:\n${problems.map((p) => `  - ${p}`).join('\n')}\n` +
    `Every lesson needs, in this order: ${ANATOMY_SECTIONS.map((s) => `<${s.component}>`).join(', ')} ` +
    `(set "anatomy: faq" in the frontmatter only for the FAQ).`
  );
}
