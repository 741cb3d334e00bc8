/**
 * Requests and notifications: the method name, `_meta` (MCP 2026-07-28's required envelope, basic/index.mdx §_meta)
 * and the params of every method whose params the spec types (schemas.ts `MCP_SCHEMAS[v].requests` and
 * `.notifications`).
 */
import { finding, pointer, type Finding, type FindingId } from './findings.ts';
import { MISNAMED_METHODS, methodRef, methodStatus } from './methods.ts';
import { ERROR_CODE } from './error-codes.ts';
import { isMcpVersion, jsonRpcRef, mcpRef, MCP_VERSIONS, type McpVersion, type SpecRef } from './protocols.ts';
import { MCP_SCHEMAS, RequestMetaSchema } from './schemas.ts';
import { isSurelyRequestMeta, isSurelyValidParams } from './fast-paths.ts';
import { issueFindings, schemaFindings, schemaIssues } from './schema-findings.ts';
import {
  describeValue,
  has,
  hasErrors,
  invalid,
  isPlainObject,
  lowerFirst,
  messagesRef,
  sortFindings,
  type Classification,
  type Context,
  type MessageId,
  type Reply,
  type RequestClassification,
} from './classification.ts';
import { checkEnvelope, checkId, checkParams, errorReplyId } from './classify-envelope.ts';

export function classifyRequest(m: Record<string, unknown>, base: string, ctx: Context): Classification {
  const { protocol } = ctx;
  const findings = checkEnvelope(m, base, ctx, ['jsonrpc', 'id', 'method', 'params']);
  const idCheck = checkId(m.id, base, ctx, 'request');
  findings.push(...idCheck.findings);
  findings.push(...methodNotString(m, base, protocol, 'request'));
  findings.push(...checkParams(m, base, ctx));
  if (hasErrors(findings) || typeof m.method !== 'string') {
    return invalid(
      ctx,
      'request',
      findings,
      { send: 'error', code: ERROR_CODE.InvalidRequest, id: errorReplyId(idCheck) },
      idCheck.echo,
    );
  }
  const method = m.method;
  const id = idCheck.echo ?? null;
  findings.push(...methodFindings(method, base, ctx, 'request'));

  if (isMcpVersion(protocol)) {
    // A method 2026-07-28 removed (a legacy client's initialize) is both unknown and, from a legacy client, without
    // the envelope: the spec leaves the code to the server (versioning.mdx, "the exact code is implementation-defined").
    const removed = methodStatus(method, protocol) === 'removed';
    const meta = checkRequestMeta(m, base, protocol, removed, ctx.json);
    findings.push(...meta.findings);
    if (meta.malformed) {
      return invalid(
        ctx,
        'request',
        findings,
        { send: 'error', code: removed ? null : ERROR_CODE.InvalidParams, id },
        id,
      );
    }
    if (meta.unsupportedVersion !== undefined) {
      const code = ERROR_CODE.UnsupportedProtocolVersion;
      return request(
        ctx,
        id,
        method,
        sortFindings(findings),
        { send: 'error', code, id, data: { supported: ['2026-07-28'], requested: meta.unsupportedVersion } },
        `A request for "${method}" that asks for protocol version ${JSON.stringify(meta.unsupportedVersion)}: a 2026-07-28 server that does not support it answers ${code} UnsupportedProtocolVersion with id ${JSON.stringify(id)}, listing the versions it supports in data.supported and echoing data.requested.`,
      );
    }

    if (method === 'initialize' && protocol !== '2026-07-28')
      findings.push(...initializeVersionNote(m, base, protocol));

    const paramsSchema = MCP_SCHEMAS[protocol].requests[method];
    if (paramsSchema) {
      const problems = isSurelyValidParams(method, protocol, m.params, ctx.json)
        ? []
        : schemaFindings(paramsSchema, {
            id: (path) => requestParamsFindingId(method, path),
            base: `${base}/params`,
            value: m.params,
            label: `${method} params`,
            spec: (fid) => paramsRef(fid, method, protocol),
          });
      if (problems.length > 0) {
        findings.push(...problems);
        const code = ERROR_CODE.InvalidParams;
        return request(
          ctx,
          id,
          method,
          sortFindings(findings),
          { send: 'error', code, id },
          method === 'tools/call'
            ? `A tools/call request whose params are malformed (${lowerFirst(problems[0]!.message)}) is a protocol error: the server answers ${code} Invalid params with id ${JSON.stringify(id)}.`
            : `A ${method} request whose params do not fit the spec's type (${lowerFirst(problems[0]!.message)}): the server answers ${code} Invalid params with id ${JSON.stringify(id)}.`,
        );
      }
    }
  }

  return request(
    ctx,
    id,
    method,
    sortFindings(findings),
    { send: 'response', id },
    `A request for "${method}" with id ${JSON.stringify(id)}: the receiver owes exactly one response with that id, a result or an error.`,
  );
}

