/**
 * Lighthouse 13 on the built site, served by `astro preview`: the heaviest chapter (most bytes of HTML) and the
 * Playground. Targets: performance at least 95; accessibility, best practices and SEO 100. Then the Playground's
 * speed: every fixture classified through the page, timed by the page itself (budget: one frame, 16 ms).
 * Prints every figure; exits non-zero only when a target is missed.
 *
 *   npm run lighthouse [-- <dist dir>] [--advisory-performance]
 *   (LIGHTHOUSE_PORT=4403 and LIGHTHOUSE_RUNS=3 by default; the browser is $CHROMIUM_PATH, by default Debian's
 *   /usr/bin/chromium)
 *
 * --advisory-performance (used by CI): the performance score and the Playground timing are printed and flagged,
 * but do not fail the run, because they measure the machine as much as the site when other jobs share its CPUs.
 * Accessibility, best practices and SEO do not depend on the machine and always fail the run when under 100.
 */
import { spawn, execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../support/chromium.ts';

const run = promisify(execFile);
const args = process.argv.slice(2);
const advisoryPerformance = args.includes('--advisory-performance');
const dist = resolve(args.find((a) => !a.startsWith('--')) ?? 'dist');
const port = Number(process.env.LIGHTHOUSE_PORT ?? process.env.PORT ?? 4403);
const base = `http://localhost:${port}`;
const chromePath = chromiumPath();
const TARGETS: Record<string, number> = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
const FRAME_MS = 16;
/** Lighthouse runs per page; the median run (by performance score) is reported, as Lighthouse's docs advise. */
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
/** Set when an advisory target was missed (printed, not failed). */
let warned = false;

function heaviestChapter(): string {
  const dir = join(dist, 'chapters');
  const sized = readdirSync(dir)
    .filter((name) => statSync(join(dir, name, 'index.html'), { throwIfNoEntry: false }))
    .map((name) => ({ name, size: statSync(join(dir, name, 'index.html')).size }))
    .sort((a, b) => b.size - a.size);
  if (!sized[0]) throw new Error(`No chapters in ${dir}: build first.`);
  return `/chapters/${sized[0].name}/`;
}

async function waitForServer(url: string, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`The preview server did not answer at ${url}.`);
}

interface LighthouseResult {
  categories: Record<string, { score: number | null }>;
  audits: Record<
    string,
    {
      numericValue?: number;
      displayValue?: string;
      score: number | null;
      title: string;
      details?: { items?: unknown[] };
    }
  >;
}

async function lighthouseOnce(path: string): Promise<LighthouseResult> {
  const out = mkdtempSync(join(tmpdir(), 'lh-'));
  const file = join(out, 'report.json');
  try {
    await run(
      'npx',
      [
        'lighthouse',
        `${base}${path}`,
        '--quiet',
        '--output=json',
        `--output-path=${file}`,
        '--only-categories=performance,accessibility,best-practices,seo',
        `--chrome-flags=${CHROMIUM_ARGS.join(' ')}`,
      ],
      { env: { ...process.env, CHROME_PATH: chromePath }, maxBuffer: 64 * 1024 * 1024 },
    );
    return JSON.parse(readFileSync(file, 'utf8')) as LighthouseResult;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

async function lighthouse(path: string): Promise<boolean> {
  const reports: LighthouseResult[] = [];
  for (let i = 0; i < RUNS; i += 1) reports.push(await lighthouseOnce(path));
  reports.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
  const report = reports[Math.floor(reports.length / 2)]!;
  const perfRuns = reports.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100));
  {
    let ok = true;
    let missed = false;
    const scores = Object.entries(TARGETS).map(([id, target]) => {
      const score = Math.round((report.categories[id]?.score ?? 0) * 100);
      if (score < target) {
        missed = true;
        if (!(advisoryPerformance && id === 'performance')) ok = false;
      }
      return `${id} ${score}${score < target ? ` (target ${target}${advisoryPerformance && id === 'performance' ? ', advisory' : ''})` : ''}`;
    });
    const metric = (id: string) => report.audits[id]?.displayValue ?? 'n/a';
    if (ok && missed) warned = true;
    console.log(
      `  ${ok ? (missed ? 'WARN' : '    ') : 'MISS'} ${path} (median of ${RUNS} run${RUNS === 1 ? '' : 's'}; performance per run: ${perfRuns.join(', ')})\n       ${scores.join(' · ')}\n       FCP ${metric('first-contentful-paint')} · LCP ${metric('largest-contentful-paint')} · TBT ${metric('total-blocking-time')} · CLS ${metric('cumulative-layout-shift')}`,
    );
    if (missed) {
      for (const [id, audit] of Object.entries(report.audits)) {
        if (
          audit.score !== null &&
          audit.score < 1 &&
          audit.details?.items?.length &&
          ![
            'first-contentful-paint',
            'largest-contentful-paint',
            'speed-index',
            'interactive',
            'total-blocking-time',
            'max-potential-fid',
            'cumulative-layout-shift',
          ].includes(id)
        ) {
          console.log(`         - ${id}: ${audit.title}`);
        }
      }
    }
    return ok;
  }
}

