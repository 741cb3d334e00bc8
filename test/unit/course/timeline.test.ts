import { describe, expect, it } from 'vitest';
import { classifyMessage } from '#message-model';
import {
  TIMELINE_FAULTS,
  TIMELINE_RETRIES,
  TIMELINE_SCENARIOS,
  buildTimeline,
  faultScenario,
  type Timeline,
  type TimelineStep,
} from '#course';
import { isBroken } from '../../support/course-messages.ts';

describe('buildTimeline', () => {
  it('shows a lost response after a write: the ticket exists, the client only sees its timeout', () => {
    const t = buildTimeline({ scenario: 'lost-response-after-write' });
    expect(t.tickets).toEqual(['TCK-1001']);
    const lost = t.steps.find((s) => !s.delivered)!;
    expect(lost.from).toBe('server');
    expect(lost.to).toBe('client');
    expect(lost.classification?.kind).toBe('result');
    expect(t.detectedBy?.layer).toBe('client-timeout');
    expect(t.userSees.outcome).toBe('outcome-unknown-checking');
    expect(t.retryAdvice?.policy).toBe('same-idempotency-key');
  });

  it('makes a duplicate ticket when the client retries blindly', () => {
    const t = buildTimeline({ scenario: 'lost-response-after-write', retry: 'blind' });
    expect(t.tickets).toEqual(['TCK-1001', 'TCK-1002']);
    expect(t.duplicate).toBe(true);
  });

  it('makes no duplicate when the retry carries the same idempotency key', () => {
    const t = buildTimeline({ scenario: 'lost-response-after-write', retry: 'same-idempotency-key' });
    expect(t.tickets).toEqual(['TCK-1001']);
    expect(t.duplicate).toBe(false);
    expect(t.userSees.outcome).toBe('result-as-normal');
  });

  it('gives the retry a new JSON-RPC id, as a re-issued request needs', () => {
    const t = buildTimeline({ scenario: 'lost-response-after-write', retry: 'same-idempotency-key' });
    const ids = t.steps
      .filter((s) => s.from === 'client' && s.to === 'server')
      .map((s) => (s.classification?.kind === 'request' ? s.classification.id : undefined));
    expect(ids).toEqual([1, 2]);
  });

  // Spec 2026-07-28 basic/index.mdx §Error Responses: an error response carries the request's id "except in error
  // cases where the ID could not be read due a malformed request"; an MCP id is never null, so it is left out.
  it('answers truncated JSON with -32700 and no id, and never reaches the tool', () => {
    const t = buildTimeline({ scenario: 'lost-response-after-write', fault: 'json-parse' });
    expect(t.steps[0]!.classification?.kind).toBe('parse-error');
    const answer = t.steps[1]!;
    expect(answer.classification?.kind).toBe('error');
    const wire = JSON.parse(answer.wire!);
    expect(wire).toMatchObject({ error: { code: -32700 } });
    expect(wire).not.toHaveProperty('id');
    expect(t.steps.some((s) => s.to === 'backend')).toBe(false);
    expect(t.tickets).toEqual([]);
  });

  it('answers a request without _meta with -32602 under 2026-07-28', () => {
    const t = buildTimeline({ scenario: 'missing-meta-envelope' });
    expect(JSON.parse(t.steps[1]!.wire!)).toMatchObject({ id: 1, error: { code: -32602 } });
  });

  it('answers an unknown method with -32601', () => {
    const t = buildTimeline({ scenario: 'unknown-method' });
    expect(JSON.parse(t.steps[1]!.wire!)).toMatchObject({ id: 1, error: { code: -32601 } });
    expect(t.retryAdvice?.policy).toBe('never-as-is');
  });

  it('reports bad tool input as a result with isError: true, which the model can read', () => {
    const t = buildTimeline({ scenario: 'malformed-incident-id' });
    const result = t.steps[1]!.classification;
    expect(result?.kind).toBe('result');
    if (result?.kind === 'result') expect(result.toolOutcome).toBe('tool-error');
    expect(t.userSees.outcome).toBe('model-corrects-input');
  });

  it('lets a retry with backoff succeed once the backend is back', () => {
    const t = buildTimeline({ scenario: 'backend-unavailable', retry: 'blind' });
    const results = t.steps.filter((s) => s.to === 'client' && s.classification?.kind === 'result');
    expect(
      results.map((s) => (s.classification?.kind === 'result' ? s.classification.toolOutcome : undefined)),
    ).toEqual(['tool-error', 'success']);
    expect(t.retryAdvice?.policy).toBe('with-backoff');
  });

  it('repeats a deterministic fault on retry: the same bad request fails the same way', () => {
    const t = buildTimeline({ scenario: 'unknown-method', retry: 'blind' });
    const errors = t.steps.filter((s) => s.to === 'client').map((s) => JSON.parse(s.wire!).error?.code);
    expect(errors).toEqual([-32601, -32601]);
  });

  it('builds a timeline for every fault without throwing', () => {
    for (const fault of TIMELINE_FAULTS) {
      const t = buildTimeline({ scenario: 'lost-response-after-write', fault, retry: 'blind' });
      expect(t.steps.length).toBeGreaterThan(0);
    }
  });
});

