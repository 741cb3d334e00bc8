/**
 * The site around the chapters, in a real browser: every page loads cleanly and passes axe in both themes, search
 * finds a chapter by a word from its body, the theme toggle is remembered, and print hides the navigation.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { checkA11y, expectNoConsoleErrors, launchBrowser, listBuiltPages, newPage } from './support.ts';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const pages = listBuiltPages();
const chapterPages = pages.filter((p) => /^\/chapters\/\d\d-[a-z0-9-]+\/$/.test(p));

test('the build has a home page, a 404 page, a search page and at least one chapter', () => {
  assert.ok(pages.includes('/'), 'home page');
  assert.ok(pages.includes('/404.html'), '404 page');
  assert.ok(pages.includes('/search/'), 'search page');
  assert.ok(chapterPages.length > 0, 'chapter pages');
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`every page loads without console errors and passes axe in the ${colorScheme} theme`, async (t) => {
    // One subtest per page, each in a fresh context, so a failure names its page and the others still run.
    for (const path of pages) {
      await t.test(path, async () => {
        const page = await newPage(browser, { colorScheme });
        try {
          const response = await page.goto(path, { waitUntil: 'load' });
          if (path !== '/404.html') assert.equal(response?.status(), 200, `status of ${path}`);
          assert.equal(await page.locator('html').getAttribute('data-theme'), colorScheme, `theme on ${path}`);
          await checkA11y(page, `${path} (${colorScheme})`);
          expectNoConsoleErrors(page);
        } finally {
          await page.context().close();
        }
      });
    }
  });
}

test('an unknown address gets the 404 page', async () => {
  const page = await newPage(browser);
  try {
    const response = await page.goto('/no-such-page/');
    assert.equal(response?.status(), 404);
    await assert.doesNotReject(page.getByRole('heading', { level: 1 }).waitFor());
    assert.ok(await page.getByRole('link', { name: /course outline/i }).count(), 'a way back to the course');
  } finally {
    await page.context().close();
  }
});

test('search finds a chapter by a word from its body', async () => {
  const page = await newPage(browser);
  try {
    await page.goto('/search/');
    // "notification" is taught in chapter 1's body; the results must link to that chapter.
    await page.getByRole('searchbox', { name: /search/i }).fill('notification');
    const result = page.locator('#search-results a[href*="/chapters/01-message-shapes/"]').first();
    await result.waitFor({ timeout: 10_000 });
    assert.match((await page.locator('#search-status').textContent()) ?? '', /\d+ (result|results)/);
    // A query in the address bar is searched on arrival, so results can be linked to.
    await page.goto('/search/?q=idempotency');
    await page.locator('#search-results li').first().waitFor({ timeout: 10_000 });
    expectNoConsoleErrors(page);
  } finally {
    await page.context().close();
  }
});

test('the theme toggle overrides the system preference and survives a reload', async () => {
  const page = await newPage(browser, { colorScheme: 'light' });
  try {
    await page.goto('/');
    const html = page.locator('html');
    assert.equal(await html.getAttribute('data-theme'), 'light');
    const toggle = page.locator('#theme-toggle');
    await toggle.click();
    assert.equal(await html.getAttribute('data-theme'), 'dark');
    assert.equal(await toggle.getAttribute('aria-pressed'), 'true');
    await page.reload();
    assert.equal(await html.getAttribute('data-theme'), 'dark', 'remembered after reload');
    await page.goto(chapterPages[0] ?? '/');
    assert.equal(await html.getAttribute('data-theme'), 'dark', 'remembered on another page');
    await checkA11y(page, `${chapterPages[0]} after toggling to dark`);
    await page.locator('#theme-toggle').click();
    await page.reload();
    assert.equal(await html.getAttribute('data-theme'), 'light');
    expectNoConsoleErrors(page);
  } finally {
    await page.context().close();
  }
});

test('a corrupt stored theme falls back to the system preference', async () => {
  const page = await newPage(browser, { colorScheme: 'dark' });
  try {
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('lab-theme', '{not a theme'));
    await page.reload();
    assert.equal(await page.locator('html').getAttribute('data-theme'), 'dark');
    expectNoConsoleErrors(page);
  } finally {
    await page.context().close();
  }
});

test('printing a chapter hides the navigation and expands interview answers', async () => {
  const page = await newPage(browser);
  try {
    const chapter = chapterPages[0] ?? '/';
    await page.goto(chapter);
    await page.emulateMedia({ media: 'print' });
    for (const selector of ['.site-header', '.chapter-nav', '.toc', '.site-footer nav', '#theme-toggle']) {
      const count = await page.locator(selector).count();
      for (let i = 0; i < count; i++) {
        assert.equal(await page.locator(selector).nth(i).isVisible(), false, `${selector} hidden in print`);
      }
    }
    const answers = page.locator('.interview-question .answer');
    assert.ok((await answers.count()) > 0, 'the chapter has interview answers');
    for (let i = 0; i < (await answers.count()); i++) {
      const box = await answers.nth(i).boundingBox();
      assert.ok(box && box.height > 0, `interview answer ${i + 1} is expanded in print`);
    }
    await page.emulateMedia({ media: 'screen' });
    assert.equal(await page.locator('.site-header').isVisible(), true, 'navigation is back on screen');
    expectNoConsoleErrors(page);
  } finally {
    await page.context().close();
  }
});

test('chapters are readable with JavaScript off and fit a 320 px screen', async () => {
  const page = await newPage(browser, { javaScriptEnabled: false, viewport: { width: 320, height: 640 } });
  try {
    const tooWide: string[] = []; // problems found, listed together at the end
    for (const path of pages) {
      await page.goto(path);
      const text = (await page.locator('main').innerText()).trim();
      if (text.length < 40) tooWide.push(`${path} shows almost no text without JavaScript`);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      if (overflow > 0) tooWide.push(`${path} scrolls sideways by ${overflow}px`);
    }
    assert.deepEqual(tooWide, [], 'pages unreadable without JavaScript or wider than a 320 px screen');
    await page.goto(chapterPages[0] ?? '/');
    assert.ok((await page.locator('.worked-example pre').count()) > 0, 'the worked example is in the HTML');
  } finally {
    await page.context().close();
  }
});

test('chapters carry TechArticle JSON-LD and link to their neighbours', async () => {
  const page = await newPage(browser);
  try {
    for (const [i, path] of chapterPages.entries()) {
      await page.goto(path);
      const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
      const types = blocks.map((b) => (JSON.parse(b) as { '@type'?: string })['@type']);
      assert.ok(types.includes('TechArticle') || types.includes('FAQPage'), `${path} has structured data`);
      if (i > 0)
        assert.equal(await page.locator('.chapter-nav a[rel="prev"]').getAttribute('href'), chapterPages[i - 1]);
      if (i < chapterPages.length - 1) {
        assert.equal(await page.locator('.chapter-nav a[rel="next"]').getAttribute('href'), chapterPages[i + 1]);
      }
      assert.ok((await page.locator('nav.toc a').count()) >= 5, `${path} has an on-page table of contents`);
      const missing = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLAnchorElement>('.toc a[href^="#"]')]
          .map((a) => decodeURIComponent(a.hash.slice(1)))
          .filter((id) => !document.getElementById(id)),
      );
      assert.deepEqual(missing, [], `${path}: table-of-contents links without a target`);
    }
  } finally {
    await page.context().close();
  }
});
