/**
 * The capstone hand-in from a terminal, in a real browser against the workshop server (its own process, SQLite in
 * a temporary folder): a learner in a room sees the `mcp-lab probe --room` command on the capstone page, runs it as
 * copied against the capstone's worked solution (spawned over stdio by the real CLI), and the instructor's
 * dashboard counts the report in its probe-report column, self-reported.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import { person, useWorkshopServer } from './workshop-server.ts';

const PORT = Number(process.env.WORKSHOP_E2E_PORT ?? Number(process.env.E2E_PORT ?? 4321) + 1) + 2;
const BASE = `http://127.0.0.1:${PORT}`;
const ROOT = join(import.meta.dirname, '../..');

useWorkshopServer(PORT);

/** Runs the command the page shows, as a shell would split it, with the server's command swapped for the solution. */
function runShown(command: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const words = command.replace(/\\\n\s*/g, ' ').split(/\s+/);
  const env: Record<string, string> = {};
  while (/^[A-Z_]+=/.test(words[0]!)) {
    const [name, ...value] = words.shift()!.split('=');
    env[name!] = value.join('=');
  }
  expect(words.slice(0, 3)).toEqual(['npx', 'mcp-lab', 'probe']);
  const dash = words.indexOf('--');
  const flags = words.slice(3, dash);
  const server = ['node', 'exercises/11-capstone-incident-desk/incident-desk.solution.ts'];
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['src/cli/mcp-lab.ts', 'probe', ...flags, '--', ...server], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

test('a learner hands in the probe report from a terminal and the dashboard counts it', async ({ browser }) => {
  const instructor = await person(browser);
  const dash = instructor.page;
  await dash.goto(`${BASE}/instructor/room/`);
  await dash.getByLabel('Room title').fill('Capstone afternoon');
  await dash.getByRole('button', { name: 'Create the room' }).click();
  await expect(dash.locator('[data-role="live"]')).toHaveText('Live');
  const code = (await dash.locator('[data-role="code"]').textContent())!.trim();

  const learner = await person(browser);
  const page = learner.page;
  await page.goto(`${BASE}/join/`);
  await page.getByLabel('Room code').fill(code);
  await page.getByLabel('Your name').fill('Grace Hopper');
  await page.getByRole('button', { name: 'Join the room' }).click();
  await expect(page.locator('[data-role="joined"]')).toBeVisible();

  await page.goto(`${BASE}/chapters/check-your-own-server/`);
  const widget = page.locator('lab-probe-report');
  await widget.scrollIntoViewIfNeeded();
  await page.locator('lab-probe-report[data-upgraded]').waitFor();
  const terminal = widget.locator('details[data-role="terminal"]');
  await terminal.getByText('Hand in from your terminal instead').click();
  const command = (await terminal.locator('[data-role="terminal-command"]').textContent())!;
  expect(command).toContain(`--room ${code}`);
  expect(command).toContain(`--room-server ${BASE}`);

  const run = await runShown(command);
  // The worked solution scores every MUST (exercises/11-capstone-incident-desk/gallery/bugs.json: it loses none).
  expect(run.stderr).toMatch(/^Handed in to room "Capstone afternoon" \(.+\) as your capstone report, self-reported/m);
  expect(run.code).toBe(0);
  expect(JSON.parse(run.stdout)).toMatchObject({ format: 'mcp-lab-probe-report', transport: 'stdio' });

  const row = dash
    .locator('[data-role="learners"] tbody tr')
    .filter({ has: dash.locator('th', { hasText: 'Grace Hopper' }) });
  await expect(row.locator('td[data-label="Probe reports passed (self-reported)"]')).toHaveText('1 of 1', {
    timeout: 15_000,
  });
  expect(learner.errors).toEqual([]);
  expect(instructor.errors).toEqual([]);
  await learner.context.close();
  await instructor.context.close();
});
