/**
 * The widgets, finished (issue 12 §2): the decision table is not clipped at 1280 or 1024 and every chosen answer
 * is readable in full; one form design system (labels above controls, radio groups for short choices, fieldsets
 * whose legends do not cut a border, three button looks, no default grey buttons anywhere); the timeline's
 * step-through; no keyboard hint on touch screens; captions that do not wrap a word per line at 390 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { CH05_TABLE as TABLE } from './fixtures.ts';

const CH2 = '/chapters/what-a-receiver-owes/';
const CH5 = '/chapters/error-semantics-and-retries/';
const TIMELINE = 'lab-message-timeline';

/** The longest option of each column, so the chosen text is as long as it gets. */
async function chooseLongest(page: Page): Promise<void> {
  for (const select of await page.locator(`${TABLE} select`).all()) {
    const longest = await select.evaluate(
      (s) => [...(s as HTMLSelectElement).options].reduce((a, b) => (b.text.length > a.text.length ? b : a)).value,
    );
    await select.selectOption(longest);
  }
}

for (const width of [1280, 1024]) {
  test(`the chapter 5 decision table is not clipped at ${width} px and shows each chosen answer in full`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(CH5);
    await page.locator(`${TABLE}[data-upgraded]`).waitFor();
    await chooseLongest(page);
    const report = await page.locator(TABLE).evaluate((table) => {
      const box = table.getBoundingClientRect();
      const wrap = table.querySelector('.lab-table-wrap')!;
      const problems: string[] = [];
      if (wrap.scrollWidth > wrap.clientWidth + 1)
        problems.push(`the table scrolls sideways (${wrap.scrollWidth} > ${wrap.clientWidth})`);
      for (const select of table.querySelectorAll('select')) {
        const text = select.closest('.choice-select')?.querySelector('.choice-select-text') as HTMLElement | null;
        const chosen = select.selectedOptions[0]?.text ?? '';
        if (!text || text.textContent !== chosen) problems.push(`${select.id}: the chosen answer is not shown`);
        else {
          const r = text.getBoundingClientRect();
          if (text.scrollWidth > text.clientWidth + 1 || r.right > box.right + 1 || r.width < 40)
            problems.push(`${select.id}: "${chosen}" is cut off`);
        }
      }
      return problems;
    });
    expect(report).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}

test('at 1280 px the decision table uses the width beside the table of contents, not only the text column', async ({
  page,
}) => {
  await page.goto(CH5);
  const widths = await page.evaluate((sel) => {
    const table = document.querySelector(sel)!.getBoundingClientRect().width;
    const prose = document.querySelector('.anatomy-body > p')!.getBoundingClientRect().width;
    return { table, prose };
  }, TABLE);
  expect(widths.table).toBeGreaterThan(widths.prose + 100);
});

test('predicting a kind is one click on a radio, with the options in a learner’s words', async ({ page }) => {
  await page.goto(CH2);
  const widget = page.locator('lab-classify-fixture').first();
  const kinds = widget.locator('[data-part="kind"] input[type="radio"]');
  await expect(kinds).toHaveCount(7);
  const labels = await widget.locator('[data-part="kind"] label').allInnerTexts();
  expect(labels).toContain('a request');
  expect(labels).toContain('a notification');
  expect(labels.some((l) => /not a valid message/.test(l))).toBe(true);
  for (const l of labels) expect(l).not.toMatch(/^(request|notification|result|error|batch|invalid|parse-error)$/);
  await kinds.nth(1).click();
  await expect(kinds.nth(1)).toBeChecked();
});

test('the error-code box appears only when the predicted reply is an error', async ({ page }) => {
  await page.goto(CH2);
  const widget = page.locator('lab-classify-fixture').first();
  const code = widget.locator('[data-part="code"]');
  await expect(code).toBeHidden();
  await widget.locator('input[name$=".send"][value="error"]').check();
  await expect(code).toBeVisible();
  await widget.locator('input[name$=".send"][value="nothing"]').check();
  await expect(code).toBeHidden();
});

test('labels sit above their controls, and fieldset legends cut no border', async ({ page }) => {
  await page.goto(CH2);
  await page.locator('lab-classify-fixture[data-upgraded]').first().waitFor();
  const problems = await page.evaluate(() => {
    const out: string[] = [];
    for (const label of document.querySelectorAll<HTMLLabelElement>('.lab-widget label[for]')) {
      const control = document.getElementById(label.htmlFor);
      if (!control || control.matches('[type="radio"], [type="checkbox"]') || !control.checkVisibility()) continue;
      if (label.getBoundingClientRect().bottom > control.getBoundingClientRect().top + 1)
        out.push(`label "${label.textContent?.trim()}" is not above its control`);
    }
    for (const fieldset of document.querySelectorAll('fieldset')) {
      if (!fieldset.checkVisibility() || !fieldset.querySelector(':scope > legend')) continue;
      if (parseFloat(getComputedStyle(fieldset).borderTopWidth) > 0)
        out.push(
          `a fieldset with a border around its legend "${fieldset.querySelector('legend')?.textContent?.trim()}"`,
        );
    }
    return out;
  });
  expect(problems).toEqual([]);
});

test('primary, secondary and destructive buttons look different', async ({ page }) => {
  await page.goto(CH5);
  await page.locator(`${TABLE}[data-upgraded]`).waitFor();
  const look = (selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((b) => {
        const s = getComputedStyle(b);
        return `${s.backgroundColor}|${s.color}|${s.borderTopColor}`;
      });
  const primary = await look(`${TABLE} [data-action="check"]`);
  const secondary = await look(`${TABLE} [data-action="hint"]`);
  const destructive = await look(`${TABLE} [data-action="reset"]`);
  expect(new Set([primary, secondary, destructive]).size).toBe(3);
  await page.goto('/progress/');
  const reset = await look('[data-action="reset-chapter"]');
  const exportLook = await look('[data-action="export"]');
  expect(reset, '“Reset this chapter” does not look like a primary action').not.toBe(primary);
  expect(reset).not.toBe(exportLook);
});

test('a link that looks like a button is readable: its text has contrast with its face, in both themes', async ({
  page,
}) => {
  /** WCAG contrast of each visible a.button (text colour against the button's own background colour). */
  const contrasts = () =>
    page.evaluate(() => {
      const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
      const lum = (c: string) => {
        const [r, g, b] = rgb(c).map((v) => {
          const x = v / 255;
          return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      };
      return [...document.querySelectorAll<HTMLElement>('a.button, a.lab-button')]
        .filter((a) => a.checkVisibility())
        .map((a) => {
          const s = getComputedStyle(a);
          const [hi, lo] = [lum(s.color), lum(s.backgroundColor)].sort((x, y) => y - x);
          return { text: a.textContent?.trim(), ratio: Math.round(((hi! + 0.05) / (lo! + 0.05)) * 10) / 10 };
        });
    });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/');
    const home = await contrasts();
    expect(home.map((c) => c.text)).toContain('Start with chapter 1');
    for (const c of home) expect(c.ratio, `${scheme}: “${c.text}”`).toBeGreaterThanOrEqual(4.5);
    // Once anything is done the home page's primary action is “Continue: …”.
    await page.goto(CH5);
    await page.locator('lab-make-it-yours[data-upgraded]').waitFor();
    await page.locator('lab-make-it-yours [data-role="checkbox"]').check();
    await page.goto('/');
    await expect(page.locator('[data-progress-continue] a')).toHaveText(/^Continue: chapter 5/);
    for (const c of await contrasts()) expect(c.ratio, `${scheme}: “${c.text}”`).toBeGreaterThanOrEqual(4.5);
    await page.evaluate(() => localStorage.clear());
  }
});

for (const path of ['/instructor/roster/', '/playground/', '/progress/', CH5, '/search/']) {
  test(`no default grey browser button on ${path}`, async ({ page }) => {
    await page.goto(path);
    if (path === '/playground/') {
      await page.locator('[data-example="__log"]').click();
      await page.locator('lab-playground button[type="submit"]').click();
      await page.getByRole('button', { name: /^Line 1/ }).waitFor();
    }
    const grey = await page.evaluate(() =>
      [...document.querySelectorAll('button')]
        .filter((b) => b.checkVisibility())
        .filter((b) => {
          const s = getComputedStyle(b);
          // Chromium's own button: a light grey face (#efefef) or an outset border.
          return s.backgroundColor === 'rgb(239, 239, 239)' || s.borderTopStyle === 'outset';
        })
        .map((b) => b.textContent?.trim()),
    );
    expect(grey).toEqual([]);
    const fileButtons = await page.evaluate(() =>
      [...document.querySelectorAll('input[type="file"]')].map(
        (i) => getComputedStyle(i, '::file-selector-button').backgroundColor,
      ),
    );
    for (const bg of fileButtons) expect(bg).not.toBe('rgb(239, 239, 239)');
  });
}

test.describe('the timeline step-through', () => {
  test('shows the outcome only at the last step, and moves focus when a button is disabled', async ({ page }) => {
    await page.goto(CH5);
    await page.locator(`${TIMELINE}[data-upgraded]`).waitFor();
    const outcome = page.locator(`${TIMELINE} [data-role="outcome"]`);
    // The outcome is held back until the chapter's decision table is tried (timeline-hold.spec.ts): show it.
    await page.locator(`${TIMELINE} [data-action="release"]`).click();
    await page.locator(`${TIMELINE} [data-action="first"]`).click();
    await expect(outcome).toBeHidden();
    const next = page.locator(`${TIMELINE} [data-action="next"]`);
    await next.focus();
    while (await next.isEnabled()) {
      await expect(outcome).toBeHidden();
      await page.keyboard.press('Enter');
    }
    await expect(outcome).toBeVisible();
    // "Next step" is disabled now: focus must not have fallen to <body>.
    await expect(page.locator(`${TIMELINE} [data-action="all"]`)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator(`${TIMELINE} [data-action="all"]`)).toBeDisabled();
    await expect(page.locator(`${TIMELINE} [data-action="first"]`)).toBeFocused();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the timeline diagram scrolls in its own box and says so', async ({ page }) => {
    await page.goto(CH5);
    await page.locator(`${TIMELINE}[data-upgraded]`).waitFor();
    const figure = page.locator(`${TIMELINE} [data-role="svg"]`);
    const { scrolls, pageScroll } = await figure.evaluate((f) => ({
      scrolls: f.scrollWidth > f.clientWidth,
      pageScroll: document.documentElement.scrollWidth,
    }));
    expect(scrolls).toBe(true);
    expect(pageScroll).toBeLessThanOrEqual(390);
    await expect(page.locator(`${TIMELINE} [data-role="scroll-cue"]`)).toBeVisible();
  });

  test('no Ctrl+Enter hint on a touch screen', async ({ page }) => {
    await page.goto('/chapters/message-shapes/');
    await page.locator('lab-code-lab').first().waitFor();
    const visible = await page.evaluate(
      () =>
        [...document.querySelectorAll('kbd')].filter((k) => k.checkVisibility() && /Ctrl/.test(k.textContent ?? ''))
          .length,
    );
    expect(visible).toBe(0);
  });

  for (const path of [CH5, CH2, '/chapters/batching-size-and-transports/']) {
    test(`table captions do not wrap a word per line on ${path}`, async ({ page }) => {
      await page.goto(path);
      await page.locator('lab-decision-table, lab-classify-fixture').first().waitFor();
      const narrow = await page.evaluate(() =>
        [...document.querySelectorAll('caption')]
          .filter((c) => c.checkVisibility() && (c.textContent ?? '').trim().split(/\s+/).length >= 3)
          .filter((c) => c.getBoundingClientRect().width < 150)
          .map((c) => `${c.textContent?.trim()} (${Math.round(c.getBoundingClientRect().width)} px)`),
      );
      expect(narrow).toEqual([]);
    });
  }
});
