/**
 * The course module (`#course`): the decision table, message timelines and completion checks, built on the message
 * model. Their texts (scenarios, hints, misconceptions, labels) are content in content/scenarios/, validated when
 * this module loads; the model itself carries no course text.
 */
export { DETECTION_LAYERS, USER_OUTCOMES, RETRY_POLICIES, DECISION_COLUMNS, columnOptions } from './vocabulary.ts';
export type { DetectionLayer, UserOutcome, RetryPolicy, DecisionColumn, DecisionValue } from './vocabulary.ts';

export { CourseDataError, COURSE_FILES, loadCourseData } from './data.ts';
export type { CourseDataFiles } from './data.ts';
export {
  SpecCitationSchema,
  DecisionScenarioSchema,
  ScenarioFileSchema,
  MisconceptionSchema,
  MisconceptionFileSchema,
  LabelFileSchema,
  TableFileSchema,
  TimelineScenarioSchema,
  TimelineFileSchema,
} from './schema.ts';
export type { SpecCitation } from './schema.ts';

export {
  DECISION_LABELS,
  COLUMN_LABELS,
  MISCONCEPTIONS,
  DEFAULT_SCENARIO_IDS,
  DECISION_SCENARIOS,
  getScenario,
  misconceptionFor,
  misconceptionHref,
  gradeDecisionTable,
  hintFor,
} from './decision-table.ts';
export type {
  Misconception,
  MisconceptionId,
  MisconceptionRef,
  DecisionScenario,
  DecisionAnswers,
  CellVerdict,
  DecisionTableGrade,
} from './decision-table.ts';

export {
  CLASSIFY_ASPECTS,
  REPLY_SENDS,
  CHECK_QUESTION_TYPES,
  ClassifyQuestionSchema,
  ChoiceOptionSchema,
  ChoiceQuestionSchema,
  DecisionTableQuestionSchema,
  SelfAssessedQuestionSchema,
  CheckQuestionSchema,
  CompletionCheckSchema,
  ReplyAnswerSchema,
  CheckAnswerSchema,
  CheckAnswersSchema,
  gradeCompletionCheck,
  rememberClassifications,
} from './completion-check.ts';
export type {
  ClassifyAspect,
  ReplySend,
  CheckQuestionType,
  CheckQuestion,
  CompletionCheck,
  ReplyAnswer,
  CheckAnswer,
  CheckAnswers,
  QuestionGrade,
  CompletionCheckGrade,
  FixtureClassifier,
} from './completion-check.ts';

export {
  TIMELINE_PARTIES,
  TIMELINE_FAULTS,
  TIMELINE_RETRIES,
  TIMELINE_FAULT_LABELS,
  TIMELINE_RETRY_LABELS,
  TIMELINE_SCENARIOS,
  getTimelineScenario,
  faultScenario,
  buildTimeline,
} from './timeline.ts';
export type {
  TimelineParty,
  TimelineFault,
  TimelineRetry,
  TimelineScenario,
  TimelineStep,
  TimelineEffect,
  Timeline,
  TimelineOptions,
} from './timeline.ts';

export {
  ExchangeExpectationSchema,
  ExchangeFixtureSchema,
  EXCHANGE_PREDICT_PARTS,
  EXCHANGE_PREDICT_OPTIONS,
  EXCHANGE_PREDICT_QUESTIONS,
  exchangeAnswers,
  exchangeOptionLabel,
  gradeExchangePrediction,
} from './exchanges.ts';
export type { ExchangeFixture, ExchangeGrade, ExchangePrediction, ExchangePredictPart } from './exchanges.ts';
