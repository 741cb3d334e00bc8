/**
 * Judges the conformance recordings exchange by exchange: what the official suite said about each exchange (from its
 * checks.json and suite-checks.json, the table that says which checks are about the wire and which exchange each is
 * about) against what the course's HTTP analyser says about the same exchange (classifyHttpExchange over readHar).
 * Reads only committed files. Used by test/unit/message-model/conformance-recordings.test.ts.
 */
import { readFileSync } from 'node:fs';
import {
  classifyHttpExchange,
  createLogAnalyzer,
  readHar,
  parseEventStream,
  type HttpExchangeClassification,
} from '#message-model';

const here = new URL('./', import.meta.url);
const readJson = <T>(path: string): T => JSON.parse(readFileSync(new URL(path, here), 'utf8')) as T;

export interface Manifest {
  suite: string;
  sdk: string;
  node: string;
  date: string;
  runs: {
    wiring: string;
    revision: string;
    har: string;
    entries: number;
    scenarios: { name: string; exitCode: number; entries: number; checks: string }[];
  }[];
}

export interface SuiteCheck {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'SKIPPED' | 'INFO';
  errorMessage?: string;
}

/** Which exchanges of a scenario a suite check is about: the JSON-RPC method and, for tools/prompts, the name. */
export interface ExchangeMatch {
  method: string;
  name?: string;
}

/** One row of suite-checks.json: a check id the suite failed somewhere in the recordings. */
export interface SuiteCheckRow {
  check: string;
  /** `wire`: about a message's shape, an error code or an HTTP status, so the analyser must flag it. */
  scope: 'wire' | 'not-wire';
  /** For `wire` rows: the exchange(s) of the scenario the check judges (from the suite's source). */
  exchange?: ExchangeMatch;
  why: string;
}

export type Layer = 'http' | 'log';

/** One row of disagreements.json: an exchange where the analyser and the suite differ, and who the spec backs. */
export interface Disagreement {
  /** Which analyser the row is about: the HTTP exchange reader, or the session-log analyser. */
  layer: Layer;
  wiring: string;
  scenario: string;
  exchange: ExchangeMatch;
  finding: string;
  /** `linter`: the finding is right and the suite is silent; `suite`: the suite is right. */
  specSides: 'linter' | 'suite';
  spec: { version: string; page: string; heading: string; quote: string };
  why: string;
}

/** One row of known-linter-faults.json: false alarms of today's analyser, each the effect of a named bug. */
export interface KnownFault {
  layer: Layer;
  /** A wiring name, or `*` for every wiring. */
  wiring: string;
  /** A scenario name, or `*` for every scenario. */
  scenario: string;
  exchange: ExchangeMatch;
  finding: string;
  /** How many recorded exchanges the row covers (the test requires exactly this many). */
  count: number;
  bug: string;
}

/** The HTTP exchange a session-log line came from, and who sent the line. */
interface LogLine {
  text: string;
  from: 'client' | 'server';
  exchange: JudgedExchange;
}

export interface JudgedExchange {
  wiring: string;
  revision: string;
  scenario: string;
  /** `wiring scenario HTTP-method JSON-RPC-method [name] #n`, n counting the same request in the scenario. */
  key: string;
  httpMethod: string;
  method: string;
  name?: string;
  status: number;
  classification: HttpExchangeClassification;
  /** Error and warning findings against the server: the response's own, and those of each message it carried. */
  serverFindings: string[];
  /** The suite's wire checks that failed on this exchange (suite-checks.json maps them). */
  suiteFailures: string[];
  /** The MCP session the exchange belongs to (2025-11-25), else its own key: the unit the log analyser reads. */
  session: string;
  /** The messages of the exchange as a session log writes them: the request body, then each message answered. */
  lines: { text: string; from: 'client' | 'server' }[];
}

export const MANIFEST = readJson<Manifest>('manifest.json');
export const SUITE_CHECKS = readJson<SuiteCheckRow[]>('suite-checks.json');
export const DISAGREEMENTS = readJson<Disagreement[]>('disagreements.json');
export const KNOWN_LINTER_FAULTS = readJson<KnownFault[]>('known-linter-faults.json');

export const readChecks = (path: string): SuiteCheck[] => readJson<SuiteCheck[]>(path);

