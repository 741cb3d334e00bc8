/**
 * Every built page carries a strict Content-Security-Policy, read from the files in the served build,
 * and the site still works under it in Chromium: no page reports a policy violation, search (pagefind, which needs
 * WebAssembly) finds results, the theme script runs before paint, JSON-LD is there, and the service worker registers.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { expect, test, type Page } from './fixtures.ts';

const DIST = process.env.E2E_DIST ?? join(import.meta.dirname, '../../dist');

/** Pages whose own policy may allow 'unsafe-eval': the code lab's sandbox frame, and nothing else. */
const EVAL_ALLOWED = new Set(['/code-lab/sandbox.html']);

function builtPages(): { path: string; html: string }[] {
  const out: { path: string; html: string }[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) {
        if (name !== 'pagefind' && name !== '_astro') walk(full);
      } else if (name.endsWith('.html')) {
        const rel = relative(DIST, full).split(sep).join('/');
        const path = rel === 'index.html' ? '/' : rel.endsWith('/index.html') ? `/${rel.slice(0, -10)}` : `/${rel}`;
        out.push({ path, html: readFileSync(full, 'utf8') });
      }
    }
  };
  walk(DIST);
  return out.sort((a, b) => a.path.localeCompare(b.path));
}

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The policy in a page's <meta http-equiv>, as directive → sources. Written apart from the build's own parser. */
function metaPolicy(html: string): Map<string, string[]> | undefined {
  const meta = /<meta\s+http-equiv=["']?content-security-policy["']?\s+content="([^"]*)"/i.exec(html);
  if (!meta) return undefined;
  const policy = new Map<string, string[]>();
  for (const part of meta[1]!.replace(/&#39;/g, "'").split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) policy.set(name.toLowerCase(), sources);
  }
  return policy;
}

/** What is wrong with one page's policy; empty when it is strict enough. */
function problems(path: string, html: string): string[] {
  const policy = metaPolicy(html);
  if (!policy) return [`${path}: no Content-Security-Policy meta tag`];
  const found: string[] = [];
  const effective = (name: string) => policy.get(name) ?? policy.get('default-src') ?? [];
  const scripts = policy.get('script-src') ?? policy.get('default-src') ?? [];
  if (scripts.includes("'unsafe-inline'")) found.push(`${path}: script-src allows 'unsafe-inline'`);
  if (!EVAL_ALLOWED.has(path) && [...policy.values()].some((s) => s.includes("'unsafe-eval'")))
    found.push(`${path}: the policy allows 'unsafe-eval'`);
  if (effective('object-src').join(' ') !== "'none'") found.push(`${path}: object-src is not 'none'`);
  if ((policy.get('base-uri') ?? []).join(' ') !== "'none'") found.push(`${path}: base-uri is not 'none'`);
  // The meta tag must come before any script, or the scripts before it run unchecked.
  const metaAt = html.search(/<meta\s+http-equiv=["']?content-security-policy/i);
  const firstScript = html.search(/<script\b/i);
  if (firstScript !== -1 && firstScript < metaAt) found.push(`${path}: a script comes before the policy`);
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = m[1] ?? '';
    if (/\bsrc\s*=/.test(attrs) || /\btype\s*=\s*["']?application\/(ld\+)?json/i.test(attrs)) continue;
    if (!scripts.includes(sha(m[2] ?? ''))) found.push(`${path}: an inline script is not hashed in script-src`);
  }
  const styles = policy.get('style-src-elem') ?? policy.get('style-src') ?? [];
  // Only a page with a code lab may allow inline style elements (CodeMirror writes its theme at run time).
  if (styles.includes("'unsafe-inline'")) {
    if (!html.includes('data-code-lab'))
      found.push(`${path}: style-src-elem allows 'unsafe-inline' without a code lab`);
  } else
    for (const m of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi))
      if (!styles.includes(sha(m[1] ?? ''))) found.push(`${path}: an inline style element is not hashed`);
  if (/<[a-z][^>]*\son[a-z]+\s*=/i.test(html)) found.push(`${path}: an inline event handler attribute`);
  return found;
}

test('every page in the build carries a strict policy: hashes, no unsafe-inline scripts, no eval, no plugins, no base', () => {
  const pages = builtPages();
  expect(pages.length).toBeGreaterThan(10);
  expect(pages.flatMap((p) => problems(p.path, p.html))).toEqual([]);
});

/** Collects the policy violations a page reports, from before its first script runs. */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
}

test('no page reports a policy violation while it loads and upgrades its widgets', async ({ page }) => {
  test.setTimeout(300_000);
  const violations = await recordViolations(page);
  const found: string[] = [];
  for (const { path } of builtPages()) {
    await page.goto(path, { waitUntil: 'load' });
    await page.waitForTimeout(300);
    found.push(...(await violations()).map((v) => `${path}: ${v}`));
  }
  expect(found).toEqual([]);
});

test('a code lab runs under the policy: the editor mounts and a run reports results, with no violation', async ({
  page,
}) => {
  const violations = await recordViolations(page);
  await page.goto('/chapters/tool-failures-vs-protocol-failures/');
  const lab = page.locator('lab-code-lab').first();
  await lab.scrollIntoViewIfNeeded();
  await lab.locator('.cm-editor').waitFor();
  await lab.getByRole('button', { name: /^Run/ }).first().click();
  await expect(lab.locator('[role="status"]').first()).not.toBeEmpty({ timeout: 20_000 });
  expect(await violations()).toEqual([]);
});

test('search (pagefind and its WebAssembly) finds a chapter under the policy', async ({ page }) => {
  const violations = await recordViolations(page);
  await page.goto('/search/?q=idempotency');
  await expect(page.locator('#search-results a').first()).toBeVisible({ timeout: 20_000 });
  expect(await violations()).toEqual([]);
});

test('the theme script runs before paint: a remembered dark theme is applied', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('lab-theme', 'dark'));
  const violations = await recordViolations(page);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await violations()).toEqual([]);
});

test('JSON-LD is in the chapter pages and parses', async ({ page }) => {
  await page.goto('/chapters/error-semantics-and-retries/');
  const text = await page.locator('script[type="application/ld+json"]').first().textContent();
  expect(JSON.parse(text ?? '')).toMatchObject({ '@context': expect.stringContaining('schema.org') });
});

test('the service worker registers and takes control under the policy', async ({ page }) => {
  const violations = await recordViolations(page);
  await page.goto('/');
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(new URL(scope).pathname).toBe('/');
  expect(await violations()).toEqual([]);
});

test('the preview server sends the headers a meta tag cannot: frame-ancestors and nosniff', async ({ request }) => {
  for (const path of ['/', '/instructor/roster/', '/search/']) {
    const response = await request.get(path);
    expect(response.headers()['content-security-policy']).toBe("frame-ancestors 'self'");
    expect(response.headers()['x-content-type-options']).toBe('nosniff');
  }
});
