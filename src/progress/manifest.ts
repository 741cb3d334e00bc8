/**
 * The progress manifest: per chapter, its title and the items its checklist counts, each with a link to where it
 * is on the chapter page and (for code labs) its title, read from the chapters collection at build time. Served as
 * /progress/manifest.json for the home page and embedded in the chapter and progress pages.
 */
import { getCollection } from 'astro:content';
import { sortChapters } from '../course/course-order.ts';
import { requireExercise } from '../components/codelab/exercises.ts';
import { domId, fixtureProtocol } from '../components/widgets/lib/build-time.ts';
import { entryStructure } from '../components/anatomy/entry-structure.ts';
import { chapterItems, type ChapterItems, type ProgressItem } from './items.ts';

/** The anchor of an item on its chapter page (the heading the widget renders, or the anatomy section's). */
function anchorOf(item: ProgressItem): string {
  switch (item.type) {
    case 'practice':
      return '#practice';
    case 'widget':
      return `#${domId('dt', item.id)}-h`;
    case 'code-lab':
      return `#cl-${item.id}-h`;
    case 'check':
      return '#completion-check';
    case 'graded':
      // The widget of a later graded kind puts this id on its root (src/course/README.md, the recipe).
      return `#${item.kind}-${item.id}`;
    case 'self-mark':
      return '#make-it-yours';
  }
}

/** Every chapter in order with the items its checklist counts. */
export async function buildProgressManifest(): Promise<ChapterItems[]> {
  const chapters = sortChapters(await getCollection('chapters'));
  const fixtures = new Map((await getCollection('fixtures')).map((f) => [f.id, f.data]));
  const classifyId = (fixture: string, protocol: string | undefined) => {
    const data = fixtures.get(fixture);
    // An unknown fixture fails the chapter's own build with a clear message; here it just keeps its name.
    return data ? domId('classify', fixture, fixtureProtocol(data, protocol, 'ClassifyFixture')) : fixture;
  };
  return Promise.all(
    chapters.map(async (c) => {
      const items = await Promise.all(
        chapterItems(await entryStructure(c), classifyId).map(async (item): Promise<ProgressItem> => {
          const href = `/chapters/${c.id}/${anchorOf(item)}`;
          if (item.type !== 'code-lab') return { ...item, href };
          const exercise = await requireExercise(item.id);
          return { ...item, title: exercise.manifest.title, href };
        }),
      );
      return { chapter: c.id, title: c.data.title, items };
    }),
  );
}
