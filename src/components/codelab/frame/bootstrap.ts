/**
 * The sandbox frame's only script, inlined into frame.html (see frame-html.ts) and allowed there by its hash.
 *
 * The frame is an opaque-origin document (sandbox="allow-scripts", no allow-same-origin) whose policy allows no
 * connection of any kind. It receives the runner's classic script from the page as text, makes it a blob URL and
 * starts, for each run, two workers from it: the learner worker and the checker (see worker/runner.worker.ts). A
 * classic blob worker inherits the frame's policy and origin, so the learner's code runs with no network and no
 * storage. Only the checker's messages reach the page, each checked and capped again here; the learner worker is
 * heard only when it crashes.
 *
 * This file is a classic script: type imports only (they vanish when types are stripped), no runtime imports.
 */
import type { FrameToPage, PageToFrame, RunnerMessage, RunStarted, WorkerStart } from '../worker/protocol.ts';

/** Set by frame-html.ts before this script: the output limits, shared with the rest of the lab. */
declare const FRAME_LIMITS: { messageChars: number; lineChars: number; nameChars: number; messagesPerRun: number };

interface Pair {
  learner: Worker;
  checker: Worker;
  /** Gives the pair to a run. */
  claim(runId: number): void;
}

let runnerUrl: string | undefined;
let spare: Pair | undefined;
/** The runs in progress (two labs on a page may run at once), by run id. */
const runs = new Map<number, { pair: Pair; messages: number }>();

const toPage = (message: FrameToPage) => parent.postMessage(message, '*');
const clip = (text: unknown, max: number) => {
  const s = typeof text === 'string' ? text : String(text);
  return s.length > max ? `${s.slice(0, max)}…` : s;
};
const position = (p: unknown) => {
  const { line, column } = (p ?? {}) as { line?: unknown; column?: unknown };
  return Number.isSafeInteger(line) && Number.isSafeInteger(column)
    ? { line: line as number, column: column as number }
    : undefined;
};

/** The checker's message, rebuilt from known fields only, with every string capped. */
function checked(m: RunnerMessage | RunStarted, runId: number): RunnerMessage | RunStarted | undefined {
  switch (m?.type) {
    case 'started':
      return { type: 'started', runId };
    case 'log':
      return { type: 'log', runId, text: clip(m.text, FRAME_LIMITS.lineChars + 200) };
    case 'syntax-error':
    case 'load-error':
      return {
        type: m.type,
        runId,
        message: clip(m.message, FRAME_LIMITS.messageChars + 100),
        position: position(m.position),
      };
    case 'result':
      return {
        type: 'result',
        runId,
        index: Number(m.index),
        total: Number(m.total),
        name: clip(m.name, FRAME_LIMITS.nameChars),
        passed: m.passed === true,
        message: m.message === undefined ? undefined : clip(m.message, FRAME_LIMITS.messageChars + 100),
        position: position(m.position),
      };
    case 'done':
      return { type: 'done', runId, passed: Number(m.passed), total: Number(m.total) };
    default:
      return undefined;
  }
}

function end(runId: number): void {
  const run = runs.get(runId);
  if (!run) return;
  run.pair.learner.terminate();
  run.pair.checker.terminate();
  runs.delete(runId);
  // The next run's workers start once this run's results are on their way.
  setTimeout(() => (spare ??= startPair()), 0);
}

function startPair(): Pair {
  const url = runnerUrl as string;
  /** The run this pair works for, once it has one. */
  let runId: number | undefined;
  const pair: Pair = {
    claim: (id) => (runId = id),
    learner: new Worker(url, { name: 'code-lab-learner' }),
    checker: new Worker(url, { name: 'code-lab-checker' }),
  };
  const crashed = (event: ErrorEvent) => {
    event.preventDefault();
    if (runId === undefined || !runs.has(runId)) return;
    toPage({
      type: 'crashed',
      runId,
      message: clip(event.message || 'the runner stopped unexpectedly (out of memory?)', FRAME_LIMITS.messageChars),
    });
    end(runId);
  };
  pair.learner.onerror = crashed;
  pair.checker.onerror = crashed;
  pair.checker.onmessage = (event: MessageEvent<RunnerMessage | RunStarted>) => {
    const run = runId === undefined ? undefined : runs.get(runId);
    if (runId === undefined || !run) return;
    const message = checked(event.data, runId);
    if (!message) return;
    if (++run.messages > FRAME_LIMITS.messagesPerRun && message.type === 'log') return;
    toPage(message);
    if (message.type === 'done' || message.type === 'syntax-error' || message.type === 'load-error') end(runId);
  };
  return pair;
}

addEventListener('message', (event: MessageEvent<PageToFrame>) => {
  if (event.source !== parent) return;
  const m = event.data;
  if (m?.type === 'load' && typeof m.source === 'string' && runnerUrl === undefined) {
    runnerUrl = URL.createObjectURL(new Blob([m.source], { type: 'text/javascript' }));
    spare = startPair();
  } else if (m?.type === 'run' && runnerUrl !== undefined && typeof m.code === 'string') {
    const runId = Number(m.runId);
    end(runId);
    const pair = spare ?? startPair();
    spare = undefined;
    pair.claim(runId);
    runs.set(runId, { pair, messages: 0 });
    const channel = new MessageChannel();
    const run: WorkerStart = { type: 'run', exercise: String(m.exercise), code: m.code, port: channel.port1 };
    const check: WorkerStart = { type: 'check', runId, exercise: String(m.exercise), port: channel.port2 };
    pair.learner.postMessage(run, [channel.port1]);
    pair.checker.postMessage(check, [channel.port2]);
  } else if (m?.type === 'stop') {
    end(Number(m.runId));
  }
});

toPage({ type: 'frame-ready' });
