/**
 * classifyMessage: what a message is under a protocol, what a conforming receiver owes back, and every rule it
 * breaks or bends, each pointing at the spec. Pure; never throws; runs unchanged in Node, browsers and workers.
 */
import { finding, pointer, type Finding } from './findings.ts';
import {
  countMemberNames,
  findDuplicateNames,
  inspectParsedJson,
  inspectValue,
  maxMemberNames,
  parseJsonText,
} from './json-text.ts';
import {
  DEFAULT_PROTOCOL,
  isMcpVersion,
  isProtocol,
  jsonRpcRef,
  mcpRef,
  rfc8259Ref,
  type Protocol,
} from './protocols.ts';
import { ERROR_CODE } from './error-codes.ts';
import {
  describeErrorReply,
  describeValue,
  has,
  invalid,
  isPlainObject,
  messagesRef,
  sortFindings,
  type Classification,
  type ClassifyOptions,
  type Context,
  type Reply,
} from './classification.ts';
import { checkEnvelope, checkId, errorReplyId } from './classify-envelope.ts';
import { classifyNotification, classifyRequest } from './classify-requests.ts';
import { classifyResponse } from './classify-responses.ts';

export { MESSAGE_KINDS } from './classification.ts';
export type {
  Classification,
  ClassifyOptions,
  MessageId,
  MessageKind,
  ParseErrorClassification,
  Reply,
} from './classification.ts';
export { canonicalJson } from './classify-results.ts';

/** Above this size, text checks that need a second pass over the text are skipped (the message still classifies). */
const TEXT_CHECK_LIMIT = 4 * 1024 * 1024;

/** At most this many elements of a batch are classified one by one (see classifyBatch). */
const MAX_BATCH_ITEMS = 10_000;

/**
 * Classifies a message: raw text (as received) or an already parsed value. Never throws: any input, however
 * large, deep or hostile, comes back as a classification.
 */
export function classifyMessage(input: unknown, options: ClassifyOptions = {}): Classification {
  const protocol: Protocol = isProtocol(options.protocol) ? options.protocol : DEFAULT_PROTOCOL;
  const maxDepth = typeof options.maxDepth === 'number' && options.maxDepth > 0 ? options.maxDepth : 256;
  try {
    const method = typeof options.method === 'string' ? options.method : undefined;
    return classifyInput(input, protocol, maxDepth, method);
  } catch (error) {
    // A last line of defence: nothing above is expected to throw, but a classifier that throws would take a
    // page or a CLI run down with it. Report it as a finding instead.
    const detail = error instanceof Error ? error.message : String(error);
    return invalidWhole(
      protocol,
      finding(
        'classifier-limit',
        'error',
        '',
        `The classifier could not finish on this input (${detail}); treat it as invalid.`,
        rfc8259Ref('9', 'Parsers'),
      ),
      'The classifier could not finish on this input, so it treats it as an invalid message.',
    );
  }
}

/** -32600 Invalid Request with a null id: the reply when no id can be read or echoed. */
const INVALID_REQUEST_NO_ID = { send: 'error', code: ERROR_CODE.InvalidRequest, id: null } as const satisfies Reply;

/** Input that is invalid as a whole, for one reason (`error`): no message shape, answered with INVALID_REQUEST_NO_ID. */
function invalidWhole(protocol: Protocol, error: Finding, explanation: string): Classification {
  return {
    kind: 'invalid',
    shape: 'unknown',
    protocol,
    reply: { ...INVALID_REQUEST_NO_ID },
    findings: [error],
    explanation,
  };
}

