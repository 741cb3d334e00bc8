#!/usr/bin/env node
/**
 * mcp-lab: the MCP Message Lab command line. Dispatches to the subcommands in ./commands/index.ts; each decides
 * nothing about messages itself and asks `#message-model`. Runs on Node 24 (TypeScript with erasable syntax only).
 *
 *   npx mcp-lab --help
 *   npm run --silent lab -- classify message.json
 */
import { readFileSync, realpathSync } from 'node:fs';
import { EXIT_OK, EXIT_USAGE, UsageError, write, type CliIo } from './command.ts';
import { escapeControls } from '../lib/text.ts';
import { COMMANDS } from './commands/index.ts';

function mainHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return `Usage: mcp-lab <command> [options]

MCP Message Lab on the command line: the course's message model, for your own messages and logs.

Commands
${COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`).join('\n')}

Options
  -h, --help     show this help (and "mcp-lab <command> --help" for a command)
  -v, --version  print the version

Exit status: 0 when the input was read, 2 for bad flags or unreadable input.

Examples
  mcp-lab classify message.json
  mcp-lab classify --jsonl --format json session.log
  mcp-lab classify --help
`;
}

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string };
  return pkg.version ?? 'unknown';
}

/** Runs mcp-lab with the arguments after the program name; resolves to the exit code. Never throws. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [first, ...rest] = argv;
  let prefix = 'mcp-lab';
  try {
    if (first === undefined) {
      await write(io.stderr, mainHelp());
      return EXIT_USAGE;
    }
    if (first === '-h' || first === '--help' || first === 'help') {
      const target = first === 'help' ? COMMANDS.find((c) => c.name === rest[0]) : undefined;
      await write(io.stdout, target ? target.help : mainHelp());
      return EXIT_OK;
    }
    if (first === '-v' || first === '--version') {
      await write(io.stdout, `mcp-lab ${version()}\n`);
      return EXIT_OK;
    }
    const command = COMMANDS.find((c) => c.name === first);
    if (!command) {
      const what = first.startsWith('-')
        ? `unknown option ${JSON.stringify(first)}`
        : `unknown command ${JSON.stringify(first)}`;
      throw new UsageError(`${what}: commands are ${COMMANDS.map((c) => c.name).join(', ')} (see mcp-lab --help)`);
    }
    prefix = `mcp-lab ${command.name}`;
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      // Messages quote file names and flags the user typed: escaped, so none can act on the terminal.
      await write(io.stderr, `${prefix}: ${escapeControls(error.message.replace(/\s*\n\s*/g, ' '))}\n`);
      return EXIT_USAGE;
    }
    // A bug, not a user mistake: say so on one line and keep the details for the bug report.
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    await write(io.stderr, `${prefix}: internal error: ${escapeControls(detail.split('\n')[0]!)}\n`);
    return 1;
  }
}

const isMain = process.argv[1] !== undefined && import.meta.filename === realpathSync(process.argv[1]);
if (isMain) {
  // A closed pipe (`mcp-lab ... | head`) is a normal way for a reader to stop: end quietly.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
  process.exitCode = await runCli(process.argv.slice(2), {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
  });
}