/** The finding id for a problem in a typed request's params: the member's own id where it has one. */
function requestParamsFindingId(method: string, path: readonly PropertyKey[]): FindingId {
  if (method === 'tools/call') return 'tool-call-params-invalid';
  const key = path[0];
  if (method === 'initialize' && key === 'capabilities') return 'capabilities-invalid';
  if (method === 'initialize' && key === 'clientInfo') return 'implementation-invalid';
  if (method === 'logging/setLevel' && key === 'level') return 'log-level-invalid';
  return 'request-params-invalid';
}

/** The spec reference for a params problem: the member's definition, or the method's section. */
function paramsRef(id: FindingId, method: string, version: McpVersion): SpecRef {
  if (id === 'log-level-invalid') return mcpRef(version, 'server/utilities/logging', 'Log Levels');
  if (id === 'capabilities-invalid') return mcpRef(version, 'basic/lifecycle', 'Capability Negotiation');
  return methodRef(version, method);
}

/** 2025-06-18 and 2025-11-25: an initialize asking for another version is answered with a result, not an error. */
function initializeVersionNote(m: Record<string, unknown>, base: string, protocol: McpVersion): Finding[] {
  const params = m.params;
  const asked = isPlainObject(params) ? params.protocolVersion : undefined;
  if (typeof asked !== 'string' || asked === protocol) return [];
  return [
    finding(
      'initialize-version-mismatch',
      'info',
      `${base}/params/protocolVersion`,
      `The client asks for protocol version ${JSON.stringify(asked)}. A ${protocol} server that does not support it still answers with a result, not an error: it MUST respond with another protocol version it supports (its latest, as a SHOULD), and the client disconnects if it cannot use that one.`,
      mcpRef(protocol, 'basic/lifecycle', 'Version Negotiation'),
    ),
  ];
}

function request(
  ctx: Context,
  id: MessageId,
  method: string,
  findings: Finding[],
  reply: Reply,
  explanation: string,
): RequestClassification {
  return { kind: 'request', protocol: ctx.protocol, id, method, reply, findings, explanation };
}

/**
 * A request's `params._meta`. 2026-07-28: the envelope every request carries (basic/index.mdx §_meta), with
 * protocolVersion and clientCapabilities required and its other reserved keys typed. Earlier revisions: an object
 * whose reserved `progressToken` is a string or an integer. A problem here makes the request malformed (-32602).
 */
