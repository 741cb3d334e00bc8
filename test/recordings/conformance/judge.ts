/**
 * Judges the conformance recordings exchange by exchange: what the official suite said about each exchange (from its
 * checks.json and suite-checks.json, the table that says which checks are about the wire and which exchange each is
 * about) against what the course's HTTP analyser says about the same exchange (classifyHttpExchange over readHar).
 * Reads only committed files. Used by test/unit/message-model/conformance-recordings.test.ts.
 */
import { readFileSync } from 'node:fs';
import { classifyHttpExchange, readHar, type HttpExchangeClassification } from '#message-model';

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

/** One row of disagreements.json: an exchange where the analyser and the suite differ, and who the spec backs. */
export interface Disagreement {
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
      });
    }
  }
  return { exchanges, problems };
}

const inScope = (row: { wiring: string; scenario: string; exchange: ExchangeMatch }, x: JudgedExchange) =>
  (row.wiring === '*' || row.wiring === x.wiring) &&
  (row.scenario === '*' || row.scenario === x.scenario) &&
  matches(x, row.exchange);

/** A finding on a passed exchange that the spec backs (a disagreement row where the linter is right). */
export const backedBySpec = (x: JudgedExchange, finding: string): Disagreement | undefined =>
  DISAGREEMENTS.find((row) => row.specSides === 'linter' && row.finding === finding && inScope(row, x));

/** A known linter fault that explains this false alarm. */
export const knownFault = (x: JudgedExchange, finding: string): KnownFault | undefined =>
  KNOWN_LINTER_FAULTS.find((row) => row.finding === finding && inScope(row, x));

/** A suite failure the spec says is the suite's mistake, so the analyser need not flag it. */
export const suiteWrong = (x: JudgedExchange, check: string): Disagreement | undefined =>
  DISAGREEMENTS.find((row) => row.specSides === 'suite' && row.finding === check && inScope(row, x));

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

export function figures(exchanges: JudgedExchange[]): Figures {
  const out: Figures = { exchanges: exchanges.length, falseAlarms: [], misses: [], agreeing: 0, linterRight: [] };
  for (const x of exchanges) {
    const owed = x.suiteFailures.filter((check) => !suiteWrong(x, check));
    let agrees = true;
    if (owed.length > 0) {
      if (x.serverFindings.length === 0) {
        for (const check of owed) out.misses.push({ key: x.key, check });
        agrees = false;
      }
    } else {
      for (const finding of x.serverFindings) {
        if (backedBySpec(x, finding)) {
          out.linterRight.push({ key: x.key, finding });
          continue;
        }
        const known = knownFault(x, finding);
        out.falseAlarms.push(known ? { key: x.key, finding, known } : { key: x.key, finding });
        agrees = false;
      }
    }
    if (agrees) out.agreeing += 1;
  }
  return out;
}
