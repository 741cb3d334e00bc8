/**
 * Results and tool results: MCP results are objects with an optional `_meta` object, 2026-07-28's `resultType`
 * (basic/index.mdx §ResultType), `InputRequiredResult` (basic/patterns/mrtr.mdx), the result of each typed method
 * when the classifier knows which request the result answers (`ClassifyOptions.method`), and `CallToolResult`
 * (server/tools.mdx §Tool Result), recognised by its shape when the method is not known.
 */
import { finding, type Finding, type FindingId } from './findings.ts';
import { parseJsonText } from './json-text.ts';
import { methodRef } from './methods.ts';
import { isMcpVersion, mcpRef, type McpVersion, type Protocol, type SpecRef } from './protocols.ts';
import { InputRequiredResultSchema, MCP_SCHEMAS, RESULT_TYPES } from './schemas.ts';
import { isSurelyToolResult, isSurelyValidResult } from './fast-paths.ts';
import { schemaFindings } from './schema-findings.ts';
import {
  describeValue,
  has,
  hasErrors,
  invalid,
  isPlainObject,
  sortFindings,
  type Classification,
  type Context,
  type MessageId,
  type Reply,
  type ResultClassification,
} from './classification.ts';
import { leakFinding } from './classify-responses.ts';

export function classifyResult(
  m: Record<string, unknown>,
  base: string,
  ctx: Context,
  findings: Finding[],
  idCheck: { echo: MessageId | undefined; valid: boolean },
): Classification {
  const { protocol } = ctx;
  const mcp = isMcpVersion(protocol);
  const result = m.result;
  const path = `${base}/result`;
  const nothing: Reply = { send: 'nothing' };
  if (mcp && !isPlainObject(result)) {
    findings.push(
      finding(
        'result-not-object',
        'error',
        path,
        `An MCP result is always an object; this one is ${describeValue(result)}.`,
        mcpRef(protocol, 'basic/index', 'Responses'),
      ),
    );
  }
  if (mcp && isPlainObject(result) && has(result, '_meta')) {
    findings.push(
      ...schemaFindings(MCP_SCHEMAS[protocol].ResultMetaSchema, {
        id: (p) => (p[0] === 'io.modelcontextprotocol/serverInfo' ? 'implementation-invalid' : 'meta-invalid'),
        base: `${path}/_meta`,
        value: result._meta,
        label: "the result's _meta",
        spec: mcpRef(protocol, 'basic/index', '_meta'),
      }),
    );
  }
  if (hasErrors(findings) || idCheck.echo === undefined)
    return invalid(ctx, 'response', findings, nothing, idCheck.echo);

  let resultType = 'complete';
  let resultTypeSource: 'explicit' | 'absent' = 'absent';
  let toolOutcome: ResultClassification['toolOutcome'];
  if (mcp && isPlainObject(result)) {
    const rtRef = mcpRef('2026-07-28', 'basic/index', 'ResultType');
    if (protocol === '2026-07-28') {
      if (!has(result, 'resultType')) {
        findings.push(
          finding(
            'result-type-missing',
            'error',
            path,
            'A 2026-07-28 result MUST carry resultType. Only results from servers on earlier versions leave it out, and a client then treats it as "complete".',
            rtRef,
          ),
        );
      } else if (
        typeof result.resultType !== 'string' ||
        !(RESULT_TYPES as readonly string[]).includes(result.resultType)
      ) {
        findings.push(
          finding(
            'result-type-unknown',
            'error',
            `${path}/resultType`,
            `resultType ${describeValue(result.resultType)} is not one the client knows ("complete" or "input_required"); a client MUST treat the result as invalid.`,
            rtRef,
          ),
        );
        return invalid(ctx, 'response', findings, nothing, idCheck.echo);
      } else {
        resultType = result.resultType;
        resultTypeSource = 'explicit';
      }
    } else if (has(result, 'resultType')) {
      findings.push(
        finding(
          'result-type-unexpected',
          'info',
          `${path}/resultType`,
          `resultType arrived with MCP 2026-07-28; a ${protocol} peer ignores it and every result is final.`,
          rtRef,
        ),
      );
    }
    // The payload: a problem here leaves the kind a result (the envelope is fine) and is reported as an error.
    if (resultType === 'input_required') {
      findings.push(...checkInputRequired(result, path, ctx.method));
    } else if (ctx.method !== undefined && MCP_SCHEMAS[protocol].results[ctx.method] !== undefined) {
      // 2025-11-25: a task-augmented tools/call may be answered with a CreateTaskResult (no content, a task).
      const taskResult = protocol === '2025-11-25' && has(result, 'task') && !has(result, 'content');
      const problems =
        ctx.method === 'tools/call' && !taskResult
          ? checkToolResult(result, path, protocol, ctx)
          : checkTypedResult(result, path, protocol, ctx.method, ctx.json);
      findings.push(...problems);
      if (ctx.method === 'tools/call' && !taskResult && !hasErrors(problems))
        toolOutcome = result.isError === true ? 'tool-error' : 'success';
    } else if (ctx.method === undefined && looksLikeToolResult(result)) {
      const problems = checkToolResult(result, path, protocol, ctx);
      findings.push(...problems);
      if (!hasErrors(problems)) toolOutcome = result.isError === true ? 'tool-error' : 'success';
    }
  }
  const out: ResultClassification = {
    kind: 'result',
    protocol,
    id: idCheck.echo,
    resultType,
    resultTypeSource,
    reply: nothing,
    findings: sortFindings(findings),
    explanation: resultExplanation(
      idCheck.echo,
      resultType,
      resultTypeSource,
      toolOutcome,
      protocol,
      findings,
      ctx.method,
    ),
  };
  if (toolOutcome) out.toolOutcome = toolOutcome;
  return out;
}

