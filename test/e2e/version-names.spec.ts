/**
 * The "How the verdict differs across protocol versions" table names each protocol in the learner's words, as the
 * fixture's badge and the protocol menu do ("JSON-RPC 2.0", "MCP 2025-06-18"), not by the model's internal key
 * ("jsonrpc-2.0", a bare "2025-06-18").
 */
import { expect, expectNoConsoleErrors, test } from './fixtures.ts';

test.afterEach(({ page }) => expectNoConsoleErrors(page));

test('the across-versions table names each protocol as the badge does, not by its internal key', async ({ page }) => {
  await page.goto('/chapters/what-a-receiver-owes/');
  const widget = page.locator('lab-classify-fixture[data-upgraded]:has([data-role="code"])').first();
  await widget.locator('fieldset').first().locator('input[type="radio"]').first().check();
  await widget.locator('fieldset').nth(1).locator('input[type="radio"]').first().check();
  await widget.getByRole('button', { name: 'Check my prediction' }).click();
  const details = widget.locator('details', { hasText: 'differs across protocol versions' });
  await details.locator('summary').click();
  const names = await details.locator('table tbody th').allTextContents();
  expect(names.length).toBeGreaterThan(1);
  for (const name of names) expect(name).toMatch(/^(JSON-RPC 2\.0|MCP \d{4}-\d{2}-\d{2})$/);
});
