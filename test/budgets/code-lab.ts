/**
 * The code lab's size budget, a section of test/budgets/sizes.ts. The editor (CodeMirror), the transpiler (sucrase)
 * and the runner (the worker with the exercises' cases and its own copy of the message model, and the sandbox
 * frame's document) load only on pages with a code lab, and only when needed: at most 220 KB gzipped together.
 * Type checking (the TypeScript compiler's worker with the lab types, and the display of its findings) has its own
 * budget, 1.8 MB gzipped, and loads only when a lab first runs or "Check types" is pressed. Pages without a lab load
 * none of it.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { SizedManifest } from './manifest.ts';

const KB = 1024;
/** Budget: everything a code lab downloads beyond what the page loads anyway, gzipped. */
const CODE_LAB_BUDGET = 220 * KB;
/** Budget: the TypeScript compiler and what only type checking loads, gzipped, outside the code lab's budget. */
const COMPILER_BUDGET = 1.8 * KB * KB;
/** The attribute every server-rendered code lab carries. */
const MARKER = 'data-code-lab';
/** The sandbox frame document a lab loads to run learner code (served by src/pages/code-lab/sandbox.html.ts). */
const SANDBOX_FRAME = 'code-lab/sandbox.html';

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

/** The section sizes.ts runs: prints the figures, returns false when over budget or loaded where it must not be. */
export function codeLabSection(manifest: SizedManifest) {
  return {
    title: 'Code lab: editor, transpiler and runner, loaded only when needed (gzipped; budget 220 KB)',
    run(): boolean {
      const dist = manifest.dist;
      const entries = [...manifest.chunks.entries()]
        .filter(([, chunk]) => chunk.isEntry && /\/CodeLab\.astro\b/.test(chunk.src ?? ''))
        .map(([key]) => key);
      if (entries.length === 0) {
        console.log('  No code lab script in the build (no chapter uses <CodeLab>); nothing to measure.');
        return true;
      }
      // What a lab page loads anyway at first paint is not the lab's cost; count what only the lab brings.
      const eager = manifest.staticClosure(entries);
      const shared = new Set([...eager].filter((key) => !entries.includes(key)));
      const lazyAll = [...manifest.dynamicClosure(eager)].filter((key) => !shared.has(key));
      const allWorkers = manifest.workerFiles([...eager, ...lazyAll]);
      // Type checking is its own section: the compiler's worker, and the module that starts it and shows what it
      // finds (client/types.ts), which loads with the first check.
      const typesUi = lazyAll.filter((key) =>
        /\/codelab\/client\/types\.ts$/.test(manifest.chunks.get(key)?.src ?? ''),
      );
      const lazy = lazyAll.filter((key) => !typesUi.includes(key));
      const compiler = [...allWorkers].filter((f) => /type-check\.worker/.test(f));
      const workers = [...allWorkers].filter((f) => !compiler.includes(f));
      const frame = statSync(join(dist, SANDBOX_FRAME), { throwIfNoEntry: false })
        ? gzipSync(readFileSync(join(dist, SANDBOX_FRAME)), { level: 9 }).length
        : 0;
      const rows: Array<[string, string[], number]> = [
        ['code lab element (at page load)', entries.map((k) => manifest.fileOf(k)), manifest.gzipSizeOf(entries)],
        ['editor, on scroll into view', lazy.map((k) => manifest.fileOf(k)), manifest.gzipSizeOf(lazy)],
        [
          'runner worker (sucrase, cases, model)',
          [...workers],
          [...workers].reduce((s, f) => s + manifest.gzipSize(f), 0),
        ],
        ['sandbox frame document', frame > 0 ? [SANDBOX_FRAME] : [], frame],
      ];
      let total = 0;
      for (const [label, files, size] of rows) {
        total += size;
        const names = files.map((f) => f.replace(/^_astro\//, '')).join(', ');
        console.log(`       ${label.padEnd(40)} ${kb(size).padStart(9)}  ${names}`);
      }
      const over = total > CODE_LAB_BUDGET;
      console.log(
        `  ${over ? 'OVER' : '    '} total${' '.repeat(37)}${kb(total).padStart(9)}  (budget ${kb(CODE_LAB_BUDGET)})`,
      );

      console.log(
        `  TypeScript type checking, loaded on a lab's first run or "Check types" (gzipped; budget ${kb(COMPILER_BUDGET)})`,
      );
      const compilerRows: Array<[string, string[], number]> = [
        ['compiler worker (typescript, lab types)', compiler, compiler.reduce((s, f) => s + manifest.gzipSize(f), 0)],
        ['type-check display (client/types.ts)', typesUi.map((k) => manifest.fileOf(k)), manifest.gzipSizeOf(typesUi)],
      ];
      let compilerTotal = 0;
      for (const [label, files, size] of compilerRows) {
        compilerTotal += size;
        const names = files.map((f) => f.replace(/^_astro\//, '')).join(', ');
        console.log(`       ${label.padEnd(40)} ${kb(size).padStart(9)}  ${names}`);
      }
      const compilerOver = compilerTotal > COMPILER_BUDGET || compiler.length === 0;
      console.log(
        `  ${compilerOver ? 'OVER' : '    '} total${' '.repeat(37)}${kb(compilerTotal).padStart(9)}  (budget ${kb(COMPILER_BUDGET)})${compiler.length === 0 ? ': no type-check worker in the build' : ''}`,
      );

      // No page without a lab may reference any of it.
      const labOnly = new Set([...entries, ...lazyAll].map((k) => manifest.fileOf(k)).concat([...allWorkers]));
      const leaks: string[] = [];
      let labPages = 0;
      for (const page of htmlPages(dist)) {
        if (page.endsWith(SANDBOX_FRAME)) continue;
        const html = readFileSync(page, 'utf8');
        if (html.includes(MARKER)) {
          labPages++;
          continue;
        }
        for (const f of labOnly) if (html.includes(f)) leaks.push(`${page.slice(dist.length)} references ${f}`);
      }
      console.log(`       pages with a code lab: ${labPages}; pages without one that load its code: ${leaks.length}`);
      for (const leak of leaks) console.log(`  LEAK ${leak}`);
      return !over && !compilerOver && leaks.length === 0;
    },
  };
}
