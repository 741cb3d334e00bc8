/**
 * Type-checks a learner's exercise file, the same way in the browser (the code lab's type-check worker) and in a
 * terminal (`npm run exercise`), so a lab cannot pass on one side and fail on the other.
 *
 * Both sides give the TypeScript compiler the same files (LabTypes, built by lab-types.ts: the standard library
 * declarations, the lab's globals, and the declarations of #message-model, #course and every exercise's cases and
 * solutions) and the same compiler options, and check the learner's file as `exercises/<id>/<starter file name>`,
 * plus one line that checks its exports against the exercise's `Exercise` interface. No Node or DOM APIs: the
 * caller passes the compiler module in.
 */
import type * as TS from 'typescript';

/** The files and options every lab is checked with. JSON, so the browser can load it as data. */
export interface LabTypes {
  /** The compiler options, as a tsconfig's compilerOptions. */
  options: Record<string, unknown>;
  /** Every file the checks may read, by absolute virtual path (/lib/…, /lab/…). */
  files: Record<string, string>;
  /** Per exercise: the starter's file name, the names its cases call. */
  exercises: Record<string, { problem: string; exports: string[] }>;
}

/** Where the standard library declarations live in the virtual file system. */
export const LIB_DIR = '/lib';
/** The project root of the virtual file system. */
export const LAB_ROOT = '/lab';

/** One problem in the learner's code, 1-based as an editor shows it. */
export interface LabDiagnostic {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  /** The compiler's message, chains flattened, one line per link. */
  message: string;
  /** TS error code (2322 …), shown as "TS2322". */
  code: number;
  severity: 'error' | 'warning';
  /** 'syntax' for a parse error, 'types' for a type error, 'exports' when the exports do not fit the exercise. */
  kind: 'syntax' | 'types' | 'exports';
}

/** A checker for one set of lab types; `check` reuses everything it can from the previous check. */
export interface LabTypeChecker {
  check(exercise: string, source: string): LabDiagnostic[];
}

/** The name of the file that holds the exports check (next to the learner's file). */
const EXPORTS_CHECK = '__exports.check.ts';

/** Creates a checker. The first check parses the library and declarations (the slow part); later ones reuse them. */
export function createLabTypeChecker(ts: typeof TS, types: LabTypes): LabTypeChecker {
  const converted = ts.convertCompilerOptionsFromJson(types.options, LAB_ROOT);
  const options: TS.CompilerOptions = { ...converted.options, noEmit: true };
  const files = new Map(Object.entries(types.files));
  /** Source files that never change (library, declarations), parsed once. */
  const parsed = new Map<string, TS.SourceFile>();
  let learnerPath = '';
  let learnerSource = '';
  let checkPath = '';
  let checkSource = '';
  let learnerFile: TS.SourceFile | undefined;
  let checkFile: TS.SourceFile | undefined;
  let previous: TS.Program | undefined;

  const read = (path: string): string | undefined => {
    if (path === learnerPath) return learnerSource;
    if (path === checkPath) return checkSource;
    return files.get(path);
  };
  const directories = new Set<string>();
  for (const path of files.keys())
    for (let dir = path.slice(0, path.lastIndexOf('/')); dir; dir = dir.slice(0, dir.lastIndexOf('/')))
      directories.add(dir);

  const host: TS.CompilerHost = {
    getSourceFile(path, languageVersion) {
      if (path === learnerPath) {
        if (learnerFile?.text !== learnerSource)
          learnerFile = ts.createSourceFile(path, learnerSource, languageVersion, true);
        return learnerFile;
      }
      if (path === checkPath) {
        if (checkFile?.fileName !== path || checkFile.text !== checkSource)
          checkFile = ts.createSourceFile(path, checkSource, languageVersion, true);
        return checkFile;
      }
      const hit = parsed.get(path);
      if (hit) return hit;
      const text = files.get(path);
      if (text === undefined) return undefined;
      const file = ts.createSourceFile(path, text, languageVersion, true);
      parsed.set(path, file);
      return file;
    },
    getDefaultLibFileName: () => `${LIB_DIR}/lib.d.ts`,
    getDefaultLibLocation: () => LIB_DIR,
    writeFile: () => {},
    getCurrentDirectory: () => LAB_ROOT,
    getDirectories: () => [],
    getCanonicalFileName: (f) => f,
    useCaseSensitiveFileNames: () => true,
    getNewLine: () => '\n',
    fileExists: (path) => read(path) !== undefined,
    readFile: read,
    directoryExists: (dir) => directories.has(dir.replace(/\/$/, '')),
    realpath: (p) => p,
  };

  return {
    check(exercise, source) {
      const entry = types.exercises[exercise];
      if (!entry) throw new Error(`No type information for exercise ${exercise}.`);
      const dir = `${LAB_ROOT}/exercises/${exercise}`;
      learnerPath = `${dir}/${entry.problem}`;
      learnerSource = source;
      checkPath = `${dir}/${EXPORTS_CHECK}`;
      checkSource = [
        `import type { Exercise } from './cases.ts';`,
        `import * as learner from './${entry.problem}';`,
        `learner satisfies Exercise;`,
        '',
      ].join('\n');
      const program = ts.createProgram({
        rootNames: [`${LAB_ROOT}/globals.d.ts`, learnerPath, checkPath],
        options,
        host,
        oldProgram: previous,
      });
      previous = program;
      const learner = program.getSourceFile(learnerPath)!;
      const syntax = program.getSyntacticDiagnostics(learner);
      if (syntax.length > 0) return syntax.map((d) => toLab(ts, d, 'syntax'));
      const semantic = [
        ...program.getSemanticDiagnostics(learner).map((d) => toLab(ts, d, 'types')),
        ...valueImports(ts, learner),
      ];
      // The exports check only matters when the file itself is sound; its messages are about the file's exports.
      const exportsCheck =
        semantic.length > 0
          ? []
          : program.getSemanticDiagnostics(program.getSourceFile(checkPath)).map((d) => ({
              ...toLab(ts, d, 'exports'),
              line: 1,
              column: 1,
              endLine: 1,
              endColumn: 1,
              message: `Your file's exports do not fit what the tests call (${entry.exports.join(', ')}): ${flatten(ts, d.messageText)}`,
            }));
      return [...semantic, ...exportsCheck];
    },
  };
}

