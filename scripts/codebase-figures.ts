/**
 * Figures about the codebase's shape, printed as Markdown: `npm run figures:codebase`.
 *
 * - lines of `.ts` and `.astro` source per top-level folder of `src/` (every line, blank and comment lines too);
 * - the ten longest functions of `src/` (`.ts` files and the scripts and frontmatter of `.astro` files), measured with
 *   the TypeScript compiler API from a function's first line to its last, as ESLint's `max-lines-per-function` counts
 *   by default (an inner function counts on its own and inside its outer one);
 * - copies of small helpers that exist more than once: `isRecord`-like guards, `must(selector)`, element builders,
 *   HTML escaping, newline-counting loops, visually-hidden CSS classes;
 * - the names `#message-model` (src/message-model/index.ts) exports, and those no file outside
 *   `src/message-model/` uses through it, with tests (files under `test/` and `*.test.ts`) left out and counted in.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';

const root = join(import.meta.dirname, '..');
const rel = (path: string): string => relative(root, path).split(sep).join('/');

/** Every file under `dir` (relative to the root), skipping build output and installed packages. */
function walk(dir: string): string[] {
  const skip = new Set(['node_modules', 'dist', 'dist-scorm', '.astro', '.git', 'test-results', 'workshop-data']);
  const out: string[] = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    if (skip.has(entry.name)) continue;
    const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...walk(path));
    else out.push(path);
  }
  return out.sort();
}

const read = (path: string): string => readFileSync(join(root, path), 'utf8');
const lineCount = (text: string): number => (text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0));
const lineAt = (text: string, offset: number): number => text.slice(0, offset).split('\n').length;
const isTest = (path: string): boolean => path.startsWith('test/') || /\.(test|spec)\.ts$/.test(path);

const srcFiles = walk('src');
const srcCode = srcFiles.filter((f) => f.endsWith('.ts') || f.endsWith('.astro'));

// --- lines per folder ---------------------------------------------------------------------------------------------
function linesPerFolder(): string[] {
  const byFolder = new Map<string, number>();
  for (const file of srcCode) {
    const parts = file.split('/');
    const folder = parts.length > 2 ? `src/${parts[1]}/` : 'src/ (files at its root)';
    byFolder.set(folder, (byFolder.get(folder) ?? 0) + lineCount(read(file)));
  }
  const rows = [...byFolder].sort((a, b) => b[1] - a[1]);
  const total = rows.reduce((sum, [, n]) => sum + n, 0);
  const tests = srcCode.filter(isTest);
  return [
    '## Source lines (.ts and .astro) per folder of src/',
    '',
    '| folder | lines |',
    '| --- | ---: |',
    ...rows.map(([folder, n]) => `| ${folder} | ${n} |`),
    `| **total** | **${total}** |`,
    '',
    `Test files inside src/: ${tests.length}${tests.length ? ` (${tests.join(', ')})` : ''}.`,
    '',
  ];
}

