/**
 * Responses and error codes: `result` xor `error`, the response id (JSON-RPC 2.0 §5; MCP basic/index.mdx
 * §Responses), the error object (§5.1) and what each code means under the protocol (error-codes.ts).
 */
import {
  CODE_RANGES,
  ERROR_CODE,
  classifyErrorCode,
  codeIntroducedIn,
  errorCodeDefinition,
  isCodeFromLaterVersion,
  type CodeClass,
} from './error-codes.ts';
import { MCP_SCHEMAS } from './schemas.ts';
import { schemaIssues } from './schema-findings.ts';
import { finding, pointer, type Finding } from './findings.ts';
import { isMcpVersion, jsonRpcRef, mcpRef, type Protocol } from './protocols.ts';
import {
  describeValue,
  has,
  hasErrors,
  invalid,
  isPlainObject,
  messagesRef,
  sortFindings,
  type Classification,
  type Context,
  type ErrorClassification,
  type MessageId,
  type Reply,
} from './classification.ts';
import { checkEnvelope, checkId } from './classify-envelope.ts';
import { classifyResult } from './classify-results.ts';

export function classifyResponse(m: Record<string, unknown>, base: string, ctx: Context): Classification {
  const { protocol } = ctx;
  const mcp = isMcpVersion(protocol);
  const hasResult = has(m, 'result');
  const findings = checkEnvelope(m, base, ctx, [
    'jsonrpc',
    'id',
    hasResult ? 'result' : 'error',
    ...(has(m, 'result') && has(m, 'error') ? ['result', 'error'] : []),
  ]);
  const nothing: Reply = { send: 'nothing' };
  if (has(m, 'result') && has(m, 'error')) {
    findings.push(
      finding(
        'result-and-error',
        'error',
        base,
        'A response carries "result" or "error", never both.',
        messagesRef(protocol, 'Responses', '5'),
      ),
    );
  }

  let idCheck: { findings: Finding[]; echo: MessageId | undefined; valid: boolean } = {
    findings: [],
    echo: undefined,
    valid: false,
  };
  if (has(m, 'id')) {
    if (!hasResult && m.id === null) {
      // An error response with id null: JSON-RPC's way of saying "the id could not be read".
      if (mcp) {
        findings.push(
          finding(
            'error-id-null',
            'warning',
            `${base}/id`,
            protocol === '2025-06-18'
              ? 'An MCP id is a string or an integer, never null, and the 2025-06-18 schema requires an id on every error response, so this revision has no schema-valid form for an error to an unreadable request. JSON-RPC 2.0 writes "id": null there, as the SDKs do.'
              : `An MCP id is never null: from 2025-11-25 an error response leaves the id out when the request's id could not be read. JSON-RPC 2.0 writes "id": null instead, as the SDKs do over HTTP.`,
            mcpRef(protocol, 'basic/index', protocol === '2025-06-18' ? 'Responses' : 'Error Responses'),
          ),
        );
      }
      idCheck = { findings: [], echo: null, valid: true };
    } else {
      idCheck = checkId(m.id, base, ctx, 'response');
      findings.push(...idCheck.findings);
    }
  } else if (hasResult) {
    findings.push(
      finding(
        'response-id-missing',
        'error',
        base,
        'A result response must carry the id of the request it answers.',
        messagesRef(protocol, 'Responses', '5'),
      ),
    );
  } else if (!mcp) {
    findings.push(
      finding(
        'error-id-missing',
        'error',
        base,
        'JSON-RPC 2.0 requires "id" on every response; use null when the request\'s id could not be read.',
        jsonRpcRef('5'),
      ),
    );
  } else if (protocol === '2025-06-18') {
    findings.push(
      finding(
        'error-id-missing',
        'warning',
        base,
        'The 2025-06-18 schema requires an id on every error response (JSONRPCError.id is a RequestId). The only id-less error its text describes is the body of an HTTP error status for a POSTed notification or response the server cannot accept, not an answer to a request.',
        mcpRef('2025-06-18', 'basic/index', 'Responses'),
      ),
    );
  }

  if (hasResult) return classifyResult(m, base, ctx, findings, idCheck);

  const error = m.error;
  const errorRef = messagesRef(protocol, protocol === '2025-06-18' || !mcp ? 'Responses' : 'Error Responses', '5.1');
  if (!isPlainObject(error)) {
    findings.push(
      finding(
        'error-object-invalid',
        'error',
        `${base}/error`,
        `"error" must be an object with code and message; it is ${describeValue(error)}.`,
        errorRef,
      ),
    );
  } else {
    if (typeof error.code !== 'number' || !Number.isInteger(error.code)) {
      findings.push(
        finding(
          'error-object-invalid',
          'error',
          `${base}/error/code`,
          `error.code must be an integer; it is ${describeValue(error.code)}.`,
          errorRef,
        ),
      );
    }
    if (typeof error.message !== 'string') {
      findings.push(
        finding(
          'error-object-invalid',
          'error',
          `${base}/error/message`,
          `error.message must be a string; it is ${describeValue(error.message)}.`,
          errorRef,
        ),
      );
    }
    for (const key of Object.keys(error)) {
      if (key !== 'code' && key !== 'message' && key !== 'data') {
        findings.push(
          finding(
            'unknown-member',
            'info',
            pointer(`${base}/error`, key),
            `"${key}" is not a member of the error object; put details in error.data.`,
            errorRef,
          ),
        );
      }
    }
  }
  if (hasErrors(findings) || !isPlainObject(error)) {
    return invalid(ctx, 'response', findings, nothing, idCheck.echo);
  }
  const code = error.code as number;
  const errorMessage = error.message as string;
  const info = classifyErrorCode(code, protocol);
  findings.push(...codeFindings(error, code, info, base, protocol));
  const leak = leakFinding(
    [errorMessage, typeof error.data === 'string' ? error.data : undefined],
    `${base}/error/message`,
  );
  if (leak) findings.push(leak);

  const out: ErrorClassification = {
    kind: 'error',
    protocol,
    code,
    codeClass: info.codeClass,
    errorMessage,
    reply: nothing,
    findings: sortFindings(findings),
    explanation: `An error response${idCheck.echo === undefined ? ' without an id' : ` for id ${JSON.stringify(idCheck.echo)}`}: ${code}${info.name ? ` (${info.name})` : ''} is ${CODE_CLASS_WORDS[info.codeClass]}. Responses are never answered, so the receiver sends nothing back.`,
  };
  if (idCheck.echo !== undefined) out.id = idCheck.echo;
  if (info.name) out.codeName = info.name;
  return out;
}

