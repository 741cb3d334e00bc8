/**
 * Runs learner code in the code lab's sandbox: a hidden iframe loaded from /code-lab/sandbox.html with
 * sandbox="allow-scripts" (an opaque origin) and its own policy that allows no connections. The page sends the frame
 * the runner's classic script once; the frame keeps a pair of workers warm and starts a fresh pair for every run
 * (see frame/bootstrap.ts and the README's threat model).
 *
 * The time limit is the page's own timer, started when the learner worker has the code (before it runs any): when
 * RUN_TIMEOUT_MS is up the page reports the timeout and tells the frame to stop the run's workers. The frame's own thread never runs learner code, so it is always free to do so; nothing
 * the learner's code does can reach this timer.
 */
import runnerUrl from '../worker/runner.worker.ts?worker&url';
import {
  OUTPUT_LIMITS,
  RUN_TIMEOUT_MS,
  START_TIMEOUT_MS,
  type FrameToPage,
  type PageToFrame,
  type RunnerMessage,
} from '../worker/protocol.ts';

/** How a run ended. */
export type RunEnd =
  | { kind: 'done'; passed: number; total: number }
  | { kind: 'syntax-error' | 'load-error' }
  | { kind: 'timeout' }
  | { kind: 'crashed'; message: string };

interface Sandbox {
  frame: HTMLIFrameElement;
  ready: Promise<void>;
}

let sandbox: Sandbox | undefined;
/** Sandboxes that have said they are ready. */
const started = new WeakSet<Sandbox>();
let runnerSource: Promise<string> | undefined;
let nextRunId = 1;
/** The listeners of the runs in progress (two labs on a page may run at once), by run id. */
const listeners = new Map<number, (message: FrameToPage) => void>();

/** How long a run waits for the sandbox frame when the site's server does not answer. */
const OFFLINE_START_MS = 3_000;

const FRAME_PATH = `${import.meta.env.BASE_URL.replace(/\/?$/, '/')}code-lab/sandbox.html`;

function loadRunnerSource(): Promise<string> {
  runnerSource ??= fetch(runnerUrl).then((r) => {
    if (!r.ok) throw new Error(`the runner could not be loaded (HTTP ${r.status})`);
    return r.text();
  });
  runnerSource.catch(() => (runnerSource = undefined));
  return runnerSource;
}

function startSandbox(): Sandbox {
  const frame = document.createElement('iframe');
  // allow-scripts only: no allow-same-origin, so the frame's origin is opaque and the site's storage is out of reach.
  frame.setAttribute('sandbox', 'allow-scripts');
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.title = 'Code lab sandbox';
  frame.hidden = true;
  frame.className = 'cl-sandbox';
  frame.src = FRAME_PATH;
  const ready = new Promise<void>((resolve, reject) => {
    const onMessage = (event: MessageEvent<FrameToPage>) => {
      if (event.source !== frame.contentWindow || !frame.isConnected) return;
      const message = event.data;
      if (message?.type === 'frame-ready') {
        loadRunnerSource().then((source) => {
          const load: PageToFrame = { type: 'load', source };
          frame.contentWindow?.postMessage(load, '*');
          resolve();
        }, reject);
        return;
      }
      const runId = typeof message === 'object' && message !== null && 'runId' in message ? message.runId : undefined;
      if (typeof runId === 'number') listeners.get(runId)?.(message);
    };
    window.addEventListener('message', onMessage);
    frame.addEventListener('error', () => reject(new Error('the sandbox frame could not be loaded')));
  });
  ready.catch(() => {
    if (sandbox?.frame === frame) sandbox = undefined;
    frame.remove();
  });
  document.body.append(frame);
  return { frame, ready };
}

/**
 * Whether the site's server answers: a HEAD request for the sandbox page, which the service worker leaves to the
 * network (it answers GETs only), so a cached copy cannot say yes for a server that is not there.
 */
