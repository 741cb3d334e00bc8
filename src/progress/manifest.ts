/**
 * The progress manifest: per chapter, its title and the items its bar counts, read from the chapters collection at
 * build time. Served as /progress/manifest.json for the course outline and embedded in the progress page.
 */
import { getCollection } from 'astro:content';
import { sortChapters } from './chapters.ts';
import { itemsFromMdx, type ChapterItems } from './items.ts';

/** Every chapter in order with the items its progress bar counts. */
export async function buildProgressManifest(): Promise<ChapterItems[]> {
  const chapters = sortChapters(await getCollection('chapters'));
  return chapters.map((c) => ({ chapter: c.id, title: c.data.title, items: itemsFromMdx(c.body ?? '') }));
}