/**
 * True when a result is shaped like a CallToolResult: a `content` array. Without the method of the request it
 * answers, a classifier can only go by shape, and other results carry `content` too: ElicitResult (`action`, `content` as an object of form
 * values) and CreateMessageResult (`role`, `model`, `content` as a block or, from 2025-11-25, an array of blocks).
 */
/** The members other result types require (schema.ts `*Result`): a result carrying one may be of that type. */
const OTHER_RESULT_MEMBERS = [
  'action', // ElicitResult
  'role', // CreateMessageResult
  'model',
  'tools', // ListToolsResult
  'resources', // ListResourcesResult
  'resourceTemplates',
  'contents', // ReadResourceResult
  'prompts', // ListPromptsResult
  'messages', // GetPromptResult
  'completion', // CompleteResult
  'roots', // ListRootsResult
  'protocolVersion', // InitializeResult
  'supportedVersions', // DiscoverResult
  'task', // CreateTaskResult
] as const;

function looksLikeToolResult(result: Record<string, unknown>): boolean {
  // content is CallToolResult's required member: without it (isError or structuredContent alone) the result may be
  // of any type, and "The result MAY follow any JSON object structure" (basic/index.mdx §Result Responses). A result
  // that also carries a member another result type requires (tools, contents, messages, …) may be that one instead.
  if (!Array.isArray(result.content)) return false;
  return !OTHER_RESULT_MEMBERS.some((key) => has(result, key));
}

function resultExplanation(
  id: MessageId,
  resultType: string,
  source: 'explicit' | 'absent',
  toolOutcome: ResultClassification['toolOutcome'],
  protocol: Protocol,
  findings: readonly Finding[],
  method: string | undefined,
): string {
  const forId = `for id ${JSON.stringify(id)}`;
  const broken = findings.find((f) => f.severity === 'error');
  if (broken) {
    return `A successful JSON-RPC response ${forId} whose result does not fit the spec's type${method ? ` for ${method}` : ''} (${broken.id} at ${broken.path}): the client cannot use it as it is. Responses are never answered, so the receiver sends nothing back.`;
  }
  if (resultType === 'input_required') {
    return `A result ${forId} with resultType "input_required": the server needs input first, so the client fulfils the input requests and retries the original request with a new id.`;
  }
  const rt =
    protocol === '2026-07-28'
      ? source === 'absent'
        ? ' (resultType absent, so treated as "complete")'
        : ' (resultType "complete")'
      : '';
  if (toolOutcome === 'tool-error') {
    return `A successful JSON-RPC response ${forId}${rt} that reports a tool error (isError: true): the protocol worked, the tool failed, and the model gets to read why. Responses are never answered.`;
  }
  if (toolOutcome === 'success')
    return `A tool result ${forId}${rt}: the tool ran and succeeded. Responses are never answered.`;
  return `A successful response ${forId}${rt}${method ? ` to ${method}` : ''}. Responses are never answered, so the receiver sends nothing back.`;
}

/** MCP 2026-07-28 `InputRequiredResult`: something to act on, and only the three input request methods. */
function checkInputRequired(result: Record<string, unknown>, path: string, method: string | undefined): Finding[] {
  const ref = mcpRef('2026-07-28', 'basic/patterns/mrtr', 'InputRequiredResult');
  const findings: Finding[] = [];
  if (method !== undefined && !MCP_SCHEMAS['2026-07-28'].inputRequiredMethods.includes(method)) {
    findings.push(
      finding(
        'result-invalid',
        'error',
        `${path}/resultType`,
        `${method} cannot answer with input_required: only ${MCP_SCHEMAS['2026-07-28'].inputRequiredMethods.join(', ')} may ask the client for input.`,
        mcpRef('2026-07-28', 'basic/patterns/mrtr', 'Supported Requests'),
      ),
    );
  }
  if (!has(result, 'inputRequests') && !has(result, 'requestState')) {
    findings.push(
      finding(
        'input-required-empty',
        'error',
        path,
        'An input_required result needs inputRequests, requestState or both; this one has neither, so the client cannot continue.',
        ref,
      ),
    );
    return findings;
  }
  findings.push(
    ...schemaFindings(InputRequiredResultSchema, {
      id: 'input-required-request-invalid',
      base: path,
      value: result,
      label: 'the input_required result',
      spec: ref,
    }),
  );
  return findings;
}