function checkRequestMeta(
  m: Record<string, unknown>,
  base: string,
  protocol: McpVersion,
  removedMethod: boolean,
  json: boolean,
): { findings: Finding[]; malformed: boolean; unsupportedVersion?: string } {
  const params = m.params;
  const metaPath = `${base}/params/_meta`;
  if (protocol !== '2026-07-28') {
    if (!isPlainObject(params) || !has(params, '_meta')) return { findings: [], malformed: false };
    const problems = schemaFindings(MCP_SCHEMAS[protocol].RequestMetaSchema, {
      id: 'meta-invalid',
      base: metaPath,
      value: params._meta,
      label: "the request's _meta",
      spec: mcpRef(protocol, 'basic/index', '_meta'),
    });
    return { findings: problems, malformed: problems.length > 0 };
  }
  const ref = mcpRef('2026-07-28', 'basic/index', '_meta');
  const answer = removedMethod
    ? 'a server MUST reject a malformed request with -32602, but this method is also one 2026-07-28 removed, so which error the server reports first is up to it'
    : 'the server MUST reject it with -32602 Invalid params (HTTP 400)';
  const envelopeMissing = (path: string, text: string) => ({
    malformed: true,
    findings: [finding('meta-envelope-missing', 'error', path, text, ref)],
  });
  if (!isPlainObject(params) || !has(params, '_meta')) {
    return envelopeMissing(
      isPlainObject(params) ? `${base}/params` : base,
      `MCP 2026-07-28 requests carry a params._meta envelope with io.modelcontextprotocol/protocolVersion and io.modelcontextprotocol/clientCapabilities; this request has none, so it is malformed: ${answer}.`,
    );
  }
  const meta = params._meta;
  // The common valid envelope is recognised by hand; zod runs for anything else, and explains what is wrong.
  if (!isSurelyRequestMeta(meta, json)) {
    const issues = schemaIssues(RequestMetaSchema, meta);
    if (issues !== undefined) {
      const required = ['io.modelcontextprotocol/protocolVersion', 'io.modelcontextprotocol/clientCapabilities'];
      const missing = !isPlainObject(meta) ? [] : required.filter((k) => !has(meta, k));
      const [versionKey, capabilitiesKey] = required as [string, string];
      if (
        !isPlainObject(meta) ||
        missing.length > 0 ||
        typeof meta[versionKey] !== 'string' ||
        !isPlainObject(meta[capabilitiesKey])
      ) {
        const wrong = isPlainObject(meta) && typeof meta[versionKey] !== 'string' ? versionKey : capabilitiesKey;
        const what = !isPlainObject(meta)
          ? `_meta is ${describeValue(meta)}, not an object`
          : missing.length > 0
            ? `the required ${missing.map((k) => `"${k}"`).join(' and ')} ${missing.length === 1 ? 'is' : 'are'} missing`
            : `"${wrong}" must be ${wrong === versionKey ? 'a string' : 'an object'}; it is ${describeValue(meta[wrong])}`;
        return envelopeMissing(
          !isPlainObject(meta) || missing.length > 1 ? metaPath : pointer(metaPath, missing[0] ?? wrong),
          `The _meta envelope is malformed: ${what}. The request is malformed: ${answer}.`,
        );
      }
      return {
        malformed: true,
        findings: issueFindings(issues, {
          id: (path) => META_KEY_FINDINGS[String(path[0])] ?? 'meta-invalid',
          base: metaPath,
          value: meta,
          label: `the _meta envelope is malformed (${answer})`,
          spec: (fid) =>
            fid === 'log-level-invalid'
              ? mcpRef('2026-07-28', 'server/utilities/logging', 'Per-request log level')
              : ref,
        }),
      };
    }
  }
  const envelope = meta as Record<string, unknown>;
  const findings: Finding[] = [];
  if (envelope['io.modelcontextprotocol/clientInfo'] === undefined) {
    findings.push(
      finding(
        'client-info-missing',
        'warning',
        metaPath,
        'Clients SHOULD include io.modelcontextprotocol/clientInfo on every request (self-reported, for logs and debugging).',
        ref,
      ),
    );
  }
  const requested = envelope['io.modelcontextprotocol/protocolVersion'] as string;
  if (requested !== '2026-07-28') {
    findings.push(
      finding(
        'protocol-version-unsupported',
        'info',
        pointer(metaPath, 'io.modelcontextprotocol/protocolVersion'),
        `The request asks for protocol version ${JSON.stringify(requested)}; a 2026-07-28 server that does not support it MUST answer -32022 UnsupportedProtocolVersion, listing the versions it supports in data.supported. Asking breaks no rule: a client "is free to invoke any RPC inline and handle UnsupportedProtocolVersionError".`,
        mcpRef('2026-07-28', 'basic/versioning'),
      ),
    );
    return { findings, malformed: false, unsupportedVersion: requested };
  }
  return { findings, malformed: false };
}

/** The finding id for a problem with one reserved key of the 2026-07-28 envelope. */
const META_KEY_FINDINGS: Readonly<Record<string, FindingId>> = {
  'io.modelcontextprotocol/clientCapabilities': 'capabilities-invalid',
  'io.modelcontextprotocol/clientInfo': 'implementation-invalid',
  'io.modelcontextprotocol/logLevel': 'log-level-invalid',
  progressToken: 'meta-invalid',
};