/**
 * What the diagram draws, read back from the steps' visible content only (the wire text, the backend lines, the
 * arrows that did not arrive), independently of how buildTimeline words its outcome.
 */
function drawn(t: Timeline) {
  const wireOf = (s: TimelineStep) => {
    try {
      return JSON.parse(s.wire ?? '') as Record<string, any>;
    } catch {
      return undefined;
    }
  };
  const requests = t.steps.filter((s) => s.from === 'client' && s.to === 'server');
  const keyOf = (s: TimelineStep | undefined) =>
    s === undefined ? undefined : /"idempotencyKey":"([^"]+)"/.exec(s.wire ?? '')?.[1];
  const created = t.steps.flatMap((s) => {
    const m = /^201 Created \{"ticket":"(TCK-\d+)"\}/.exec(s.backend ?? '');
    return m ? [{ ticket: m[1]!, attempt: s.attempt }] : [];
  });
  const replayed = t.steps.flatMap((s) => {
    const m = /^200 OK \{"ticket":"(TCK-\d+)","replayed":true\}/.exec(s.backend ?? '');
    return m ? [{ ticket: m[1]!, attempt: s.attempt }] : [];
  });
  const answers = t.steps.filter((s) => s.from === 'server' && s.to === 'client');
  const errorCodes = answers.flatMap((s) =>
    typeof wireOf(s)?.error?.code === 'number' ? [wireOf(s)!.error.code] : [],
  );
  const last = answers.at(-1);
  const lastBody = last ? wireOf(last) : undefined;
  return {
    attempts: new Set(t.steps.map((s) => s.attempt)).size,
    keys: requests.map(keyOf),
    retryId: requests[1] ? wireOf(requests[1])?.id : undefined,
    created,
    replayed,
    errorCodes,
    backendCalled: t.steps.some((s) => s.from === 'server' && s.to === 'backend'),
    backendRefused: t.steps.some((s) => s.from === 'server' && s.to === 'backend' && !s.delivered),
    resultLost: answers.some((s) => !s.delivered),
    timeout: t.steps.some((s) => s.from === 'client' && s.to === 'client' && /timeout/.test(s.label)),
    firstIsParseError: t.steps[0]?.classification?.kind === 'parse-error',
    endsWithResult: last?.delivered === true && lastBody?.result !== undefined && lastBody.result.isError !== true,
    endsWithToolError: lastBody?.result?.isError === true,
  };
}

