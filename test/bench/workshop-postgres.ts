/**
 * A throwaway PostgreSQL cluster for the workshop bench, which must be able to restart it under load. Uses the
 * newest installed server under /usr/lib/postgresql/<version>/bin; as root it runs initdb and postgres as the
 * postgres user (they refuse root). Listens on a Unix socket in a fresh temporary folder only.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

/** A running cluster. */
export interface BenchPostgres {
  url: string;
  version: string;
  restart(downMs: number): Promise<void>;
  stop(): void;
}

function binDir(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest ? join(base, newest, 'bin') : undefined;
}

/** Starts a cluster, or returns why it cannot. */
export function startBenchPostgres(): BenchPostgres | string {
  const bin = binDir();
  if (!bin) return 'no PostgreSQL server binaries under /usr/lib/postgresql/*/bin (apt-get install postgresql)';
  const root = userInfo().uid === 0;
  const dir = mkdtempSync(join(tmpdir(), 'workshop-bench-pg-'));
  if (root) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  const run = (tool: string, args: string[]) =>
    execFileSync(root ? 'runuser' : join(bin, tool), root ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args, {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  run('initdb', ['-D', join(dir, 'data'), '-A', 'trust', '-U', 'postgres', '--no-instructions']);
  const options = `-c listen_addresses='' -k ${dir} -c max_connections=200`;
  const start = () => run('pg_ctl', ['-D', join(dir, 'data'), '-l', join(dir, 'log'), '-w', '-o', options, 'start']);
  const stop = (mode: string) => run('pg_ctl', ['-D', join(dir, 'data'), '-m', mode, '-w', 'stop']);
  start();
  const version = /(\d+\.\d+)/.exec(execFileSync(join(bin, 'postgres'), ['--version']).toString())?.[1] ?? '?';
  return {
    url: `postgres://postgres@localhost/postgres?host=${dir}`,
    version,
    async restart(downMs) {
      stop('immediate');
      await new Promise((r) => setTimeout(r, downMs));
      start();
    },
    stop() {
      try {
        stop('fast');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