/** The JSON-RPC method and tool/prompt name of a request body, when it is one. */
function requestOf(body: string | undefined): { method: string; name?: string } {
  if (!body) return { method: '' };
  try {
    const value = JSON.parse(body) as { method?: unknown; params?: { name?: unknown } };
    const method = typeof value.method === 'string' ? value.method : '';
    const name = typeof value.params?.name === 'string' ? value.params.name : undefined;
    return name === undefined ? { method } : { method, name };
  } catch {
    return { method: '' };
  }
}

export const matches = (x: { method: string; name?: string }, m: ExchangeMatch): boolean =>
  x.method === m.method && (m.name === undefined || x.name === m.name);

/** Every exchange of every recorded run, classified, with the suite's wire failures mapped onto it. */
export function judgeRecordings(): { exchanges: JudgedExchange[]; problems: string[] } {
  const exchanges: JudgedExchange[] = [];
  const problems: string[] = [];
  const rows = new Map(SUITE_CHECKS.map((row) => [row.check, row]));
  for (const run of MANIFEST.runs) {
    const text = readFileSync(new URL(run.har, here), 'utf8');
    const raw = (JSON.parse(text) as { log: { entries: { _scenario: string }[] } }).log.entries;
    const har = readHar(text);
    if (har.kind !== 'har') {
      problems.push(`${run.har}: ${har.message}`);
      continue;
    }
    if (har.exchanges.length !== raw.length)
      problems.push(
        `${run.har}: readHar read ${har.exchanges.length} of ${raw.length} entries (${har.skipped.join('; ')})`,
      );
    const failed = new Map<string, SuiteCheck[]>();
    for (const scenario of run.scenarios) {
      const checks = readChecks(scenario.checks).filter((c) => c.status === 'FAILURE');
      for (const check of checks)
        if (!rows.has(check.id))
          problems.push(`${scenario.checks}: the suite failed ${check.id}, which suite-checks.json does not classify`);
      failed.set(scenario.name, checks);
    }
    const seen = new Map<string, number>();
    for (const { index, exchange } of har.exchanges) {
      const scenario = raw[index]?._scenario ?? '';
      const result = classifyHttpExchange(exchange);
      if (result.kind !== 'exchange') {
        problems.push(`${run.har} entry ${index}: ${result.message}`);
        continue;
      }
      const request = requestOf(exchange.request.body);
      const base = [run.wiring, scenario, exchange.request.method, request.method || '-', request.name]
        .filter((part) => part !== undefined)
        .join(' ');
      const n = (seen.get(base) ?? 0) + 1;
      seen.set(base, n);
      const headerOf = (headers: unknown, name: string) =>
        (headers as { name: string; value: string }[] | undefined)?.find((h) => h.name.toLowerCase() === name)?.value;
      const session =
        headerOf(exchange.request.headers, 'mcp-session-id') ??
        headerOf(exchange.response.headers, 'mcp-session-id') ??
        `${run.wiring} entry ${index}`;
      const lines: JudgedExchange['lines'] = [];
      if (exchange.request.body) lines.push({ text: exchange.request.body, from: 'client' });
      const body = exchange.response.body ?? '';
      if (/^text\/event-stream/.test(headerOf(exchange.response.headers, 'content-type') ?? ''))
        for (const event of parseEventStream(body).events) {
          if (event.data.trim() !== '') lines.push({ text: event.data, from: 'server' });
        }
      else if (body.trim() !== '') lines.push({ text: body, from: 'server' });
      const serverFindings = [
        ...result.findings.filter((f) => f.location.part === 'response' && f.severity !== 'info').map((f) => f.id),
        ...result.response.messages.flatMap((m) => m.findings.filter((f) => f.severity !== 'info').map((f) => f.id)),
      ];
      const suiteFailures = (failed.get(scenario) ?? [])
        .filter((check) => {
          const row = rows.get(check.id);
          return row?.scope === 'wire' && row.exchange !== undefined && matches(request, row.exchange);
        })
        .map((check) => check.id);
      exchanges.push({
        wiring: run.wiring,
        revision: run.revision,
        scenario,
        key: `${base} #${n}`,
        httpMethod: exchange.request.method,
        ...request,
        status: exchange.response.status,
        classification: result,
        serverFindings: [...new Set(serverFindings)],
        suiteFailures,
        session: `${run.wiring} ${session}`,
        lines: lines.map((l) => ({ ...l, text: l.text.replace(/\r?\n/g, ' ') })),
      });
    }
  }
  return { exchanges, problems };
}

const inScope = (
  row: { layer: Layer; wiring: string; scenario: string; exchange: ExchangeMatch },
  x: JudgedExchange,
  layer: Layer,
) =>
  row.layer === layer &&
  (row.wiring === '*' || row.wiring === x.wiring) &&
  (row.scenario === '*' || row.scenario === x.scenario) &&
  matches(x, row.exchange);

