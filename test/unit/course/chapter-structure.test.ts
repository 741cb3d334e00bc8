import { mdxToJs } from 'satteri';
import { describe, expect, it } from 'vitest';
import { anatomyErrorMessage, checkAnatomy } from '../../../src/components/anatomy/anatomy.ts';
import { componentUses, STRUCTURE_KEY } from '../../../src/course/chapter-structure.ts';
import { chapterStructurePlugin, readChapterStructure } from '../../../src/course/read-chapter-structure.ts';
import { chapterItems } from '../../../src/progress/items.ts';
import { chapterExercises } from '../../../src/course/chapter-exercises.ts';

const names = (source: string) => componentUses(readChapterStructure(source)).map((u) => u.name);

describe('readChapterStructure', () => {
  it('does not count a component shown in a code fence, in inline code or in a comment', () => {
    const source = [
      'Write `<CodeLab exercise="inline" />` to add a lab.',
      '',
      '```mdx',
      '<DecisionTable id="fenced" />',
      '<CompletionCheck chapter="message-shapes" />',
      '```',
      '',
      '~~~',
      '<MakeItYours chapter="message-shapes" />',
      '~~~',
      '',
      '{/* <ClassifyFixture fixture="commented" /> */}',
      '',
      '<CodeLab exercise="real" />',
    ].join('\n');
    expect(names(source)).toEqual(['CodeLab']);
    expect(chapterItems(readChapterStructure(source))).toEqual([{ type: 'code-lab', id: 'real' }]);
    expect(chapterExercises(readChapterStructure(source))).toEqual({
      tables: [],
      classify: [],
      interviewQuestions: [],
      codeLabs: ['real'],
      hasCheck: false,
    });
  });

  it('reads literal attribute values, whatever quotes, braces or angle brackets they hold', () => {
    const source = [
      '<InterviewQuestion question=\'Is "isError" a {protocol} error > a tool error?\'>No.</InterviewQuestion>',
      '',
      '<WorkedExample fixture="a-b" title="Worked example: `id` > 0, {braces} and it\'s fine" />',
      '',
      '<DecisionTable',
      '  id={"multi-line"}',
      '  scenarios={[\'read-timeout\', "unknown-tool", `backend-unavailable`]}',
      '/>',
      '',
      '<Widget count={-3} ratio={0.5} flag on={false} none={null} computed={ids.slice(1)} text={`plain`} />',
    ].join('\n');
    const uses = componentUses(readChapterStructure(source));
    expect(uses.map((u) => [u.name, u.attributes, u.line])).toEqual([
      ['InterviewQuestion', { question: 'Is "isError" a {protocol} error > a tool error?' }, 1],
      ['WorkedExample', { fixture: 'a-b', title: "Worked example: `id` > 0, {braces} and it's fine" }, 3],
      ['DecisionTable', { id: 'multi-line', scenarios: ['read-timeout', 'unknown-tool', 'backend-unavailable'] }, 5],
      // `computed` holds an expression, not a literal: it is left out rather than guessed.
      ['Widget', { count: -3, ratio: 0.5, flag: true, on: false, none: null, text: 'plain' }, 10],
    ]);
    expect(uses.map((u) => u.endLine)).toEqual([1, 3, 8, 10]);
    expect(chapterExercises(readChapterStructure(source)).tables).toEqual([
      { id: 'multi-line', scenarios: ['read-timeout', 'unknown-tool', 'backend-unavailable'] },
    ]);
  });

  it('counts lines from the top of the file, frontmatter included, and reads headings and code blocks', () => {
    const source = [
      '---',
      'title: A chapter',
      '---',
      '',
      '## Why `id` *matters*?',
      '',
      'Because [the spec](https://example.org) says so.',
      '',
      '```json protocol=2025-11-25',
      '{"jsonrpc": "2.0"}',
      '```',
    ].join('\n');
    expect(readChapterStructure(source)).toEqual({
      items: [
        { kind: 'heading', depth: 2, text: 'Why id matters?', line: 5 },
        { kind: 'inlineCode', value: 'id', line: 5 },
        { kind: 'code', lang: 'json', meta: 'protocol=2025-11-25', value: '{"jsonrpc": "2.0"}', line: 10 },
      ],
      questions: [{ from: 'heading', question: 'Why id matters?', answer: 'Because the spec says so.', line: 5 }],
    });
  });

  it('reads plain Markdown when asked, where a tag or a brace is text', () => {
    const source = 'An <Aside> in a README, {braces} and `{"jsonrpc":"2.0"}`.\n';
    expect(() => readChapterStructure(source)).toThrow();
    expect(() => readChapterStructure(source, { file: 'exercises/x/README.md' })).toThrow(
      /^exercises\/x\/README\.md: /,
    );
    expect(readChapterStructure(source, { format: 'markdown' }).items).toEqual([
      { kind: 'inlineCode', value: '{"jsonrpc":"2.0"}', line: 1 },
    ]);
  });

  it('gives Astro the same structure through the Markdown processor plugin as the file reader gives Node', () => {
    const source = '---\ntitle: T\n---\n\n<Practice>\n\n### Try it\n\n<DecisionTable id="t" />\n\n</Practice>\n';
    const result = mdxToJs(source, {
      mdastPlugins: [chapterStructurePlugin],
      // What Astro's MDX processor hands its plugins (@astrojs/markdown-satteri).
      data: {
        astro: { frontmatter: { title: 'T' }, headings: [], localImagePaths: new Set(), remoteImagePaths: new Set() },
      },
    });
    const frontmatter: Record<string, unknown> = result.data.astro?.frontmatter ?? {};
    expect(frontmatter[STRUCTURE_KEY]).toEqual({
      items: [
        { kind: 'component', name: 'Practice', attributes: {}, line: 5, endLine: 11 },
        { kind: 'heading', depth: 3, text: 'Try it', line: 7 },
        { kind: 'component', name: 'DecisionTable', attributes: { id: 't' }, line: 9, endLine: 9 },
      ],
      questions: [],
    });
    expect(frontmatter[STRUCTURE_KEY]).toEqual(readChapterStructure(source));
  });
});

