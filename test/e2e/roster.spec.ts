/**
 * The roster page against hostile files: a file of 100,000 `{}` dropped with real receipts, more input
 * than the page accepts, and two receipts with the same name. The real receipts are made the way learners'
 * browsers make them (test/support/class-receipts.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, expectNoConsoleErrors, test, type Page } from './fixtures.ts';
import { testGraderCourse } from '../support/course.ts';
import { sealReceipt, serializeReceipt, type ChapterReceipt } from '../../src/receipts/schema.ts';
import { classReceipts } from '../support/class-receipts.ts';
import { createReceipt } from '../../src/receipts/create.ts';
import { getScenario } from '../../src/course/index.ts';

/** No test may leave a console error behind: a policy violation, an uncaught exception, a failed request. */
test.afterEach(({ page }) => expectNoConsoleErrors(page));

const course = testGraderCourse();

/** Opens the roster and collects uncaught exceptions (a stack overflow shows up here). */
async function openRoster(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/instructor/roster/');
  await page.locator('lab-roster form:not([hidden])').waitFor();
  return errors;
}

const status = (page: Page) => page.locator('lab-roster [data-role="status"]');

test('100,000 {} dropped with three real receipts: the receipts are graded, the junk summarised, no hang', async ({
  page,
}) => {
  const errors = await openRoster(page);
  const real = classReceipts(course, 3, 5).map(serializeReceipt).join('\n');
  await page.locator('#roster-files').setInputFiles([
    { name: 'flood.json', mimeType: 'application/json', buffer: Buffer.from('{}'.repeat(100_000)) },
    { name: 'class.txt', mimeType: 'text/plain', buffer: Buffer.from(real) },
  ]);
  await page.getByRole('button', { name: 'Grade receipts' }).click();
  await expect(status(page)).toHaveText(/3 counted, 100,000 flagged/, { timeout: 45_000 });
  await expect(page.locator('[data-role="grid"] tbody tr')).toHaveCount(3);
  // Every flagged receipt is accounted for, but only a readable number is listed one by one.
  const flagged = page.locator('[data-role="flagged"] > li');
  expect(await flagged.count()).toBeLessThanOrEqual(100);
  await expect(page.locator('[data-role="flagged-summary"]')).toContainText(/100,000 malformed/);
  expect(errors).toEqual([]);
});

