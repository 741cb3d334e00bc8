/**
 * Starts the stdio server the user typed (the command and its arguments exactly, no shell) and gives the probe a
 * line channel to it. Its stderr is kept, bounded, for the report; when the probe is done the process is asked to
 * stop and, if it does not, killed.
 */
import { spawn } from 'node:child_process';
import { CHANNEL_LIMITS, createLineChannel, type LineChannel } from './channel.ts';

/** A running stdio server. */
export interface SpawnedServer {
  channel: LineChannel;
  /** What the server wrote on stderr so far (its first CHANNEL_LIMITS.stderrBytes bytes). */
  stderr(): string;
  /** Stops the server: SIGTERM, then SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

/** Spawns `command` with `args`; rejects with a sentence when it cannot be started. */
export async function spawnServer(command: string, args: readonly string[]): Promise<SpawnedServer> {
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], shell: false });
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', () => resolve());
    child.once('error', (error) => reject(new Error(`could not start ${JSON.stringify(command)}: ${error.message}`)));
  });
  const channel = createLineChannel(child.stdout, child.stdin);
  let stderr = '';
  let stderrBytes = 0;
  child.stderr.on('data', (chunk: Buffer) => {
    if (stderrBytes < CHANNEL_LIMITS.stderrBytes)
      stderr += chunk.subarray(0, CHANNEL_LIMITS.stderrBytes - stderrBytes).toString('utf8');
    stderrBytes += chunk.length;
  });
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      channel.end({ kind: 'exited', detail: `the server exited (${signal ?? `code ${code}`})` });
      resolve();
    }),
  );
  return {
    channel,
    stderr: () => (stderrBytes > CHANNEL_LIMITS.stderrBytes ? `${stderr}… (${stderrBytes} bytes in all)` : stderr),
    async stop(graceMs = 1_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.stdin.end();
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
