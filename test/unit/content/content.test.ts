/**
 * The course content, checked as data: every chapter follows the anatomy, every fixture a chapter shows exists and
 * classifies as its file says under the protocol the chapter shows it with, every spec link points at the version
 * the chapter targets (or is a version note; test/unit/content/spec-citations.test.ts checks that the section exists), every completion check names real
 * fixtures, protocols and scenarios, and the checks test rather than repeat: no practice item of the same chapter
 * asked again, no title or prompt that names the answer (rules in test/support/check-rules.ts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PROTOCOL } from '#message-model';
import { CompletionCheckSchema, DEFAULT_SCENARIO_IDS, getScenario } from '#course';
import { checkAnatomy, outlineChapter } from '../../../src/components/anatomy/anatomy.ts';
import { componentUses, stringAttribute, type ChapterStructure } from '../../../src/course/chapter-structure.ts';
import { loadFixtures } from '../../../src/course/fixtures-node.ts';
import { readChapterStructure } from '../../../src/course/read-chapter-structure.ts';
import { readFrontmatter } from '../../../src/lib/frontmatter.ts';
import { CHAPTER_ORDER, sortChapters } from '../../../src/course/course-order.ts';
import type { Fixture } from '../../../src/course/fixtures.ts';
import {
  canonicalJson,
  decisionTables,
  giveaways,
  repeatedPractice,
  shownJsonMessages,
} from '../../support/check-rules.ts';

const root = resolve(import.meta.dirname, '../../..');
const chaptersDir = join(root, 'content/chapters');
const checksDir = join(root, 'content/checks');

interface Chapter {
  id: string;
  file: string;
  /** The whole file, frontmatter included, so that line numbers are the file's. */
  text: string;
  /** What the chapter is made of, read from its MDX tree (lines count from the file's first). */
  structure: ChapterStructure;
  protocol: string;
  anatomy: 'lesson' | 'faq';
}

/** Reads a chapter: the two frontmatter fields these tests need (the collection schema validates the rest). */
function readChapter(name: string): Chapter {
  const text = readFileSync(join(chaptersDir, name), 'utf8');
  const { data } = readFrontmatter(text);
  return {
    id: name.replace(/\.mdx$/, ''),
    file: `content/chapters/${name}`,
    text,
    structure: readChapterStructure(text),
    protocol: typeof data.protocol === 'string' ? data.protocol : '',
    anatomy: data.anatomy === 'faq' ? 'faq' : 'lesson',
  };
}

// The same pattern as the chapters collection: slug.mdx, facilitator notes (*.notes.mdx) excluded.
const chapterFiles = readdirSync(chaptersDir).filter(
  (n) => /^[a-z0-9][a-z0-9-]*\.mdx$/.test(n) && !n.endsWith('.notes.mdx'),
);
// In course order: content/course.json is the one source of it (the file number is not; see src/course/course-order.ts).
const chapters = sortChapters(
  chapterFiles
    .filter((n) => CHAPTER_ORDER.includes(n.replace(/\.mdx$/, '')))
    .map((n) => ({ id: n.replace(/\.mdx$/, ''), n })),
).map(({ n }) => readChapter(n));
const fixtures = new Map<string, Fixture>(loadFixtures().map((f) => [f.id, f]));

/** The protocol a component shows a fixture under: its protocol attribute, else 2026-07-28 if listed, else the first. */
function shownProtocol(fixture: Fixture, requested: string | undefined): string {
  if (requested) return requested;
  return fixture.protocols.includes(DEFAULT_PROTOCOL as Fixture['protocols'][number])
    ? DEFAULT_PROTOCOL
    : (fixture.protocols[0] ?? DEFAULT_PROTOCOL);
}

/** Every component use that names a fixture, with the protocol it asks for (if any). */
function fixtureUses(
  structure: ChapterStructure,
): { fixture: string; component: string; line: number; protocol: string | undefined }[] {
  return componentUses(structure).flatMap((use) => {
    const fixture = stringAttribute(use, 'fixture');
    return fixture === undefined
      ? []
      : [{ fixture, component: use.name, line: use.line, protocol: stringAttribute(use, 'protocol') }];
  });
}

/**
 * What is wrong with showing a fixture under a protocol: only that the fixture has no expectation for it. Whether the
 * model classifies it as the expectation says is test/unit/content/fixtures.test.ts's job (with its pending model fixes).
 */
