/**
 * The browser-test runner: serves the already-built dist/ with `astro preview` on $E2E_PORT (default 4321), waits
 * until it answers, runs `node --test --test-concurrency=1` over test/e2e/*.e2e.ts (or the files named on the
 * command line), stops the server and exits with the test runner's code.
 *
 * It serves a snapshot: dist/ is copied to a temporary folder first (under /tmp/build.lock when `flock` exists), so
 * a build started elsewhere during the run cannot pull pages from under the tests. The tests find the snapshot in
 * $E2E_DIST.
 *
 *   npm run build && npm run test:e2e
 *   E2E_PORT=4401 npx node test/e2e/run.ts test/e2e/site.e2e.ts
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const port = Number(process.env.E2E_PORT ?? 4321);
const host = '127.0.0.1';
const baseUrl = `http://${host}:${port}`;

if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`E2E_PORT must be a port number, got "${process.env.E2E_PORT}".`);
  process.exit(2);
}
if (!existsSync(join(root, 'dist', 'index.html'))) {
  console.error('dist/ has no index.html: build the site first (flock /tmp/build.lock npm run build).');
  process.exit(2);
}

/** True when something already listens on the port (then we would be testing someone else's server). */
function portInUse(): Promise<boolean> {
  return new Promise((done) => {
    const socket = createConnection({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

/** Polls the server until it answers with a 2xx, or gives up after `ms`. */
async function waitForServer(server: ChildProcess, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`astro preview exited early with code ${server.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`astro preview did not answer on ${baseUrl} within ${ms / 1000} s`);
}

function stop(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGTERM'); // the whole process group we created
  } catch {
    child.kill('SIGTERM');
  }
}

const requested = process.argv.slice(2);
const files =
  requested.length > 0
    ? requested.map((f) => relative(root, resolve(f)))
    : readdirSync(join(root, 'test/e2e'))
        .filter((f) => f.endsWith('.e2e.ts'))
        .sort()
        .map((f) => join('test/e2e', f));
if (files.length === 0) {
  console.error('No test/e2e/*.e2e.ts files to run.');
  process.exit(2);
}

if (await portInUse()) {
  console.error(`Port ${port} is already in use. Stop that server or choose another port with E2E_PORT.`);
  process.exit(2);
}

/** Copies dist/ to a fresh temporary folder, holding the build lock while copying when flock is available. */
function snapshotDist(): string {
  const target = mkdtempSync(join(tmpdir(), `e2e-dist-${port}-`));
  const copy = spawnSync('flock', ['/tmp/build.lock', 'cp', '-a', `${join(root, 'dist')}/.`, target], {
    stdio: 'inherit',
  });
  if (copy.error || copy.status !== 0) cpSync(join(root, 'dist'), target, { recursive: true }); // no flock: plain copy
  if (!existsSync(join(target, 'index.html'))) throw new Error(`the snapshot of dist/ in ${target} has no index.html`);
  return target;
}

const snapshot = snapshotDist();
const astroBin = join(root, 'node_modules', 'astro', 'bin', 'astro.mjs');
// --ignore-lock: other helpers' preview servers on their own ports must not stop this one (and the lock-free
// foreground mode keeps the server a child we can stop).
const server = spawn(
  process.execPath,
  [astroBin, 'preview', '--port', String(port), '--host', host, '--outDir', snapshot, '--ignore-lock'],
  {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  },
);
let serverLog = '';
server.stdout?.on('data', (d: Buffer) => (serverLog += d.toString()));
server.stderr?.on('data', (d: Buffer) => (serverLog += d.toString()));

const cleanUp = () => {
  stop(server);
  rmSync(snapshot, { recursive: true, force: true });
};
process.on('SIGINT', () => {
  cleanUp();
  process.exit(130);
});
process.on('SIGTERM', () => {
  cleanUp();
  process.exit(143);
});

let code = 1;
try {
  await waitForServer(server, 30_000);
  console.log(`Serving dist/ at ${baseUrl}; running ${files.join(', ')}`);
  code = await new Promise<number>((done) => {
    const tests = spawn(process.execPath, ['--test', '--test-concurrency=1', ...files], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, E2E_PORT: String(port), E2E_BASE_URL: baseUrl, E2E_DIST: snapshot },
    });
    tests.on('exit', (c, signal) => done(c ?? (signal ? 1 : 0)));
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  console.error(serverLog);
} finally {
  cleanUp();
}
process.exit(code);