function classifyInput(
  input: unknown,
  protocol: Protocol,
  maxDepth: number,
  method: string | undefined,
): Classification {
  const textFindings: Finding[] = [];
  let value: unknown = input;
  if (typeof input === 'string') {
    const parsed = parseJsonText(input);
    if (!parsed.ok) {
      const where = `line ${parsed.position.line}, column ${parsed.position.column}`;
      return {
        kind: 'parse-error',
        protocol,
        position: parsed.position,
        reason: parsed.reason,
        reply: { send: 'error', code: ERROR_CODE.ParseError, id: null },
        findings: [
          finding(
            'not-json',
            'error',
            '',
            `The text is not valid JSON: ${parsed.reason} (parsing stopped at ${where}).`,
            jsonRpcRef('5.1'),
          ),
        ],
        explanation: `The text is not JSON (parsing stopped at ${where}), so the receiver cannot read an id and answers ${describeErrorReply({ send: 'error', code: ERROR_CODE.ParseError, id: null }, protocol)}.`,
      };
    }
    value = parsed.value;
  }

  // Fast paths of json-text.ts, kept for the speed target (`npm run bench:fast-paths` prints each one's figure): a
  // walk that builds no paths (quick-walk), no set of seen objects for parsed text (tree-walk), no surrogate check of
  // strings when the text rules lone surrogates out (string-skip). test/unit/message-model/fast-paths.test.ts holds
  // the quick walk to the full one; test/unit/message-model/properties.test.ts holds text and value to one verdict.
  const facts =
    typeof input === 'string' ? inspectParsedJson(value, maxDepth, 20, input) : inspectValue(value, maxDepth);
  if (typeof input === 'string' && input.length <= TEXT_CHECK_LIMIT) {
    // JSON.parse keeps the last of two equal names silently: more names in the text than members in the value
    // means a name repeats. The cheap bound settles almost every message; the exact count runs only when needed.
    // The bound skips the exact count and the count skips the duplicate scan (bench:fast-paths member-bound and
    // member-count print what each saves); test/unit/message-model/fast-paths.test.ts holds both to the scan.
    const memberCount = facts.truncated
      ? inspectParsedJson(value, Number.POSITIVE_INFINITY, 0).memberCount
      : facts.memberCount;
    if (maxMemberNames(input) > memberCount && countMemberNames(input) > memberCount) {
      for (const dup of findDuplicateNames(input)) {
        textFindings.push(
          finding(
            'duplicate-key',
            'warning',
            pointer(dup.path, dup.name),
            `The name "${dup.name}" appears more than once in the same object. JSON parsers disagree on which copy wins (this one kept the last), so a sender must not rely on either.`,
            rfc8259Ref('4', 'Objects'),
          ),
        );
      }
    }
  }
  if (facts.truncated) {
    textFindings.push(
      finding(
        'nesting-too-deep',
        'warning',
        '',
        `The value nests deeper than ${maxDepth} levels (${facts.depth > maxDepth ? 'more than ' : ''}${maxDepth}); the classifier checked the envelope and did not look further down. Receivers may reject such messages.`,
        rfc8259Ref('9', 'Parsers'),
      ),
    );
  }
  for (const path of facts.loneSurrogates) {
    textFindings.push(
      finding(
        'lone-surrogate',
        'info',
        path,
        'A string holds a lone UTF-16 surrogate: it is not valid Unicode, and receivers may reject it or replace it.',
        rfc8259Ref('8.2', 'Unicode Characters'),
      ),
    );
  }
  for (const path of facts.unsafeIntegers) {
    textFindings.push(
      finding(
        'number-precision',
        'info',
        path,
        "A number here is past 2^53 (or beyond a double's range altogether) and cannot be represented exactly as a double: a JavaScript receiver reads a different number. Send large identifiers as strings.",
        rfc8259Ref('6', 'Numbers'),
      ),
    );
  }

  if (facts.repeated) {
    textFindings.push(
      finding(
        'classifier-limit',
        'warning',
        '',
        'The value refers to the same object more than once (a cycle or a shared reference), which JSON text cannot express; the classifier checked the envelope and did not compare payloads.',
        rfc8259Ref('2', 'JSON Grammar'),
      ),
    );
  }

  const ctx: Context = { protocol, deep: !facts.truncated && !facts.repeated, json: typeof input === 'string' };
  // The method of the request a result answers applies to a single message, not to the elements of a batch.
  if (method !== undefined && !Array.isArray(value)) ctx.method = method;
  const result = Array.isArray(value) ? classifyBatch(value, ctx) : classifySingle(value, '', ctx);
  if (textFindings.length > 0) result.findings = sortFindings([...result.findings, ...textFindings]);
  return result;
}

