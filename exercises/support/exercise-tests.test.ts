import { describe, expect, it } from 'vitest';
import { exerciseTargets } from './exercise-tests.ts';

describe('exerciseTargets', () => {
  const loaded: string[] = [];
  const loader = (name: string) => () => {
    loaded.push(name);
    return Promise.reject(new SyntaxError(`${name} does not parse`));
  };
  const files = { problem: loader('problem'), solutions: { solution: loader('solution'), other: loader('other') } };

  it('lists every solution by default and never the starter, without loading anything', () => {
    expect(exerciseTargets(files, undefined).map(([name]) => name)).toEqual(['solution', 'other']);
    expect(loaded).toEqual([]);
  });

  it('lists only the starter under EXERCISE_TARGET=problem', () => {
    expect(exerciseTargets(files, 'problem').map(([name]) => name)).toEqual(['problem']);
    expect(loaded).toEqual([]);
  });
});
