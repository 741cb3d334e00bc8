/**
 * The model's boundary: it runs in pages, workers, the CLI and the server alike, so it imports only zod and its own
 * files. ESLint's no-restricted-imports rule sees static imports and re-exports; this test also sees dynamic
 * `import()` and `require`, reading every import of every model file with TypeScript's own pre-processor. The
 * model's tsconfig (no DOM lib, no @types/node) keeps out browser and Node globals.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const MODEL = join(import.meta.dirname, '../../../src/message-model');
const files = readdirSync(MODEL).filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'));

/** Every module a source text imports, re-exports, `import()`s or `require`s, as written. */
function importsOf(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((ref) => ref.fileName);
}

/** Why a specifier is outside the boundary, or null when it is zod or one of the model's own files. */
function outside(specifier: string): string | null {
  if (specifier === 'zod' || specifier.startsWith('zod/')) return null;
  const own = /^\.\/([\w.-]+\.ts)$/.exec(specifier);
  if (!own) return 'neither zod nor a file of the model';
  return existsSync(join(MODEL, own[1]!)) ? null : 'no such file in the model';
}

describe('src/message-model imports only zod and its own files', () => {
  it('reads every kind of import, so a dynamic import or a require cannot slip past', () => {
    const probe = [
      "import { z } from 'zod';",
      "import type { Page } from '@playwright/test';",
      "export { toBase64Url } from '../lib/base64url.ts';",
      "const fs = await import('node:fs');",
      "const path = require('node:path');",
    ].join('\n');
    expect(importsOf(probe)).toEqual(['zod', '@playwright/test', '../lib/base64url.ts', 'node:fs', 'node:path']);
    expect(importsOf(probe).filter((s) => outside(s) !== null)).toHaveLength(4);
  });

  it.each(files)('%s', (name) => {
    const found = importsOf(readFileSync(join(MODEL, name), 'utf8'))
      .map((specifier) => ({ specifier, why: outside(specifier) }))
      .filter((i) => i.why !== null);
    expect(found, `${name} imports from outside the model`).toEqual([]);
  });

  it('looks at the whole model (index.ts and at least ten files)', () => {
    expect(files).toContain('index.ts');
    expect(files.length).toBeGreaterThanOrEqual(10);
  });
});