/** A finding on a passed exchange that the spec backs (a disagreement row where the linter is right). */
export const backedBySpec = (x: JudgedExchange, finding: string, layer: Layer): Disagreement | undefined =>
  DISAGREEMENTS.find((row) => row.specSides === 'linter' && row.finding === finding && inScope(row, x, layer));

/** A known linter fault that explains this false alarm. */
export const knownFault = (x: JudgedExchange, finding: string, layer: Layer): KnownFault | undefined =>
  KNOWN_LINTER_FAULTS.find((row) => row.finding === finding && inScope(row, x, layer));

/** A suite failure the spec says is the suite's mistake, so the analyser need not flag it. */
export const suiteWrong = (x: JudgedExchange, check: string, layer: Layer): Disagreement | undefined =>
  DISAGREEMENTS.find((row) => row.specSides === 'suite' && row.finding === check && inScope(row, x, layer));

export interface Figures {
  exchanges: number;
  /** Findings against the server on exchanges the suite passes, not backed by the spec: the linter's fault. */
  falseAlarms: { key: string; finding: string; known?: KnownFault }[];
  /** Wire failures of the suite the analyser did not flag against the server. */
  misses: { key: string; check: string }[];
  /** Exchanges where the analyser and the suite (corrected by the disagreement table) agree. */
  agreeing: number;
  /** Findings on passed exchanges the spec backs (the linter right, the suite silent). */
  linterRight: { key: string; finding: string }[];
}

/**
 * Compares the suite and one analyser. A log cannot see HTTP status, so for the log layer only the suite's passes
 * are compared (no false alarm), not its wire failures.
 */
export function figures(exchanges: JudgedExchange[], layer: Layer): Figures {
  const out: Figures = { exchanges: exchanges.length, falseAlarms: [], misses: [], agreeing: 0, linterRight: [] };
  for (const x of exchanges) {
    const owed = x.suiteFailures.filter((check) => !suiteWrong(x, check, layer));
    let agrees = true;
    if (owed.length > 0) {
      if (layer === 'http' && x.serverFindings.length === 0) {
        for (const check of owed) out.misses.push({ key: x.key, check });
        agrees = false;
      }
    } else {
      for (const finding of x.serverFindings) {
        if (backedBySpec(x, finding, layer)) {
          out.linterRight.push({ key: x.key, finding });
          continue;
        }
        const known = knownFault(x, finding, layer);
        out.falseAlarms.push(known ? { key: x.key, finding, known } : { key: x.key, finding });
        agrees = false;
      }
    }
    if (agrees) out.agreeing += 1;
  }
  return out;
}

/**
 * The session-log analyser's view: each session's messages (a 2025-11-25 session, or one 2026-07-28 exchange) as
 * one log, in the order the requests arrived, through createLogAnalyzer. Returns, per HTTP exchange, the error and
 * warning findings against the server: those on lines the server sent, and requests the log reports unanswered (an
 * answer the server owed).
 */
export function judgeSessions(exchanges: JudgedExchange[]): JudgedExchange[] {
  const sessions = new Map<string, JudgedExchange[]>();
  for (const x of exchanges) sessions.set(x.session, [...(sessions.get(x.session) ?? []), x]);
  const out: JudgedExchange[] = [];
  for (const members of sessions.values()) {
    const lines: LogLine[] = members.flatMap((exchange) => exchange.lines.map((l) => ({ ...l, exchange })));
    const analyzer = createLogAnalyzer();
    const entries = lines.flatMap((l, i) => analyzer.push(i + 1, l.text));
    const end = analyzer.finish();
    entries.push(...end.entries);
    const against = new Map<JudgedExchange, Set<string>>(members.map((m) => [m, new Set<string>()]));
    const onLine = (line: number) => lines[line - 1];
    for (const entry of entries) {
      const l = onLine(entry.line);
      if (l?.from !== 'server') continue;
      for (const f of entry.classification.findings) if (f.severity !== 'info') against.get(l.exchange)?.add(f.id);
    }
    for (const issue of end.analysis.issues) {
      const l = onLine(issue.line);
      if (!l || issue.severity === 'info') continue;
      if (l.from === 'server' || issue.id === 'request-unanswered') against.get(l.exchange)?.add(issue.id);
    }
    for (const [exchange, ids] of against) out.push({ ...exchange, serverFindings: [...ids] });
  }
  return out;
}
