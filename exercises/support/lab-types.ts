/**
 * Builds LabTypes (see type-check.ts): everything the TypeScript compiler needs to check a learner's exercise file,
 * as one JSON-able object. Node only; used by the code lab's build (a Vite virtual module) and by `npm run exercise`,
 * so both check against exactly the same files and options.
 *
 * - Compiler options: the project's tsconfig.json, with the standard library narrowed to ES2024 (learner code runs
 *   in a worker, with no DOM) and no ambient @types.
 * - /lib/: the ES2024 library declarations, with the ones they reference.
 * - /lab/globals.d.ts: what the code lab gives learner code besides ES2024 (its console).
 * - /lab/src/message-model/**, /lab/src/course/**, /lab/exercises/<id>/**: declarations emitted from the model,
 *   the course data module and every exercise's cases (with the solution types the cases import), and the
 *   declarations of zod they refer to, under /lab/node_modules/zod.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { LAB_ROOT, LIB_DIR, type LabTypes } from './type-check.ts';
import { ExerciseManifestSchema } from './manifest.ts';

const ROOT = resolve(import.meta.dirname, '../..');
/** The standard library a lab is checked against. */
const LIB = 'es2024';

/** What the code lab's runner gives learner code beyond the language itself. */
const GLOBALS = `/** The code lab's console: what it prints appears under the editor (capped). */
interface LabConsole {
  log(...data: unknown[]): void;
  info(...data: unknown[]): void;
  warn(...data: unknown[]): void;
  error(...data: unknown[]): void;
  debug(...data: unknown[]): void;
  trace(...data: unknown[]): void;
  table(...data: unknown[]): void;
  dir(...data: unknown[]): void;
}
declare var console: LabConsole;
/** A deep copy of plain data, as the structured clone algorithm makes it. */
declare function structuredClone<T>(value: T): T;
/** Base64 to a binary string and back, as workers have them (the message model decodes Mcp-Param-* values). */
declare function atob(data: string): string;
declare function btoa(data: string): string;
/** UTF-8 text from bytes, as workers have it. */
declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean });
  decode(input?: ArrayBufferView | ArrayBuffer): string;
}
/** Bytes from UTF-8 text, as workers have it. */
declare class TextEncoder {
  encode(input?: string): Uint8Array;
}
`;

/** The ES2024 library declaration files, following their /// <reference lib="…" /> lines. */
function libraryFiles(): Record<string, string> {
  const dir = dirname(require_resolve('typescript/lib/lib.d.ts'));
  const out: Record<string, string> = {};
  const queue = [`lib.${LIB}.d.ts`];
  while (queue.length) {
    const name = queue.pop()!;
    if (`${LIB_DIR}/${name}` in out) continue;
    const text = readFileSync(join(dir, name), 'utf8');
    out[`${LIB_DIR}/${name}`] = text;
    for (const m of text.matchAll(/\/\/\/\s*<reference\s+lib="([^"]+)"/g))
      queue.push(`lib.${m[1]!.toLowerCase()}.d.ts`);
  }
  return out;
}

function require_resolve(specifier: string): string {
  return join(ROOT, 'node_modules', specifier);
}

/** The compiler options of every lab check (tsconfig.json's, narrowed), as JSON. */
function labOptions(): Record<string, unknown> {
  const config = ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  const raw = { ...(config.config.compilerOptions as Record<string, unknown>) };
  // Keep only what the project sets itself plus what the base config decides; write them out in full so the
  // browser needs no config files.
  const o = parsed.options;
  return {
    ...raw,
    target: 'es2022',
    module: 'esnext',
    moduleResolution: 'bundler',
    strict: o.strict ?? true,
    noUncheckedIndexedAccess: o.noUncheckedIndexedAccess ?? false,
    noImplicitOverride: o.noImplicitOverride ?? false,
    allowImportingTsExtensions: true,
    verbatimModuleSyntax: o.verbatimModuleSyntax ?? false,
    isolatedModules: true,
    erasableSyntaxOnly: o.erasableSyntaxOnly ?? false,
    esModuleInterop: true,
    skipLibCheck: true,
    lib: [LIB],
    types: [],
    paths: {
      '#message-model': [`${LAB_ROOT}/src/message-model/index.d.ts`],
      '#course': [`${LAB_ROOT}/src/course/index.d.ts`],
    },
    noEmit: true,
  };
}