describe('the anatomy check on a chapter read from its file', () => {
  it('still rejects a lesson whose structure lacks a section, with the same message', () => {
    const source = [
      '---',
      'title: A broken lesson',
      '---',
      '',
      '<QuickAnswer>Short.</QuickAnswer>',
      '<KeyTakeaways>- one</KeyTakeaways>',
      '<Mechanism>How.</Mechanism>',
      '<WorkedExample fixture="request-tools-call-modern">Why.</WorkedExample>',
      '<Practice>Try.</Practice>',
      '```mdx',
      '<Troubleshooting>shown as code, so not a section</Troubleshooting>',
      '```',
      '<InterviewPractice>Ask.</InterviewPractice>',
      '<CompletionCheck chapter="09-x" />',
      '<SourcesAndVersions>Links.</SourcesAndVersions>',
      '<MakeItYours chapter="09-x" />',
    ].join('\n');
    const check = checkAnatomy(readChapterStructure(source));
    expect(check).toEqual({
      kind: 'problems',
      problems: ['missing section "Troubleshooting and trade-offs" (<Troubleshooting>)'],
    });
    if (check.kind !== 'problems') return;
    expect(anatomyErrorMessage('content/chapters/09-x.mdx', check.problems)).toBe(
      'Chapter content/chapters/09-x.mdx does not follow the chapter anatomy:\n' +
        '  - missing section "Troubleshooting and trade-offs" (<Troubleshooting>)\n' +
        'Every lesson needs, in this order: <QuickAnswer>, <KeyTakeaways>, <Mechanism>, <WorkedExample>, <Practice>, ' +
        '<Troubleshooting>, <InterviewPractice>, <CompletionCheck>, <SourcesAndVersions>, <MakeItYours> ' +
        '(set "anatomy: faq" in the frontmatter only for the FAQ).',
    );
  });

  it('names the line in the file of a section out of order', () => {
    const source = '---\ntitle: T\n---\n\n<KeyTakeaways>a</KeyTakeaways>\n\n<QuickAnswer>b</QuickAnswer>\n';
    const check = checkAnatomy(readChapterStructure(source));
    expect(check.kind === 'problems' ? check.problems : []).toContain(
      'section "Quick answer" (line 7) comes after "Key takeaways" (line 5); the anatomy order is QuickAnswer → KeyTakeaways → Mechanism → WorkedExample → Practice → Troubleshooting → InterviewPractice → CompletionCheck → SourcesAndVersions → MakeItYours',
    );
  });
});