const CODE_CLASS_WORDS: Record<CodeClass, string> = {
  'parse-error': 'a parse error (the text was not JSON)',
  'invalid-request': 'an invalid request (the JSON was not a valid request object)',
  'method-not-found': 'method not found',
  'invalid-params': 'invalid params',
  'internal-error': 'an internal error',
  'server-error': "an implementation-defined server error (JSON-RPC's -32000 to -32099)",
  'legacy-server-error': 'an implementation-defined server error from the legacy band',
  'mcp-defined': 'an error code MCP defines',
  'mcp-reserved-undefined': 'a code in the MCP band with no defined meaning here',
  reserved: 'a reserved code nobody should send',
  application: 'an application-defined error',
};

function codeFindings(
  error: Record<string, unknown>,
  code: number,
  info: ReturnType<typeof classifyErrorCode>,
  base: string,
  protocol: Protocol,
): Finding[] {
  const path = `${base}/error/code`;
  const findings: Finding[] = [];
  if (info.retired) {
    const resourceNotFound = code === ERROR_CODE.ResourceNotFound;
    // Judged from the sender: emitting a retired code breaks "MUST NOT emit these codes", an error. That clients
    // SHOULD still accept -32002 from older servers (resources.mdx §Error Handling) is the receiver's rule.
    findings.push(
      finding(
        'code-retired',
        'error',
        path,
        resourceNotFound
          ? `${code} (resource not found) is retired in 2026-07-28: servers MUST NOT emit it and answer a missing resource with ${ERROR_CODE.InvalidParams}; clients SHOULD still accept it from older servers.`
          : `${code} (${info.name}) is retired in 2026-07-28: it stays reserved, is never reused, and 2026-07-28 implementations MUST NOT emit it.`,
        resourceNotFound
          ? mcpRef('2026-07-28', 'server/resources', 'Error Handling')
          : mcpRef('2026-07-28', 'basic/index', 'Error Codes'),
      ),
    );
  } else if (info.codeClass === 'mcp-reserved-undefined') {
    findings.push(
      finding(
        'code-reserved-undefined',
        'error',
        path,
        `${code} lies in the MCP band (${CODE_RANGES.mcp.max}..${CODE_RANGES.mcp.min}) but the spec defines no meaning for it: implementations MUST NOT emit it.`,
        info.spec,
      ),
    );
  } else if (info.codeClass === 'reserved') {
    findings.push(
      finding(
        'code-reserved',
        'info',
        path,
        `${code} lies in JSON-RPC's reserved range (${CODE_RANGES.reserved.min}..${CODE_RANGES.reserved.max}) but is not assigned: use an application code outside that range.`,
        info.spec,
      ),
    );
  } else if (info.codeClass === 'legacy-server-error') {
    findings.push(
      finding(
        'code-legacy-band',
        'warning',
        path,
        `${code} is in the legacy band (${CODE_RANGES.legacy.max}..${CODE_RANGES.legacy.min}): receivers MUST NOT assume a meaning for it, and new implementations SHOULD NOT use it.`,
        info.spec,
      ),
    );
  }
  const introduced = codeIntroducedIn(code);
  if (introduced && isCodeFromLaterVersion(code, protocol)) {
    findings.push(
      finding(
        'code-not-in-version',
        'info',
        path,
        `${code} has an MCP meaning only from ${introduced} on; under ${protocol} it is just an implementation-defined server error from JSON-RPC's -32000 to -32099.`,
        errorCodeDefinition(code)?.spec(introduced) ?? info.spec,
      ),
    );
  }
  const dataSchema = isMcpVersion(protocol) && !info.retired ? MCP_SCHEMAS[protocol].errorData[code] : undefined;
  if (dataSchema) {
    const data = error.data;
    const issues = schemaIssues(dataSchema, data);
    if (issues !== undefined) {
      const issue = issues[0];
      const where =
        issue && issue.path.length > 0 ? pointer(`${base}/error/data`, String(issue.path[0])) : `${base}/error/data`;
      findings.push(
        finding(
          'error-data-invalid',
          'error',
          data === undefined ? `${base}/error` : where,
          `${code} ${info.name} carries typed data in ${protocol} (${ERROR_DATA_MEMBERS[code] ?? 'see the schema'}); ${data === undefined ? 'this error has no data' : `data ${issue && issue.path.length > 0 ? `member "${String(issue.path[0])}" is wrong: ${issue.message}` : `is ${describeValue(data)}`}`}, so the receiver cannot act on it.`,
          info.spec,
        ),
      );
    }
  }
  return findings;
}

