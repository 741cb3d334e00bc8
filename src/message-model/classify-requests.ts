/**
 * Requests and notifications: the method name, MCP 2026-07-28's required `_meta` envelope (basic/index.mdx §_meta)
 * and the params of the methods whose params the spec types, starting with `tools/call`.
 */
import { finding, pointer, type Finding } from './findings.ts';
import { MISNAMED_METHODS, methodStatus } from './methods.ts';
import { ERROR_CODE } from './error-codes.ts';
import { isMcpVersion, jsonRpcRef, mcpRef, type McpVersion } from './protocols.ts';
import { RequestMetaSchema } from './schemas.ts';
import { isSurelyRequestMeta } from './fast-paths.ts';
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
import type { z } from 'zod';

export function classifyRequest(m: Record<string, unknown>, base: string, ctx: Context): Classification {
  const { protocol } = ctx;
  const findings = checkEnvelope(m, base, ctx, ['jsonrpc', 'id', 'method', 'params']);
  const idCheck = checkId(m.id, base, ctx, 'request');
  findings.push(...idCheck.findings);
  if (typeof m.method !== 'string') {
    findings.push(
      finding(
        'method-not-string',
        'error',
        `${base}/method`,
        `"method" must be a string; it is ${describeValue(m.method)}.`,
        messagesRef(protocol, 'Requests', '4'),
      ),
    );
  }
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

  if (protocol === '2026-07-28') {
    // A method 2026-07-28 removed (a legacy client's initialize) is both unknown and, from a legacy client, without
    // the envelope: the spec leaves the code to the server (versioning.mdx, "the exact code is implementation-defined").
    const removed = methodStatus(method, protocol) === 'removed';
    const meta = checkRequestMeta(m, base, removed);
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
  }

  if (method === 'initialize' && (protocol === '2025-06-18' || protocol === '2025-11-25')) {
    const params = m.params;
    const asked = isPlainObject(params) ? params.protocolVersion : undefined;
    if (typeof asked === 'string' && asked !== protocol) {
      findings.push(
        finding(
          'initialize-version-mismatch',
          'info',
          `${base}/params/protocolVersion`,
          `The client asks for protocol version ${JSON.stringify(asked)}. A ${protocol} server that does not support it still answers with a result, not an error: it MUST respond with another protocol version it supports (its latest, as a SHOULD), and the client disconnects if it cannot use that one.`,
          mcpRef(protocol, 'basic/lifecycle', 'Version Negotiation'),
        ),
      );
    }
  }

  if (isMcpVersion(protocol) && method === 'tools/call') {
    const toolFindings = checkToolCallParams(m, base, protocol);
    if (toolFindings.length > 0) {
      findings.push(...toolFindings);
      return request(
        ctx,
        id,
        method,
        sortFindings(findings),
        { send: 'error', code: ERROR_CODE.InvalidParams, id },
        `A tools/call request whose params are malformed (${lowerFirst(toolFindings[0]!.message)}) is a protocol error: the server answers ${ERROR_CODE.InvalidParams} Invalid params with id ${JSON.stringify(id)}.`,
      );
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

/** MCP 2026-07-28: every request carries params._meta with protocolVersion and clientCapabilities. */
function checkRequestMeta(
  m: Record<string, unknown>,
  base: string,
  removedMethod: boolean,
): { findings: Finding[]; malformed: boolean; unsupportedVersion?: string } {
  const ref = mcpRef('2026-07-28', 'basic/index', '_meta');
  const answer = removedMethod
    ? 'a server MUST reject a malformed request with -32602, but this method is also one 2026-07-28 removed, so which error the server reports first is up to it'
    : 'the server MUST reject it with -32602 Invalid params (HTTP 400)';
  const params = m.params;
  if (!isPlainObject(params) || !has(params, '_meta')) {
    return {
      malformed: true,
      findings: [
        finding(
          'meta-envelope-missing',
          'error',
          isPlainObject(params) ? `${base}/params` : base,
          `MCP 2026-07-28 requests carry a params._meta envelope with io.modelcontextprotocol/protocolVersion and io.modelcontextprotocol/clientCapabilities; this request has none, so it is malformed: ${answer}.`,
          ref,
        ),
      ],
    };
  }
  // The common valid envelope is recognised by hand; zod runs for anything else, and explains what is wrong.
  const parsed = isSurelyRequestMeta(params._meta)
    ? { success: true as const, data: params._meta as z.infer<typeof RequestMetaSchema> }
    : RequestMetaSchema.safeParse(params._meta);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const key = issue?.path[0];
    const path = typeof key === 'string' ? pointer(`${base}/params/_meta`, key) : `${base}/params/_meta`;
    const what =
      typeof key === 'string'
        ? issue?.code === 'invalid_type' && issue.message.includes('undefined')
          ? `the required key "${key}" is missing`
          : `"${key}" has the wrong type`
        : '"_meta" is not an object';
    return {
      malformed: true,
      findings: [
        finding(
          'meta-envelope-missing',
          'error',
          path,
          `The _meta envelope is malformed: ${what}. The request is malformed: ${answer}.`,
          ref,
        ),
      ],
    };
  }
  const meta = parsed.data;
  const findings: Finding[] = [];
  if (meta['io.modelcontextprotocol/clientInfo'] === undefined) {
    findings.push(
      finding(
        'client-info-missing',
        'info',
        `${base}/params/_meta`,
        'Clients SHOULD include io.modelcontextprotocol/clientInfo on every request (self-reported, for logs and debugging).',
        ref,
      ),
    );
  }
  const requested = meta['io.modelcontextprotocol/protocolVersion'];
  if (requested !== '2026-07-28') {
    findings.push(
      finding(
        'protocol-version-unsupported',
        'error',
        `${base}/params/_meta/io.modelcontextprotocol~1protocolVersion`,
        `The request asks for protocol version ${JSON.stringify(requested)}; a 2026-07-28 server that does not support it MUST answer -32022 UnsupportedProtocolVersion, listing the versions it supports in data.supported.`,
        mcpRef('2026-07-28', 'basic/versioning'),
      ),
    );
    return { findings, malformed: false, unsupportedVersion: requested };
  }
  return { findings, malformed: false };
}

function checkToolCallParams(m: Record<string, unknown>, base: string, version: McpVersion): Finding[] {
  const ref = mcpRef(version, 'server/tools', 'Calling Tools');
  const params = m.params;
  if (!isPlainObject(params)) {
    return [finding('tool-call-params-invalid', 'error', base, 'tools/call needs params with the tool "name".', ref)];
  }
  if (typeof params.name !== 'string') {
    return [
      finding(
        'tool-call-params-invalid',
        'error',
        `${base}/params/name`,
        has(params, 'name')
          ? `params.name must be the tool's name as a string; it is ${describeValue(params.name)}.`
          : 'params.name, the tool to call, is missing.',
        ref,
      ),
    ];
  }
  if (has(params, 'arguments') && !isPlainObject(params.arguments)) {
    return [
      finding(
        'tool-call-params-invalid',
        'error',
        `${base}/params/arguments`,
        `params.arguments must be an object of named arguments; it is ${describeValue(params.arguments)}.`,
        ref,
      ),
    ];
  }
  return [];
}

export function classifyNotification(m: Record<string, unknown>, base: string, ctx: Context): Classification {
  const { protocol } = ctx;
  const findings = checkEnvelope(m, base, ctx, ['jsonrpc', 'method', 'params']);
  if (typeof m.method !== 'string') {
    findings.push(
      finding(
        'method-not-string',
        'error',
        `${base}/method`,
        `"method" must be a string; it is ${describeValue(m.method)}.`,
        messagesRef(protocol, 'Notifications', '4'),
      ),
    );
  }
  findings.push(...checkParams(m, base, ctx));
  if (hasErrors(findings) || typeof m.method !== 'string') {
    return invalid(
      ctx,
      'notification',
      findings,
      { send: 'error', code: ERROR_CODE.InvalidRequest, id: null },
      undefined,
    );
  }
  findings.push(...methodFindings(m.method, base, ctx, 'notification'));
  return {
    kind: 'notification',
    protocol,
    method: m.method,
    reply: { send: 'nothing' },
    findings: sortFindings(findings),
    explanation: `A notification ("${m.method}"): it has no id, so the receiver sends nothing back, not even an error if it fails.`,
  };
}

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
        'warning',
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
        'warning',
        path,
        `"${method}" is not an MCP method. ${misnamed.note}${misnamed.correct ? ` Use "${misnamed.correct}".` : ''}`,
        mcpRef(protocol, 'index'),
      ),
    );
  }
  const status = methodStatus(method, protocol);
  if (status === 'removed') {
    findings.push(
      finding(
        'method-removed',
        'warning',
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
