import { describe, expect, it } from 'vitest';
import { TIMELINE_FAULTS, buildTimeline } from '#course';

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
