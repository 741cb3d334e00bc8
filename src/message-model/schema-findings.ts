/**
 * Turns what a zod schema rejected into findings: one per problem (at most a few), each with a JSON Pointer to the
 * member, a sentence a learner can read and the spec reference of the type. The classifier's nested checks all go
 * through here, so every typed rule is written once, in schemas.ts.
 */
import type { z } from 'zod';
import { describeValue } from './classification.ts';
import { finding, pointer, type Finding, type FindingId } from './findings.ts';
import type { SpecRef } from './protocols.ts';

/** At most this many findings come from one schema check: the first problems are the ones to fix. */
const MAX_ISSUES = 3;

/** What a schema check is about, for the finding's words and id. */
export interface SchemaCheck {
  /** The finding id for a problem (may depend on where the problem is). */
  id: FindingId | ((path: readonly PropertyKey[]) => FindingId);
  /** The JSON Pointer of the checked value in the message. */
  base: string;
  /** The checked value, to quote what is there. */
  value: unknown;
  /** What the value is, e.g. "tools/call params" or "the result of tools/list". */
  label: string;
  /** The spec reference of the type (may depend on the finding id). */
  spec: SpecRef | ((id: FindingId) => SpecRef);
}

/**
 * Runs `schema` on a value; returns zod's issues, or undefined when the value fits. Goes through the schema's
 * Standard Schema `validate`, which yields the same issues as `safeParse` without building a ZodError (and its
 * message): on a failing message that is most of the cost.
 */
export function schemaIssues(schema: z.ZodType, value: unknown): readonly z.core.$ZodIssue[] | undefined {
  const result = schema['~standard'].validate(value);
  // Every schema in schemas.ts is synchronous; a Promise here would be a programming error, reported as one issue.
  if (result instanceof Promise) return [{ code: 'custom', path: [], message: 'asynchronous schema', input: value }];
  return result.issues === undefined ? undefined : (result.issues as readonly z.core.$ZodIssue[]);
}

/** Runs `schema` on the checked value; returns the findings, none when the value fits. */
export function schemaFindings(schema: z.ZodType, check: SchemaCheck): Finding[] {
  const issues = schemaIssues(schema, check.value);
  return issues === undefined ? [] : issueFindings(issues, check);
}

/** The findings for the issues zod reported. */
export function issueFindings(issues: readonly z.core.$ZodIssue[], check: SchemaCheck): Finding[] {
  // zod reports issues in the order of the value's members; sorting by place before keeping the first few makes the
  // findings the same whatever the member order of the message.
  const located = flatten(issues)
    .map((issue) => ({ issue, path: pathTo(check.base, issue.path) }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const out: Finding[] = [];
  const seen = new Set<string>();
  for (const { issue, path } of located) {
    if (seen.has(path)) continue;
    seen.add(path);
    const id = typeof check.id === 'function' ? check.id(issue.path) : check.id;
    const spec = typeof check.spec === 'function' ? check.spec(id) : check.spec;
    out.push(finding(id, 'error', path, `${upperFirst(check.label)}: ${describeIssue(issue, check.value)}.`, spec));
    if (out.length >= MAX_ISSUES) break;
  }
  return out;
}

/** The issues inside a union's failure, from the branch that got furthest (the one the sender most likely meant). */
function flatten(issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssue[] {
  const out: z.core.$ZodIssue[] = [];
  for (const issue of issues) {
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      const best = [...issue.errors].sort((a, b) => depth(b) - depth(a))[0]!;
      const nested = best.map((i) => ({ ...i, path: [...issue.path, ...i.path] }) as z.core.$ZodIssue);
      // A union none of whose branches got past the first member is better said as one sentence.
      if (depth(best) <= issue.path.length + 1 && best.every((i) => i.code === 'invalid_type' && i.path.length === 0))
        out.push(issue);
      else out.push(...flatten(nested));
    } else out.push(issue);
  }
  return out;
}

const depth = (issues: readonly z.core.$ZodIssue[]) => Math.max(0, ...issues.map((i) => i.path.length));

function pathTo(base: string, path: readonly PropertyKey[]): string {
  let out = base;
  for (const key of path) out = pointer(out, typeof key === 'symbol' ? String(key.description) : key);
  return out;
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let v = value;
  for (const key of path) {
    if (typeof v !== 'object' || v === null || typeof key === 'symbol') return undefined;
    v = Object.prototype.hasOwnProperty.call(v, key) ? (v as Record<PropertyKey, unknown>)[key] : undefined;
  }
  return v;
}

function where(path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'the value';
  return `"${path
    .map((k) => (typeof k === 'number' ? `[${k}]` : String(k)))
    .join('.')
    .replace(/\.\[/g, '[')}"`;
}

const EXPECTED_WORDS: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  record: 'an object',
  never: 'absent',
  literal: 'a fixed value',
  union: 'one of the allowed shapes',
};

function describeIssue(issue: z.core.$ZodIssue, root: unknown): string {
  const at = where(issue.path);
  const actual = valueAt(root, issue.path);
  switch (issue.code) {
    case 'invalid_type':
      if (actual === undefined && issue.expected !== 'never') return `${at} is missing`;
      if (issue.expected === 'never') return `${at} must not be there`;
      return `${at} must be ${EXPECTED_WORDS[issue.expected] ?? issue.expected}; it is ${describeValue(actual)}`;
    case 'invalid_value':
      return `${at} must be ${issue.values.map((v) => JSON.stringify(v)).join(' or ')}; it is ${describeValue(actual)}`;
    case 'invalid_union': {
      const options = (issue as { options?: unknown[] }).options;
      if (Array.isArray(options) && options.length > 0) {
        const list = options.map((o) => JSON.stringify(o)).join(', ');
        return actual === undefined
          ? `${at} is missing (one of ${list})`
          : `${at} must be one of ${list}; it is ${describeValue(actual)}`;
      }
      if (actual === undefined) return `${at} is missing`;
      return `${at} matches none of the shapes the spec allows there (it is ${describeValue(actual)})`;
    }
    case 'too_small':
    case 'too_big':
      return `${at}: ${issue.message.replace(/^Too (small|big): /, '')}`;
    case 'custom':
      if (issue.message.startsWith('must '))
        return actual === undefined
          ? `${at} is missing (it ${issue.message})`
          : `${at} ${issue.message}; it is ${describeValue(actual)}`;
      return issue.message.startsWith('"') ? issue.message : `${at}: ${issue.message}`;
    case 'invalid_key':
    case 'invalid_element':
      return `${at} holds a key or element the spec does not allow`;
    default:
      return `${at}: ${issue.message}`;
  }
}

const upperFirst = (s: string) => `${s.charAt(0).toUpperCase()}${s.slice(1)}`;
