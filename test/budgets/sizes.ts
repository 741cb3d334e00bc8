/**
 * Size budgets, read from a built site (dist/, or the directory given as the first argument). Prints figures and
 * exits non-zero only when a budget is exceeded:
 *   - the JavaScript a chapter page loads before any interaction (its module scripts and everything they import
 *     statically, as Vite's build manifest lists them; dynamic import() and workers excluded) is at most 41 KB
 *     gzipped;
 *   - the message model that widgets share is exactly one chunk, and no chapter page loads it before interaction.
 * Other helpers add their own section to SECTIONS.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { codeLabSection } from './code-lab.ts';
import { SizedManifest } from './manifest.ts';

const dist = resolve(process.argv[2] ?? 'dist');
const KB = 1024;
/** Budget: JS a chapter page loads before interaction, gzipped. */
const CHAPTER_JS_BUDGET = 41 * KB;
/** Strings that only the message model's code contains (finding ids and a model-only label). */
const MODEL_MARKERS = ['structured-content-not-mirrored', 'input-required-request-invalid'];

if (!existsSync(join(dist, 'index.html'))) {
  console.error(`No built site at ${dist}: run \`npm run build\` first.`);
  process.exit(1);
}
const manifest = new SizedManifest(dist);

/** What a page loads before interaction: its chunks (by manifest key) and its inline scripts' gzipped bytes. */
interface PageLoad {
  chunks: Set<string>;
  inlineBytes: number;
}

/**
 * The chunks a page loads before interaction: its module scripts and modulepreloads with everything they import
 * statically (from the manifest; dynamic imports and workers load later). Inline scripts count by their own bytes,
 * except JSON data blocks. An inline script that loads a built file would hide that file from the count, so it fails.
 */
function pageLoad(html: string, route: string): PageLoad {
  const roots: string[] = [];
  const urls = [
    ...[...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!),
    ...[...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]!),
  ];
  for (const url of urls) {
    const key = manifest.keyForUrl(url);
    if (key === undefined) throw new Error(`${route} loads ${url}, which the client build manifest does not list`);
    roots.push(key);
  }
  let inlineBytes = 0;
  for (const m of html.matchAll(
    /<script\b(?![^>]*\bsrc=)(?![^>]*type="(?:application\/json|application\/ld\+json)")[^>]*>([\s\S]*?)<\/script>/g,
  )) {
    const code = m[1]!;
    if (code.includes('/_astro/'))
      throw new Error(`${route} has an inline script that loads a built file: ${code.slice(0, 80)}`);
    if (code.trim()) inlineBytes += gzipSync(code, { level: 9 }).length;
  }
  return { chunks: manifest.staticClosure(roots), inlineBytes };
}

function htmlPages(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...htmlPages(full));
    // A redirect page (an old chapter address) loads no script and is no page a learner reads.
    else if (name === 'index.html' && !/http-equiv="refresh"/.test(readFileSync(full, 'utf8').slice(0, 600)))
      out.push(full);
  }
  return out;
}

const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;
let failed = false;

/** One budget section: prints its figures, returns false when over budget. */
type Section = { title: string; run: () => boolean };

/** Chunks that hold the message model's code (worker bundles carry their own copy and are not chunks). */
const modelChunks = [...manifest.chunks.keys()].filter((key) => {
  const code = readFileSync(join(dist, manifest.fileOf(key)), 'utf8');
  return MODEL_MARKERS.every((m) => code.includes(m));
});

const SECTIONS: Section[] = [
  {
    title: 'JavaScript a page loads before interaction (gzipped; budget for chapters 41 KB)',
    run: () => {
      let ok = true;
      const pages = htmlPages(dist).sort();
      for (const page of pages) {
        const route = `/${page.slice(dist.length + 1).replace(/index\.html$/, '')}`;
        const { chunks, inlineBytes } = pageLoad(readFileSync(page, 'utf8'), route);
        const total = manifest.gzipSizeOf(chunks) + inlineBytes;
        const isChapter = /^\/chapters\/[^/]+\/$/.test(route);
        const loadsModel = modelChunks.some((key) => chunks.has(key));
        const over = isChapter && total > CHAPTER_JS_BUDGET;
        if (over || (isChapter && loadsModel)) ok = false;
        if (isChapter || ['/', '/playground/', '/progress/'].includes(route)) {
          console.log(
            `  ${over ? 'OVER' : '    '} ${route.padEnd(48)} ${kb(total).padStart(9)} in ${chunks.size} file${chunks.size === 1 ? '' : 's'}${loadsModel ? (isChapter ? '  (loads the model before interaction: not allowed)' : '  (loads the model)') : ''}`,
          );
        }
      }
      return ok;
    },
  },
  {
    title: 'The shared message-model chunk',
    run: () => {
      if (modelChunks.length !== 1) {
        console.log(
          `  The model is in ${modelChunks.length} chunks (${modelChunks.join(', ') || 'none found'}); it must be exactly one.`,
        );
        return false;
      }
      const file = manifest.fileOf(modelChunks[0]!);
      console.log(
        `  one chunk: ${file.replace(/^_astro\//, '')} ${kb(statSync(join(dist, file)).size)} raw, ${kb(manifest.gzipSize(file))} gzipped (loaded on first interaction)`,
      );
      return true;
    },
  },
  codeLabSection(manifest),
];

for (const section of SECTIONS) {
  console.log(`\n${section.title}`);
  if (!section.run()) failed = true;
}
console.log(failed ? '\nOver budget.' : '\nAll budgets met.');
process.exit(failed ? 1 : 0);
