/** error-codes.ts: every code class, per protocol, from JSON-RPC 2.0 §5.1 and MCP 2026-07-28 basic/index.mdx §Error Codes. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import {
  CODE_CLASSES,
  ERROR_CODE,
  ERROR_CODES,
  MCP_ERROR_CODES,
  PROTOCOLS,
  STANDARD_ERROR_CODES,
  classifyErrorCode,
  codeIntroducedIn,
  type Protocol,
} from '#message-model';

const cls = (code: number, protocol: Protocol) => classifyErrorCode(code, protocol).codeClass;

describe('classifyErrorCode', () => {
  it('gives the five standard codes their class and spec name under every protocol', () => {
    const expected: Array<[number, string, string]> = [
      [-32700, 'parse-error', 'ParseError'],
      [-32600, 'invalid-request', 'InvalidRequest'],
      [-32601, 'method-not-found', 'MethodNotFound'],
      [-32602, 'invalid-params', 'InvalidParams'],
      [-32603, 'internal-error', 'InternalError'],
    ];
    for (const protocol of PROTOCOLS) {
      for (const [code, codeClass, name] of expected) {
        const info = classifyErrorCode(code, protocol);
        expect([info.codeClass, info.name, info.retired]).toEqual([codeClass, name, false]);
      }
    }
  });

  it('exports the standard codes with the spec values', () => {
    expect(STANDARD_ERROR_CODES).toEqual({
      ParseError: -32700,
      InvalidRequest: -32600,
      MethodNotFound: -32601,
      InvalidParams: -32602,
      InternalError: -32603,
    });
    expect(MCP_ERROR_CODES).toEqual({
      ResourceNotFound: -32002,
      URLElicitationRequired: -32042,
      HeaderMismatch: -32020,
      MissingRequiredClientCapability: -32021,
      UnsupportedProtocolVersion: -32022,
    });
  });

  it('treats -32002 as MCP-defined until 2025-11-25 and as a retired legacy code in 2026-07-28', () => {
    expect(cls(-32002, '2025-06-18')).toBe('mcp-defined');
    expect(cls(-32002, '2025-11-25')).toBe('mcp-defined');
    const modern = classifyErrorCode(-32002, '2026-07-28');
    expect([modern.codeClass, modern.retired, modern.name]).toEqual(['legacy-server-error', true, 'ResourceNotFound']);
    expect(cls(-32002, 'jsonrpc-2.0')).toBe('server-error');
  });

  it('treats -32042 as defined only in 2025-11-25, and retired after', () => {
    expect(cls(-32042, '2025-06-18')).toBe('server-error');
    expect(classifyErrorCode(-32042, '2025-11-25')).toMatchObject({
      codeClass: 'mcp-defined',
      name: 'URLElicitationRequired',
      retired: false,
    });
    expect(classifyErrorCode(-32042, '2026-07-28')).toMatchObject({
      codeClass: 'mcp-reserved-undefined',
      retired: true,
    });
  });

  it('defines -32020, -32021 and -32022 only from 2026-07-28 on', () => {
    const names: Record<number, string> = {
      [-32020]: 'HeaderMismatch',
      [-32021]: 'MissingRequiredClientCapability',
      [-32022]: 'UnsupportedProtocolVersion',
    };
    for (const code of [-32020, -32021, -32022]) {
      expect(classifyErrorCode(code, '2026-07-28')).toMatchObject({
        codeClass: 'mcp-defined',
        name: names[code],
        retired: false,
      });
      expect(cls(code, '2025-11-25')).toBe('server-error');
      expect(codeIntroducedIn(code)).toBe('2026-07-28');
    }
    expect(codeIntroducedIn(-32042)).toBe('2025-11-25');
    expect(codeIntroducedIn(-32601)).toBeUndefined();
  });

  // Spec 2026-07-28 basic/index.mdx §Error Codes: "-32000 to -32019 — legacy" and "-32020 to -32099 — reserved for
  // the MCP specification"; the partition is new in 2026-07-28 (changelog), so earlier revisions have only JSON-RPC
  // 2.0 §5.1's "-32000 to -32099 Server error: Reserved for implementation-defined server-errors".
  it('splits the server-error range at -32020 in 2026-07-28, and calls it a legacy band only there', () => {
    expect(cls(-32000, '2026-07-28')).toBe('legacy-server-error');
    expect(cls(-32019, '2026-07-28')).toBe('legacy-server-error');
    expect(cls(-32023, '2026-07-28')).toBe('mcp-reserved-undefined');
    expect(cls(-32099, '2026-07-28')).toBe('mcp-reserved-undefined');
    for (const protocol of ['jsonrpc-2.0', '2025-06-18', '2025-11-25'] as const) {
      for (const code of [-32000, -32001, -32019, -32020, -32050, -32099]) {
        const info = classifyErrorCode(code, protocol);
        expect(info.codeClass).toBe('server-error');
        expect(info.meaning).not.toMatch(/legacy/i);
      }
    }
  });

  it('calls the rest of -32768..-32000 reserved and everything else application-defined', () => {
    for (const protocol of PROTOCOLS) {
      expect(cls(-32768, protocol)).toBe('reserved');
      expect(cls(-32100, protocol)).toBe('reserved');
      expect(cls(-32604, protocol)).toBe('reserved');
      expect(cls(-32769, protocol)).toBe('application');
      expect(cls(-31999, protocol)).toBe('application');
      expect(cls(0, protocol)).toBe('application');
      expect(cls(404, protocol)).toBe('application');
    }
  });

  it('gives every class a meaning and a spec link', () => {
    const seen = new Set<string>();
    for (const protocol of PROTOCOLS) {
      for (const code of [-32700, -32600, -32601, -32602, -32603, -32000, -32002, -32020, -32042, -32050, -32500, 7]) {
        const info = classifyErrorCode(code, protocol);
        seen.add(info.codeClass);
        expect(info.meaning.length).toBeGreaterThan(10);
        expect(info.spec.url).toMatch(/^https:\/\//);
      }
    }
    expect([...seen].sort()).toEqual([...CODE_CLASSES].sort());
  });
});

describe('the error-code table is the one source of protocol codes', () => {
  // Issue 9 §2: "One table for error codes …; no numeric literal for a protocol code outside it." The course
  // material (decision table, timeline, completion checks) lives in src/course and is not checked here.
  const dir = fileURLToPath(new URL('../../../src/message-model/', import.meta.url));

  it('has one row per code, and every row names its versions', () => {
    const codes = ERROR_CODES.map((d) => d.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const d of ERROR_CODES) {
      expect(Object.keys(d.versions).length).toBeGreaterThan(0);
      expect(ERROR_CODE[d.name]).toBe(d.code);
      expect(d.message.length).toBeGreaterThan(3);
    }
  });

  it('finds no numeric literal of a reserved-range code in the model outside error-codes.ts', () => {
    const offenders: string[] = [];
    for (const file of readdirSync(dir)) {
      if (!file.endsWith('.ts') || file === 'error-codes.ts') continue;
      const source = ts.createSourceFile(file, readFileSync(join(dir, file), 'utf8'), ts.ScriptTarget.Latest, true);
      const visit = (node: ts.Node): void => {
        if (
          ts.isPrefixUnaryExpression(node) &&
          node.operator === ts.SyntaxKind.MinusToken &&
          ts.isNumericLiteral(node.operand)
        ) {
          const value = -Number(node.operand.text.replace(/_/g, ''));
          if (value >= -32768 && value <= -32000) {
            const { line } = source.getLineAndCharacterOfPosition(node.getStart());
            offenders.push(`${file}:${line + 1}: ${value}`);
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(offenders).toEqual([]);
  });
});
