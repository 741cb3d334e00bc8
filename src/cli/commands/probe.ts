/**
 * `mcp-lab probe -- COMMAND...` and `mcp-lab probe --url URL`: probes an MCP server's message and error semantics
 * (src/probe/) and prints the report as text or JSON. The command decides nothing itself: the runner judges with
 * the message model. It spawns only the command typed after `--` and contacts only the URL given.
 */
import { parseArgs } from 'node:util';
import { MCP_VERSIONS, type McpVersion } from '#message-model';
import { EXIT_OK, UsageError, usageErrorFromParseArgs, write, type CliIo, type Command } from '../command.ts';
import { escapeControls, terminalSafeJson } from '../../lib/text.ts';
import { DEFAULT_TIMEOUT_MS, runProbe } from '../../probe/run.ts';
import { spawnServer } from '../../probe/spawn.ts';
import { formatProbeReport } from '../../probe/text.ts';
import { handInToRoom, roomTarget, ROOM_SERVER_ENV, ROOM_TOKEN_ENV } from './probe-room.ts';

/** Exit code when some MUST check failed (or the server could not be reached). */
const EXIT_MUST_FAILED = 1;
/** Exit code when `--room` was given and the room did not store the report. */
const EXIT_NOT_HANDED_IN = 3;

const HELP = `Usage: mcp-lab probe [--protocol VERSION] [--format text|json] [--timeout MS] -- COMMAND [ARG...]
       mcp-lab probe [--protocol VERSION] [--format text|json] [--timeout MS] --url URL

Send an MCP server the messages a careful client would never send (malformed
JSON, a batch, an unknown method, a null id, a failing tool call, ...) and
check each answer against the spec. Every check says what was sent, what came
back, the spec sentence it rests on (MUST, SHOULD or MAY) and the course
section that teaches it.

Server
  -- COMMAND    start COMMAND (no shell) and talk to it over stdio; its
                stderr is kept for the report
  --url URL     talk to a running server over Streamable HTTP (only this URL
                is contacted)

Options
  --protocol VERSION  2025-06-18, 2025-11-25 or 2026-07-28 (default: detect,
                      as a client would: server/discover, then initialize)
  --format FORMAT     text (default) or json (the report you hand in)
  --timeout MS        how long one exchange may take (default ${DEFAULT_TIMEOUT_MS})
  --site URL          where the course is served, for the chapter links of the
                      text report (default: the SITE_URL environment variable;
                      without either, each chapter is named by its path)
  --room CODE         hand the report in to your workshop room (its join code)
                      as your capstone report, after printing it; needs your
                      room sign-in in ${ROOM_TOKEN_ENV} and the server in
                      --room-server URL or ${ROOM_SERVER_ENV}. In a room, the
                      capstone page shows the whole command to copy
  --room-server URL   the workshop server's address, for --room
  -h, --help          show this help

Exit status
  0  every MUST check passed
  1  a MUST check failed, or the server could not be reached
  2  bad flags, or the command could not be started
  3  --room was given and the room did not store the report (the line on
     stderr says why)

Examples
  mcp-lab probe -- node my-server.js
  mcp-lab probe --protocol 2025-11-25 -- node my-server.js
  mcp-lab probe --url http://127.0.0.1:3000/mcp --format json > report.json
  MCP_LAB_ROOM_TOKEN=... mcp-lab probe --room ABCD-EFGH \\
    --room-server http://192.168.1.20:8080 --format json -- node my-server.js > report.json
`;