export function classifyNotification(m: Record<string, unknown>, base: string, ctx: Context): Classification {
  const { protocol } = ctx;
  const findings = checkEnvelope(m, base, ctx, ['jsonrpc', 'method', 'params']);
  findings.push(...methodNotString(m, base, protocol, 'notification'));
  findings.push(...checkParams(m, base, ctx));
  const method = typeof m.method === 'string' ? m.method : undefined;
  if (method !== undefined && isMcpVersion(protocol) && isPlainObject(m.params) && has(m.params, '_meta')) {
    findings.push(
      ...schemaFindings(MCP_SCHEMAS[protocol].NotificationMetaSchema, {
        id: 'meta-invalid',
        base: `${base}/params/_meta`,
        value: m.params._meta,
        label: "the notification's _meta",
        spec: mcpRef(protocol, 'basic/index', '_meta'),
      }),
    );
  }
  if (hasErrors(findings) || method === undefined) {
    // JSON-RPC 2.0 answers an object that is not a valid Request object at all with -32600 and id null (§7, "rpc
    // call with invalid Request object"). A valid JSON-RPC notification that breaks only an MCP rule (array params,
    // a malformed _meta) is still a notification, and the receiver MUST NOT send a response.
    const jsonRpcValid = !findings.some((f) => f.severity === 'error' && JSON_RPC_RULES.has(f.id));
    return invalid(
      ctx,
      'notification',
      findings,
      jsonRpcValid ? { send: 'nothing' } : { send: 'error', code: ERROR_CODE.InvalidRequest, id: null },
      undefined,
    );
  }
  findings.push(...methodFindings(method, base, ctx, 'notification'));
  const paramsSchema = isMcpVersion(protocol) ? MCP_SCHEMAS[protocol].notifications[method] : undefined;
  if (paramsSchema && isMcpVersion(protocol) && !isSurelyValidParams(method, protocol, m.params, ctx.json)) {
    findings.push(
      ...schemaFindings(paramsSchema, {
        id: (path) =>
          method === 'notifications/message' && path[0] === 'level'
            ? 'log-level-invalid'
            : 'notification-params-invalid',
        base: `${base}/params`,
        value: m.params,
        label: `${method} params`,
        spec: (fid) =>
          fid === 'log-level-invalid'
            ? mcpRef(protocol, 'server/utilities/logging', 'Log Levels')
            : methodRef(protocol, method),
      }),
    );
  }
  const broken = hasErrors(findings);
  return {
    kind: 'notification',
    protocol,
    method,
    reply: { send: 'nothing' },
    findings: sortFindings(findings),
    explanation: broken
      ? `A notification ("${method}") whose params do not fit the spec's type: it has no id, so the receiver sends nothing back, not even an error; it can only drop or log it.`
      : `A notification ("${method}"): it has no id, so the receiver sends nothing back, not even an error if it fails.`,
  };
}

/** Findings that make an object something other than a JSON-RPC 2.0 Request object (§4). */
/**
 * A request's or a notification's "method" must be a string (JSON-RPC 2.0 §4: "A String containing the name of the
 * method to be invoked"; MCP's Requests and Notifications sections say the same): one finding when it is not.
 */
function methodNotString(
  m: Record<string, unknown>,
  base: string,
  protocol: Context['protocol'],
  role: 'request' | 'notification',
): Finding[] {
  if (typeof m.method === 'string') return [];
  return [
    finding(
      'method-not-string',
      'error',
      `${base}/method`,
      `"method" must be a string; it is ${describeValue(m.method)}.`,
      messagesRef(protocol, role === 'request' ? 'Requests' : 'Notifications', '4'),
    ),
  ];
}

const JSON_RPC_RULES: ReadonlySet<string> = new Set([
  'missing-jsonrpc',
  'jsonrpc-version',
  'method-not-string',
  'params-not-structured',
]);

/**
 * Notes on the method name: reserved, misnamed, removed in 2026-07-28 or not yet defined. What the receiver owes
 * depends on the role: a request is answered (with an error when the method does not exist), a notification never is.
 */
