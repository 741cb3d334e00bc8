import { TIMELINE_SCENARIOS, TIMELINE_FAULTS, TIMELINE_RETRIES, buildTimeline } from '#course';
import { classifyMessage } from '#message-model';
for (const s of TIMELINE_SCENARIOS) for (const fault of TIMELINE_FAULTS) for (const retry of TIMELINE_RETRIES) {
  let t; try { t = buildTimeline({ scenario: s.id, fault, retry }); } catch (e) { console.log('throws', s.id, fault, retry, String(e).slice(0,80)); continue; }
  if ((t as any).kind && (t as any).kind !== 'timeline') { continue; }
  for (const st of t.steps) if (st.wire) {
    const c = classifyMessage(st.wire, { protocol: (s as any).protocol ?? '2026-07-28' });
    const errs = c.findings.filter(f => f.severity === 'error').map(f => f.id);
    if (errs.length || c.kind === 'parse-error' || c.kind === 'invalid') console.log(s.id, fault, retry, st.attempt, st.from+'->'+st.to, c.kind, errs.join(','));
  }
}
console.log(Object.keys(TIMELINE_SCENARIOS[0]!));
