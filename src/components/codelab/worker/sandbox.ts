/**
 * Takes the dangerous globals away from a worker before the learner's code runs.
 *
 * This is defence in depth. The main boundary is the worker itself: code in a dedicated worker has no DOM, no
 * document.cookie and no localStorage, and the page stops the worker after RUN_TIMEOUT_MS. What a worker does have
 * is the network (fetch, XMLHttpRequest, WebSocket, EventSource, importScripts), storage (indexedDB, caches) and ways
 * to talk to other contexts (BroadcastChannel, nested workers). None of it is needed to solve an exercise, so each is
 * replaced, on the global object and on every prototype that defines it, by a getter that throws a clear error. The
 * names a page has and a worker lacks (document, window, localStorage…) get the same getter, so a learner who reaches
 * for them reads why it cannot work instead of "document is not defined".
 */

/**
 * Network, storage and messaging APIs a worker has; none is needed by an exercise. postMessage and close go too: the
 * runner keeps its own bound postMessage, so the learner's code can neither forge results nor end the run silently.
 */
const WORKER_CAPABILITIES = [
  'fetch',
  'XMLHttpRequest',
  'WebSocket',
  'WebTransport',
  'EventSource',
  'importScripts',
  'indexedDB',
  'caches',
  'BroadcastChannel',
  'Worker',
  'SharedWorker',
  'RTCPeerConnection',
  'Request',
  'FileReaderSync',
  'postMessage',
  'close',
] as const;

/** What a page has and a worker does not: named so the error explains the sandbox. */
const PAGE_ONLY = [
  'document',
  'window',
  'localStorage',
  'sessionStorage',
  'cookieStore',
  'parent',
  'top',
  'opener',
] as const;

/** The error a learner sees when their code touches a blocked name. */
export class SandboxError extends Error {
  override name = 'SandboxError';
}

function blocker(name: string): PropertyDescriptor {
  const why = (PAGE_ONLY as readonly string[]).includes(name)
    ? `${name} is not available here: your code runs in a sandboxed worker, away from the page, its cookies and its storage.`
    : `${name} is not available here: the code lab's sandbox has no network, storage or messaging. The exercise needs none of them.`;
  return {
    configurable: false,
    enumerable: false,
    get() {
      throw new SandboxError(why);
    },
    set() {
      throw new SandboxError(why);
    },
  };
}

/** Blocks every listed name on `scope` and on each prototype in its chain that defines it. Returns what it blocked. */
export function lockDown(scope: object = globalThis): string[] {
  const blocked: string[] = [];
  for (const name of [...WORKER_CAPABILITIES, ...PAGE_ONLY]) {
    let target: object | null = Object.getPrototypeOf(scope) as object | null;
    while (target && target !== Object.prototype) {
      const own = Object.getOwnPropertyDescriptor(target, name);
      if (own?.configurable) {
        try {
          delete (target as Record<string, unknown>)[name];
        } catch {
          // A host object that refuses to drop the name keeps it on the prototype; the own getter below still wins.
        }
      }
      target = Object.getPrototypeOf(target) as object | null;
    }
    try {
      Object.defineProperty(scope, name, blocker(name));
      blocked.push(name);
    } catch {
      // An own, non-configurable property (none is expected in a dedicated worker) stays as it is.
    }
  }
  return blocked;
}