describe('the outcome agrees with the steps the diagram draws', () => {
  for (const scenario of TIMELINE_SCENARIOS.filter((s, i, all) => all.findIndex((o) => o.tool === s.tool) === i)) {
    for (const fault of TIMELINE_FAULTS) {
      for (const retry of TIMELINE_RETRIES) {
        it(`${scenario.tool}, fault ${fault}, retry ${retry}`, () => {
          const t = buildTimeline({ scenario: scenario.id, fault, retry });
          const d = drawn(t);
          const text = `${t.userSees.detail} ${t.summary}`;

          // Every ticket the text names is one the backend drew; "created" and "again" match its lines.
          for (const m of text.matchAll(/TCK-\d+/g))
            expect([...d.created, ...d.replayed].map((c) => c.ticket)).toContain(m[0]);
          for (const m of text.matchAll(/created (TCK-\d+)/g)) expect(d.created.map((c) => c.ticket)).toContain(m[1]);
          for (const m of text.matchAll(/returned (TCK-\d+) again/g))
            expect(d.replayed.filter((r) => r.attempt === 2).map((r) => r.ticket)).toContain(m[1]);
          expect(t.tickets).toEqual(d.created.map((c) => c.ticket));
          expect(/duplicate/.test(text)).toBe(new Set(d.created.map((c) => c.ticket)).size > 1);
          expect(t.duplicate).toBe(d.created.length > 1);

          // Keys: the text says "same" or "new" only as the two drawn requests show them.
          if (/the same idempotency key/.test(text)) expect(d.keys[1]).toBe(d.keys[0]);
          if (/a new idempotency key/.test(text)) {
            expect(d.keys[1]).toBeDefined();
            expect(d.keys[1]).not.toBe(d.keys[0]);
          }
          expect(text).not.toMatch(/reused/);

          // Retries, errors, lost results, the backend.
          expect(/No retry\./.test(t.summary)).toBe(fault !== 'none' && d.attempts === 1);
          const id = /request id (\d+)/.exec(t.summary)?.[1];
          if (id) expect(d.retryId).toBe(Number(id));
          if (/Both attempts/.test(text)) expect(d.attempts).toBe(2);
          for (const m of text.matchAll(/error (-\d+)/g)) expect(d.errorCodes).toContain(Number(m[1]));
          if (/never reached the client/.test(text)) expect(d.resultLost).toBe(true);
          if (/backend was never called/.test(text)) expect(d.backendCalled).toBe(false);
          if (/never reached the backend|refused the connection/.test(text)) expect(d.backendRefused).toBe(true);
          const count = /(\d+) tickets? in the backend/.exec(t.summary)?.[1];
          if (count) expect(d.created.length).toBe(Number(count));
          expect(t.userSees.outcome === 'result-as-normal').toBe(fault === 'none' || d.endsWithResult);

          // Who notices, as the drawn steps show it.
          const evidence: Record<string, boolean> = {
            'client-timeout': d.timeout,
            'json-parser': d.firstIsParseError,
            'mcp-envelope': d.errorCodes[0] === -32602 && !d.backendCalled,
            'method-dispatch': (d.errorCodes[0] === -32601 || d.errorCodes[0] === -32602) && !d.backendCalled,
            'tool-input-validation': d.endsWithToolError && !d.backendCalled,
            'tool-backend': d.backendRefused,
          };
          if (fault === 'none') expect(t.detectedBy).toBeUndefined();
          else expect(evidence[t.detectedBy!.layer], `${fault}: ${t.detectedBy!.layer}`).toBe(true);
        });
      }
    }
  }

  it('says the blind retry after a refused backend created the ticket with a new key (the reported mix-up)', () => {
    const t = buildTimeline({ scenario: 'lost-response-after-write', fault: 'backend', retry: 'blind' });
    expect(t.userSees.detail).toMatch(/a new idempotency key, created TCK-1001/);
    expect(t.userSees.detail).not.toMatch(/same idempotency key|again/);
  });
});

describe('fault outcomes come from the decision table', () => {
  for (const fault of TIMELINE_FAULTS.filter((f) => f !== 'none')) {
    for (const tool of ['create_ticket', 'get_incident'] as const) {
      it(`${fault} on ${tool}: who notices and whether a retry is safe are the scenario's answers`, () => {
        const decision = faultScenario(fault, tool)!;
        const t = buildTimeline({
          scenario: TIMELINE_SCENARIOS.find((s) => s.tool === tool)!.id,
          fault,
          retry: 'none',
        });
        expect(t.detectedBy?.layer).toBe(decision.answer.layer);
        expect(t.retryAdvice?.policy).toBe(decision.answer.retry);
        expect(t.userSees.outcome).toBe(decision.answer.userSees);
      });
    }
  }
});

describe('messages on the timeline', () => {
  it('classify under 2026-07-28 with no error finding, except the requests a fault breaks on purpose', () => {
    for (const scenario of TIMELINE_SCENARIOS)
      for (const fault of TIMELINE_FAULTS)
        for (const retry of TIMELINE_RETRIES)
          for (const step of buildTimeline({ scenario: scenario.id, fault, retry }).steps) {
            if (step.wire === undefined) continue;
            const c = classifyMessage(step.wire, { protocol: '2026-07-28' });
            const errors = c.findings.filter((f) => f.severity === 'error').map((f) => f.id);
            const where = `${scenario.id}/${fault}/${retry}: ${step.label}`;
            if (step.broken) expect(isBroken(c), where).toBe(true);
            else
              expect({ where, kind: c.kind, errors }).toEqual({
                where,
                kind: expect.stringMatching(/^(request|result|error)$/),
                errors: [],
              });
          }
  });
});
