/**
 * Results and tool results: MCP results are objects, 2026-07-28's `resultType` (basic/index.mdx §ResultType),
 * `InputRequiredResult` (basic/patterns/mrtr.mdx) and `CallToolResult` (server/tools.mdx §Tool Result).
 */
import { finding, pointer, type Finding } from './findings.ts';
import { parseJsonText } from './json-text.ts';
import { isMcpVersion, mcpRef, type McpVersion, type Protocol } from './protocols.ts';
import { ContentBlockSchema, INPUT_REQUEST_METHODS, RESULT_TYPES } from './schemas.ts';
import { isSurelyTextBlock } from './fast-paths.ts';
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
            'warning',
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
      if (resultType === 'input_required') {
        const problems = checkInputRequired(result, path);
        findings.push(...problems);
        if (hasErrors(problems)) return invalid(ctx, 'response', findings, nothing, idCheck.echo);
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
    if (resultType === 'complete' && looksLikeToolResult(result)) {
      const problems = checkToolResult(result, path, protocol, ctx);
      findings.push(...problems);
      if (hasErrors(problems)) return invalid(ctx, 'response', findings, nothing, idCheck.echo);
      toolOutcome = result.isError === true ? 'tool-error' : 'success';
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
    explanation: resultExplanation(idCheck.echo, resultType, resultTypeSource, toolOutcome, protocol),
  };
  if (toolOutcome) out.toolOutcome = toolOutcome;
  return out;
}

/**
 * True when a result is shaped like a CallToolResult. A classifier cannot see which request a result answers, and
 * other results carry `content` too: ElicitResult (`action`, `content` as an object of form values) and
 * CreateMessageResult (`role`, `model`, `content` as a block or, from 2025-11-25, an array of sampling blocks).
 */
function looksLikeToolResult(result: Record<string, unknown>): boolean {
  if (has(result, 'action') || has(result, 'role') || has(result, 'model')) return false;
  return Array.isArray(result.content) || has(result, 'isError') || has(result, 'structuredContent');
}

function resultExplanation(
  id: MessageId,
  resultType: string,
  source: 'explicit' | 'absent',
  toolOutcome: ResultClassification['toolOutcome'],
  protocol: Protocol,
): string {
  const forId = `for id ${JSON.stringify(id)}`;
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
  return `A successful response ${forId}${rt}. Responses are never answered, so the receiver sends nothing back.`;
}

function checkInputRequired(result: Record<string, unknown>, path: string): Finding[] {
  const ref = mcpRef('2026-07-28', 'basic/patterns/mrtr');
  if (!has(result, 'inputRequests') && !has(result, 'requestState')) {
    return [
      finding(
        'input-required-empty',
        'error',
        path,
        'An input_required result needs inputRequests, requestState or both; this one has neither, so the client cannot continue.',
        ref,
      ),
    ];
  }
  const findings: Finding[] = [];
  if (has(result, 'requestState') && typeof result.requestState !== 'string') {
    findings.push(
      finding(
        'input-required-request-invalid',
        'error',
        `${path}/requestState`,
        'requestState must be an opaque string the client echoes back exactly.',
        ref,
      ),
    );
  }
  if (has(result, 'inputRequests')) {
    const requests = result.inputRequests;
    if (!isPlainObject(requests)) {
      findings.push(
        finding(
          'input-required-request-invalid',
          'error',
          `${path}/inputRequests`,
          'inputRequests must be an object mapping keys to requests.',
          ref,
        ),
      );
    } else {
      for (const [key, req] of Object.entries(requests)) {
        const method = isPlainObject(req) ? req.method : undefined;
        if (typeof method !== 'string' || !(INPUT_REQUEST_METHODS as readonly string[]).includes(method)) {
          findings.push(
            finding(
              'input-required-request-invalid',
              'error',
              pointer(`${path}/inputRequests`, key),
              `Input requests may only be ${INPUT_REQUEST_METHODS.join(', ')}; "${key}" ${isPlainObject(req) ? (typeof method === 'string' ? `asks for "${method}"` : `has a method that is ${describeValue(method)}`) : `is ${describeValue(req)}`}.`,
              ref,
            ),
          );
        }
      }
    }
  }
  return findings;
}

function checkToolResult(result: Record<string, unknown>, path: string, version: McpVersion, ctx: Context): Finding[] {
  const ref = mcpRef(version, 'server/tools', 'Tool Result');
  const findings: Finding[] = [];
  const content = result.content;
  if (!Array.isArray(content)) {
    findings.push(
      finding(
        'tool-result-invalid',
        'error',
        `${path}/content`,
        `A tool result carries a content array (it may be empty); content is ${has(result, 'content') ? describeValue(content) : 'missing'}.`,
        ref,
      ),
    );
  } else {
    content.forEach((block, i) => {
      if (isSurelyTextBlock(block)) return;
      const parsed = ContentBlockSchema.safeParse(block);
      if (!parsed.success) {
        const type = isPlainObject(block) ? block.type : undefined;
        findings.push(
          finding(
            'tool-result-invalid',
            'error',
            `${path}/content/${i}`,
            typeof type === 'string' && !['text', 'image', 'audio', 'resource_link', 'resource'].includes(type)
              ? `Content block type "${type}" is not one of text, image, audio, resource_link, resource.`
              : `Content block ${i} is not a valid ${typeof type === 'string' ? `"${type}" block` : 'content block'}: ${parsed.error.issues[0]?.path.join('.') || 'type'} ${parsed.error.issues[0]?.message ?? 'is invalid'}.`,
            ref,
          ),
        );
      }
    });
  }
  if (has(result, 'isError') && typeof result.isError !== 'boolean') {
    findings.push(
      finding(
        'tool-result-invalid',
        'error',
        `${path}/isError`,
        `isError must be true or false; it is ${describeValue(result.isError)}.`,
        ref,
      ),
    );
  }
  if (has(result, 'structuredContent')) {
    const sc = result.structuredContent;
    if (version !== '2026-07-28' && !isPlainObject(sc)) {
      findings.push(
        finding(
          'structured-content-not-object',
          'error',
          `${path}/structuredContent`,
          `Under ${version}, structuredContent is a JSON object (2026-07-28 allows any JSON value); it is ${describeValue(sc)}.`,
          mcpRef(version, 'server/tools', 'Structured Content'),
        ),
      );
    } else if (
      ctx.deep &&
      Array.isArray(content) &&
      !content.some(
        (b) => isPlainObject(b) && b.type === 'text' && typeof b.text === 'string' && sameJson(b.text, sc, ctx.json),
      )
    ) {
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

/** True when `text` parses to the same JSON value as `value`, ignoring key order. */
function sameJson(text: string, value: unknown, json: boolean): boolean {
  // A tool usually mirrors structuredContent with JSON.stringify: then the text is the value's own serialisation,
  // and for JSON data (from JSON.parse) that settles it without parsing the text a second time.
  if (json && text === JSON.stringify(value)) return true;
  const parsed = parseJsonText(text);
  return parsed.ok && canonicalJson(parsed.value) === canonicalJson(value);
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