// --- scripts inside .astro files -----------------------------------------------------------------------------------
/** The TypeScript parts of an `.astro` file (frontmatter, `<script>` blocks), each with the line it starts on. */
function astroScripts(text: string): { code: string; firstLine: number }[] {
  const parts: { code: string; firstLine: number }[] = [];
  const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  if (front?.[1] !== undefined) parts.push({ code: front[1], firstLine: 2 });
  for (const m of text.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)) {
    if (/type=["'](?!module)/.test(m[1] ?? '')) continue; // JSON-LD and other data blocks
    const start = m.index + m[0].indexOf('>') + 1;
    parts.push({ code: m[2] ?? '', firstLine: lineAt(text, start) });
  }
  return parts;
}

// --- longest functions ---------------------------------------------------------------------------------------------
interface FunctionSize {
  name: string;
  where: string;
  lines: number;
}

function nameOf(node: ts.Node, sf: ts.SourceFile): string {
  const named = (n: ts.Node | undefined): string | undefined =>
    n && (ts.isIdentifier(n) || ts.isStringLiteral(n) || ts.isPrivateIdentifier(n)) ? n.text : undefined;
  if (
    ts.isFunctionDeclaration(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isGetAccessor(node) ||
    ts.isSetAccessor(node)
  ) {
    const own = named(node.name) ?? '(anonymous)';
    const cls = node.parent && ts.isClassLike(node.parent) ? named(node.parent.name) : undefined;
    return cls ? `${cls}.${own}` : own;
  }
  if (ts.isConstructorDeclaration(node)) return `${named(node.parent.name) ?? '(class)'}.constructor`;
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) {
    return named(parent.name) ?? '(anonymous)';
  }
  if (ts.isCallExpression(parent)) {
    return `(callback of ${parent.expression.getText(sf).replace(/\s+/g, ' ').slice(0, 40)})`;
  }
  return '(anonymous)';
}

function functionSizes(file: string, code: string, firstLine: number): FunctionSize[] {
  const sf = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const out: FunctionSize[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
      out.push({ name: nameOf(node, sf), where: `${file}:${start + firstLine}`, lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

function longestFunctions(): string[] {
  const all: FunctionSize[] = [];
  for (const file of srcCode) {
    const text = read(file);
    if (file.endsWith('.ts')) all.push(...functionSizes(file, text, 1));
    else for (const part of astroScripts(text)) all.push(...functionSizes(file, part.code, part.firstLine));
  }
  all.sort((a, b) => b.lines - a.lines);
  const over = (n: number): number => all.filter((f) => f.lines > n).length;
  return [
    '## The ten longest functions in src/',
    '',
    'TypeScript compiler API over `.ts` files and the frontmatter and `<script>` blocks of `.astro` files; first line',
    "to last line, blank and comment lines included (ESLint's `max-lines-per-function` default).",
    '',
    '| lines | function | where |',
    '| ---: | --- | --- |',
    ...all.slice(0, 10).map((f) => `| ${f.lines} | \`${f.name}\` | ${f.where} |`),
    '',
    `Functions over 80 lines: ${over(80)}; over 200 lines: ${over(200)} (of ${all.length}).`,
    '',
  ];
}

// --- duplicate helpers ---------------------------------------------------------------------------------------------
interface Copy {
  where: string;
  what: string;
}

/** The copies of each small helper in src/: found by name and body (functions), by pattern (lines), by rule (CSS). */
function helperCopies(): Map<string, Copy[]> {
  const groups = new Map<string, Copy[]>([
    ['`isRecord`-like guards (object, not null, not an array)', []],
    ['`must(selector)` (querySelector or throw)', []],
    ['element builders (`el`, `h`: createElement, attributes, children)', []],
    ['HTML escaping (`&` to `&amp;` and `<` to `&lt;`)', []],
    ["counting lines (a loop over `indexOf('\\n')`, or `split('\\n').length`)", []],
    ['visually-hidden CSS classes (1px, `clip-path: inset(50%)`)', []],
  ]);
  const [guard, must, builder, escape, lines, hidden] = [...groups.values()] as [
    Copy[],
    Copy[],
    Copy[],
    Copy[],
    Copy[],
    Copy[],
  ];
  const scan = (file: string, code: string, firstLine: number): void => {
    const sf = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    const visit = (node: ts.Node): void => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body) {
        const name = nameOf(node, sf);
        const body = node.body.getText(sf).replace(/\s+/g, ' ');
        const where = `${file}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + firstLine}`;
        const copy = { where, what: name };
        if (
          /^is(Record|Object)$/.test(name) ||
          /^(\{ return )?typeof (\w+) === 'object' && \2 !== null && !Array\.isArray\(\2\);?( \})?$/.test(body)
        )
          guard.push(copy);
        if (name === 'must' && body.includes('querySelector')) must.push(copy);
        if (/^(el|h)$/.test(name) && body.includes('createElement')) builder.push(copy);
        if (body.includes("'&amp;'") && body.includes("'&lt;'")) escape.push(copy);
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  };
  /** Newline counting, looked for in the whole text (an `.astro` template counts lines in an expression too). */
  const scanText = (file: string, code: string, firstLine: number): void => {
    const loop = /for \(let (\w+) = [\w.]+\.indexOf\('\\n'[^;]*\);[^;]*;\s*\1 = [\w.]+\.indexOf\('\\n', \1 \+ 1\)\)/g;
    for (const m of code.matchAll(loop))
      lines.push({ where: `${file}:${lineAt(code, m.index) + firstLine - 1}`, what: 'loop' });
    for (const m of code.matchAll(/\.split\('\\n'\)\.length/g)) {
      lines.push({ where: `${file}:${lineAt(code, m.index) + firstLine - 1}`, what: "split('\\n').length" });
    }
  };
  for (const file of srcCode) {
    const text = read(file);
    if (file.endsWith('.ts')) scan(file, text, 1);
    else for (const part of astroScripts(text)) scan(file, part.code, part.firstLine);
    scanText(file, text, 1);
  }
  for (const file of srcFiles.filter((f) => f.endsWith('.css') || f.endsWith('.astro'))) {
    const text = read(file).replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '));
    for (const m of text.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
      const selector = (m[1] ?? '').trim();
      const decls = m[2] ?? '';
      if (!/clip-path:\s*inset\(50%\)|clip:\s*rect\(0/.test(decls) || !/width:\s*1px/.test(decls)) continue;
      // A utility class is a rule for one class alone (possibly inside Astro's :global()); a layout rule that hides
      // a table head on narrow screens is not one.
      if (!/^(?:[\w.-]+\s+)?(?::global\()?\.[\w-]+\)?$/.test(selector)) continue;
      hidden.push({
        where: `${file}:${lineAt(text, m.index + (m[0].length - m[0].trimStart().length))}`,
        what: selector,
      });
    }
  }
  return groups;
}

function duplicateHelpers(): string[] {
  const out = ['## Copies of small helpers in src/', '', '| helper | copies | where |', '| --- | ---: | --- |'];
  for (const [helper, copies] of helperCopies()) {
    out.push(`| ${helper} | ${copies.length} | ${copies.map((c) => `${c.where} (\`${c.what}\`)`).join('<br>')} |`);
  }
  return [...out, ''];
}

// --- #message-model exports ----------------------------------------------------------------------------------------
function modelExports(): string[] {
  const index = join(root, 'src/message-model/index.ts');
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => {},
    },
  );
  if (!config) throw new Error('tsconfig.json could not be read');
  const program = ts.createProgram({ rootNames: [...config.fileNames, index], options: config.options });
  const checker = program.getTypeChecker();
  const indexFile = program.getSourceFile(index);
  const moduleSymbol = indexFile && checker.getSymbolAtLocation(indexFile);
  if (!moduleSymbol) throw new Error('src/message-model/index.ts is not in the program');
  const exported = checker.getExportsOfModule(moduleSymbol);
  const byTarget = new Map<ts.Symbol, string>();
  const resolve = (s: ts.Symbol): ts.Symbol => (s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s);
  for (const s of exported) byTarget.set(resolve(s), s.name);

  /** Names used through `#message-model`, per kind of file. */
  const used = { code: new Set<string>(), tests: new Set<string>() };
  const viaIndex = (s: ts.Symbol): string | undefined => {
    for (let cur: ts.Symbol | undefined = s; cur;) {
      if (cur.declarations?.some((d) => d.getSourceFile().fileName === index)) return byTarget.get(resolve(s));
      if (!(cur.flags & ts.SymbolFlags.Alias) || !cur.declarations?.length) return undefined;
      const next = checker.getImmediateAliasedSymbol(cur);
      cur = next === cur ? undefined : next;
    }
    return undefined;
  };
  for (const sf of program.getSourceFiles()) {
    const path = rel(sf.fileName);
    if (path.startsWith('node_modules/') || path.startsWith('src/message-model/') || path.startsWith('..')) continue;
    const into = isTest(path) ? used.tests : used.code;
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node)) {
        const s = checker.getSymbolAtLocation(node);
        const name = s && viaIndex(s);
        if (name) into.add(name);
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  // .astro and .mdx files are outside the TypeScript program: their static imports are read as text.
  for (const file of walk('').filter((f) => /\.(astro|mdx)$/.test(f) && !f.startsWith('src/message-model/'))) {
    for (const m of read(file).matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]#message-model['"]/g)) {
      for (const spec of (m[1] ?? '').split(',')) {
        const name = spec
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0];
        if (name) (isTest(file) ? used.tests : used.code).add(name);
      }
    }
  }
  const names = exported.map((s) => s.name).sort();
  const unusedInCode = names.filter((n) => !used.code.has(n));
  const unusedAnywhere = unusedInCode.filter((n) => !used.tests.has(n));
  const onlyTests = unusedInCode.filter((n) => used.tests.has(n));
  return [
    '## Exports of #message-model (src/message-model/index.ts)',
    '',
    `Exported names (values and types): ${names.length}.`,
    '',
    `Used nowhere outside src/message-model/ through \`#message-model\`, tests left out: ${unusedInCode.length}.`,
    `Tests counted in (files under test/ and \`*.test.ts\`): ${unusedAnywhere.length}.`,
    '',
    `Used by no file outside the model: ${unusedAnywhere.map((n) => `\`${n}\``).join(', ') || 'none'}.`,
    '',
    `Used outside the model by tests only: ${onlyTests.map((n) => `\`${n}\``).join(', ') || 'none'}.`,
    '',
  ];
}

const sections = [linesPerFolder(), longestFunctions(), duplicateHelpers(), modelExports()];
process.stdout.write(`# Codebase figures\n\n${sections.flat().join('\n')}`);