/** The result of a typed method other than tools/call, against its schema. */
function checkTypedResult(
  result: Record<string, unknown>,
  path: string,
  version: McpVersion,
  method: string,
  json: boolean,
): Finding[] {
  if (isSurelyValidResult(method, version, result, json)) return [];
  const schema = MCP_SCHEMAS[version].results[method]!;
  return schemaFindings(schema, {
    id: (p) => resultFindingId(method, p),
    base: path,
    value: result,
    label: `the result of ${method}`,
    spec: (id) => resultRef(id, version, method),
  });
}

function resultFindingId(method: string, path: readonly PropertyKey[]): FindingId {
  const key = path[0];
  if ((method === 'initialize' || method === 'server/discover') && key === 'capabilities')
    return 'capabilities-invalid';
  if (method === 'initialize' && key === 'serverInfo') return 'implementation-invalid';
  return 'result-invalid';
}

function resultRef(id: FindingId, version: McpVersion, method: string): SpecRef {
  if (id === 'capabilities-invalid' && version !== '2026-07-28')
    return mcpRef(version, 'basic/lifecycle', 'Capability Negotiation');
  return methodRef(version, method);
}

/**
 * A CallToolResult against its schema (content blocks, isError, structuredContent per version), then what the
 * schema cannot say: the structuredContent mirror (a SHOULD), a tool error's leaked internals, and the note that
 * isError is not a protocol error.
 */
function checkToolResult(result: Record<string, unknown>, path: string, version: McpVersion, ctx: Context): Finding[] {
  const ref = mcpRef(version, 'server/tools', 'Tool Result');
  const content = result.content;
  const findings: Finding[] = isSurelyToolResult(result, version, ctx.json)
    ? []
    : schemaFindings(MCP_SCHEMAS[version].CallToolResultSchema, {
        id: (p) => (p[0] === 'structuredContent' ? 'structured-content-not-object' : 'tool-result-invalid'),
        base: path,
        value:
          version === '2026-07-28' && result.resultType === undefined ? { ...result, resultType: 'complete' } : result,
        label: 'the tool result',
        spec: (id) =>
          id === 'structured-content-not-object' ? mcpRef(version, 'server/tools', 'Structured Content') : ref,
      });
  if (has(result, 'structuredContent') && !findings.some((f) => f.id === 'structured-content-not-object')) {
    const sc = result.structuredContent;
    if (ctx.deep && Array.isArray(content) && !mirrored(content, sc, ctx.json)) {
      findings.push(
        finding(
          'structured-content-not-mirrored',
          'warning',
          `${path}/structuredContent`,
          'A tool that returns structuredContent SHOULD also return the same JSON serialized in a text block, so clients that read only content see the same answer.',
          mcpRef(version, 'server/tools', 'Structured Content'),
        ),
      );
    }
  }
  if (result.isError === true && Array.isArray(content)) {
    const texts = content.map((b) => (isPlainObject(b) && typeof b.text === 'string' ? b.text : undefined));
    const leak = leakFinding(texts, `${path}/content`);
    if (leak) findings.push(leak);
    findings.push(
      finding(
        'tool-error-result',
        'info',
        `${path}/isError`,
        'isError: true reports a failure inside the tool as a normal result, so the model can read it and correct itself; it is not a JSON-RPC error.',
        ref,
      ),
    );
  }
  return findings;
}

/**
 * True when a text block of `content` holds `value` as JSON, key order aside. A tool usually mirrors structuredContent
 * with JSON.stringify: for JSON data (from JSON.parse) a text equal to the value's own serialisation settles it without
 * parsing the text (a fast path, bench:fast-paths mirror-stringify; test/unit/message-model/fast-paths.test.ts holds it
 * to the comparison below). Any other text is parsed and compared by canonical JSON.
 */
function mirrored(content: unknown[], value: unknown, json: boolean): boolean {
  let serialised: string | undefined;
  for (const b of content) {
    if (!isPlainObject(b) || b.type !== 'text' || typeof b.text !== 'string') continue;
    const text = b.text;
    if (json && text === (serialised ??= JSON.stringify(value))) return true;
    const parsed = parseJsonText(text);
    if (parsed.ok && canonicalJson(parsed.value) === canonicalJson(value)) return true;
  }
  return false;
}

/** JSON with object keys sorted, so that key order never changes a comparison. Callers bound the depth. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isPlainObject(value)) {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
