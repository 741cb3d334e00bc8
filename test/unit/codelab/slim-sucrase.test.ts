/**
 * The runner worker's sucrase (src/components/codelab/worker/slim-sucrase.ts) leaves out the modules the lab's
 * options never reach. The oracle is sucrase itself: its CommonJS build says what each left-out module exports, and
 * its transform, unchanged, says what every exercise file must become.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { transform as fullTransform, type Options } from 'sucrase';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUCRASE_OPTIONS } from '../../../src/components/codelab/worker/protocol.ts';
import {
  exportedNames,
  slimSucrase,
  STUBBED,
  stubSource,
} from '../../../src/components/codelab/worker/slim-sucrase.ts';

const require = createRequire(import.meta.url);
const ROOT = join(import.meta.dirname, '../../..');
/** The options the runner passes. */
const OPTIONS: Options = { ...SUCRASE_OPTIONS, transforms: [...SUCRASE_OPTIONS.transforms] };

describe('slim sucrase stubs', () => {
  for (const name of STUBBED) {
    it(`${name}: the stub exports every name sucrase's module exports`, () => {
      const real = Object.keys(require(`sucrase/dist/${name}.js`) as object).filter((k) => k !== '__esModule');
      const source = readFileSync(require.resolve(`sucrase/dist/esm/${name}.js`), 'utf8');
      expect(exportedNames(source).sort()).toEqual(real.sort());
      const stub = stubSource(name, source);
      for (const exported of real)
        expect(stub).toMatch(exported === 'default' ? /export default / : new RegExp(`export \\w+ ${exported}\\b`));
    });
  }
});

describe('slim sucrase in a build', () => {
  let dir = '';
  let slim: typeof fullTransform;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'slim-sucrase-'));
    await build({
      root: ROOT,
      configFile: false,
      logLevel: 'silent',
      plugins: [slimSucrase()],
      build: {
        outDir: dir,
        minify: false,
        lib: { entry: join(import.meta.dirname, 'sucrase-entry.ts'), formats: ['es'], fileName: () => 'slim.js' },
      },
    });
    const built = readFileSync(join(dir, 'slim.js'), 'utf8');
    expect(built).toContain('is not part of the code lab runner');
    slim = ((await import(pathToFileURL(join(dir, 'slim.js')).href)) as { transform: typeof fullTransform }).transform;
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const files = readdirSync(join(ROOT, 'exercises'), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(problem|solution)\.ts$/.test(f))
    .sort();

  it('covers every exercise', () => expect(files.length).toBeGreaterThanOrEqual(16));

  it('turns every exercise file into what sucrase itself makes of it', () => {
    for (const file of files) {
      const code = readFileSync(join(ROOT, 'exercises', file), 'utf8');
      expect(slim(code, OPTIONS).code, file).toBe(fullTransform(code, OPTIONS).code);
    }
  });

  it('keeps what learners write beyond the exercises: optional chaining, class fields, enums, generics, JSX-like less-than', () => {
    const code = [
      "import type { X } from '#message-model';",
      "import { y } from 'z';",
      'enum E { A = 1, B }',
      'export class C<T> { private f = 1_000; static s?: string; constructor(public p: T) {} get g() { return this.f ?? 0; } }',
      'export const a = (o?: { b?: () => number }) => o?.b?.() ?? (1 < 2 ? 3 : 4) as number;',
      'export function* gen(): Generator<number> { yield 1; }',
      'export default async function main(): Promise<void> { for await (const q of []) { void q; } }',
      'export { y };',
    ].join('\n');
    expect(slim(code, OPTIONS).code).toBe(fullTransform(code, OPTIONS).code);
  });

  it('reports a syntax error at the same place with the same message', () => {
    const code = 'export function f(x: number) {\n  return x +;\n}\n';
    const error = (t: typeof fullTransform) => {
      try {
        t(code, OPTIONS);
      } catch (e) {
        return { message: (e as Error).message, loc: (e as { loc?: unknown }).loc };
      }
      return undefined;
    };
    expect(error(fullTransform)).toBeDefined();
    expect(error(slim)).toEqual(error(fullTransform));
  });
});
