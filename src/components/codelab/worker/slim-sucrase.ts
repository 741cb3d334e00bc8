/**
 * A Vite plugin for the runner worker's build: sucrase without the parts the code lab never uses.
 *
 * The runner calls sucrase's transform with the 'typescript' and 'imports' transforms only, with
 * `disableESTransforms` (workers run modern JavaScript as is) and without source maps. sucrase's entry imports every
 * transformer (JSX with its table of HTML entities, Flow, React display names and hot reloading, Jest hoisting, ES
 * module output, the optional-chaining and numeric-separator rewrites), its options validator (ts-interface-checker),
 * its source-map and token-dump helpers and the Flow and JSX parsers, and the bundler keeps them all although none
 * can run here: the parser calls the Flow and JSX parsers only when those syntaxes are enabled. This plugin resolves
 * those modules to stubs that export the same names and throw if they are ever reached, which saves about a tenth
 * of the runner's download. Nothing else of sucrase changes; the code lab's browser tests run every exercise's
 * starter and solution through it, and test/unit/codelab/slim-sucrase.test.ts checks the stubs against sucrase.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';

/** sucrase modules (under dist/esm/, without `.js`) the lab's transform never reaches. */
export const STUBBED = [
  'transformers/JSXTransformer',
  'transformers/ReactDisplayNameTransformer',
  'transformers/ReactHotLoaderTransformer',
  'transformers/FlowTransformer',
  'transformers/JestHoistTransformer',
  'transformers/ESMImportTransformer',
  'transformers/OptionalChainingNullishTransformer',
  'transformers/NumericSeparatorTransformer',
  'parser/plugins/flow',
  'parser/plugins/jsx/index',
  'computeSourceMap',
  'util/formatTokens',
  'Options',
] as const;

/**
 * Exports that stay working: the options validator is called on every transform and stays a no-op (the runner
 * passes fixed options, checked by the type checker), and the import elision (util/getNonTypeIdentifiers) uses a
 * small helper of the JSX transformer, copied as is.
 */
const KEPT: Record<string, string> = {
  validateOptions: 'export function validateOptions() {}',
  startsWithLowerCase:
    'export function startsWithLowerCase(s) { const c = s.charCodeAt(0); return c >= 97 && c <= 122; }',
};

const PREFIX = '\0code-lab-sucrase-stub:';

/** The names a sucrase ES module exports ('default' included), read from its source. */
export function exportedNames(source: string): string[] {
  const names = new Set<string>();
  if (/^export default\b/m.test(source)) names.add('default');
  for (const m of source.matchAll(/^export (?:async )?(?:function\*?|class|const|let|var) ([A-Za-z_$][\w$]*)/gm))
    names.add(m[1]!);
  for (const m of source.matchAll(/^export \{([^}]*)\}/gm))
    for (const part of m[1]!.split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name) names.add(name);
    }
  return [...names];
}

/** The stub module for a sucrase module: the same exports, each a function that throws when reached. */
export function stubSource(name: string, original: string): string {
  const lines = [`function unused() { throw new Error('sucrase: ${name} is not part of the code lab runner.'); }`];
  for (const exported of exportedNames(original)) {
    if (exported === 'default') lines.push('export default unused;');
    else lines.push(KEPT[exported] ?? `export const ${exported} = unused;`);
  }
  return lines.join('\n');
}

/** The plugin (worker builds only). */
export function slimSucrase(): Plugin {
  return {
    name: 'mcp-message-lab:slim-sucrase',
    enforce: 'pre',
    resolveId(id, importer) {
      if (!importer || !id.startsWith('.') || !/[\\/]node_modules[\\/]sucrase[\\/]dist[\\/]esm[\\/]/.test(importer))
        return undefined;
      const path = resolve(dirname(importer), id).replace(/\\/g, '/').replace(/\.js$/, '');
      const name = STUBBED.find((n) => path.endsWith(`/sucrase/dist/esm/${n}`));
      return name ? `${PREFIX}${path}.js` : undefined;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return undefined;
      const file = id.slice(PREFIX.length);
      const name = file.replace(/^.*\/sucrase\/dist\/esm\//, '').replace(/\.js$/, '');
      return stubSource(name, readFileSync(file, 'utf8'));
    },
  };
}