function methodFindings(method: string, base: string, ctx: Context, role: 'request' | 'notification'): Finding[] {
  const { protocol } = ctx;
  const path = `${base}/method`;
  const findings: Finding[] = [];
  if (method.startsWith('rpc.')) {
    findings.push(
      finding(
        'method-reserved-rpc',
        'error',
        path,
        'Method names that begin with "rpc." are reserved for JSON-RPC internal methods and extensions.',
        jsonRpcRef('4'),
      ),
    );
  }
  if (!isMcpVersion(protocol)) return findings;
  const misnamed = MISNAMED_METHODS[method];
  if (misnamed) {
    findings.push(
      finding(
        'method-misnamed',
        'info',
        path,
        `"${method}" is not an MCP method. ${misnamed.note}${misnamed.correct ? ` Use "${misnamed.correct}".` : ''}`,
        mcpRef(protocol, 'index'),
      ),
    );
  }
  findings.push(...kindConfusion(method, path, protocol, role));
  const status = methodStatus(method, protocol);
  if (status === 'removed') {
    findings.push(
      finding(
        'method-removed',
        'info',
        path,
        role === 'notification'
          ? `"${method}" was removed in MCP 2026-07-28 (no initialize handshake, no sessions). It is still a notification, so a 2026-07-28 receiver sends nothing back, not even an error; the name only shows that the sender speaks an older revision.`
          : method === 'initialize'
            ? "initialize was removed in MCP 2026-07-28 (no handshake, no sessions). A modern-only server rejects a legacy client's initialize with a JSON-RPC error whose code the spec leaves to the implementation (commonly -32601 or -32602), and SHOULD name the versions it supports in it."
            : `"${method}" was removed in MCP 2026-07-28. A modern server does not implement it, so the request is answered with an error, not a result.`,
        method === 'initialize' && role === 'request'
          ? mcpRef('2026-07-28', 'basic/versioning', 'Backward Compatibility with Initialization-Based Versions')
          : mcpRef('2026-07-28', 'changelog'),
      ),
    );
  } else if (status === 'not-yet') {
    findings.push(
      finding(
        'method-not-in-version',
        'info',
        path,
        role === 'notification'
          ? `"${method}" exists only from MCP 2026-07-28 on; a ${protocol} receiver does not know it, and sends nothing back for a notification either way.`
          : `"${method}" exists only from MCP 2026-07-28 on. A ${protocol} server does not have it: legacy servers answer unknown requests with an implementation-defined error (commonly -32601 or -32602), and some answer nothing before initialize.`,
        role === 'request'
          ? mcpRef('2026-07-28', 'basic/transports/stdio', 'Backward Compatibility')
          : mcpRef('2026-07-28', 'changelog'),
      ),
    );
  }
  return findings;
}

/** Every MCP request method of any covered revision (MCP names every notification method `notifications/…`). */
const REQUEST_METHODS: ReadonlySet<string> = new Set([
  ...MCP_VERSIONS.flatMap((v) => Object.keys(MCP_SCHEMAS[v].requests)),
  'ping',
  'server/discover',
  'roots/list',
]);

/**
 * The most common hand-written mistake: a request method sent without an id is a notification nobody will answer,
 * and a notification method sent with an id is a request that owes a response (spec basic/index.mdx §Requests and
 * §Notifications). The message is classified as what it is; the warning says what the sender probably meant.
 */
function kindConfusion(
  method: string,
  path: string,
  protocol: McpVersion,
  role: 'request' | 'notification',
): Finding[] {
  if (role === 'notification' && REQUEST_METHODS.has(method))
    return [
      finding(
        'request-method-without-id',
        'warning',
        path,
        `"${method}" is a request method, but this message has no id, so it is a notification: the receiver sends nothing back, and the sender will never get the result it probably wanted. Give it an id to make it a request.`,
        mcpRef(protocol, 'basic/index', 'Notifications'),
      ),
    ];
  if (role === 'request' && method.startsWith('notifications/'))
    return [
      finding(
        'notification-method-with-id',
        'warning',
        path,
        `"${method}" is a notification method, but this message has an id, so it is a request: the receiver owes it a response (no such request exists, so most receivers answer with an error). Leave the id out to send it as a notification.`,
        mcpRef(protocol, 'basic/index', 'Requests'),
      ),
    ];
  return [];
}
