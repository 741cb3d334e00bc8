import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO_IDS } from '#course';
import { chapterExercises } from '../../../src/course/chapter-exercises.ts';
import { readChapterStructure } from '../../../src/course/read-chapter-structure.ts';

/** The exercises of a chapter's MDX text, read as the workshop server reads them. */
const exercisesInMdx = (source: string) => chapterExercises(readChapterStructure(source));

describe('chapterExercises', () => {
  it('finds decision tables with and without their rows, in source order', () => {
    const source = `Intro\n<DecisionTable id="ch05-table" />\ntext\n<DecisionTable\n  id="extra"\n  scenarios={["read-timeout", 'unknown-tool']}\n/>`;
    expect(exercisesInMdx(source).tables).toEqual([
      { id: 'ch05-table', scenarios: [...DEFAULT_SCENARIO_IDS] },
      { id: 'extra', scenarios: ['read-timeout', 'unknown-tool'] },
    ]);
  });

  it('finds fixtures to classify, interview questions, code labs and the check', () => {
    const source = [
      '<ClassifyFixture fixture="cancelled-after-timeout-stdio" protocol="2026-07-28" />',
      '<ClassifyFixture fixture={"tool-error-backend-unavailable"} />',
      '<InterviewQuestion question="Why a new id?">answer</InterviewQuestion>',
      "<InterviewQuestion question='Is &quot;isError&quot; a protocol error?'>no</InterviewQuestion>",
      '<CodeLab exercise="03-tool-error" />',
      '<CompletionCheck chapter="error-semantics-and-retries" />',
    ].join('\n');
    expect(exercisesInMdx(source)).toEqual({
      tables: [],
      classify: [
        { fixture: 'cancelled-after-timeout-stdio', protocol: '2026-07-28' },
        { fixture: 'tool-error-backend-unavailable' },
      ],
      interviewQuestions: ['Why a new id?', 'Is "isError" a protocol error?'],
      codeLabs: ['03-tool-error'],
      hasCheck: true,
    });
  });

  it('finds nothing in prose', () => {
    expect(exercisesInMdx('Just words about DecisionTable and CompletionCheck.')).toEqual({
      tables: [],
      classify: [],
      interviewQuestions: [],
      codeLabs: [],
      hasCheck: false,
    });
  });
});
