/**
 * The on-page table of contents: the chapter's anatomy sections (whose headings the components render) with the
 * Markdown headings inside each one nested below it. Built from the chapter's structure so it follows the body's order.
 */
import type { ChapterStructure } from '../../course/chapter-structure.ts';
import { ANATOMY_SECTIONS, outlineChapter } from '../anatomy/anatomy.ts';

/** One entry: an anchor, its text, and the entries nested under it. */
export interface TocItem {
  id: string;
  text: string;
  children: TocItem[];
}

/** A heading as Astro's `render()` reports it. */
export interface RenderedHeading {
  depth: number;
  slug: string;
  text: string;
}

/**
 * Builds the table of contents. `headings` are the Markdown headings Astro found (same order as the source);
 * `fixtureTitle` names a worked example's fixture. Lessons list sections with their ### headings; the FAQ lists its
 * ## headings with their ### headings.
 */
export function buildToc(
  structure: ChapterStructure,
  headings: readonly RenderedHeading[],
  fixtureTitle: (id: string) => string | undefined = () => undefined,
): TocItem[] {
  const outline = outlineChapter(structure);
  const sourceHeadings = outline.filter((i) => i.kind === 'heading');
  // Pair source headings with rendered ones by position; if they disagree (a heading from an imported file, say),
  // fall back to the rendered list alone.
  const paired =
    sourceHeadings.length === headings.length && sourceHeadings.every((h, i) => h.depth === headings[i]?.depth);
  const items: TocItem[] = [];
  let current: TocItem | undefined;
  let headingIndex = 0;
  const sectionCounts = new Map<string, number>();

  if (!paired) {
    for (const h of headings) {
      if (h.depth === 2) items.push((current = { id: h.slug, text: h.text, children: [] }));
      else if (h.depth === 3 && current) current.children.push({ id: h.slug, text: h.text, children: [] });
      else if (h.depth === 3) items.push({ id: h.slug, text: h.text, children: [] });
    }
    return items;
  }

  for (const item of outline) {
    if (item.kind === 'section') {
      const meta = ANATOMY_SECTIONS.find((s) => s.component === item.component);
      if (!meta) continue;
      const seen = sectionCounts.get(meta.id) ?? 0;
      sectionCounts.set(meta.id, seen + 1);
      if (meta.component === 'WorkedExample') {
        const fixture = item.attributes.fixture ?? '';
        const title = item.attributes.title ?? `Worked example: ${fixtureTitle(fixture) ?? fixture}`;
        items.push((current = { id: `worked-example-${fixture}`, text: title, children: [] }));
      } else if (seen === 0) {
        items.push((current = { id: meta.id, text: meta.title, children: [] }));
      }
    } else {
      const rendered = headings[headingIndex++];
      if (!rendered) continue;
      const entry = { id: rendered.slug, text: rendered.text, children: [] };
      if (rendered.depth === 2) items.push((current = entry));
      else if (rendered.depth === 3) (current ? current.children : items).push(entry);
    }
  }
  return items;
}