function parse(args: string[]) {
  const dash = args.indexOf('--');
  const own = dash === -1 ? args : args.slice(0, dash);
  const server = dash === -1 ? [] : args.slice(dash + 1);
  try {
    const { values, positionals } = parseArgs({
      args: own,
      allowPositionals: true,
      options: {
        url: { type: 'string' },
        protocol: { type: 'string' },
        format: { type: 'string', default: 'text' },
        timeout: { type: 'string' },
        site: { type: 'string' },
        room: { type: 'string' },
        'room-server': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    return { values, positionals, server };
  } catch (error) {
    throw usageErrorFromParseArgs(error);
  }
}

export const probeCommand: Command = {
  name: 'probe',
  summary: "probe an MCP server's message and error semantics (stdio or Streamable HTTP)",
  help: HELP,
  async run(args: string[], io: CliIo): Promise<number> {
    const { values, positionals, server } = parse(args);
    if (values.help) {
      await write(io.stdout, HELP);
      return EXIT_OK;
    }
    if (positionals.length > 0)
      throw new UsageError(`put the server's command after --: mcp-lab probe -- ${positionals.join(' ')}`);
    if (values.url === undefined && server.length === 0)
      throw new UsageError('no server: give -- COMMAND (stdio) or --url URL (Streamable HTTP)');
    if (values.url !== undefined && server.length > 0)
      throw new UsageError('give either --url or -- COMMAND, not both');
    if (values.format !== 'text' && values.format !== 'json')
      throw new UsageError(`--format is text or json, not ${JSON.stringify(values.format)}`);
    let protocol: McpVersion | undefined;
    if (values.protocol !== undefined) {
      const asked = MCP_VERSIONS.find((v) => v === values.protocol);
      if (!asked)
        throw new UsageError(`--protocol is one of ${MCP_VERSIONS.join(', ')}, not ${JSON.stringify(values.protocol)}`);
      protocol = asked;
    }
    const timeoutMs = values.timeout === undefined ? DEFAULT_TIMEOUT_MS : Number(values.timeout);
    if (!Number.isInteger(timeoutMs) || timeoutMs < 100 || timeoutMs > 600_000)
      throw new UsageError(`--timeout is a whole number of milliseconds from 100 to 600000, not ${values.timeout}`);
    const options = { timeoutMs, ...(protocol ? { protocol } : {}) };
    const site = values.site ?? process.env.SITE_URL ?? '';
    if (site !== '') {
      let siteUrl: URL | undefined;
      try {
        siteUrl = new URL(site);
      } catch {
        siteUrl = undefined;
      }
      if (!siteUrl || (siteUrl.protocol !== 'http:' && siteUrl.protocol !== 'https:'))
        throw new UsageError(`--site (or SITE_URL) is an http: or https: address, not ${JSON.stringify(site)}`);
    }

    if (values['room-server'] !== undefined && values.room === undefined)
      throw new UsageError('--room-server goes with --room CODE');
    // Checked before the probe runs, so a typo costs no run.
    const room = values.room === undefined ? undefined : roomTarget(values.room, values['room-server'], process.env);

    let report;
    if (values.url !== undefined) {
      let url: URL;
      try {
        url = new URL(values.url);
      } catch {
        throw new UsageError(`--url is not a URL: ${values.url}`);
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError('--url must be http: or https:');
      report = await runProbe({ transport: 'http', url: url.href, fetch: (request) => fetch(request) }, options);
    } else {
      const [command, ...rest] = server as [string, ...string[]];
      let spawned;
      try {
        spawned = await spawnServer(command, rest);
      } catch (error) {
        throw new UsageError((error as Error).message);
      }
      try {
        report = await runProbe(
          { transport: 'stdio', channel: spawned.channel, command: server.join(' '), stderr: spawned.stderr },
          options,
        );
      } finally {
        await spawned.stop();
      }
    }
    // Everything received is the server's: control characters are escaped before they reach a terminal.
    const json = `${terminalSafeJson(report)}\n`;
    const text =
      values.format === 'json' ? json : formatProbeReport(report, site).split('\n').map(escapeControls).join('\n');
    await write(io.stdout, text);
    if (room) {
      // The hand-in names the JSON text's SHA-256: the file `--format json` writes is the one it vouches for.
      const handedIn = await handInToRoom(room, report, json);
      await write(io.stderr, `${escapeControls(handedIn.line)}\n`);
      if (handedIn.kind === 'refused') return EXIT_NOT_HANDED_IN;
    }
    return report.score.must.passed === report.score.must.of ? EXIT_OK : EXIT_MUST_FAILED;
  },
};