/** Builds the lab types from the working tree. Takes a second or two (it emits declarations for the model). */
function buildLabTypes(): LabTypes {
  const exercisesDir = join(ROOT, 'exercises');
  const exercises: LabTypes['exercises'] = {};
  const roots = [join(ROOT, 'src/message-model/index.ts'), join(ROOT, 'src/course/index.ts')];
  for (const id of readdirSync(exercisesDir)
    .filter((d) => /^\d\d-/.test(d))
    .sort()) {
    const raw = JSON.parse(readFileSync(join(exercisesDir, id, 'exercise.json'), 'utf8')) as { test?: unknown };
    // An exercise tested by the probe is a whole Node server: it has no cases and never runs in a page.
    if (raw.test === 'probe') continue;
    const manifest = ExerciseManifestSchema.parse(raw);
    const casesPath = join(exercisesDir, id, manifest.files.cases);
    roots.push(casesPath);
    const exportsMatch = /export const EXPORTS = \[([^\]]*)\]/.exec(readFileSync(casesPath, 'utf8'));
    exercises[id] = {
      problem: manifest.files.problem,
      exports: [...(exportsMatch?.[1] ?? '').matchAll(/'([^']+)'/g)].map((m) => m[1]!),
    };
  }

  const config = ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  const emitOptions: ts.CompilerOptions = {
    ...parsed.options,
    noEmit: false,
    declaration: true,
    emitDeclarationOnly: true,
    rewriteRelativeImportExtensions: false,
    types: [],
    lib: ['lib.es2024.d.ts'],
    outDir: join(ROOT, '.lab-types'),
    rootDir: ROOT,
  };
  const files: Record<string, string> = {};
  const zodFiles = new Set<string>();
  const host = ts.createCompilerHost(emitOptions);
  // The lab's globals take part in the emit as a file of their own, which exists only here.
  const globalsPath = join(ROOT, '.lab-globals.d.ts');
  roots.push(globalsPath);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (path, version, ...rest) =>
    path === globalsPath ? ts.createSourceFile(path, GLOBALS, version, true) : getSourceFile(path, version, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (path) => path === globalsPath || fileExists(path);
  const readFile = host.readFile.bind(host);
  host.readFile = (path) => {
    if (path.includes('/node_modules/zod/')) zodFiles.add(path);
    return readFile(path);
  };
  const program = ts.createProgram({ rootNames: roots, options: emitOptions, host });
  const result = program.emit(
    undefined,
    (path, text) => {
      const rel = relative(emitOptions.outDir!, path).split('\\').join('/');
      if (!rel.startsWith('.lab-globals')) files[`${LAB_ROOT}/${rel}`] = text;
    },
    undefined,
    true,
  );
  const errors = ts.getPreEmitDiagnostics(program).filter((d) => d.category === ts.DiagnosticCategory.Error);
  // emit() reports emitSkipped for a declaration-only emit of a program with JSON modules; the files are what count.
  const missing = roots
    .filter((r) => r !== globalsPath)
    .map((r) => `${LAB_ROOT}/${relative(ROOT, r).replace(/\.ts$/, '.d.ts')}`)
    .filter((p) => !(p in files));
  if (errors.length > 0 || missing.length > 0)
    throw new Error(
      `The lab's declarations could not be emitted (${missing.join(', ') || 'errors'}):\n${ts.formatDiagnostics(
        [...errors, ...result.diagnostics].slice(0, 5),
        {
          getCanonicalFileName: (f) => f,
          getCurrentDirectory: () => ROOT,
          getNewLine: () => '\n',
        },
      )}`,
    );
  for (const path of zodFiles) {
    if (!/\.(d\.ts|d\.cts|d\.mts|json)$/.test(path)) continue;
    files[`${LAB_ROOT}/${relative(ROOT, path).split('\\').join('/')}`] = readFileSync(path, 'utf8');
  }
  const all: Record<string, string> = { ...libraryFiles(), [`${LAB_ROOT}/globals.d.ts`]: GLOBALS, ...files };
  for (const [path, text] of Object.entries(all)) if (!path.endsWith('.json')) all[path] = withoutComments(path, text);
  return { options: labOptions(), files: all, exercises };
}

/**
 * A declaration file without its comments, which are about half of the standard library's text: the browser
 * downloads and parses every file before a lab's first type check, and no diagnostic reads a comment. The
 * `/// <reference …/>` lines are comments to the printer but directives to the compiler, so they are kept.
 */
function withoutComments(path: string, text: string): string {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const directives = text.match(/^\/\/\/\s*<reference\b[^>]*>/gm) ?? [];
  return [...directives, ts.createPrinter({ removeComments: true }).printFile(source)].join('\n');
}

/** Where built lab types are kept between runs (inside node_modules, so never committed). */
const CACHE_FILE = join(ROOT, 'node_modules', '.cache', 'mcp-message-lab', 'lab-types.json');

/** What the lab types are built from: every input's path, size and modification time, and the tools' versions. */
function fingerprint(): string {
  const parts: string[] = [
    ts.version,
    readFileSync(join(ROOT, 'node_modules/zod/package.json'), 'utf8').length.toString(),
  ];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })) {
      // The starters (*.problem.ts) are not inputs: a learner's edits must not rebuild the types.
      if (!entry.isFile() || !/\.(ts|json)$/.test(entry.name) || entry.name.endsWith('.problem.ts')) continue;
      const path = join(entry.parentPath, entry.name);
      const stat = statSync(path);
      parts.push(`${relative(ROOT, path)}:${stat.size}:${stat.mtimeMs}`);
    }
  };
  for (const dir of ['src/message-model', 'src/course', 'content/scenarios', 'exercises']) walk(dir);
  parts.push(readFileSync(join(ROOT, 'tsconfig.json'), 'utf8'));
  return createHash('sha256').update(parts.sort().join('\n')).digest('hex');
}

/** The lab types, from the cache when nothing they are built from has changed, else built (and cached). */
export function loadLabTypes(): LabTypes {
  const key = fingerprint();
  try {
    const cached = JSON.parse(readFileSync(CACHE_FILE, 'utf8')) as { key?: string; types?: LabTypes };
    if (cached.key === key && cached.types) return cached.types;
  } catch {
    // No cache yet, or an unreadable one: build.
  }
  const types = buildLabTypes();
  try {
    mkdirSync(dirname(CACHE_FILE), { recursive: true });
    writeFileSync(CACHE_FILE, JSON.stringify({ key, types }));
  } catch {
    // A read-only checkout still works, only slower.
  }
  return types;
}
