/**
 * Requests and notifications: the method name, MCP 2026-07-28's required `_meta` envelope (basic/index.mdx §_meta)
 * and the params of the methods whose params the spec types, starting with `tools/call`.
 */
import { finding, pointer, type Finding } from './findings.ts';
import { MISNAMED_METHODS, methodStatus } from './methods.ts';
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
    return invalid(ctx, 'request', findings, { send: 'error', code: -32600, id: errorReplyId(idCheck) }, idCheck.echo);
  }
  const method = m.method;
  const id = idCheck.echo ?? null;
  findings.push(...methodFindings(method, base, ctx));

  if (protocol === '2026-07-28') {
    const meta = checkRequestMeta(m, base);
    findings.push(...meta.findings);
    if (meta.malformed) {
      return invalid(ctx, 'request', findings, { send: 'error', code: -32602, id }, id);
    }
    if (meta.unsupportedVersion !== undefined) {
      return request(
        ctx,
        id,
        method,
        sortFindings(findings),
        { send: 'error', code: -32022, id },
        `A request for "${method}" that asks for protocol version ${JSON.stringify(meta.unsupportedVersion)}: a 2026-07-28 server that does not support it answers -32022 UnsupportedProtocolVersion with id ${JSON.stringify(id)}, listing the versions it supports.`,
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
        { send: 'error', code: -32602, id },
        `A tools/call request whose params are malformed (${lowerFirst(toolFindings[0]!.message)}) is a protocol error: the server answers -32602 Invalid params with id ${JSON.stringify(id)}.`,
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
): { findings: Finding[]; malformed: boolean; unsupportedVersion?: string } {
  const ref = mcpRef('2026-07-28', 'basic/index', '_meta');
  const params = m.params;
  if (!isPlainObject(params) || !has(params, '_meta')) {
    return {
      malformed: true,
      findings: [
        finding(
          'meta-envelope-missing',
          'error',
          isPlainObject(params) ? `${base}/params` : base,
          'MCP 2026-07-28 requests carry a params._meta envelope with io.modelcontextprotocol/protocolVersion and io.modelcontextprotocol/clientCapabilities; this request has none, so it is malformed (-32602).',
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
          `The _meta envelope is malformed: ${what}. MCP 2026-07-28 treats such a request as malformed (-32602, HTTP 400).`,
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
        `The request asks for protocol version ${JSON.stringify(requested)}; a 2026-07-28 server that does not support it answers -32022 UnsupportedProtocolVersion with data.supported.`,
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
    return invalid(ctx, 'notification', findings, { send: 'error', code: -32600, id: null }, undefined);
  }
  findings.push(...methodFindings(m.method, base, ctx));
  return {
    kind: 'notification',
    protocol,
    method: m.method,
    reply: { send: 'nothing' },
    findings: sortFindings(findings),
    explanation: `A notification ("${m.method}"): it has no id, so the receiver sends nothing back, not even an error if it fails.`,
  };
}

function methodFindings(method: string, base: string, ctx: Context): Finding[] {
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
        `"${method}" was removed in MCP 2026-07-28 (no initialize handshake, no sessions, no ping). A 2026-07-28 server answers it with -32601 Method not found.`,
        mcpRef('2026-07-28', 'changelog'),
      ),
    );
  } else if (status === 'not-yet') {
    findings.push(
      finding(
        'method-not-in-version',
        'info',
        path,
        `"${method}" exists only from MCP 2026-07-28 on; a ${protocol} server answers it with -32601 Method not found.`,
        mcpRef('2026-07-28', 'changelog'),
      ),
    );
  }
  return findings;
}
