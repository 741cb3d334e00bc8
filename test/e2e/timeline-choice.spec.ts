/**
 * At 390 px the timeline's "Fault" menu cut its chosen fault off mid-word ("Transport: the HTTP stream breaks
 * bef"). Like the decision table's cells, each timeline menu now shows its chosen option in full, wrapping.
 */
import { expect, expectNoConsoleErrors, test } from './fixtures.ts';

test.afterEach(({ page }) => expectNoConsoleErrors(page));

test('at 390 px the timeline menus show the chosen fault and retry in full', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/chapters/error-semantics-and-retries/');
  const timeline = page.locator('lab-message-timeline[data-upgraded]').first();
  await timeline.waitFor();
  const shown = async (role: string) =>
    timeline.locator(`select[data-role="${role}"]`).evaluate((select: HTMLSelectElement) => {
      const chosen = select.selectedOptions[0]!.text.trim();
      const text = select.closest('.choice-select')?.querySelector<HTMLElement>('.choice-select-text');
      if (text && text.checkVisibility()) {
        const full = text.textContent?.trim() === chosen && text.scrollWidth <= text.clientWidth + 1;
        return full ? 'in full' : `cut: "${text.textContent}" for "${chosen}"`;
      }
      return select.scrollWidth > select.clientWidth + 1 ? `cut: the menu is narrower than "${chosen}"` : 'in full';
    });
  // The transport fault has the longest label; choose it, then check both menus.
  const fault = timeline.locator('select[data-role="fault"]');
  const longest = await fault.evaluate(
    (s: HTMLSelectElement) => [...s.options].reduce((a, b) => (b.text.length > a.text.length ? b : a)).value,
  );
  await fault.selectOption(longest);
  await expect.poll(() => shown('fault')).toBe('in full');
  await expect.poll(() => shown('retry')).toBe('in full');
});
