/**
 * The test cases for exercise 04, shared by vitest (tool-error-result.test.ts) and the in-page code lab.
 * Whether a result is a well-formed tool error is the message model's call, never this file's.
 */
import { CallToolResultSchema, classifyMessage } from '#message-model';
import type { ToolFailure } from './tool-error-result.solution.ts';

/** The exercise's API: what the learner's file exports. */
export interface Exercise {
  toolFailureResult(failure: ToolFailure): unknown;
}

/** The names the learner's file must export. */
export const EXPORTS = ['toolFailureResult'] as const;

/** One test: a name that reads as a sentence, and a check that throws a helpful error when the answer is wrong. */
export interface LabCase {
  name: string;
  run(exercise: Exercise): void;
}

/** The `_meta` key the exercise asks for (README): a reverse-DNS vendor prefix, then the name. */
const RETRYABLE_META_KEY = 'com.example.incidents/retryable';

/** A failure whose Error carries internals a server must not put on the wire. */
function backendDown(): ToolFailure {
  const error = new Error('connect ECONNREFUSED postgres://incidents:s3cret@db.internal:5432/incidents');
  error.stack = `${error.message}\n    at Pool.connect (/srv/app/node_modules/pg/lib/pool.js:45:11)\n    at getIncident (/srv/app/tools/get-incident.ts:12:9)`;
  return {
    tool: 'get_incident',
    reason: 'The incident database is restarting; try again in a minute.',
    retryable: true,
    error,
  };
}

function badInput(): ToolFailure {
  return {
    tool: 'get_incident',
    reason: 'incidentId "INC-12x" is not a valid id; ids look like INC-1234.',
    retryable: false,
    error: new Error('ValidationError: /incidentId must match pattern "^INC-[0-9]+$"'),
  };
}

/** Runs the learner's result through the model, as the result of a tools/call response with id 41. */
function classifyResult(exercise: Exercise, failure: ToolFailure) {
  const result = exercise.toolFailureResult(failure);
  const text = JSON.stringify({ jsonrpc: '2.0', id: 41, result });
  return { result, text, model: classifyMessage(text, { protocol: '2026-07-28' }) };
}

const show = (v: unknown) => {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 300 ? `${s.slice(0, 300)}…` : s;
};

export const CASES: LabCase[] = [
  {
    name: 'is a valid 2026-07-28 CallToolResult',
    run(ex) {
      const result = ex.toolFailureResult(backendDown());
      const parsed = CallToolResultSchema.safeParse(result);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new Error(
          `Your result ${show(result)} is not a CallToolResult: ${issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'it does not match the schema'}. Under 2026-07-28 it needs content (an array of blocks) and resultType "complete".`,
        );
      }
    },
  },
  {
    name: 'reports a tool error (isError: true), not success',
    run(ex) {
      const { model } = classifyResult(ex, backendDown());
      if (model.kind !== 'result' || model.toolOutcome !== 'tool-error') {
        const why =
          model.kind === 'result'
            ? `the model reads it as toolOutcome "${model.toolOutcome ?? 'none'}"`
            : `the model reads it as "${model.kind}": ${model.findings.find((f) => f.severity === 'error')?.message ?? model.explanation}`;
        throw new Error(`A failed tool call must be a result with isError: true; ${why}.`);
      }
    },
  },
  {
    name: 'tells the model the reason in a text block',
    run(ex) {
      for (const failure of [backendDown(), badInput()]) {
        const result = ex.toolFailureResult(failure) as { content?: unknown } | null;
        const blocks = Array.isArray(result?.content) ? (result.content as { type?: unknown; text?: unknown }[]) : [];
        const said = blocks.some(
          (b) => b?.type === 'text' && typeof b.text === 'string' && b.text.includes(failure.reason),
        );
        if (!said) {
          throw new Error(
            `The model reads content, so a text block should say ${JSON.stringify(failure.reason)}; your content is ${show(result?.content)}.`,
          );
        }
      }
    },
  },
  {
    name: 'leaves structuredContent to the incident the outputSchema describes',
    run(ex) {
      const result = ex.toolFailureResult(backendDown());
      if (typeof result === 'object' && result !== null && 'structuredContent' in result) {
        throw new Error(
          `get_incident declares an outputSchema for an incident, and structuredContent "conforms to the tool's outputSchema if one is defined" (MCP 2026-07-28 server/tools.mdx §Structured Content). A failure object does not, so leave structuredContent out; yours is ${show((result as { structuredContent?: unknown }).structuredContent)}.`,
        );
      }
    },
  },
  {
    name: `gives programs retryable under the vendor-prefixed _meta key ${RETRYABLE_META_KEY}`,
    run(ex) {
      for (const failure of [backendDown(), badInput()]) {
        const result = ex.toolFailureResult(failure) as { _meta?: Record<string, unknown> } | null;
        const got = result?._meta?.[RETRYABLE_META_KEY];
        if (got !== failure.retryable) {
          throw new Error(
            `_meta["${RETRYABLE_META_KEY}"] should be ${failure.retryable} for this failure; your _meta is ${show(result?._meta)}. A vendor prefix (reverse DNS, then a slash) keeps your key apart from MCP's own (MCP 2026-07-28 basic/index.mdx §_meta).`,
          );
        }
      }
    },
  },
  {
    name: 'keeps internals (stack traces, credentials) off the wire',
    run(ex) {
      const { model, text } = classifyResult(ex, backendDown());
      const leak = model.findings.find((f) => f.id === 'error-leaks-internals');
      if (leak) throw new Error(leak.message);
      if (text.includes('s3cret') || text.includes('/srv/app')) {
        throw new Error(
          'The result contains text from failure.error (a password or a server path). Use only failure.reason.',
        );
      }
    },
  },
  {
    name: 'leaves the model nothing to warn about',
    run(ex) {
      for (const failure of [backendDown(), badInput()]) {
        const { model } = classifyResult(ex, failure);
        const problem = model.findings.find((f) => f.severity !== 'info');
        if (problem)
          throw new Error(
            `The model reports ${problem.severity} "${problem.id}" at ${problem.path || 'the message'}: ${problem.message}`,
          );
      }
    },
  },
];
