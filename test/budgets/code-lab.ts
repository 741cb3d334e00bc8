/**
 * The code lab's size budget, a section of test/budgets/sizes.ts. The editor (CodeMirror), the transpiler (sucrase)
 * and the runner (the worker with the exercises' cases and its own copy of the message model) load only on pages
 * with a code lab, and only when needed: at most 220 KB gzipped together. Pages without a lab load none of it.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const KB = 1024;
/** Budget: everything a code lab downloads beyond what the page loads anyway, gzipped. */
export const CODE_LAB_BUDGET = 220 * KB;
/** The attribute every server-rendered code lab carries. */
const MARKER = 'data-code-lab';

const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;

function htmlPages(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...htmlPages(full));
    else if (name.endsWith('.html')) out.push(full);
  }
  return out;
}

/** Relative module specifiers a built chunk loads: static imports, dynamic import()s and worker URLs. */
function references(code: string): { imports: string[]; dynamic: string[]; workers: string[] } {
  const imports = [
    ...code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g),
  ].map((m) => m[1]!);
  const dynamic = [...code.matchAll(/import\(\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]\s*\)/g)].map((m) => m[1]!);
  const workers = [...code.matchAll(/["'`]\/_astro\/([^"'`]*worker[^"'`]*\.js)["'`]/g)].map((m) => `./${m[1]!}`);
  return { imports, dynamic, workers };
}

/** A file and everything it imports statically. */
function closure(dir: string, entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const name = queue.pop()!;
    if (seen.has(name) || !existsSync(join(dir, name))) continue;
    seen.add(name);
    queue.push(...references(readFileSync(join(dir, name), 'utf8')).imports.map((s) => s.replace(/^\.\//, '')));
  }
  return seen;
}

/** The section sizes.ts runs: prints the figures, returns false when over budget or loaded where it must not be. */
export function codeLabSection(distDir: string) {
  return {
    title: 'Code lab: editor, transpiler and runner, loaded only when needed (gzipped; budget 220 KB)',
    run(): boolean {
      const dist = resolve(distDir);
      const astro = join(dist, '_astro');
      const entries = readdirSync(astro).filter((f) => /^CodeLab\.astro.*\.js$/.test(f));
      if (entries.length === 0) {
        console.log('  No code lab script in the build (no chapter uses <CodeLab>); nothing to measure.');
        return true;
      }
      // What a lab page loads anyway at first paint is not the lab's cost; count what only the lab brings.
      const eager = new Set<string>();
      for (const entry of entries) for (const f of closure(astro, entry)) eager.add(f);
      const lazy = new Set<string>();
      const workers = new Set<string>();
      for (const f of eager) {
        const refs = references(readFileSync(join(astro, f), 'utf8'));
        for (const d of refs.dynamic) for (const g of closure(astro, d.replace(/^\.\//, ''))) lazy.add(g);
        for (const w of refs.workers) for (const g of closure(astro, w.replace(/^\.\//, ''))) workers.add(g);
      }
      const shared = new Set([...eager].filter((f) => !entries.includes(f)));
      const rows: Array<[string, string[]]> = [
        ['code lab element (at page load)', entries],
        ['editor, on scroll into view', [...lazy].filter((f) => !shared.has(f))],
        ['runner worker (sucrase, cases, model)', [...workers]],
      ];
      let total = 0;
      for (const [label, files] of rows) {
        const size = files.reduce((s, f) => s + gz(join(astro, f)), 0);
        total += size;
        console.log(`       ${label.padEnd(40)} ${kb(size).padStart(9)}  ${files.join(', ')}`);
      }
      const over = total > CODE_LAB_BUDGET;
      console.log(
        `  ${over ? 'OVER' : '    '} total${' '.repeat(37)}${kb(total).padStart(9)}  (budget ${kb(CODE_LAB_BUDGET)})`,
      );

      // No page without a lab may reference any of it.
      const labOnly = new Set([...entries, ...rows[1]![1], ...workers]);
      const leaks: string[] = [];
      let labPages = 0;
      for (const page of htmlPages(dist)) {
        const html = readFileSync(page, 'utf8');
        if (html.includes(MARKER)) {
          labPages++;
          continue;
        }
        for (const f of labOnly) if (html.includes(f)) leaks.push(`${page.slice(dist.length)} references ${f}`);
      }
      console.log(`       pages with a code lab: ${labPages}; pages without one that load its code: ${leaks.length}`);
      for (const leak of leaks) console.log(`  LEAK ${leak}`);
      return !over && leaks.length === 0;
    },
  };
}