async function serverAnswers(): Promise<boolean> {
  if (!navigator.onLine) return false;
  try {
    await fetch(FRAME_PATH, { method: 'HEAD', cache: 'no-store' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Waits for the sandbox frame to be ready, at most START_TIMEOUT_MS. A frame that cannot load (no network: the
 * service worker cannot serve a sandboxed frame, see the README) never says it is ready and fires no error event, so
 * without this limit the run would wait for ever. When the server does not answer (navigator.onLine alone is not
 * enough: a browser may still say online while the network is cut), the run stops after OFFLINE_START_MS and says
 * the tests need the network. A frame that is late is dropped, so the next run starts afresh.
 */
function withinStartLimit(box: Sandbox): Promise<void> {
  // A sandbox that has started once needs no limit (and no question to the server) on later runs.
  if (started.has(box)) return Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let settled = false;
  const late = new Promise<never>((_, reject) => {
    const giveUp = (offline: boolean) => {
      if (settled) return;
      if (sandbox === box) sandbox = undefined;
      box.frame.remove();
      reject(
        new Error(
          offline
            ? 'the sandbox that runs the tests needs the network, and this browser is offline (types are still checked)'
            : `the sandbox did not start within ${START_TIMEOUT_MS / 1000} seconds`,
        ),
      );
    };
    timer = setTimeout(() => giveUp(false), START_TIMEOUT_MS);
    void serverAnswers().then((answers) => {
      if (answers || settled) return;
      clearTimeout(timer);
      timer = setTimeout(() => giveUp(true), OFFLINE_START_MS);
    });
  });
  return Promise.race([box.ready, late])
    .then(() => void started.add(box))
    .finally(() => {
      settled = true;
      clearTimeout(timer);
    });
}

/** Starts the sandbox now (on a first sign of intent), so the first run does not wait for it. */
export function warmRunner(): void {
  sandbox ??= startSandbox();
}

/** Keeps a message's strings within the page's limits, whatever sent it. */
function capped(message: RunnerMessage): RunnerMessage {
  const clip = (s: unknown, max: number) => (typeof s === 'string' ? s.slice(0, max) : '');
  switch (message.type) {
    case 'log':
      return { ...message, text: clip(message.text, OUTPUT_LIMITS.lineChars + 200) };
    case 'result':
      return {
        ...message,
        name: clip(message.name, OUTPUT_LIMITS.nameChars),
        message: message.message === undefined ? undefined : clip(message.message, OUTPUT_LIMITS.messageChars + 100),
      };
    case 'syntax-error':
    case 'load-error':
      return { ...message, message: clip(message.message, OUTPUT_LIMITS.messageChars + 100) };
    default:
      return message;
  }
}

/** Runs `code` against an exercise; `onMessage` sees every message of this run as it arrives. */
export async function runInWorker(
  exercise: string,
  code: string,
  onMessage: (message: RunnerMessage) => void,
): Promise<RunEnd> {
  const box = (sandbox ??= startSandbox());
  const runId = nextRunId++;
  const started = performance.now();
  try {
    await withinStartLimit(box);
  } catch (error) {
    return { kind: 'crashed', message: error instanceof Error ? error.message : String(error) };
  }
  return new Promise<RunEnd>((resolve) => {
    let settled = false;
    let outputChars = 0;
    const finish = (end: RunEnd) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      listeners.delete(runId);
      resolve(end);
    };
    const stop = (end: RunEnd) => {
      const message: PageToFrame = { type: 'stop', runId };
      box.frame.contentWindow?.postMessage(message, '*');
      finish(end);
    };
    // A cold sandbox (the frame and its workers starting on a busy machine) gets time to start; the run's own limit
    // starts when the learner worker has the code, before any of it runs, so the code cannot hold the clock back.
    let timer = setTimeout(
      () => stop({ kind: 'crashed', message: `the runner did not start within ${START_TIMEOUT_MS / 1000} seconds` }),
      Math.max(0, START_TIMEOUT_MS - (performance.now() - started)),
    );
    listeners.set(runId, (message) => {
      if (!('runId' in message) || message.runId !== runId) return;
      if (message.type === 'started') {
        clearTimeout(timer);
        timer = setTimeout(() => stop({ kind: 'timeout' }), RUN_TIMEOUT_MS);
        return;
      }
      if (message.type === 'crashed') {
        finish({ kind: 'crashed', message: String(message.message).slice(0, OUTPUT_LIMITS.messageChars) });
        return;
      }
      const shown = capped(message);
      if (shown.type === 'log') {
        // The page's own cap, whatever the frame forwarded.
        if (outputChars > OUTPUT_LIMITS.totalChars + 1_000) return;
        outputChars += shown.text.length;
      }
      onMessage(shown);
      if (shown.type === 'done') finish({ kind: 'done', passed: shown.passed, total: shown.total });
      else if (shown.type === 'syntax-error' || shown.type === 'load-error') finish({ kind: shown.type });
    });
    const run: PageToFrame = { type: 'run', runId, exercise, code };
    box.frame.contentWindow?.postMessage(run, '*');
  });
}