function differences(fixture: Fixture, protocol: string): string[] {
  const expected = fixture.expected[protocol as keyof Fixture['expected']];
  return expected ? [] : [`the fixture has no expectation for ${protocol} (it lists ${fixture.protocols.join(', ')})`];
}

describe('chapters', () => {
  it('are exactly the chapters the course order lists (content/course.json), so none is left out or unordered', () => {
    expect(chapterFiles.map((n) => n.replace(/\.mdx$/, '')).sort()).toEqual([...CHAPTER_ORDER].sort());
  });

  it('exist for the whole course, lessons first and the FAQ last', () => {
    expect(chapters.length).toBeGreaterThanOrEqual(4);
    expect(chapters.filter((c) => c.anatomy === 'faq').every((c) => c === chapters.at(-1))).toBe(true);
  });

  describe.each(chapters.map((c) => [c.id, c] as const))('%s', (_id, chapter) => {
    it('has every section of the anatomy in order (the FAQ is exempt)', () => {
      expect(checkAnatomy(chapter.structure, chapter.anatomy)).toEqual({ kind: 'ok' });
    });

    it('names its own chapter id in CompletionCheck and MakeItYours', () => {
      const ids = [
        ...componentUses(chapter.structure, 'CompletionCheck'),
        ...componentUses(chapter.structure, 'MakeItYours'),
      ].flatMap((use) => stringAttribute(use, 'chapter') ?? []);
      if (chapter.anatomy === 'lesson') expect(ids.length).toBe(2);
      for (const id of ids) expect(id).toBe(chapter.id);
    });

    it('shows only fixtures that exist, under a protocol they are written for, classified as their files state', () => {
      const problems: string[] = [];
      for (const ref of fixtureUses(chapter.structure)) {
        const fixture = fixtures.get(ref.fixture);
        if (!fixture) {
          problems.push(`line ${ref.line}: <${ref.component} fixture="${ref.fixture}"> names no fixture`);
          continue;
        }
        const protocol = shownProtocol(fixture, ref.protocol);
        for (const d of differences(fixture, protocol))
          problems.push(`line ${ref.line}: ${ref.fixture} under ${protocol}: ${d}`);
      }
      expect(problems).toEqual([]);
    });

    it('links MCP spec sections of the version it targets, except in version notes', () => {
      const problems: string[] = [];
      const inNotes = notesLineRange(chapter.structure);
      chapter.text.split(/\r?\n/).forEach((line, index) => {
        for (const link of specLinks(line)) {
          if (link.version === 'draft') problems.push(`line ${index + 1}: links the draft spec: ${link.url}`);
          const isNote = (index + 1 >= inNotes.from && index + 1 <= inNotes.to) || link.text.includes(link.version);
          if (link.version !== chapter.protocol && link.version !== 'draft' && !isNote) {
            problems.push(
              `line ${index + 1}: links ${link.version} but the chapter targets ${chapter.protocol} (name the version in the link text if it is a version note): ${link.url}`,
            );
          }
        }
      });
      expect(problems).toEqual([]);
    });
  });
});

