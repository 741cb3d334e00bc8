/**
 * The site around the chapters, in a real browser: every page loads cleanly and passes axe in both themes, search
 * finds a chapter by a word from its body, the theme toggle is remembered, and print hides the navigation.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHAPTER_ORDER, sortChapters } from '../../src/course/course-order.ts';
import { COLOR_SCHEMES, DIST_DIR, expect, expectNoConsoleErrors, listBuiltPages, test, VIEWPORTS } from './fixtures.ts';

const pages = listBuiltPages();
// In the order the course shows them (content/course.json), not by file name; old addresses are redirect pages.
const chapterPages = sortChapters(
  pages
    .map((path) => ({ id: /^\/chapters\/([a-z0-9-]+)\/$/.exec(path)?.[1] ?? '', path }))
    .filter((c) => CHAPTER_ORDER.includes(c.id)),
).map((c) => c.path);
const firstChapter = chapterPages[0] ?? '/';

test("a renamed chapter's old address leads to its page (content/course.json renamed)", async ({ page }) => {
  await page.goto('/chapters/08-faq/');
  await expect(page).toHaveURL(/\/chapters\/faq\/$/);
  await page.goto('/chapters/10-errors-on-streamable-http/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Errors on Streamable HTTP/);
});

test('the build has a home page, a 404 page, a search page and at least one chapter', () => {
  expect(pages, 'home page').toContain('/');
  expect(pages, '404 page').toContain('/404.html');
  expect(pages, 'search page').toContain('/search/');
  expect(chapterPages.length, 'chapter pages').toBeGreaterThan(0);
});

for (const colorScheme of COLOR_SCHEMES) {
  test.describe(`in the ${colorScheme} theme`, () => {
    test.use({ colorScheme });
    // axe over the whole-course handout alone takes over a minute on a shared two-core machine.
    test.describe.configure({ timeout: 300_000 });
    // One test per page, each in a fresh context, so a failure names its page and the others still run.
    for (const path of pages) {
      test(`${path} loads without console errors and passes axe`, async ({ page, checkA11y }) => {
        const response = await page.goto(path, { waitUntil: 'load' });
        if (path !== '/404.html') expect(response?.status(), `status of ${path}`).toBe(200);
        await expect(page.locator('html'), `theme on ${path}`).toHaveAttribute('data-theme', colorScheme);
        await checkA11y(page, `${path} (${colorScheme})`);
        expectNoConsoleErrors(page);
      });
    }
  });
}

test('an unknown address gets the 404 page', async ({ page }) => {
  const response = await page.goto('/no-such-page/');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.getByRole('link', { name: /course outline/i }).count(), 'a way back to the course').toBeGreaterThan(
    0,
  );
});

test('search finds a chapter by a word from its body', async ({ page }) => {
  await page.goto('/search/');
  // "notification" is taught in chapter 1's body; the results must link to that chapter.
  await page.getByRole('searchbox', { name: /search/i }).fill('notification');
  const result = page.locator('#search-results a[href*="/chapters/message-shapes/"]').first();
  await result.waitFor();
  expect((await page.locator('#search-status').textContent()) ?? '').toMatch(/\d+ (result|results)/);
  // A query in the address bar is searched on arrival, so results can be linked to.
  await page.goto('/search/?q=idempotency');
  await page.locator('#search-results li').first().waitFor();
  expectNoConsoleErrors(page);
});

test.describe('with a light system preference', () => {
  test.use({ colorScheme: 'light' });

  test('the theme toggle overrides the system preference and survives a reload', async ({ page, checkA11y }) => {
    await page.goto('/');
    const html = page.locator('html');
    expect(await html.getAttribute('data-theme')).toBe('light');
    const toggle = page.locator('#theme-toggle');
    await toggle.click();
    expect(await html.getAttribute('data-theme')).toBe('dark');
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await page.reload();
    expect(await html.getAttribute('data-theme'), 'remembered after reload').toBe('dark');
    await page.goto(firstChapter);
    expect(await html.getAttribute('data-theme'), 'remembered on another page').toBe('dark');
    await checkA11y(page, `${firstChapter} after toggling to dark`);
    await page.locator('#theme-toggle').click();
    await page.reload();
    expect(await html.getAttribute('data-theme')).toBe('light');
    expectNoConsoleErrors(page);
  });
});

test.describe('with a dark system preference', () => {
  test.use({ colorScheme: 'dark' });

  test('a corrupt stored theme falls back to the system preference', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('lab-theme', '{not a theme'));
    await page.reload();
    expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
    expectNoConsoleErrors(page);
  });
});

test('printing a chapter hides the navigation and expands interview answers', async ({ page }) => {
  await page.goto(firstChapter);
  await page.emulateMedia({ media: 'print' });
  for (const selector of ['.site-header', '.chapter-nav', '.toc', '.site-footer nav', '#theme-toggle']) {
    const count = await page.locator(selector).count();
    for (let i = 0; i < count; i++) {
      expect(await page.locator(selector).nth(i).isVisible(), `${selector} hidden in print`).toBe(false);
    }
  }
  const answers = page.locator('.interview-question .answer');
  expect(await answers.count(), 'the chapter has interview answers').toBeGreaterThan(0);
  for (let i = 0; i < (await answers.count()); i++) {
    const box = await answers.nth(i).boundingBox();
    expect(box?.height ?? 0, `interview answer ${i + 1} is expanded in print`).toBeGreaterThan(0);
  }
  await page.emulateMedia({ media: 'screen' });
  expect(await page.locator('.site-header').isVisible(), 'navigation is back on screen').toBe(true);
  expectNoConsoleErrors(page);
});

test.describe('with JavaScript off on a 320 px screen', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 320, height: 640 } });

  test('chapters are readable with JavaScript off and fit a 320 px screen', async ({ page }) => {
    const unreadable: string[] = []; // problems found, listed together at the end
    for (const path of pages) {
      await page.goto(path);
      const text = (await page.locator('main').innerText()).trim();
      if (text.length < 40) unreadable.push(`${path} shows almost no text without JavaScript`);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      if (overflow > 0) unreadable.push(`${path} scrolls sideways by ${overflow}px`);
    }
    expect(unreadable, 'pages unreadable without JavaScript or wider than a 320 px screen').toEqual([]);
    await page.goto(firstChapter);
    expect(await page.locator('.worked-example pre').count(), 'the worked example is in the HTML').toBeGreaterThan(0);
  });
});

for (const colorScheme of COLOR_SCHEMES) {
  test.describe(`on a phone in the ${colorScheme} theme`, () => {
    test.use({ colorScheme, viewport: VIEWPORTS.phone });

    test('every page fits the screen once its scripts have run', async ({ page }) => {
      test.setTimeout(300_000);
      const wide: string[] = []; // pages that scroll sideways, listed together at the end
      for (const path of pages) {
        await page.goto(path, { waitUntil: 'load' });
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        if (overflow > 0) wide.push(`${path} scrolls sideways by ${overflow}px`);
      }
      expect(wide, `pages wider than a ${VIEWPORTS.phone.width} px phone`).toEqual([]);
      expectNoConsoleErrors(page);
    });
  });
}

test('chapters carry TechArticle JSON-LD and link to their neighbours', async ({ page }) => {
  for (const [i, path] of chapterPages.entries()) {
    await page.goto(path);
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const types = blocks.map((b) => (JSON.parse(b) as { '@type'?: string })['@type']);
    expect(types.includes('TechArticle') || types.includes('FAQPage'), `${path} has structured data`).toBe(true);
    if (i > 0) expect(await page.locator('.chapter-nav a[rel="prev"]').getAttribute('href')).toBe(chapterPages[i - 1]);
    if (i < chapterPages.length - 1) {
      expect(await page.locator('.chapter-nav a[rel="next"]').getAttribute('href')).toBe(chapterPages[i + 1]);
    }
    expect(await page.locator('nav.toc a').count(), `${path} has an on-page table of contents`).toBeGreaterThanOrEqual(
      5,
    );
    const missing = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLAnchorElement>('.toc a[href^="#"]')]
        .map((a) => decodeURIComponent(a.hash.slice(1)))
        .filter((id) => !document.getElementById(id)),
    );
    expect(missing, `${path}: table-of-contents links without a target`).toEqual([]);
  }
});

test('no page gives two elements the same id (a label or a description would point at the wrong one)', () => {
  const twice: string[] = [];
  for (const path of pages) {
    const file = join(DIST_DIR, path.endsWith('/') ? `${path}index.html` : path);
    const html = readFileSync(file, 'utf8');
    const seen = new Set<string>();
    for (const m of html.matchAll(/<[a-zA-Z][^>]*?\sid="([^"]+)"/g)) {
      const id = m[1]!;
      if (seen.has(id)) twice.push(`${path}: #${id}`);
      seen.add(id);
    }
  }
  expect(twice).toEqual([]);
});

test('clicking the words of an answer chooses it, "an error response" included', async ({ page }) => {
  await page.goto(firstChapter);
  const predict = page.locator('[data-role="predict"]').first();
  await predict.scrollIntoViewIfNeeded();
  await predict.locator('[data-part="kind"] label', { hasText: /^an error response$/ }).click();
  await expect(predict.locator('[data-part="kind"] input[value="error"]')).toBeChecked();
  await predict
    .locator('[data-part="reply"] label', { hasText: /^an error response/ })
    .first()
    .click();
  await expect(predict.locator('[data-part="reply"] input[value="error"]')).toBeChecked();
});