/** Classifies every fixture through the Playground page and reports the page's own timings. */
async function playgroundSpeed(): Promise<boolean> {
  const fixtures = readdirSync('content/fixtures')
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join('content/fixtures', f), 'utf8')) as { id: string; text: string })
    .filter((f) => f.text.trim() !== '');
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_ARGS });
  try {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${base}/playground/`, { waitUntil: 'networkidle' });
    const times = await page.evaluate(async (list) => {
      const text = document.querySelector<HTMLTextAreaElement>('#pg-text')!;
      const mode = document.querySelector<HTMLSelectElement>('#pg-mode')!;
      const status = document.querySelector<HTMLElement>('lab-playground [data-role="status"]')!;
      const submit = document.querySelector<HTMLButtonElement>('lab-playground button[type="submit"]')!;
      const out: Array<[string, number, number]> = [];
      mode.value = 'message';
      // Wait for the worker to be warm (the page starts it when idle), as a learner's first paste would.
      await new Promise((r) => setTimeout(r, 1500));
      const once = async (f: { id: string; text: string }): Promise<[number, number]> => {
        text.value = f.text;
        status.textContent = '';
        const started = performance.now();
        const shown = new Promise<number>((resolve) => {
          const observer = new MutationObserver(() => {
            if (/^Classified in/.test(status.textContent ?? '')) {
              observer.disconnect();
              resolve(performance.now() - started);
            }
          });
          observer.observe(status, { childList: true, characterData: true, subtree: true });
          setTimeout(() => resolve(NaN), 5000);
        });
        submit.click();
        const total = await shown;
        return [Number(/Classified in ([\d.]+) ms/.exec(status.textContent ?? '')?.[1] ?? NaN), total];
      };
      // Each fixture five times, keeping its median: one garbage collection or a busy machine is not the page.
      const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      for (const f of list) {
        const runs: Array<[number, number]> = [];
        for (let i = 0; i < 5; i += 1) runs.push(await once(f));
        out.push([f.id, median(runs.map((r) => r[0])), median(runs.map((r) => r[1]))]);
      }
      return out;
    }, fixtures);
    const stats = (index: 1 | 2) => {
      const values = times
        .map((t) => t[index])
        .filter(Number.isFinite)
        .sort((a, b) => a - b);
      const worst = times.reduce((w, t) => (t[index] > w[index] ? t : w), times[0]!);
      return {
        count: values.length,
        median: values[Math.floor(values.length / 2)] ?? NaN,
        worst: worst[index],
        worstId: worst[0],
      };
    };
    const classify = stats(1);
    const shown = stats(2);
    const fast = classify.count === fixtures.length && classify.worst <= FRAME_MS;
    const ok = fast || (advisoryPerformance && classify.count === fixtures.length);
    if (ok && !fast) warned = true;
    console.log(
      `  ${fast ? '    ' : ok ? 'WARN' : 'MISS'} ${fixtures.length} fixtures, classifyMessage + classifyAcrossProtocols in the worker (median of 5 runs each): median ${classify.median.toFixed(1)} ms, slowest ${classify.worst.toFixed(1)} ms (${classify.worstId}); budget ${FRAME_MS} ms`,
    );
    console.log(
      `       click to result on screen: median ${shown.median.toFixed(1)} ms, slowest ${shown.worst.toFixed(1)} ms (${shown.worstId})${classify.count < fixtures.length ? `; ${fixtures.length - classify.count} did not finish` : ''}`,
    );
    return ok;
  } finally {
    await browser.close();
  }
}

const server = spawn('npx', ['astro', 'preview', '--port', String(port), '--outDir', dist, '--ignore-lock'], {
  stdio: ['ignore', 'pipe', 'pipe'],
  detached: true,
});
/** Stops the preview server: it runs in its own process group, so npx and the astro process under it stop together. */
function stopServer(): void {
  if (!server.pid) return;
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}
// Also when this script is interrupted or its output pipe closes, so no server is left on the port.
process.on('exit', stopServer);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGPIPE'] as const) process.on(signal, () => process.exit(1));
let failed = false;
try {
  await waitForServer(`${base}/`);
  console.log(
    `Lighthouse ${(await run('npx', ['lighthouse', '--version'])).stdout.trim()} on ${base} (targets: performance ≥ 95; accessibility, best practices, SEO 100)`,
  );
  for (const path of [heaviestChapter(), '/playground/']) if (!(await lighthouse(path))) failed = true;
  console.log('\nPlayground speed after load');
  if (!(await playgroundSpeed())) failed = true;
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  failed = true;
} finally {
  stopServer();
}
console.log(
  failed
    ? '\nA Lighthouse target was missed.'
    : warned
      ? '\nTargets met, except the advisory ones marked WARN.'
      : '\nAll Lighthouse targets met.',
);
process.exit(failed ? 1 : 0);