/** Every link to the MCP specification site on a line, with its version and page. */
function specLinks(line: string): { text: string; url: string; version: string; page: string; anchor: string }[] {
  return [
    ...line.matchAll(
      /\[([^\]]*)\]\((https:\/\/modelcontextprotocol\.io\/specification\/([\w-]+)(\/[^)#\s]*)?(#[^)\s]*)?)\)/g,
    ),
  ].map((m) => ({
    text: m[1] ?? '',
    url: m[2] ?? '',
    version: m[3] ?? '',
    page: (m[4] ?? '').replace(/^\/|\/$/g, ''),
    anchor: (m[5] ?? '').slice(1),
  }));
}

/** The lines covered by <SourcesAndVersions>…</SourcesAndVersions>, where links to other versions are expected. */
function notesLineRange(structure: ChapterStructure): { from: number; to: number } {
  const notes = componentUses(structure, 'SourcesAndVersions')[0];
  return notes ? { from: notes.line, to: notes.endLine } : { from: 0, to: -1 };
}

describe('outlineChapter', () => {
  it('finds the anatomy sections of every lesson in the source', () => {
    for (const c of chapters.filter((ch) => ch.anatomy === 'lesson')) {
      expect(outlineChapter(c.structure).filter((i) => i.kind === 'section').length).toBeGreaterThanOrEqual(10);
    }
  });
});

describe('completion checks', () => {
  const files = readdirSync(checksDir).filter((n) => n.endsWith('.json'));
  const chapterIds = new Set(chapters.map((c) => c.id));

  it('exist for every lesson that shows a completion check', () => {
    for (const c of chapters) {
      if (componentUses(c.structure, 'CompletionCheck').length > 0) expect(files).toContain(`${c.id}.json`);
    }
  });

  describe.each(files.map((f) => [f] as const))('%s', (file) => {
    const raw = JSON.parse(readFileSync(join(checksDir, file), 'utf8')) as unknown;
    const parsed = CompletionCheckSchema.safeParse(raw);

    it('matches the check format and names its chapter', () => {
      expect(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([]);
      if (!parsed.success) return;
      expect(`${parsed.data.chapter}.json`).toBe(file);
      expect(chapterIds.has(parsed.data.chapter)).toBe(true);
    });

    it('references existing fixtures, under protocols they are written for, and existing scenarios', () => {
      if (!parsed.success) return;
      const problems: string[] = [];
      for (const q of parsed.data.questions) {
        if (q.type === 'classify') {
          const fixture = fixtures.get(q.fixture);
          if (!fixture) problems.push(`${q.id}: no fixture ${q.fixture}`);
          else
            for (const d of differences(fixture, q.protocol))
              problems.push(`${q.id}: ${q.fixture} under ${q.protocol}: ${d}`);
        }
        if (q.type === 'decision-table') {
          for (const s of q.scenarios) if (!getScenario(s)) problems.push(`${q.id}: no scenario ${s}`);
        }
        if (q.type === 'choice') {
          if (!q.options.some((o) => o.correct)) problems.push(`${q.id}: no correct option`);
          if (!q.options.some((o) => !o.correct)) problems.push(`${q.id}: no wrong option, so nothing is checked`);
        }
      }
      expect(problems).toEqual([]);
    });
  });
});

describe('completion checks test rather than repeat', () => {
  const fixtureMessage = (id: string): string | undefined => {
    const text = fixtures.get(id)?.text;
    try {
      return text === undefined ? undefined : canonicalJson(JSON.parse(text));
    } catch {
      return undefined;
    }
  };

  describe.each(chapters.filter((c) => existsSync(join(checksDir, `${c.id}.json`))).map((c) => [c.id, c] as const))(
    '%s',
    (_id, chapter) => {
      const check = CompletionCheckSchema.parse(
        JSON.parse(readFileSync(join(checksDir, `${chapter.id}.json`), 'utf8')),
      );
      // The practice is everything before the check: the check's own widget comes last in the anatomy.
      const checkLine = componentUses(chapter.structure, 'CompletionCheck')[0]?.line ?? Infinity;
      const before: ChapterStructure = {
        items: chapter.structure.items.filter((item) => item.line < checkLine),
        questions: [],
      };

      it('asks about no fixture, message or decision-table row its chapter already showed, and nothing twice', () => {
        const practice = {
          fixtures: fixtureUses(before).map((r) => r.fixture),
          tables: decisionTables(before, DEFAULT_SCENARIO_IDS),
          messages: new Set(shownJsonMessages(before).map(canonicalJson)),
        };
        expect(repeatedPractice(check.questions, practice, fixtureMessage)).toEqual([]);
      });

      it('words every classify prompt without naming the expected kind or reply', () => {
        const problems: string[] = [];
        for (const q of check.questions) {
          if (q.type !== 'classify') continue;
          const expected = fixtures.get(q.fixture)?.expected[q.protocol as keyof Fixture['expected']];
          if (!expected) continue; // reported by the reference test above
          for (const g of giveaways(q.prompt, expected.kind, expected.reply)) problems.push(`${q.id}: ${g}`);
        }
        expect(problems).toEqual([]);
      });
    },
  );

  describe.each(chapters.map((c) => [c.id, c] as const))('%s', (_id, chapter) => {
    it('titles every classify widget by its situation, never by the expected kind or reply', () => {
      const problems: string[] = [];
      for (const ref of fixtureUses(chapter.structure).filter((r) => r.component === 'ClassifyFixture')) {
        const fixture = fixtures.get(ref.fixture);
        if (!fixture) continue; // reported by the chapter's fixture test
        const protocol = shownProtocol(fixture, ref.protocol);
        const expected = fixture.expected[protocol as keyof Fixture['expected']];
        if (!expected) continue;
        for (const g of giveaways(fixture.title, expected.kind, expected.reply))
          problems.push(`line ${ref.line}: "${fixture.title}" (${ref.fixture}, ${protocol}) ${g}`);
      }
      expect(problems).toEqual([]);
    });
  });
});
