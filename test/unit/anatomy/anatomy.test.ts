import { describe, expect, it } from 'vitest';
import {
  ANATOMY_SECTIONS,
  anatomyErrorMessage,
  checkAnatomy as checkStructure,
  fixtureReferences as referencesIn,
  outlineChapter as outlineOf,
} from '../../../src/components/anatomy/anatomy.ts';
import { readChapterStructure } from '../../../src/course/read-chapter-structure.ts';

// The functions read a chapter's structure; these tests write MDX text, read as the workshop server reads it.
const checkAnatomy = (body: string, anatomy?: 'lesson' | 'faq') => checkStructure(readChapterStructure(body), anatomy);
const fixtureReferences = (body: string) => referencesIn(readChapterStructure(body));
const outlineChapter = (body: string) => outlineOf(readChapterStructure(body));

/** A lesson body with every section in order; `replace` swaps or drops sections to make broken variants. */
function lesson(sections: string[] = ANATOMY_SECTIONS.map((s) => s.component)): string {
  return sections
    .map((name) =>
      name === 'WorkedExample'
        ? `<WorkedExample fixture="request-tools-call-modern">\n\nCommentary.\n\n</WorkedExample>`
        : name === 'CompletionCheck' || name === 'MakeItYours'
          ? `<${name} chapter="message-shapes" />`
          : `<${name}>\n\n### A heading in ${name}\n\nText.\n\n</${name}>`,
    )
    .join('\n\n');
}

describe('checkAnatomy', () => {
  it('accepts a lesson with every section in order', () => {
    expect(checkAnatomy(lesson())).toEqual({ kind: 'ok' });
  });

  it('names the missing section', () => {
    const body = lesson(ANATOMY_SECTIONS.map((s) => s.component).filter((c) => c !== 'Troubleshooting'));
    const result = checkAnatomy(body);
    expect(result.kind).toBe('problems');
    if (result.kind === 'problems') {
      expect(result.problems).toEqual(['missing section "Troubleshooting and trade-offs" (<Troubleshooting>)']);
    }
  });

  it('reports sections out of order', () => {
    const order: string[] = ANATOMY_SECTIONS.map((s) => s.component);
    [order[0], order[1]] = [order[1] ?? '', order[0] ?? ''];
    const result = checkAnatomy(lesson(order));
    expect(result.kind).toBe('problems');
    if (result.kind === 'problems') {
      expect(result.problems.join('\n')).toMatch(/"Quick answer" .* comes after "Key takeaways"/);
    }
  });

  it('allows two worked examples in a row but not two quick answers', () => {
    const twoExamples = ANATOMY_SECTIONS.flatMap((s) =>
      s.component === 'WorkedExample' ? [s.component, s.component] : [s.component],
    );
    expect(checkAnatomy(lesson(twoExamples))).toEqual({ kind: 'ok' });
    const twoAnswers = ['QuickAnswer', ...ANATOMY_SECTIONS.map((s) => s.component)];
    const result = checkAnatomy(lesson(twoAnswers));
    expect(result.kind).toBe('problems');
    if (result.kind === 'problems')
      expect(result.problems.join('\n')).toMatch(/"Quick answer" \(<QuickAnswer>\) appears 2 times/);
  });

  it('does not count tags shown in code fences, inline code or comments', () => {
    // The whole section is swapped out (its closing tag too): a real MDX parser rejects a closing tag left alone.
    const body = lesson().replace(
      /<Troubleshooting>[\s\S]*?<\/Troubleshooting>/,
      '```mdx\n<Troubleshooting>\n```\n\n{/* <Troubleshooting> */} `<Troubleshooting>`',
    );
    const result = checkAnatomy(body);
    expect(result.kind).toBe('problems');
    if (result.kind === 'problems')
      expect(result.problems[0]).toMatch(/missing section "Troubleshooting and trade-offs"/);
  });

  it('exempts the FAQ', () => {
    expect(checkAnatomy('## Is batching allowed?\n\nNo.', 'faq')).toEqual({ kind: 'ok' });
    expect(checkAnatomy('## Is batching allowed?\n\nNo.', 'lesson').kind).toBe('problems');
  });

  it('writes a build error that names the file and each problem', () => {
    const message = anatomyErrorMessage('content/chapters/09-x.mdx', [
      'missing section "Key takeaways" (<KeyTakeaways>)',
    ]);
    expect(message).toContain('content/chapters/09-x.mdx');
    expect(message).toContain('missing section "Key takeaways"');
  });
});

describe('outlineChapter and fixtureReferences', () => {
  it('lists sections and headings in source order with their attributes', () => {
    const outline = outlineChapter(
      '<QuickAnswer>\n\n### Why\n\n</QuickAnswer>\n<WorkedExample fixture="a-b" protocol="2025-11-25" />',
    );
    expect(outline).toEqual([
      { kind: 'section', component: 'QuickAnswer', line: 1, attributes: {} },
      { kind: 'heading', depth: 3, text: 'Why', line: 3 },
      { kind: 'section', component: 'WorkedExample', line: 6, attributes: { fixture: 'a-b', protocol: '2025-11-25' } },
    ]);
  });

  it('finds every fixture a chapter names, in any component', () => {
    const refs = fixtureReferences(
      '<WorkedExample fixture="one" />\n<ClassifyFixture protocol="2025-06-18" fixture=\'two\' />\n`<ClassifyFixture fixture="not-me" />`',
    );
    expect(refs).toEqual([
      { fixture: 'one', component: 'WorkedExample', line: 1 },
      { fixture: 'two', component: 'ClassifyFixture', line: 2 },
    ]);
  });
});
