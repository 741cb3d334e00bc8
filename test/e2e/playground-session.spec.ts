/**
 * The Playground reads a pasted log as one session, through the same model functions as `mcp-lab classify --jsonl`,
 * and shows the same verdicts. Each test pastes a log, runs the CLI on the same text, and asserts both what the spec
 * says the session comes to and that the page says what the CLI says (the equality is the property).
 */
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../support/run-cli.ts';
import { expect, expectNoConsoleErrors, test, type Page } from './fixtures.ts';

test.afterEach(({ page }) => expectNoConsoleErrors(page));

const HOST_LOG = readFileSync(new URL('../data/host-logs/both-sides-id-1.txt', import.meta.url), 'utf8');

/** The CLI's JSON summary and the "session:" sentence of its text report, for a log text. */
async function cliOn(text: string): Promise<{ summary: Record<string, any>; session: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-lab-e2e-'));
  try {
    const file = join(dir, 'session.txt');
    writeFileSync(file, text);
    const json = await runCli(['classify', '--jsonl', '--format', 'json', file]);
    const summary = (JSON.parse(json.stdout.trim().split('\n').at(-1)!) as { summary: Record<string, any> }).summary;
    const report = await runCli(['classify', '--jsonl', file]);
    const session = /^ {2}session: (.*)$/m.exec(report.stdout)?.[1] ?? '';
    return { summary, session };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function paste(page: Page, text: string): Promise<void> {
  await page.goto('/playground/');
  await page.locator('#pg-text').fill(text);
  await page.locator('lab-playground button[type="submit"]').click();
  await expect(page.locator('lab-playground [data-role="headline"]')).toBeVisible();
}

test("a host log: the prefixes are stripped, each line's side is shown, and the session is the CLI's", async ({
  page,
}) => {
  const cli = await cliOn(HOST_LOG);
  // MCP 2025-11-25 basic/lifecycle.mdx §Version Negotiation: the server answers initialize (line 3) with the
  // version; basic/index.mdx §Requests: ids are the requestor's, so the client's and the server's id 1 both pair.
  expect(cli.summary.detection).toMatchObject({ protocol: '2025-11-25', line: 3 });
  expect(cli.summary.counts).toMatchObject({ answered: 3, unanswered: 0 });
  await paste(page, HOST_LOG);
  const result = page.locator('lab-playground [data-role="result"]');
  await expect(page.locator('#pg-result-h')).toBeFocused();
  await expect(result.locator('[data-role="reading"]')).toContainText(
    `prefix was stripped from ${cli.summary.stripped} lines`,
  );
  await expect(result.locator('[data-role="session"]')).toHaveText(`Session: ${cli.session}`);
  // Three requests were answered (the CLI's count above): the summary counts them in the plural.
  await expect(result).toContainText(/\b[3-9] requests\b/);
  // The side of each message, as the host wrote it before the message.
  const sides = HOST_LOG.split('\n').flatMap((l) => /Message from (client|server):/.exec(l)?.[1] ?? []);
  await expect(result.locator('tbody tr td:nth-child(2)')).toHaveText(sides);
  // JSON-RPC 2.0 §4.1: a tools/call without an id is a notification; the headline counts its warning.
  await expect(result.locator('[data-role="headline"]')).toHaveText(
    '0 lines with errors, 1 line with warnings, no issue across lines.',
  );
});

test('a three-line JSONL log shows the cross-line issues the CLI reports, in its headline and list', async ({
  page,
}) => {
  const meta = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': {},
    'io.modelcontextprotocol/clientInfo': { name: 'lab', version: '1.0.0' },
  };
  const call = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: meta } });
  const log = [
    call,
    call,
    JSON.stringify({ jsonrpc: '2.0', id: 9, result: { resultType: 'complete', tools: [] } }),
  ].join('\n');
  const cli = await cliOn(log);
  // 2026-07-28 basic/index.mdx §Requests: "The request ID MUST NOT match the ID of any other request the sender has
  // issued and not yet received a response for"; JSON-RPC 2.0 §5: every request is owed a response, and a response
  // carries the id of the request it answers.
  const byLine = (a: string[]) => [...a].sort();
  expect(byLine(cli.summary.issues.map((i: any) => `${i.line} ${i.id}`))).toEqual(
    byLine(['1 request-unanswered', '2 duplicate-id-in-flight', '2 request-unanswered', '3 response-without-request']),
  );
  await paste(page, log);
  const result = page.locator('lab-playground [data-role="result"]');
  // The page lists what the CLI lists, in the CLI's order.
  await expect(result.locator('[data-role="issues"] li code')).toHaveText(cli.summary.issues.map((i: any) => i.id));
  await expect(result.locator('[data-role="headline"]')).toContainText('4 issues across lines (1 error, 3 warnings');
  await expect(result.locator('[data-role="session"]')).toHaveText(`Session: ${cli.session}`);
});

test('a request named like a notification gets no result to send back, and a 2025 result no resultType', async ({
  page,
}) => {
  await paste(page, '{"jsonrpc":"2.0","id":4,"method":"notifications/initialized"}');
  const result = page.locator('lab-playground [data-role="result"]');
  await expect(result.locator('.lab-findings')).toContainText('notification-method-with-id');
  await expect(result.locator('.lab-verdict').first().locator('pre')).toHaveCount(0);
  await page.locator('#pg-protocol').selectOption('2025-11-25');
  await page.locator('#pg-text').fill('{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}');
  await page.locator('lab-playground button[type="submit"]').click();
  await expect(result.locator('.lab-facts').first()).toContainText('Kind');
  await expect(result.locator('.lab-facts').first()).not.toContainText('resultType');
});
