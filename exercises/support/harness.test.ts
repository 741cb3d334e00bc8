import { describe, expect, it } from 'vitest';
import { describeThrown, missingExports, runCases } from './harness.ts';

const cases = {
  EXPORTS: ['double'],
  CASES: [
    {
      name: 'doubles 2',
      run(ex: { double(n: number): number }) {
        if (ex.double(2) !== 4) throw new Error(`double(2) returned ${ex.double(2)}`);
      },
    },
    {
      name: 'doubles 0',
      run(ex: { double(n: number): number }) {
        if (ex.double(0) !== 0) throw new Error('double(0) is not 0');
      },
    },
  ],
};

describe('runCases', () => {
  it('passes every case for a correct module and reports each result as it goes', async () => {
    const seen: string[] = [];
    const results = await runCases(cases, { double: (n: number) => n * 2 }, (r) => seen.push(r.name));
    expect(results.every((r) => r.passed)).toBe(true);
    expect(seen).toEqual(['doubles 2', 'doubles 0']);
  });

  it("fails a case with the case's own message", async () => {
    const results = await runCases(cases, { double: (n: number) => n + 1 });
    expect(results[0]).toMatchObject({ passed: false, message: 'double(2) returned 3' });
    expect(results[1]).toMatchObject({ passed: false, message: 'double(0) is not 0' });
  });

  it('turns an error the learner threw into a failed case, keeping the error for its stack', async () => {
    const boom = new TypeError('cannot read x');
    const results = await runCases(cases, {
      double: () => {
        throw boom;
      },
    });
    expect(results[0]).toMatchObject({ passed: false, message: 'TypeError: cannot read x' });
    expect(results[0]!.error).toBe(boom);
  });

  it('fails every case with one clear message when an export is missing', async () => {
    const results = await runCases(cases, { triple: () => 0 });
    expect(results.map((r) => r.passed)).toEqual([false, false]);
    expect(results[0]!.message).toMatch(/does not export a function named double/);
  });
});

describe('missingExports', () => {
  it('lists exports that are absent or not functions', () => {
    expect(missingExports(cases, { double: 1 })).toEqual(['double']);
    expect(missingExports(cases, { double: () => 0 })).toEqual([]);
  });
});

describe('describeThrown', () => {
  it('describes thrown values that are not errors', () => {
    expect(describeThrown('nope')).toBe('Threw "nope"');
    expect(describeThrown({ code: 1 })).toBe('Threw {"code":1}');
  });
});
