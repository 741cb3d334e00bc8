/**
 * Compressed share links cannot harm: a Playground `#z=` link that is a deflate bomb (a few dozen KB
 * that inflate to tens of MB; one such link froze the page for 18.6 s, a bigger one crashed the tab) is refused with
 * a message, and an honest link still opens. The links are made here with Node's zlib, as an attacker would.
 */
import { deflateRawSync } from 'node:zlib';
import { expect, expectNoConsoleErrors, test } from './fixtures.ts';

/** No test may leave a console error behind: a policy violation, an uncaught exception, a failed request. */
test.afterEach(({ page }) => expectNoConsoleErrors(page));

const base64url = (bytes: Buffer) => bytes.toString('base64url');

test('a deflate-bomb Playground link is refused with a message; nothing lands in the editor', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // 64 MB of one repeated line: about 64 KB deflated, the size of the link that froze the page.
  const line = '{"jsonrpc":"2.0","method":"ping"}\n';
  const bomb = deflateRawSync(Buffer.from(line.repeat(Math.ceil((64 * 1024 * 1024) / line.length))), { level: 9 });
  expect(bomb.length).toBeLessThan(256 * 1024);
  await page.goto(`/playground/#z=${base64url(bomb)}&m=log`);
  const status = page.locator('lab-playground [data-role="status"]');
  await expect(status).toHaveText(/expands to more than 4 MB/);
  await expect(page.locator('#pg-text')).toHaveValue('');
  // The page still answers: a script round trip and a click work.
  expect(await page.evaluate(() => document.readyState)).toBe('complete');
  expect(errors).toEqual([]);
});

test('a link that is not deflate data says it is damaged', async ({ page }) => {
  await page.goto(`/playground/#z=${base64url(Buffer.from('not deflate at all'))}`);
  await expect(page.locator('lab-playground [data-role="status"]')).toHaveText(/could not be decoded|damaged/);
  await expect(page.locator('#pg-text')).toHaveValue('');
});

test('an honest share link still opens its message', async ({ page }) => {
  const message = '{"jsonrpc":"2.0","id":1,"method":"tools/list"}';
  await page.goto(`/playground/#z=${base64url(deflateRawSync(Buffer.from(message)))}&p=2025-11-25&m=message`);
  await expect(page.locator('#pg-text')).toHaveValue(message);
});
