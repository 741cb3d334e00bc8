/**
 * The chapter anatomy: the sections every lesson has, in order, and the check that fails the build when a chapter
 * lacks one or has them out of order. Pure functions over the chapter's MDX source, so the chapter route, the
 * content test and any script can share them.
 */

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

/** One thing met while reading a chapter's source, in order: an anatomy section or a Markdown heading. */
export type OutlineItem =
  | { kind: 'section'; component: AnatomyComponent; line: number; attributes: Record<string, string> }
  | { kind: 'heading'; depth: number; text: string; line: number };

/** Blanks out fenced code blocks and MDX/JSX comments, keeping line numbers, so tags shown as code don't count. */
function maskNonContent(body: string): string[] {
  const lines = body.split(/\r?\n/);
  let fence: string | null = null;
  let inComment = false;
  return lines.map((line) => {
    const trimmed = line.trimStart();
    if (fence !== null) {
      if (trimmed.startsWith(fence)) fence = null;
      return '';
    }
    const open = /^(`{3,}|~{3,})/.exec(trimmed);
    if (open) {
      fence = open[1] ?? '```';
      return '';
    }
    let out = '';
    let rest = line;
    while (rest.length > 0) {
      if (inComment) {
        const end = rest.indexOf('*/}');
        if (end === -1) return out;
        rest = rest.slice(end + 3);
        inComment = false;
      } else {
        const start = rest.indexOf('{/*');
        if (start === -1) return out + rest.replace(/`[^`]*`/g, (m) => ' '.repeat(m.length));
        out += rest.slice(0, start);
        rest = rest.slice(start + 3);
        inComment = true;
      }
    }
    return out.replace(/`[^`]*`/g, (m) => ' '.repeat(m.length));
  });
}

/** Reads the string attributes of a JSX opening tag (`name="value"` or `name='value'`). */
function readAttributes(tag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const m of tag.matchAll(/([A-Za-z][\w-]*)=(?:"([^"]*)"|'([^']*)')/g)) {
    const name = m[1];
    if (name) attributes[name] = m[2] ?? m[3] ?? '';
  }
  return attributes;
}

/**
 * Lists the anatomy sections and Markdown headings of a chapter's MDX source in the order they appear. Tags inside
 * code fences, inline code and comments are ignored. The table of contents and the anatomy check are built on it.
 */
export function outlineChapter(body: string): OutlineItem[] {
  const items: OutlineItem[] = [];
  const lines = maskNonContent(body);
  lines.forEach((line, index) => {
    const heading = /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading) {
      items.push({ kind: 'heading', depth: heading[1]?.length ?? 1, text: heading[2] ?? '', line: index + 1 });
      return;
    }
    for (const m of line.matchAll(/<([A-Z][A-Za-z]*)\b([^>]*)/g)) {
      const name = m[1] ?? '';
      if (SECTION_NAMES.has(name)) {
        items.push({
          kind: 'section',
          component: name as AnatomyComponent,
          line: index + 1,
          attributes: readAttributes(m[2] ?? ''),
        });
      }
    }
  });
  return items;
}

/** Every fixture id a chapter names, with the component and line that names it. */
export function fixtureReferences(body: string): { fixture: string; component: string; line: number }[] {
  const refs: { fixture: string; component: string; line: number }[] = [];
  maskNonContent(body).forEach((line, index) => {
    for (const m of line.matchAll(/<([A-Z][A-Za-z]*)\b([^>]*?)\bfixture=(?:"([^"]*)"|'([^']*)')/g)) {
      refs.push({ fixture: m[3] ?? m[4] ?? '', component: m[1] ?? '', line: index + 1 });
    }
  });
  return refs;
}

/** The outcome of checking a chapter's anatomy. */
export type AnatomyCheck = { kind: 'ok' } | { kind: 'problems'; problems: string[] };

/**
 * Checks that a lesson has every anatomy section, once, in order (worked examples may repeat back to back). The FAQ
 * (`anatomy: 'faq'`) is exempt. Each problem names the section and, where it helps, the line.
 */
export function checkAnatomy(body: string, anatomy: 'lesson' | 'faq' = 'lesson'): AnatomyCheck {
  if (anatomy === 'faq') return { kind: 'ok' };
  const sections = outlineChapter(body).filter(
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
