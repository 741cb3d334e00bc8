import { describe, expect, it } from 'vitest';
import { lockDown, SandboxError } from './sandbox.ts';

/** A stand-in for a worker's global scope: capabilities on a prototype, as WorkerGlobalScope has them. */
function fakeScope() {
  const proto = {
    fetch: () => 'network',
    importScripts: () => 'loaded',
    postMessage: () => 'posted',
  };
  const scope = Object.create(proto) as Record<string, unknown>;
  scope.indexedDB = { open: () => 'db' };
  return { scope, proto };
}

describe('lockDown', () => {
  it('makes fetch, importScripts and indexedDB throw a SandboxError that says why', () => {
    const { scope } = fakeScope();
    lockDown(scope);
    expect(() => scope.fetch).toThrow(SandboxError);
    expect(() => scope.fetch).toThrow(/fetch is not available here: the code lab's sandbox has no network/);
    expect(() => scope.importScripts).toThrow(/importScripts is not available here/);
    expect(() => scope.indexedDB).toThrow(/indexedDB is not available here/);
  });

  it('removes the capability from the prototype too, so it cannot be reached around the global', () => {
    const { scope, proto } = fakeScope();
    lockDown(scope);
    expect(Object.getOwnPropertyDescriptor(proto, 'fetch')).toBeUndefined();
  });

  it('explains page-only names such as document and localStorage', () => {
    const { scope } = fakeScope();
    lockDown(scope);
    expect(() => scope.document).toThrow(
      /document is not available here: your code runs in a sandboxed worker, away from the page/,
    );
    expect(() => scope.localStorage).toThrow(/localStorage is not available here/);
  });

  it('refuses to let the learner put a name back', () => {
    const { scope } = fakeScope();
    lockDown(scope);
    expect(() => {
      scope.fetch = () => 'again';
    }).toThrow(SandboxError);
  });

  it('blocks postMessage, so the learner cannot forge results', () => {
    const { scope } = fakeScope();
    expect(lockDown(scope)).toContain('postMessage');
    expect(() => scope.postMessage).toThrow(/messaging/);
  });
});