/**
 * Imports that bring values, not only types. The code lab runs a learner's file on its own (the runner offers no
 * module to import), so such an import fails there; reporting it here, on both sides, keeps `npm run exercise` from
 * passing a file the lab cannot run.
 */
function valueImports(ts: typeof TS, file: TS.SourceFile): LabDiagnostic[] {
  const found: LabDiagnostic[] = [];
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) && !ts.isImportEqualsDeclaration(statement)) continue;
    if (ts.isImportEqualsDeclaration(statement) ? statement.isTypeOnly : isTypeOnlyImport(ts, statement)) continue;
    const from = file.getLineAndCharacterOfPosition(statement.getStart(file));
    const to = file.getLineAndCharacterOfPosition(statement.getEnd());
    found.push({
      line: from.line + 1,
      column: from.character + 1,
      endLine: to.line + 1,
      endColumn: to.character + 1,
      message:
        'The code lab runs your file on its own, so it can import types only: write `import type { … } from …`. The tests give your functions everything they need.',
      code: 0,
      severity: 'error',
      kind: 'types',
    });
  }
  return found;
}

function isTypeOnlyImport(ts: typeof TS, statement: TS.ImportDeclaration): boolean {
  const clause = statement.importClause;
  if (!clause) return false; // `import './x'` runs a module.
  if (clause.phaseModifier === ts.SyntaxKind.TypeKeyword) return true;
  if (clause.name) return false; // A default import brings a value.
  const bindings = clause.namedBindings;
  if (!bindings || ts.isNamespaceImport(bindings)) return false;
  return bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly);
}

function flatten(ts: typeof TS, text: string | TS.DiagnosticMessageChain): string {
  return ts.flattenDiagnosticMessageText(text, '\n');
}

function toLab(ts: typeof TS, d: TS.Diagnostic, kind: LabDiagnostic['kind']): LabDiagnostic {
  const file = d.file;
  const start = d.start ?? 0;
  const end = start + (d.length ?? 0);
  const from = file ? file.getLineAndCharacterOfPosition(start) : { line: 0, character: 0 };
  const to = file ? file.getLineAndCharacterOfPosition(end) : from;
  return {
    line: from.line + 1,
    column: from.character + 1,
    endLine: to.line + 1,
    endColumn: to.character + 1,
    message: flatten(ts, d.messageText),
    code: d.code,
    severity: d.category === ts.DiagnosticCategory.Error ? 'error' : 'warning',
    kind,
  };
}

/** One diagnostic as a terminal line: `file:line:column - error TS2322: message`. */
export function formatLabDiagnostic(file: string, d: LabDiagnostic): string {
  return `${file}:${d.line}:${d.column} - ${d.severity} ${diagnosticSource(d)}: ${d.message.replace(/\n/g, '\n    ')}`;
}

/** Where a diagnostic comes from: the compiler's code ("TS2322"), or "lab" for the lab's own rule on imports. */
export function diagnosticSource(d: LabDiagnostic): string {
  return d.code > 0 ? `TS${d.code}` : 'lab';
}
