import InterviewPractice from './anatomy/InterviewPractice.astro';
import InterviewQuestion from './anatomy/InterviewQuestion.astro';
import KeyTakeaways from './anatomy/KeyTakeaways.astro';
import Mechanism from './anatomy/Mechanism.astro';
import Practice from './anatomy/Practice.astro';
import QuickAnswer from './anatomy/QuickAnswer.astro';
import SdkRecording from './anatomy/SdkRecording.astro';
import SourcesAndVersions from './anatomy/SourcesAndVersions.astro';
import Troubleshooting from './anatomy/Troubleshooting.astro';
import WorkedExample from './anatomy/WorkedExample.astro';
import CodeLab from './codelab/CodeLab.astro';
import ClassifyFixture from './widgets/ClassifyFixture.astro';
import CompletionCheck from './widgets/CompletionCheck.astro';
import DecisionTable from './widgets/DecisionTable.astro';
import HttpExchange from './widgets/HttpExchange.astro';
import MakeItYours from './widgets/MakeItYours.astro';
import MessageTimeline from './widgets/MessageTimeline.astro';
import ProbeReport from './widgets/ProbeReport.astro';
/**
 * The components chapters use without importing them: the chapter route passes this map to every chapter's
 * `<Content components={...} />`. One entry per component, one line each; keep the list sorted by name.
 */
export const mdxComponents = {
  ClassifyFixture,
  CodeLab,
  CompletionCheck,
  DecisionTable,
  HttpExchange,
  InterviewPractice,
  InterviewQuestion,
  KeyTakeaways,
  MakeItYours,
  Mechanism,
  MessageTimeline,
  Practice,
  ProbeReport,
  QuickAnswer,
  SdkRecording,
  SourcesAndVersions,
  Troubleshooting,
  WorkedExample,
} as const;
