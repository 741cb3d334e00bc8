/**
 * The capstone's hand-in on the chapter page: a learner pastes or chooses a probe report, sees it rendered with its
 * links and labelled self-reported, a forged link is shown as text, a file that is not a report is refused with a
 * reason, and the hand-in appears in the chapter's checklist and on the progress page.
 */
import { expect, expectNoConsoleErrors, test } from './fixtures.ts';
import { PASSING_REPORT, SAMPLE_REPORT } from '../support/probe-report-sample.ts';

const CHAPTER = '/chapters/check-your-own-server/';
const WIDGET = 'lab-probe-report';

test('a pasted report is rendered with its links, labelled self-reported, and failed checks first', async ({
  page,
}) => {
  await page.goto(CHAPTER);
  const widget = page.locator(WIDGET);
  await widget.scrollIntoViewIfNeeded();
  await page.locator(`${WIDGET}[data-upgraded]`).waitFor();
  // Outside a workshop room there is no room to hand in to from a terminal.
  await expect(widget.locator('details[data-role="terminal"]')).toBeHidden();
  await widget.getByLabel("Or paste the report's text").fill(JSON.stringify(SAMPLE_REPORT));
  await widget.getByRole('button', { name: 'Load the report' }).click();
  const rendered = widget.locator('[data-role="rendered"]');
  await expect(rendered).toContainText('Report: incident-desk 0.1.0');
  await expect(rendered.locator('[data-role="self-reported"]')).toHaveText('Self-reported');
  await expect(rendered.locator('[data-role="score"]')).toHaveText(
    'MUST 1 of 2, SHOULD 0 of 0, MAY 0 of 0, 1 not attempted',
  );
  const checks = rendered.locator('[data-check]');
  await expect(checks.first()).toHaveAttribute('data-check', 'tool-error-is-result');
  await expect(checks.first()).toContainText('MUST failed');
  await expect(checks.first().getByRole('link', { name: 'The spec' })).toHaveAttribute(
    'href',
    'https://modelcontextprotocol.io/specification/2026-07-28/server/tools#error-handling',
  );
  await expect(checks.first().getByRole('link', { name: /Course: / })).toHaveAttribute(
    'href',
    '/chapters/tool-failures-vs-protocol-failures/#which-failures-go-where',
  );
  const forged = rendered.locator('[data-check="http-accept"]');
  await expect(forged).toContainText('The spec: https://evil.example/phish');
  await expect(forged.locator('a[href*="evil.example"]')).toHaveCount(0);
  await expect(widget.locator('[data-role="status"]')).toContainText(
    "Recorded as this chapter's hand-in (self-reported)",
  );
  expectNoConsoleErrors(page);
});

test('text that is not a report is refused with the reason, and nothing is recorded', async ({ page }) => {
  await page.goto(CHAPTER);
  const widget = page.locator(WIDGET);
  await widget.scrollIntoViewIfNeeded();
  await page.locator(`${WIDGET}[data-upgraded]`).waitFor();
  const forged = { ...SAMPLE_REPORT, score: { ...SAMPLE_REPORT.score, must: { passed: 2, of: 2 } } };
  await widget.getByLabel("Or paste the report's text").fill(JSON.stringify(forged));
  await widget.getByRole('button', { name: 'Load the report' }).click();
  await expect(widget.locator('[data-role="status"]')).toContainText('score.must: the score does not match the checks');
  await expect(widget.locator('[data-role="rendered"]')).toHaveCount(0);
  await widget.getByLabel("Or paste the report's text").fill('{"format":');
  await widget.getByRole('button', { name: 'Load the report' }).click();
  await expect(widget.locator('[data-role="status"]')).toContainText('the report is not JSON text');
});

test('a report chosen as a file counts in the checklist and on the progress page once every MUST passed', async ({
  page,
}) => {
  await page.goto(CHAPTER);
  const widget = page.locator(WIDGET);
  await widget.scrollIntoViewIfNeeded();
  await page.locator(`${WIDGET}[data-upgraded]`).waitFor();
  const item = page.locator('.chapter-aside [data-checklist] li', { hasText: 'Hand in a probe report' });
  await expect(item).toHaveAttribute('data-done', 'false');
  await widget.getByLabel('Report file').setInputFiles({
    name: 'report.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(PASSING_REPORT)),
  });
  await widget.getByRole('button', { name: 'Load the report' }).click();
  await expect(widget.locator('[data-role="verdict"]')).toHaveText('Every check the probe attempted passed.');
  await expect(item).toHaveAttribute('data-done', 'true');
  await page.reload();
  await expect(page.locator(`${WIDGET} [data-role="rendered"]`)).toContainText('Handed in: incident-desk 0.1.0');
  // Removing the hand-in is one click, and so is bringing it back: no learner's work is lost to a slip.
  await page.locator(`${WIDGET}[data-upgraded]`).waitFor();
  await widget.getByRole('button', { name: 'Remove the hand-in' }).click();
  await expect(item).toHaveAttribute('data-done', 'false');
  await widget.getByRole('button', { name: 'Undo' }).click();
  await expect(widget.locator('[data-role="status"]')).toHaveText('The hand-in is back.');
  await expect(item).toHaveAttribute('data-done', 'true');
  await page.goto('/progress/');
  const chapter = page.locator('lab-progress-page li[data-chapter="check-your-own-server"]');
  await expect(chapter.locator('li[data-index]', { hasText: 'Hand in a probe report' })).toContainText(
    'handed in (self-reported)',
  );
});
