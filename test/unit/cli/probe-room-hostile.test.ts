/**
 * `mcp-lab probe --room` against a hostile or wrong workshop server, over real sockets with the global fetch: the
 * hand-in contacts only the server address given (a redirect elsewhere is not followed, so neither the sign-in nor
 * the report reaches another host), reads a bounded answer, and never prints the sign-in, even when the server
 * echoes it back.
 */
import { describe, expect, it } from 'vitest';
import { handInToRoom, roomTarget } from '../../../src/cli/commands/probe-room.ts';
import { readProbeReport, type ProbeReport } from '../../../src/probe/report.ts';
import { SAMPLE_REPORT } from '../../support/probe-report-sample.ts';
import { useLocalServers } from '../../support/local-server.ts';

const CODE = 'ACDE-FGHJ';
const TOKEN = `${'a'.repeat(22)}.${'b'.repeat(43)}`;

const sample = (): ProbeReport => {
  const read = readProbeReport(JSON.stringify(SAMPLE_REPORT));
  if (!read.ok) throw new Error(read.problem);
  return read.report;
};

const serve = useLocalServers();

/** The room's own answer to GET /api/me for the room CODE names. */
const meOfRoom = JSON.stringify({ learner: { id: 'x', name: 'Ada', joinedAt: 0 }, room: { code: 'ACDEFGHJ' } });

describe('mcp-lab probe --room against a hostile workshop server', () => {
  it('follows no redirect: another host gets neither the sign-in nor the report', async () => {
    const elsewhere: string[] = [];
    const other = await serve((req, res) => {
      elsewhere.push(`${req.method} ${req.url}`);
      if (req.url === '/api/me') res.writeHead(200, { 'content-type': 'application/json' }).end(meOfRoom);
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{"results":[{"status":"stored"}]}');
    });
    const given = await serve((req, res) => res.writeHead(307, { location: `${other}${req.url}` }).end());
    const outcome = await handInToRoom(roomTarget(CODE, given, { MCP_LAB_ROOM_TOKEN: TOKEN }), sample(), '{}');
    expect(outcome.kind).toBe('refused');
    expect(outcome.line).toMatch(/redirect/);
    expect(elsewhere).toEqual([]);
  });

  it('stops reading an answer that never ends, and says it is too large', async () => {
    let written = 0;
    const given = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const more = () => {
        while (!res.destroyed && res.write(chunk)) written += chunk.length;
        if (!res.destroyed) res.once('drain', more);
      };
      res.write('{"room":{"code":"ACDEFGHJ","title":"');
      more();
    });
    const outcome = await handInToRoom(roomTarget(CODE, given, { MCP_LAB_ROOM_TOKEN: TOKEN }), sample(), '{}');
    expect(outcome.kind).toBe('refused');
    expect(outcome.line).toMatch(/larger than/);
    // Far less than the 10-second timeout would let through at loopback speed.
    expect(written).toBeLessThan(64 * 1024 * 1024);
  }, 30_000);

  it('never prints the sign-in, even when the server writes it back', async () => {
    const given = await serve((req, res) =>
      res
        .writeHead(401, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: `unknown sign-in ${String(req.headers.authorization)}` })),
    );
    const outcome = await handInToRoom(roomTarget(CODE, given, { MCP_LAB_ROOM_TOKEN: TOKEN }), sample(), '{}');
    expect(outcome.kind).toBe('refused');
    expect(outcome.line).toMatch(/unknown sign-in/);
    expect(outcome.line).not.toContain(TOKEN);
  });
});
