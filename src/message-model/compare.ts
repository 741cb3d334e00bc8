import { classifyMessage, type Classification, type Reply } from './classify.ts';
import { describeReplyId } from './classification.ts';
import { ERROR_CODE } from './error-codes.ts';
import { PROTOCOLS, type Protocol } from './protocols.ts';

/** How the verdict on one message changes from one protocol to the next. */
export interface VersionDifference {
  /** The protocol compared with the one before it in the list. */
  from: Protocol;
  to: Protocol;
  /** What changed: the kind, the reply owed, or findings that appear or disappear. */
  aspect: 'kind' | 'reply' | 'findings';
  /** A sentence a learner can read. */
  summary: string;
}

/** The classification of one message under several protocols, and what differs between them. */
export interface CrossVersionClassification {
  byProtocol: Partial<Record<Protocol, Classification>>;
  differences: VersionDifference[];
}

/**
 * Describes a reply in words, for differences and reports. With `protocol`, an unreadable id is worded as that
 * protocol writes it (JSON-RPC: null; MCP from 2025-11-25: no id member).
 */
export function describeReply(reply: Reply, protocol: Protocol = 'jsonrpc-2.0'): string {
  switch (reply.send) {
    case 'nothing':
      return 'nothing';
    case 'response':
      return `a response with id ${JSON.stringify(reply.id)}`;
    case 'error':
      return reply.code === null
        ? `an error ${describeReplyId(reply.id, protocol)}, its code left to the implementation (commonly ${ERROR_CODE.MethodNotFound} or ${ERROR_CODE.InvalidParams})`
        : `error ${reply.code} ${describeReplyId(reply.id, protocol)}${reply.data ? ` and data ${JSON.stringify(reply.data)}` : ''}`;
    case 'batch':
      return `a batch of ${reply.items.length} repl${reply.items.length === 1 ? 'y' : 'ies'}`;
    case 'unspecified':
      return 'nothing the spec defines (it does not say how a receiver answers this)';
  }
}

/** Classifies one message under each protocol (oldest first) and lists what changes between neighbours. */
export function classifyAcrossProtocols(
  input: unknown,
  protocols: readonly Protocol[] = PROTOCOLS,
): CrossVersionClassification {
  const byProtocol: Partial<Record<Protocol, Classification>> = {};
  const differences: VersionDifference[] = [];
  let previous: { protocol: Protocol; c: Classification } | undefined;
  for (const protocol of protocols) {
    const c = classifyMessage(input, { protocol });
    byProtocol[protocol] = c;
    if (previous) {
      const from = previous.protocol;
      const before = previous.c;
      if (before.kind !== c.kind) {
        differences.push({
          from,
          to: protocol,
          aspect: 'kind',
          summary: `Under ${from} this is ${article(before.kind)}; under ${protocol} it is ${article(c.kind)}.`,
        });
      }
      if (JSON.stringify(before.reply) !== JSON.stringify(c.reply)) {
        differences.push({
          from,
          to: protocol,
          aspect: 'reply',
          summary: `The receiver owes ${describeReply(before.reply, from)} under ${from}, but ${describeReply(c.reply, protocol)} under ${protocol}.`,
        });
      }
      const beforeIds = new Set(before.findings.map((f) => f.id));
      const afterIds = new Set(c.findings.map((f) => f.id));
      const added = [...afterIds].filter((id) => !beforeIds.has(id));
      const removed = [...beforeIds].filter((id) => !afterIds.has(id));
      if (added.length > 0 || removed.length > 0) {
        const parts = [
          added.length > 0 ? `adds ${added.join(', ')}` : '',
          removed.length > 0 ? `drops ${removed.join(', ')}` : '',
        ].filter(Boolean);
        differences.push({
          from,
          to: protocol,
          aspect: 'findings',
          summary: `Moving from ${from} to ${protocol} ${parts.join(' and ')}.`,
        });
      }
    }
    previous = { protocol, c };
  }
  return { byProtocol, differences };
}

/** A kind in words, for a sentence ("an invalid message", not "an invalid"). */
const KIND_WORDS: Record<Classification['kind'], string> = {
  'parse-error': 'a parse error',
  invalid: 'an invalid message',
  request: 'a request',
  notification: 'a notification',
  result: 'a result',
  error: 'an error response',
  batch: 'a batch',
};

function article(kind: Classification['kind']): string {
  return KIND_WORDS[kind];
}
