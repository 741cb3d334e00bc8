/**
 * Steps the code-lab browser tests share: finding a lab on the page once its editor has loaded, and replacing the
 * editor's text the way a learner would.
 */
import type { Locator, Page } from '@playwright/test';

/**
 * The code lab of `exercise` on the current page, scrolled into view and with its editor loaded (the editor loads
 * when the lab scrolls into view). `timeout` as Playwright's `waitFor` takes it; its default when left out.
 */
export async function labWithEditor(page: Page, exercise: string, timeout?: number): Promise<Locator> {
  const lab = page.locator(`lab-code-lab[data-exercise="${exercise}"]`);
  await lab.scrollIntoViewIfNeeded();
  await lab.locator('.cm-content').waitFor({ timeout });
  return lab;
}

/** Replaces the editor's text the way a learner would: select all, then type. */
export async function typeCode(page: Page, lab: Locator, code: string): Promise<void> {
  await lab.locator('.cm-content').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(code);
}
