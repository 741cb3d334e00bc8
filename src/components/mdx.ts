import ClassifyFixture from './widgets/ClassifyFixture.astro';
import CompletionCheck from './widgets/CompletionCheck.astro';
import DecisionTable from './widgets/DecisionTable.astro';
import MakeItYours from './widgets/MakeItYours.astro';
import MessageTimeline from './widgets/MessageTimeline.astro';
/**
 * The components chapters use without importing them: the chapter route passes this map to every chapter's
 * `<Content components={...} />`. One entry per component, one line each; keep the list sorted by name.
 */
export const mdxComponents = {
  ClassifyFixture,
  CompletionCheck,
  DecisionTable,
  MakeItYours,
  MessageTimeline,
} as const;
