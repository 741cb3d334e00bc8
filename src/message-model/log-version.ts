/**
 * Which protocol a log speaks, and when it changes: the 2026-07-28 `_meta` envelope or `server/discover` (spec
 * 2026-07-28 basic/versioning.mdx), the `initialize` handshake and its answer (2025-11-25 basic/lifecycle.mdx §Version
 * Negotiation: the server "MUST respond with another protocol version it supports" when it lacks the one asked for),
 * and the dual-era fallback a client follows when a modern probe fails (2026-07-28 basic/transports/stdio.mdx
 * §Backward Compatibility: "The server returns any other error ...: the server is legacy. Fall back to the
 * `initialize` handshake."; a `server/discover` still unanswered at `initialize` is one that "does not respond
 * within a reasonable timeout"), which switches the session to the negotiated legacy version from that line on.
 */
import { MODERN_ERROR_CODES } from './error-codes.ts';
import { isObject, idKey, type ProtocolDetection } from './log-session.ts';
import { DEFAULT_PROTOCOL, isMcpVersion, legacyEra, isProtocol, MCP_VERSIONS, type Protocol } from './protocols.ts';

/** Decides the protocol of a log, and follows a fallback from 2026-07-28 to an initialize-negotiated version. */
export class VersionDetector {
  detection: ProtocolDetection | undefined;
  /** An initialize request whose answer may still name the negotiated version. */
  private initialize: { line: number; id: unknown; asked: string } | undefined;
  /** A modern request (a probe) whose answer is still awaited, and one answered with a non-modern error. */
  private probes = new Map<string, { line: number; method: string }>();
  private failedProbe: number | undefined;
  /** After a fallback: the initialize request whose answer may name another version. */
  private fallback: { line: number; id: unknown } | undefined;

  constructor(given: Protocol | undefined) {
    if (given !== undefined && isProtocol(given))
      this.detection = { protocol: given, source: 'given', evidence: `The protocol ${given} was given.` };
  }

  get protocol(): Protocol {
    return this.detection?.protocol ?? DEFAULT_PROTOCOL;
  }

  /** Looks at a held line (no version decided yet); decides when the line settles it. */
  look(line: number, v: unknown): void {
    if (!isObject(v)) return;
    const params = isObject(v.params) ? v.params : undefined;
    const meta = params && isObject(params._meta) ? params._meta : undefined;
    const envelope = meta?.['io.modelcontextprotocol/protocolVersion'];
    if (typeof v.method === 'string' && 'id' in v) {
      if (typeof envelope === 'string')
        return this.decide(
          envelope,
          line,
          "the request's _meta envelope names io.modelcontextprotocol/protocolVersion",
        );
      if (v.method === 'server/discover')
        return this.decide('2026-07-28', line, 'server/discover exists only from 2026-07-28 on');
      if (v.method === 'initialize' && typeof params?.protocolVersion === 'string' && !this.initialize)
        this.initialize = { line, id: v.id, asked: params.protocolVersion };
      return;
    }
    // The answer to initialize names the version the server chose, which wins over the one the client asked for.
    if (this.initialize && ('result' in v || 'error' in v) && idKey(v.id) === idKey(this.initialize.id)) {
      const chosen = isObject(v.result) ? v.result.protocolVersion : undefined;
      if (typeof chosen === 'string') return this.decide(chosen, line, 'the server answered initialize with it');
      return this.decide(this.initialize.asked, this.initialize.line, 'the initialize request asks for it');
    }
  }

  /** At the end of a log that never decided: the initialize request's version, else the default. */
  settle(): void {
    if (this.detection) return;
    if (this.initialize)
      this.decide(
        this.initialize.asked,
        this.initialize.line,
        'the initialize request asks for it and no answer names another',
      );
    else this.fallBack();
  }

  /**
   * Follows a decided 2026-07-28 session line by line (before the line is classified): a modern request answered
   * with an error that is not a recognised modern one, then `initialize`, switches to the version it negotiates.
   * Returns true when the line switched the protocol.
   */
  follow(line: number, v: unknown): boolean {
    const d = this.detection;
    if (!d || d.source === 'given' || !isObject(v)) return false;
    const response = !('method' in v) && ('result' in v || 'error' in v);
    if (d.protocol === '2026-07-28') {
      if (typeof v.method === 'string' && 'id' in v && v.method !== 'initialize') {
        this.probes.set(idKey(v.id), { line, method: v.method });
        return false;
      }
      if (response && this.probes.has(idKey(v.id))) {
        const probe = this.probes.get(idKey(v.id))!;
        this.probes.delete(idKey(v.id));
        const code = isObject(v.error) ? v.error.code : undefined;
        if ('error' in v && !(typeof code === 'number' && MODERN_ERROR_CODES.has(code))) this.failedProbe = probe.line;
        else this.failedProbe = undefined;
        return false;
      }
      // A server/discover probe still unanswered when the client sends initialize is the probe that "does not respond
      // within a reasonable timeout" (stdio.mdx §Backward Compatibility): the client gave up on it.
      if (v.method === 'initialize' && 'id' in v && this.failedProbe === undefined)
        for (const [key, probe] of this.probes)
          if (probe.method === 'server/discover') {
            this.failedProbe = probe.line;
            this.probes.delete(key);
            break;
          }
      if (v.method === 'initialize' && 'id' in v && this.failedProbe !== undefined) {
        const params = isObject(v.params) ? v.params : undefined;
        const asked = typeof params?.protocolVersion === 'string' ? params.protocolVersion : undefined;
        if (asked === undefined) return false;
        const legacy = legacyEra(asked);
        this.detection = {
          protocol: legacy,
          source: 'detected',
          line,
          before: '2026-07-28',
          evidence: `Line ${line}: the client falls back to initialize after the modern request on line ${this.failedProbe} failed (answered with an error that is not a modern one, or never answered), and asks for ${asked}; from this line on the session is ${legacy}.`,
        };
        this.fallback = { line, id: v.id };
        return true;
      }
      return false;
    }
    // After a fallback, the answer to initialize names the version the server chose.
    if (this.fallback && response && idKey(v.id) === idKey(this.fallback.id)) {
      const chosen = isObject(v.result) ? v.result.protocolVersion : undefined;
      const start = this.fallback.line;
      this.fallback = undefined;
      if (typeof chosen !== 'string') return false;
      const legacy = legacyEra(chosen);
      if (legacy === d.protocol) return false;
      this.detection = {
        ...d,
        protocol: legacy,
        line,
        evidence: `Line ${line}: the server answered the fallback initialize on line ${start} with ${chosen}; from this line on the session is ${legacy}.`,
      };
      return true;
    }
    return false;
  }

  private decide(version: string, line: number, why: string): void {
    if (isProtocol(version) && isMcpVersion(version)) {
      this.detection = { protocol: version, source: 'detected', line, evidence: `Line ${line}: ${why} (${version}).` };
    } else {
      this.detection = {
        protocol: DEFAULT_PROTOCOL,
        source: 'default',
        line,
        evidence: `Line ${line} names ${JSON.stringify(version)} (${why}), a version the model does not cover (${MCP_VERSIONS.join(', ')}); classified under ${DEFAULT_PROTOCOL}.`,
      };
    }
  }

  fallBack(): void {
    this.detection = {
      protocol: DEFAULT_PROTOCOL,
      source: 'default',
      evidence: `No line names a version (no initialize, server/discover or _meta envelope); classified under ${DEFAULT_PROTOCOL}.`,
    };
  }
}