function classifyBatch(items: unknown[], ctx: Context): Classification {
  const { protocol } = ctx;
  if (items.length === 0) {
    return invalidWhole(
      protocol,
      finding(
        'batch-empty',
        'error',
        '',
        'An empty array is not a batch: JSON-RPC answers it with a single -32600 Invalid Request, not an empty array.',
        jsonRpcRef('6'),
      ),
      `An empty array is not a valid batch, so the receiver answers one ${describeErrorReply(INVALID_REQUEST_NO_ID, protocol)}.`,
    );
  }
  // A batch owes one reply per element, but classifying millions of elements one by one costs seconds and
  // gigabytes (a 10 MB array of numbers holds five million): past MAX_BATCH_ITEMS the classifier stops and says so.
  // Array.from-style indexing also visits the holes of a sparse array (a value built in code), as undefined.
  const limit = Math.min(items.length, MAX_BATCH_ITEMS);
  const classified: Classification[] = [];
  for (let i = 0; i < limit; i += 1) classified.push(classifySingle(items[i], `/${i}`, ctx));
  const limitFindings: Finding[] =
    limit < items.length
      ? [
          finding(
            'classifier-limit',
            'warning',
            '',
            `The batch has ${items.length.toLocaleString('en-US')} elements; the classifier looked at the first ${limit.toLocaleString('en-US')} only, so the items and the reply cover those. Receivers commonly refuse batches this large.`,
            jsonRpcRef('6'),
          ),
        ]
      : [];
  const findings: Finding[] = [...limitFindings];
  if (isMcpVersion(protocol)) {
    // The spec removed batching in 2025-06-18 and says nothing about how a receiver answers an array: the model
    // does not invent one: the reply is 'unspecified'. The items are still classified, for the learner.
    findings.push(
      finding(
        'batch-unsupported',
        'error',
        '',
        `MCP ${protocol} has no JSON-RPC batches: every message travels on its own (batching existed only in 2025-03-26 and was removed in 2025-06-18). The spec does not say how a receiver answers an array; the official SDKs drop it on stdio and reject it over HTTP.`,
        mcpRef('2025-06-18', 'changelog'),
      ),
    );
    return {
      kind: 'batch',
      protocol,
      items: classified,
      reply: { send: 'unspecified' },
      findings: sortFindings(findings),
      explanation: `A JSON array of ${items.length} message${items.length === 1 ? '' : 's'}. MCP ${protocol} has no batches, and the spec does not say what a receiver sends back for one: expect it to be dropped or rejected, never processed.`,
    };
  }
  const replies = classified.map((c) => c.reply).filter((r) => r.send !== 'nothing');
  const reply: Reply = replies.length === 0 ? { send: 'nothing' } : { send: 'batch', items: replies };
  return {
    kind: 'batch',
    protocol,
    items: classified,
    reply,
    findings,
    explanation:
      replies.length === 0
        ? `A batch of ${items.length} element${items.length === 1 ? '' : 's'}, none of which is owed a reply, so the receiver sends nothing at all (not an empty array).`
        : `A batch of ${items.length} element${items.length === 1 ? '' : 's'}: the receiver answers with one array of ${replies.length} repl${replies.length === 1 ? 'y' : 'ies'}${limit < items.length ? ` for the first ${limit} elements` : ''}, in any order, leaving out the elements owed nothing.`,
  };
}

function classifySingle(value: unknown, base: string, ctx: Context): Classification {
  const { protocol } = ctx;
  if (!isPlainObject(value)) {
    return invalid(
      ctx,
      'unknown',
      [
        finding(
          'not-an-object',
          'error',
          base,
          `A message must be a JSON object; this is ${describeValue(value)}.`,
          messagesRef(protocol, 'Messages', '4'),
        ),
      ],
      { ...INVALID_REQUEST_NO_ID },
      undefined,
    );
  }
  const m = value;
  const hasMethod = has(m, 'method');
  const hasResult = has(m, 'result');
  const hasError = has(m, 'error');
  if (hasMethod && !hasResult && !hasError)
    return has(m, 'id') ? classifyRequest(m, base, ctx) : classifyNotification(m, base, ctx);
  if (!hasMethod && (hasResult || hasError)) return classifyResponse(m, base, ctx);

  const findings = checkEnvelope(m, base, ctx, ['jsonrpc', 'id', 'method', 'params', 'result', 'error']);
  const idCheck = has(m, 'id') ? checkId(m.id, base, ctx, 'request') : { findings: [], echo: undefined, valid: false };
  findings.push(
    finding(
      'ambiguous-shape',
      'error',
      base,
      hasMethod
        ? 'The object has "method" and also "result" or "error": it is neither a request nor a response.'
        : 'The object has none of "method", "result" or "error", so it is neither a request, a notification nor a response.',
      messagesRef(protocol, 'Messages', '4'),
    ),
    ...idCheck.findings,
  );
  return invalid(
    ctx,
    'unknown',
    findings,
    { send: 'error', code: ERROR_CODE.InvalidRequest, id: errorReplyId(idCheck) },
    idCheck.echo,
  );
}
