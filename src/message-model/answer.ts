/**
 * Whether what came back pays what was owed. The classifier says, for a message sent, the reply a conforming
 * receiver owes (`Classification.reply`); this file reads the messages that actually came back as replies and
 * compares the two. It is the rule a prober needs and a single exchange cannot give: which of the messages received
 * answers the message sent, and whether its id, its kind and its code are the ones owed.
 *
 * Ids are compared exactly, type included: a string id `"7"` answered with the number `7` is not the same id (spec
 * 2025-11-25 basic/index.mdx §Responses: "Result responses MUST include the same ID as the request they correspond
 * to."). An unreadable id is owed as `null`: an error that leaves `id` out and one that writes `"id": null` both name
 * no request, the first as MCP's schema writes it from 2025-11-25 on and the second as JSON-RPC 2.0 does (§5).
 */
import type { Classification, MessageId, Reply } from './classification.ts';
import type { Protocol } from './protocols.ts';

/** What one received message amounts to as a reply; undefined when it is not a reply (a request, a notification). */
export function replyOf(c: Classification): Reply | undefined {
  switch (c.kind) {
    case 'result':
      return { send: 'response', id: c.id };
    case 'error':
      return { send: 'error', code: c.code, id: c.id ?? null };
    case 'batch': {
      const items = c.items.map(replyOf).filter((r): r is Reply => r !== undefined);
      return { send: 'batch', items };
    }
    default:
      return undefined;
  }
}

/** The closed vocabulary of how an answer compares with what was owed. */
export const ANSWER_VERDICTS = [
  'as-owed',
  'nothing-came-back',
  'answered-what-needs-no-answer',
  'result-instead-of-error',
  'error-instead-of-result',
  'wrong-error-code',
  'id-changed',
  'batch-answer',
  'invalid-answer',
  'unexpected-answer',
] as const;
export type AnswerVerdict = (typeof ANSWER_VERDICTS)[number];

/** The comparison: the verdict, the received reply it rests on (when one was found), and one sentence. */
export interface AnswerCheck {
  kind: AnswerVerdict;
  /** The received reply the verdict is about. */
  answer?: Reply;
  explanation: string;
}

type Single = Extract<Reply, { send: 'response' | 'error' }>;

const sameId = (a: MessageId, b: MessageId): boolean => a === b;
const showId = (id: MessageId): string => JSON.stringify(id);

/**
 * How the owed id of an error for an unreadable request is written under `protocol`. JSON-RPC 2.0 §5: "If there was
 * an error in detecting the id in the Request object (e.g. Parse error/Invalid Request), it MUST be Null." The
 * 2025-06-18 schema has `JSONRPCError.id: RequestId`, required, so null is the only form. From 2025-11-25 the schema
 * has `JSONRPCErrorResponse.id?: RequestId` and the text says "Error responses MUST include the same ID as the request
 * they correspond to (except in error cases where the ID could not be read due a malformed request).": the exception
 * lifts the MUST without naming a form, so the schema's form (left out) is owed and JSON-RPC's null, which MCP says
 * its messages follow, is accepted too (the classifier warns about it).
 */
function owedIdText(id: MessageId, protocol: Protocol | undefined): string {
  if (id !== null) return `the id ${showId(id)}`;
  if (protocol === undefined || protocol === 'jsonrpc-2.0') return 'the id null';
  if (protocol === '2025-06-18') return 'the id null (the 2025-06-18 schema has no other form)';
  return `the id left out (${protocol}'s schema; JSON-RPC's "id": null is accepted too)`;
}

/** True when a received id is the owed id written another way (`"7"` for `7`, or `7` for `"7"`). */
function retyped(owed: MessageId, got: MessageId): boolean {
  return owed !== null && got !== null && typeof owed !== typeof got && String(owed) === String(got);
}

/**
 * Compares the replies received (in the order they came) with the reply owed for one message. Messages that are not
 * replies are ignored. `protocol` words an unreadable id as that revision writes it. Never throws.
 */
export function checkAnswer(owed: Reply, received: readonly Classification[], protocol?: Protocol): AnswerCheck {
  const replies = received.map(replyOf).filter((r): r is Reply => r !== undefined);
  const single = replies.filter((r): r is Single => r.send === 'response' || r.send === 'error');
  if (owed.send === 'nothing') {
    const answer = replies[0];
    return answer
      ? {
          kind: 'answered-what-needs-no-answer',
          answer,
          explanation: 'A reply came back for a message that is owed none.',
        }
      : { kind: 'as-owed', explanation: 'Nothing came back, as owed.' };
  }
  // An array is owed only for a batch; in a revision without batches an array is not a message at all.
  const batch = replies.find((r) => r.send === 'batch');
  if (batch && owed.send !== 'batch') {
    return { kind: 'batch-answer', answer: batch, explanation: 'An array of replies came back.' };
  }
  // A response that is not a valid response (a result for a null id, a result and an error at once) pays nothing.
  const broken = received.find((c) => c.kind === 'invalid' && c.shape === 'response');
  if (broken) {
    return {
      kind: 'invalid-answer',
      explanation: `A reply came back that is not a valid response: ${broken.explanation}`,
    };
  }
  if (owed.send === 'unspecified' || owed.send === 'batch') {
    return { kind: 'as-owed', explanation: 'The spec does not say what comes back here.' };
  }
  const owedId = owed.id;
  const exact = single.find((r) => sameId(r.id, owedId));
  if (!exact) {
    const moved = single.find((r) => retyped(owedId, r.id));
    if (moved) {
      return {
        kind: 'id-changed',
        answer: moved,
        explanation: `The reply carries the id ${showId(moved.id)} for the id ${showId(owedId)}: the same digits, another type.`,
      };
    }
    const other = single[0];
    if (other) {
      return {
        kind: 'unexpected-answer',
        answer: other,
        explanation: `The only reply carries the id ${showId(other.id)}, not ${owedIdText(owedId, protocol)}.`,
      };
    }
    return { kind: 'nothing-came-back', explanation: `No reply with ${owedIdText(owedId, protocol)} came back.` };
  }
  if (owed.send === 'response') {
    return exact.send === 'response'
      ? { kind: 'as-owed', answer: exact, explanation: `A result came back with the id ${showId(owedId)}.` }
      : {
          kind: 'error-instead-of-result',
          answer: exact,
          explanation: `An error (${exact.send === 'error' ? exact.code : ''}) came back where a result was owed.`,
        };
  }
  if (exact.send === 'response') {
    return {
      kind: 'result-instead-of-error',
      answer: exact,
      explanation: `A result came back where the error ${owed.code ?? ''} was owed.`.replace('  ', ' '),
    };
  }
  if (exact.send === 'error' && owed.code !== null && exact.code !== owed.code) {
    return {
      kind: 'wrong-error-code',
      answer: exact,
      explanation: `The error code is ${exact.code}; ${owed.code} was owed.`,
    };
  }
  return { kind: 'as-owed', answer: exact, explanation: 'The error owed came back.' };
}