/** The members each typed error's data carries, in words (schema.ts `UnsupportedProtocolVersionError` and kin). */
const ERROR_DATA_MEMBERS: Readonly<Record<number, string>> = {
  [ERROR_CODE.UnsupportedProtocolVersion]: 'data.supported, the versions the server supports, and data.requested',
  [ERROR_CODE.MissingRequiredClientCapability]: 'data.requiredCapabilities, the capabilities the request needs',
  [ERROR_CODE.URLElicitationRequired]: 'data.elicitations, the URL-mode elicitations to complete',
};

const STACK_TRACE =
  /\n\s*at \S.*:\d+:\d+|\bat (?:async )?[\w$.<>]+ \((?:file:\/\/|\/|[A-Za-z]:\\|node:)[^)]*:\d+:\d+\)/;
const CREDENTIAL_URL = /[a-z][a-z0-9+.-]*:\/\/[^\s/:@]+:[^\s/@]+@/i;

/** Reports a message that exposes a stack trace or a credential-bearing URL. */
export function leakFinding(texts: Array<string | undefined>, path: string): Finding | undefined {
  for (const text of texts) {
    if (text === undefined) continue;
    // The regular expressions backtrack on long text; a stack trace always has "at " and a credential URL "://" and
    // "@", so the plain substring searches settle almost every message first.
    const stack = text.includes('at ') && STACK_TRACE.test(text);
    if (stack || (text.includes('://') && text.includes('@') && CREDENTIAL_URL.test(text))) {
      return finding(
        'error-leaks-internals',
        'warning',
        path,
        'The message exposes internals (a stack trace or a URL with credentials). The SDKs copy Error.message to the wire verbatim, so sanitize it: keep one concise sentence and log the details on the server.',
        mcpRef('2026-07-28', 'server/tools', 'Security Considerations'),
      );
    }
  }
  return undefined;
}
