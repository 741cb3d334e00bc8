/**
 * What both conformance recorders share (conformance/record.ts and capstone-conformance/record.ts): the pinned
 * conformance suite's CLI, the versions a manifest names, and one suite run of one scenario that returns the suite's
 * own checks.json, byte for byte.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = new URL('../../', import.meta.url);

/** The suite's CLI (the @modelcontextprotocol/conformance devDependency), run on this project's Node. */
export const suiteBin = fileURLToPath(new URL('node_modules/@modelcontextprotocol/conformance/dist/index.js', root));

const version = (name: string): string =>
  (JSON.parse(readFileSync(new URL(`node_modules/${name}/package.json`, root), 'utf8')) as { version: string }).version;

/** The suite and the SDK as a manifest names them, `name@version`. */
export const recordedWith = {
  suite: `@modelcontextprotocol/conformance@${version('@modelcontextprotocol/conformance')}`,
  sdk: `@modelcontextprotocol/server@${version('@modelcontextprotocol/server')}`,
};

/** The checks.json the suite wrote somewhere under `dir`. */
function findChecks(dir: string): string | undefined {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      const found = findChecks(path);
      if (found) return found;
    } else if (name === 'checks.json') return path;
  }
  return undefined;
}

/**
 * Runs the suite's `server` command for one scenario against `url` under `revision`, in a scratch folder it removes
 * after; resolves with the exit code and the checks.json bytes, or throws when the suite wrote none (`what` names the
 * run in that message).
 */
export async function runSuiteScenario(
  url: string,
  scenario: string,
  revision: string,
  what: string,
): Promise<{ exitCode: number; checks: Buffer }> {
  const out = mkdtempSync(join(tmpdir(), 'conformance-'));
  try {
    const exitCode = await new Promise<number>((resolve) => {
      const child = spawn(
        process.execPath,
        [suiteBin, 'server', '--url', url, '--scenario', scenario, '--spec-version', revision, '-o', out],
        { cwd: fileURLToPath(root), stdio: ['ignore', 'ignore', 'inherit'] },
      );
      child.on('exit', (code) => resolve(code ?? 1));
    });
    const checks = findChecks(out);
    if (!checks) throw new Error(`${what} ${scenario}: the suite wrote no checks.json (exit ${exitCode})`);
    return { exitCode, checks: readFileSync(checks) };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
