/**
 * Runs the mcp-lab CLI as a real process the way a user runs it (the project's Node 24, which runs .ts directly; the
 * test runner's own Node when node_modules has none), from the repository root, with `stdin` piped in.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
const CLI = join(ROOT, 'src/cli/mcp-lab.ts');
const LOCAL_NODE = join(ROOT, 'node_modules/.bin/node');
const NODE = existsSync(LOCAL_NODE) ? LOCAL_NODE : process.execPath;

/** The exit code and the raw bytes written to stdout and stderr. */
export function runCliBytes(
  args: string[],
  stdin: string | Buffer = '',
): Promise<{ code: number | null; stdout: Buffer; stderr: Buffer }> {
  return new Promise((done, fail) => {
    const child = spawn(NODE, [CLI, ...args], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout: Buffer.concat(out), stderr: Buffer.concat(err) }));
    // A CLI that exits before reading all of stdin closes the pipe; that is its answer, not the test's failure.
    child.stdin.on('error', () => undefined);
    child.stdin.end(stdin);
  });
}

/** The exit code and stdout and stderr as UTF-8 text. */
export async function runCli(
  args: string[],
  stdin: string | Buffer = '',
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { code, stdout, stderr } = await runCliBytes(args, stdin);
  return { code, stdout: stdout.toString('utf8'), stderr: stderr.toString('utf8') };
}
