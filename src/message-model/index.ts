/**
 * The MCP Message Lab message model: zod schemas for JSON-RPC 2.0 and MCP messages, the classifier, the error-code
 * table. Imports only zod; runs in Node, browsers and Web Workers. Course material (the decision table, timelines,
 * completion checks) lives in `#course` (src/course/), which builds on this module.
 * Imported everywhere as `#message-model`.
 */
export { PROTOCOLS, MCP_VERSIONS, DEFAULT_PROTOCOL, isProtocol, mcpRef, slugifyHeading } from './protocols.ts';
export type { Protocol, McpVersion, SpecRef } from './protocols.ts';

export { SEVERITIES, FINDING_IDS, isFindingId } from './findings.ts';
export type { FindingId, Finding } from './findings.ts';

export { positionAt, parseJsonText, inspectValue } from './json-text.ts';
export type { TextPosition, ParseOutcome, ValueFacts } from './json-text.ts';
export { readJsonToken, firstTooDeep } from './json-tokens.ts';
export { indexPointers, locatePointer } from './json-locate.ts';
export type { TextRange } from './json-locate.ts';

export {
  CODE_CLASSES,
  ERROR_CODES,
  ERROR_CODE,
  STANDARD_ERROR_CODES,
  MCP_ERROR_CODES,
  classifyErrorCode,
  codeIntroducedIn,
  standardMessage,
} from './error-codes.ts';
export type { CodeClass, ErrorCodeInfo } from './error-codes.ts';

export {
  JSONRPCIdSchema,
  RequestIdSchema,
  JSONRPCRequestSchema,
  JSONRPCNotificationSchema,
  JSONRPCResultResponseSchema,
  JSONRPCErrorResponseSchema,
  JSONRPCMessageSchema,
  JSONRPCBatchSchema,
  RequestMetaSchema,
  ContentBlockSchema,
  CONTENT_BLOCK_TYPES,
  RESULT_TYPES,
  INPUT_REQUEST_METHODS,
  InputRequiredResultSchema,
  MCP_SCHEMAS,
  CallToolRequestSchema,
  CallToolResultSchema,
} from './schemas.ts';
export type { McpSchemas } from './schemas.ts';

export { METHODS_REMOVED_IN_2026_07_28, METHODS_ADDED_IN_2026_07_28 } from './methods.ts';

export { MESSAGE_KINDS, classifyMessage, canonicalJson } from './classify.ts';
export { classifyNotUtf8 } from './encoding.ts';
export type {
  MessageKind,
  MessageId,
  Reply,
  Classification,
  ClassifyOptions,
  ParseErrorClassification,
} from './classify.ts';

export { buildReplyMessage, sameReply } from './reply.ts';
export { checkAnswer } from './answer.ts';
export type { AnswerCheck } from './answer.ts';
export {
  PROBE_RULES,
  judgeGet,
  judgeMissingSessionId,
  judgeNotificationRefusal,
  judgeSilenceOnStdio,
  judgeToolFailure,
  judgeUnsupportedVersionData,
} from './probe-rules.ts';
export type { ProbeEra, ProbeJudgement, ProbeRule, ProbeTransport } from './probe-rules.ts';
export { classifyAcrossProtocols, describeReply } from './compare.ts';
export type { CrossVersionClassification } from './compare.ts';
export { classifyLog, analyzeLog, createLogAnalyzer, describeSession } from './log.ts';
export type {
  LogEntry,
  LogAnalysis,
  LogAnalysisOptions,
  LogAnalyzer,
  LogIssue,
  LogIssueId,
  LineSource,
  ProtocolDetection,
  Side,
} from './log.ts';
export { analyzeTraffic, looksLikeHar, readHostLogLine, readTraffic } from './read-traffic.ts';
export type { TrafficAnalysis, TrafficFormat, TrafficReading } from './read-traffic.ts';
export { formatClassification } from './format.ts';
export { BROKEN_BY, HTTP_FINDING_IDS, HTTP_FINDING_RULES, isHttpFindingId } from './http-findings.ts';
export type { HttpFinding, HttpFindingId, HttpLocation } from './http-findings.ts';
export { decodeHeaderValue } from './http-headers.ts';
export { statusLine } from './http-status.ts';
export type { LayerVerdict } from './http-status.ts';
export { HAR_MAX_BYTES, readHar, readHttpText } from './http-har.ts';
export type { HarExchange, HarReading, HttpTextReading } from './http-har.ts';
export { HttpExchangeSchema, classifyHttpExchange, createHttpSession } from './http.ts';
export type {
  HttpClassifyOptions,
  HttpClassifyResult,
  HttpExchange,
  HttpExchangeClassification,
  HttpSession,
} from './http.ts';
export { SPEC_KEYWORDS, FINDING_KEYWORDS, findingKeyword, severityOf } from './severity.ts';
export { createEventStreamParser, parseEventStream } from './sse.ts';
export type { SseReading } from './sse.ts';
