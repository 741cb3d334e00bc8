/**
 * The MCP Message Lab message model: zod schemas for JSON-RPC 2.0 and MCP messages, the classifier, the error-code
 * table. Imports only zod; runs in Node, browsers and Web Workers. Course material (the decision table, timelines,
 * completion checks) lives in `#course` (src/course/), which builds on this module.
 * Imported everywhere as `#message-model`.
 */
export {
  PROTOCOLS,
  MCP_VERSIONS,
  DEFAULT_PROTOCOL,
  isProtocol,
  isMcpVersion,
  isAtLeast,
  compareVersions,
  jsonRpcRef,
  mcpRef,
  rfc8259Ref,
  slugifyHeading,
} from './protocols.ts';
export type { Protocol, McpVersion, SpecRef } from './protocols.ts';

export { SEVERITIES, FINDING_IDS, isFindingId, pointer, pointerTokens } from './findings.ts';
export type { Severity, FindingId, Finding } from './findings.ts';

export { positionAt, parseJsonText, inspectValue } from './json-text.ts';
export type { TextPosition, ParseOutcome, ValueFacts } from './json-text.ts';
export { readJsonToken, firstTooDeep } from './json-tokens.ts';
export { indexPointers, locatePointer } from './json-locate.ts';
export type { TextRange } from './json-locate.ts';

export {
  CODE_CLASSES,
  CODE_RANGES,
  ERROR_CODES,
  ERROR_CODE,
  STANDARD_ERROR_CODES,
  MCP_ERROR_CODES,
  classifyErrorCode,
  codeIntroducedIn,
  errorCodeDefinition,
  standardMessage,
} from './error-codes.ts';
export type { CodeClass, CodeStatus, ErrorCodeDefinition, ErrorCodeInfo, ErrorCodeName } from './error-codes.ts';

export {
  JSONRPCIdSchema,
  RequestIdSchema,
  JSONRPCErrorObjectSchema,
  JSONRPCRequestSchema,
  JSONRPCNotificationSchema,
  JSONRPCResultResponseSchema,
  JSONRPCErrorResponseSchema,
  JSONRPCMessageSchema,
  JSONRPCBatchSchema,
  ImplementationSchema,
  RequestMetaSchema,
  TextContentSchema,
  ImageContentSchema,
  AudioContentSchema,
  ResourceLinkSchema,
  EmbeddedResourceSchema,
  ContentBlockSchema,
  CONTENT_BLOCK_TYPES,
  RESULT_TYPES,
  INPUT_REQUEST_METHODS,
  LOGGING_LEVELS,
  LoggingLevelSchema,
  ProgressTokenSchema,
  MetaObjectSchema,
  InputRequiredResultSchema,
  MCP_SCHEMAS,
  CallToolRequestSchema,
  CallToolResultSchema,
} from './schemas.ts';
export type { RequestId, ContentBlock, ResultType, LoggingLevel, McpSchemas } from './schemas.ts';

export {
  METHODS_REMOVED_IN_2026_07_28,
  METHODS_ADDED_IN_2026_07_28,
  MISNAMED_METHODS,
  methodStatus,
} from './methods.ts';

export { MESSAGE_KINDS, classifyMessage, canonicalJson } from './classify.ts';
export { classifyNotUtf8 } from './encoding.ts';
export type {
  MessageKind,
  MessageId,
  Reply,
  Classification,
  ClassifyOptions,
  ParseErrorClassification,
  InvalidClassification,
  RequestClassification,
  NotificationClassification,
  ResultClassification,
  ErrorClassification,
  BatchClassification,
} from './classify.ts';

export { buildReplyMessage, sameReply } from './reply.ts';
export { ANSWER_VERDICTS, checkAnswer, replyOf } from './answer.ts';
export type { AnswerCheck, AnswerVerdict } from './answer.ts';
export {
  PROBE_RULES,
  judgeGet,
  judgeMissingSessionId,
  judgeNotificationRefusal,
  judgeSilenceOnStdio,
  judgeToolFailure,
  judgeUnsupportedVersionData,
} from './probe-rules.ts';
export type { ProbeCitation, ProbeEra, ProbeJudgement, ProbeLevel, ProbeRule, ProbeTransport } from './probe-rules.ts';
export { classifyAcrossProtocols, describeReply } from './compare.ts';
export type { CrossVersionClassification, VersionDifference } from './compare.ts';
export {
  classifyLog,
  analyzeLog,
  createLogAnalyzer,
  describeSession,
  LOG_ISSUE_IDS,
  LOG_MAX_ISSUES,
  LOG_MAX_EXCHANGES,
} from './log.ts';
export type {
  LogEntry,
  LogAnalysis,
  LogAnalysisOptions,
  LogAnalyzer,
  LogExchange,
  LogIssue,
  LogIssueId,
  LineSource,
  ProtocolDetection,
  Side,
} from './log.ts';
export { analyzeTraffic, looksLikeHar, readHostLogLine, readTraffic, TRAFFIC_FORMATS } from './read-traffic.ts';
export type { TrafficAnalysis, TrafficFormat, TrafficLine, TrafficReading } from './read-traffic.ts';
export { formatClassification } from './format.ts';
export { BROKEN_BY, HTTP_FINDING_IDS, HTTP_FINDING_RULES, isHttpFindingId } from './http-findings.ts';
export type {
  BrokenBy,
  ExpectedStatus,
  ExternalRef,
  HttpFinding,
  HttpFindingId,
  HttpLocation,
} from './http-findings.ts';
export { decodeHeaderValue } from './http-headers.ts';
export { statusLine } from './http-status.ts';
export type { LayerVerdict } from './http-status.ts';
export { HAR_MAX_BYTES, readHar, readHttpText } from './http-har.ts';
export type { HarExchange, HarReading, HttpTextReading } from './http-har.ts';
export { HTTP_ERA_SOURCES, HttpExchangeSchema, classifyHttpExchange, createHttpSession } from './http.ts';
export type {
  HttpClassifyOptions,
  HttpClassifyResult,
  HttpEraDetection,
  HttpExchange,
  HttpExchangeClassification,
  HttpSession,
} from './http.ts';
export { SPEC_KEYWORDS, FINDING_KEYWORDS, findingKeyword, severityOf } from './severity.ts';
export { createEventStreamParser, parseEventStream } from './sse.ts';
export type { SseReading } from './sse.ts';
