/**
 * A chapter entry's structure as the content layer stored it: chapterStructurePlugin (src/course/
 * read-chapter-structure.ts, run by the Markdown processor set in astro.config.mjs) reads the MDX tree once and
 * puts the result in the entry's `remarkPluginFrontmatter`. Astro server context only (astro:content).
 */
import { render, type CollectionEntry } from 'astro:content';
import { STRUCTURE_KEY, type ChapterStructure } from '../../course/chapter-structure.ts';

/** The structure stored with a chapter entry; a missing one fails the build, naming the plugin to configure. */
export async function entryStructure(entry: CollectionEntry<'chapters'>): Promise<ChapterStructure> {
  const { remarkPluginFrontmatter } = await render(entry);
  const structure = remarkPluginFrontmatter[STRUCTURE_KEY] as ChapterStructure | undefined;
  if (!structure)
    throw new Error(
      `${entry.filePath ?? entry.id}: no chapter structure was stored; astro.config.mjs's markdown.processor must run chapterStructurePlugin.`,
    );
  return structure;
}
