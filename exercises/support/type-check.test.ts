import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { listExercises } from './catalog.ts';
import { loadLabTypes } from './lab-types.ts';
import { createLabTypeChecker, formatLabDiagnostic, type LabTypeChecker } from './type-check.ts';

let checker: LabTypeChecker;
beforeAll(() => {
  checker = createLabTypeChecker(ts, loadLabTypes());
}, 180_000);

const ID = '01-request-or-notification';
const starter = readFileSync(join(import.meta.dirname, '..', ID, 'request-or-notification.problem.ts'), 'utf8');

describe('the lab type check', () => {
  it('finds no error in any starter or solution', () => {
    for (const { manifest, dir } of listExercises())
      for (const file of [manifest.files.problem, ...manifest.files.solutions])
        expect(checker.check(manifest.id, readFileSync(join(dir, file), 'utf8')), `${manifest.id}/${file}`).toEqual([]);
  }, 120_000);

  it("reports 42 returned where 'request' | 'notification' is declared, at the 42", () => {
    const code = starter.replace("return 'request';", 'return 42;');
    const line = code.split('\n').findIndex((l) => l.includes('return 42;')) + 1;
    const [d, ...rest] = checker.check(ID, code);
    expect(rest).toEqual([]);
    expect(d).toMatchObject({ kind: 'types', code: 2322, severity: 'error', line, column: 5 });
    expect(d!.message).toBe(`Type '42' is not assignable to type '"request" | "notification"'.`);
  });

  it('marks a syntax error at its position and reports nothing else', () => {
    const code = `${starter}\nconst broken = ;\n`;
    const line = code.split('\n').findIndex((l) => l.startsWith('const broken')) + 1;
    expect(checker.check(ID, code)).toEqual([
      expect.objectContaining({ kind: 'syntax', code: 1109, line, column: 16, message: 'Expression expected.' }),
    ]);
  });

  it('says when the exports do not fit what the tests call', () => {
    const [d] = checker.check(ID, starter.replace('export function kindOf', 'export function kindOff'));
    expect(d).toMatchObject({ kind: 'exports', code: 1360, line: 1 });
    expect(d!.message).toContain("Property 'kindOf' is missing");
  });

  it('refuses a value import (the lab runs the file on its own) and accepts a type import', () => {
    const value = `import { classifyMessage } from '#message-model';\n${starter}`;
    expect(checker.check(ID, value)).toEqual([expect.objectContaining({ kind: 'types', code: 0, line: 1 })]);
    expect(checker.check(ID, `import type { Reply } from '#message-model';\n${starter}`)).toEqual([]);
  });

  it("knows the lab's globals and nothing of a page: console yes, document no", () => {
    expect(checker.check(ID, `${starter}\nconsole.log(structuredClone({ a: 1 }));\n`)).toEqual([]);
    expect(checker.check(ID, `${starter}\ndocument.title = 'x';\n`)).toEqual([expect.objectContaining({ code: 2584 })]);
  });

  it('formats a diagnostic as the terminal shows it', () => {
    const [d] = checker.check(ID, starter.replace("return 'request';", 'return 42;'));
    expect(formatLabDiagnostic('exercises/x.ts', d!)).toMatch(/^exercises\/x\.ts:\d+:5 - error TS2322: Type '42'/);
  });
});