test('more input than the page reads is refused with a message, before any grading', async ({ page }) => {
  const errors = await openRoster(page);
  // Two files, each of a size a class could reach, together over the cap on the whole input.
  const big = Buffer.alloc(17 * 1024 * 1024, 0x20);
  await page.locator('#roster-files').setInputFiles([
    { name: 'one.txt', mimeType: 'text/plain', buffer: big },
    { name: 'two.txt', mimeType: 'text/plain', buffer: big },
  ]);
  await page.getByRole('button', { name: 'Grade receipts' }).click();
  await expect(status(page)).toHaveText(/more than 32 MB in all.*nothing was graded/i);
  await expect(page.locator('[data-role="grid"]')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('two receipts with the same name are both shown, neither counted, until the instructor chooses one', async ({
  page,
}) => {
  const errors = await openRoster(page);
  const [ada, other] = classReceipts(course, 2, 9);
  const real = sealReceipt({ ...withoutDigest(ada!), learner: 'Ada Lovelace' });
  // The attack: the same name with a trailing space and a later, self-chosen date.
  const impostor = sealReceipt({
    ...withoutDigest(other!),
    learner: 'ada lovelace',
    createdAt: '2099-01-01T00:00:00Z',
  });
  await page.getByLabel(/Paste receipts/).fill(`${serializeReceipt(real)}\n${serializeReceipt(impostor)}`);
  await page.getByRole('button', { name: 'Grade receipts' }).click();
  await expect(status(page)).toHaveText(/0 counted.*2 with the same name/);
  const conflict = page.locator('[data-role="conflicts"] [data-conflict="ada lovelace"]');
  await expect(conflict.locator('[data-role="conflict-member"]')).toHaveCount(2);
  await expect(conflict).toContainText('Ada Lovelace');
  // The impostor's claimed date, as the reader's browser writes a day and a time (dates follow the reader's locale).
  const claimed = await page.evaluate(() =>
    new Intl.DateTimeFormat(navigator.languages, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date('2099-01-01T00:00:00Z'),
    ),
  );
  await expect(conflict).toContainText(claimed);
  await conflict
    .getByRole('button', { name: /Count this one/ })
    .first()
    .click();
  await expect(status(page)).toHaveText(/1 counted, 1 flagged/);
  await expect(page.locator('[data-role="grid"] tr[data-learner="Ada Lovelace"]')).toHaveCount(1);
  await expect(page.locator('[data-role="flagged"] li[data-reason="set-aside"]')).toContainText('ada lovelace');
  expect(errors).toEqual([]);
});

function withoutDigest<T extends { digest: string }>(receipt: T): Omit<T, 'digest'> {
  const { digest: _d, ...body } = receipt;
  return body;
}

test('the roster survives a reload, and “Clear roster” forgets it', async ({ page }) => {
  await openRoster(page);
  const receipts = classReceipts(course, 2, 21).map(serializeReceipt).join('\n');
  await page.getByLabel(/Paste receipts/).fill(receipts);
  await page.getByRole('button', { name: 'Grade receipts' }).click();
  await expect(status(page)).toHaveText(/2 counted/);
  await page.reload();
  await expect(status(page)).toHaveText(/Restored the roster kept in this browser.*2 counted/);
  await expect(page.locator('[data-role="grid"] tbody tr')).toHaveCount(2);
  await page.getByRole('button', { name: 'Clear roster' }).click();
  await expect(status(page)).toHaveText(/no longer kept/);
  await page.reload();
  await page.locator('lab-roster form:not([hidden])').waitFor();
  await expect(page.locator('[data-role="grid"]')).toHaveCount(0);
  await expect(status(page)).toHaveText('');
});

test('the class table shows per learner: check and practice cells apart, code labs, hints, solutions, link-loaded tables', async ({
  page,
}) => {
  await openRoster(page);
  const [cy] = classReceipts(course, 1, 33);
  const { digest: _d, ...body } = cy!;
  const chapters: Record<string, ChapterReceipt> = structuredClone(body.chapters);
  const chapter = Object.keys(chapters)[0]!;
  chapters[chapter]!.codeLabs = {
    'lab-one': { passed: true, attempts: 2, hints: 2, solutionShown: false, at: '2026-11-30T10:00:00Z' },
    'lab-two': { passed: false, hints: 1, solutionShown: true, at: '2026-11-30T10:00:00Z' },
  };
  // A table of the course (chapter 5's, content/chapters/error-semantics-and-retries.mdx), loaded from a link: a
  // table the course does not have is never counted.
  const tableChapter = 'error-semantics-and-retries';
  if (!chapters[tableChapter]) throw new Error(`the class receipt has no ${tableChapter}`);
  chapters[tableChapter].tables = {
    'ch05-table': {
      scenarios: ['unknown-method', 'malformed-incident-id', 'backend-unavailable', 'lost-response-after-write'],
      cells: { 'unknown-method': { layer: 'method-dispatch', userSees: 'integration-error', retry: 'never-as-is' } },
      hints: 0,
      solutionShown: false,
      updatedAt: '2026-11-30T10:00:00Z',
      fromLink: true,
    },
  };
  const receipt = sealReceipt({ ...body, version: 2, learner: 'Cy', chapters });
  await page.getByLabel(/Paste receipts/).fill(serializeReceipt(receipt));
  await page.getByRole('button', { name: 'Grade receipts' }).click();
  await expect(status(page)).toHaveText(/1 counted/);
  const cell = (figure: string) => page.locator(`[data-role="grid"] tr[data-learner="Cy"] td[data-figure="${figure}"]`);
  await expect(cell('Code labs*')).toHaveText('1/2');
  await expect(cell('From a link')).toHaveText('1');
  await expect(cell('Practice cells')).toHaveText('–');
  await expect(cell('Solutions')).not.toHaveText('0');
  await expect(page.locator('[data-role="grid-key"]')).toContainText('self-reported');
});

test('at 1280 px the class table fits: its right-hand columns are not clipped', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openRoster(page);
  await page.getByLabel(/Paste receipts/).fill(classReceipts(course, 3, 44).map(serializeReceipt).join('\n'));
  await page.getByRole('button', { name: 'Grade receipts' }).click();
  await expect(status(page)).toHaveText(/3 counted/);
  const wrap = page.locator('.ws-table-wrap').first();
  const fits = await wrap.evaluate((w) => w.scrollWidth <= w.clientWidth);
  expect(fits).toBe(true);
  const last = page.locator('[data-role="grid"] thead th').last();
  const box = (await last.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(1280);
});

test('a receipt naming the past course version 0.1.0 is graded against that version’s questions, and the page says so', async ({
  page,
}) => {
  await openRoster(page);
  const [now] = classReceipts(course, 1, 55);
  const { digest: _d, ...body } = now!;
  // Chapter 5's check as version 0.1.0 asked it: its four practice rows, every cell answered as the bank says.
  const rows = ['unknown-method', 'malformed-incident-id', 'backend-unavailable', 'lost-response-after-write'];
  const table = Object.fromEntries(rows.map((id) => [id, { ...getScenario(id)!.answer }]));
  const old = sealReceipt({
    ...body,
    version: 2,
    course: { title: course.title, version: '0.1.0' },
    learner: 'Old Ada',
    chapters: {
      'error-semantics-and-retries': {
        hints: 0,
        solutions: 0,
        check: {
          answers: { 'four-failures': { table } },
          grade: { correct: 1, total: 3, passed: false },
          submittedAt: '2026-11-30T09:00:00.000Z',
        },
      },
    },
  });
  await page.getByLabel(/Paste receipts/).fill(`${serializeReceipt(now!)}\n${serializeReceipt(old)}`);
  await page.getByRole('button', { name: 'Grade receipts' }).click();
  await expect(status(page)).toHaveText(/2 counted/);
  const row = page.locator('[data-role="grid"] tr[data-learner="Old Ada"]');
  await expect(row).toHaveAttribute('data-graded-version', '0.1.0');
  await expect(row).toContainText('graded against course version 0.1.0');
  await expect(row.locator('td[data-figure="Check cells"]')).toHaveText('12/12');
  await expect(page.locator('[data-role="graded-versions"]')).toHaveText(
    `Graded: 1 receipt against course version ${course.version}, the current one; 1 receipt against course version 0.1.0, the version it names.`,
  );
});

test('markup in a learner name or a file name is shown as text, never run or parsed', async ({ page }) => {
  await openRoster(page);
  const [one] = classReceipts(course, 1, 44);
  const { digest: _d, ...body } = one!;
  // Printable text by the receipt's rule, so it reaches the grid; a page that parsed it would run the handler.
  const name = '<img src=x onerror="window.__pwned=1">Mallory';
  await page.getByLabel(/Paste receipts/).fill(serializeReceipt(sealReceipt({ ...body, learner: name })));
  await page
    .locator('#roster-files')
    .setInputFiles([
      { name: '<svg onload="window.__pwned=2">.json', mimeType: 'application/json', buffer: Buffer.from('{"x":1}') },
    ]);
  await page.getByRole('button', { name: 'Grade receipts' }).click();
  await expect(status(page)).toHaveText(/1 counted, 1 flagged/);
  await expect(page.locator('[data-role="grid"] tbody tr')).toContainText(name);
  await expect(page.locator('[data-role="flagged"]')).toContainText('<svg onload="window.__pwned=2">.json');
  await expect(page.locator('lab-roster img, lab-roster svg[onload], lab-roster [onerror]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
});

test('misconceptions are named on the roster page, in the list and beside each wrong answer', async ({ page }) => {
  await openRoster(page);
  // Learners who fall for the tempting wrong answers (class-receipts.ts favours the ones a misconception explains).
  await page.getByLabel(/Paste receipts/).fill(classReceipts(course, 6, 45).map(serializeReceipt).join('\n'));
  await page.getByRole('button', { name: 'Grade receipts' }).click();
  await expect(status(page)).toHaveText(/6 counted/);
  const file = JSON.parse(
    readFileSync(join(import.meta.dirname, '../../content/scenarios/misconceptions.json'), 'utf8'),
  ) as { misconceptions: { id: string; name: string }[] };
  const byId = new Map(file.misconceptions.map((m) => [m.id, m.name]));
  const items = page.locator('[data-role="misconceptions"] li');
  expect(await items.count()).toBeGreaterThan(0);
  for (const li of await items.all()) {
    const id = (await li.getAttribute('data-misconception'))!;
    await expect(li.locator('strong')).toHaveText(byId.get(id)!);
  }
  // Beside a wrong answer: "Misconception: <name>", never the id.
  const wrong = page.locator('tr.ws-wrong td', { hasText: /^✗ Misconception: / });
  expect(await wrong.count()).toBeGreaterThan(0);
  for (const td of await wrong.all()) {
    const name = (await td.textContent())!.replace('✗ Misconception: ', '');
    expect([...byId.values()]).toContain(name);
  }
});

test('a decision-table cell nobody answered says so in a sentence, not an empty table', async ({ page }) => {
  await openRoster(page);
  // One learner checked chapter 5's table with one cell chosen: the other eleven cells are blank for the class.
  const at = '2026-11-30T10:00:00.000Z';
  const receipt = createReceipt({
    course: { title: course.title, version: course.version },
    learner: 'Ada Lovelace',
    createdAt: at,
    chapters: {
      'error-semantics-and-retries': {
        tables: {
          'ch05-table': {
            scenarios: ['unknown-method', 'malformed-incident-id', 'backend-unavailable', 'lost-response-after-write'],
            cells: { 'malformed-incident-id': { layer: 'json-parser' } },
            grade: { correct: 0, total: 12, passed: false },
            hints: 0,
            solutionShown: false,
            updatedAt: at,
          },
        },
        hints: 0,
        solutions: 0,
        updatedAt: at,
      },
    },
  });
  await page.getByLabel(/Paste receipts/).fill(serializeReceipt(receipt));
  await page.getByRole('button', { name: 'Grade receipts' }).click();
  await expect(status(page)).toHaveText(/1 counted/);
  const unknown = page.locator('.ws-dist[data-scenario="unknown-method"]');
  await expect(unknown.locator('table')).toHaveCount(0);
  await expect(unknown.locator('[data-column="layer"]')).toHaveText(
    'Which layer detects it: no answers yet (1 blank).',
  );
  // The answered cell keeps its table of answers.
  const answered = page.locator('.ws-dist[data-scenario="malformed-incident-id"] table[data-column="layer"]');
  await expect(answered.locator('tbody tr')).toHaveCount(1);
  await expect(answered.locator('tr.ws-wrong td').first()).toHaveText('JSON parser');
});

for (const width of [390, 1280]) {
  test(`at ${width} px the LMS export's controls fit, and its default columns are named by chapter title`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await openRoster(page);
    await page.getByLabel(/Paste receipts/).fill(classReceipts(course, 2, 46).map(serializeReceipt).join('\n'));
    await page.getByRole('button', { name: 'Grade receipts' }).click();
    await expect(status(page)).toHaveText(/2 counted/);
    const lms = page.locator('[data-role="lms-export"]');
    for (const control of [lms.getByLabel('LMS'), lms.getByLabel(/identifier is the/), lms.getByLabel(/^Columns/)]) {
      const box = (await control.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, 'inside the viewport').toBeLessThanOrEqual(width);
      // Tall enough to tap (WCAG 2.2 target size, minimum 24 px).
      expect(box.height).toBeGreaterThanOrEqual(24);
    }
    // Each label sits above its control, not squeezed beside it.
    const label = (await lms.locator('label', { hasText: /identifier is the/ }).boundingBox())!;
    const select = (await lms.getByLabel(/identifier is the/).boundingBox())!;
    expect(select.y).toBeGreaterThanOrEqual(label.y + label.height - 1);
    const lines = (await lms.getByLabel(/^Columns/).inputValue()).split('\n');
    expect(lines).toHaveLength(course.chapters.length * 2);
    // "<chapter id> score <title> (score)": no chapter number from the old ids.
    expect(lines[0]).toBe(`${course.chapters[0]!.id} score ${course.chapters[0]!.title} (score)`);
    for (const line of lines) expect(line).not.toMatch(/^\d|^\S+ (score|completion) \d\d /);
  });
}
