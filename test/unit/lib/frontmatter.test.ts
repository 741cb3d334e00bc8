import { describe, expect, it } from 'vitest';
import { readFrontmatter } from '../../../src/lib/frontmatter.ts';

describe('readFrontmatter', () => {
  it('reads the YAML block at the top as fields and returns the text after it as the body', () => {
    const source = '---\ntitle: "Requests: who answers"\norder: 3\ntags:\n  - a\n  - b\n---\n\n# Body\n';
    expect(readFrontmatter(source)).toEqual({
      data: { title: 'Requests: who answers', order: 3, tags: ['a', 'b'] },
      body: '\n# Body\n',
    });
  });

  it('reads Windows line ends', () => {
    expect(readFrontmatter('---\r\ntitle: x\r\n---\r\nbody')).toEqual({ data: { title: 'x' }, body: 'body' });
  });

  it('treats a file without a block at its very start as all body, so a --- later in the text is not frontmatter', () => {
    const source = 'Intro\n---\ntitle: x\n---\n';
    expect(readFrontmatter(source)).toEqual({ data: {}, body: source });
  });

  it('keeps a value with a colon or quotes whole, which a line regex would cut', () => {
    expect(readFrontmatter("---\ntitle: 'It''s: one title'\n---\n").data.title).toBe("It's: one title");
  });

  it('gives no fields when the block is not a mapping', () => {
    expect(readFrontmatter('---\n- a\n---\nbody').data).toEqual({});
  });

  it('throws on a block that is not YAML, so a broken file is not read as empty', () => {
    expect(() => readFrontmatter('---\ntitle: [unclosed\n---\n')).toThrow();
  });
});
