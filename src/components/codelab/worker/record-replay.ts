/**
 * Record and replay: how a code lab's verdicts stay out of the learner's reach. Guards: the harness, model and cases
 * a learner did not write, against code that replaces them; test/unit/codelab/record-replay.test.ts proves it.
 *
 * The learner's code runs in one worker (the learner worker). Anything there can be replaced by that code: the
 * array iterator the harness loops with, JSON.stringify, the model the cases ask, the harness itself. So that worker
 * does not judge. It runs the exercise's cases against the learner's exports and records, case by case, what crossed
 * between the cases and the learner's functions: each call of an export (its arguments), each call the learner's
 * code made back into the cases' own objects (a transport's send, an id source's next) with its arguments and
 * result, and what the export returned or threw. Values cross as plain data (structured clones), never as objects
 * with behaviour.
 *
 * A second worker (the checker), which never runs learner code, runs the same cases with its own untouched copy of
 * the harness and the model. Its exercise object replays the recording: when a case calls an export, the checker
 * compares the arguments with the recorded ones, performs the recorded calls back into its own objects (and compares
 * their results), then returns or throws what the learner's function did. Every verdict, count and message is
 * computed there. A recording that was tampered with can only describe some behaviour of the learner's functions,
 * which the checker then judges like any other; it cannot change how the checker judges.
 */
import type { CodePosition } from './protocol.ts';

/** Marks an encoded value that is not plain data: a function of the cases (by handle), a learner function, a cycle. */
const TAG = '\u0000code-lab';

/** A value as it crosses between the workers: JSON-like data, plus whatever the structured clone keeps. */
type Wire = unknown;

/** What was thrown, as data. The position is where in the learner's code (when the learner's code threw). */
export interface ThrownWire {
  name: string;
  message: string;
  position?: CodePosition;
}

/** How a call ended. */
type Outcome = { kind: 'returned'; value: Wire } | { kind: 'threw'; error: ThrownWire };

/** A call the learner's code made into one of the cases' functions (by handle). */
interface CallbackCall {
  handle: number;
  args: Wire[];
  outcome: Outcome;
}

/** One call of a learner export by a case. */
export interface ExportCall {
  name: string;
  args: Wire[];
  calls: CallbackCall[];
  outcome: Outcome;
}

/** Everything one case did with the learner's exports, in order. */
export interface CaseRecording {
  index: number;
  exports: ExportCall[];
}

/** A function of the cases' own objects, with the object it is called on. */
interface Handle {
  fn: (...args: unknown[]) => unknown;
  self: unknown;
}

const isPlainObject = (v: object): boolean => {
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
};

/** Deeper than this, data is cut (a recording is data an exercise passes, a few levels deep). */
const MAX_DEPTH = 64;

/**
 * Encodes a value the cases pass to the learner (or return from one of their functions), for comparison: functions
 * become handles, registered in `handles` in the order they are met, so the recorder and the checker number them
 * alike. Cases pass plain data, errors, and plain objects of functions (a transport, an id source); a method on a
 * class's prototype would not be recorded (the exercises' record-replay test holds every exercise to this).
 */
function encodeTrusted(value: unknown, handles: Handle[], self: unknown = undefined, depth = 0): Wire {
  if (typeof value === 'function') {
    handles.push({ fn: value as Handle['fn'], self });
    return { [TAG]: 'handle', id: handles.length - 1 };
  }
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((v) => encodeTrusted(v, handles, value, depth + 1));
  // Only compared, never turned back into values, so an error or a class instance is described, not cloned.
  if (value instanceof Error) return { [TAG]: 'error', name: value.name, message: value.message };
  const out: Record<string, Wire> = isPlainObject(value) ? {} : { [TAG]: Object.prototype.toString.call(value) };
  for (const key of Object.keys(value))
    out[key] = encodeTrusted((value as Record<string, unknown>)[key], handles, value, depth + 1);
  return out;
}

/**
 * Encodes a value from the learner's code as plain data: getters are read once, functions and symbols become
 * markers, cycles are cut. What cannot be read this way (a proxy that throws) throws here, in the learner worker.
 */
function encodeLearner(value: unknown, seen: WeakSet<object> = new WeakSet(), depth = 0): Wire {
  if (typeof value === 'function') return { [TAG]: 'function' };
  if (typeof value === 'symbol') return { [TAG]: 'symbol', description: String(value.description) };
  if (typeof value !== 'object' || value === null) return value;
  if (seen.has(value) || depth > MAX_DEPTH) return { [TAG]: 'cycle' };
  seen.add(value);
  try {
    if (Array.isArray(value)) {
      const out: Wire[] = [];
      for (let i = 0; i < value.length; i++) out.push(encodeLearner(value[i], seen, depth + 1));
      return out;
    }
    if (!isPlainObject(value)) return value;
    const out: Record<string, Wire> = {};
    for (const key of Object.keys(value))
      out[key] = encodeLearner((value as Record<string, unknown>)[key], seen, depth + 1);
    return out;
  } finally {
    seen.delete(value);
  }
}

/** Turns encoded learner data back into values for the checker's cases. */
function decodeLearner(wire: Wire): unknown {
  if (typeof wire !== 'object' || wire === null) return wire;
  if (Array.isArray(wire)) return wire.map(decodeLearner);
  if (!isPlainObject(wire)) return wire;
  const tag = (wire as Record<string, unknown>)[TAG];
  if (tag === 'function')
    return () => {
      throw new Error('The lab cannot call a function your code returned or passed along; return plain data.');
    };
  if (tag === 'symbol') return Symbol(String((wire as { description?: unknown }).description));
  if (tag === 'cycle') return '[Circular]';
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(wire)) out[key] = decodeLearner((wire as Record<string, unknown>)[key]);
  return out;
}

/** Structural equality of two encoded values (the checker's own, so the learner's code cannot bend it). */
function sameWire(a: Wire, b: Wire, depth = 0): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || depth > MAX_DEPTH) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameWire(a[i], b[i], depth + 1)) return false;
    return true;
  }
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (const key of ka) {
    if (!Object.hasOwn(b, key)) return false;
    if (!sameWire((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], depth + 1)) return false;
  }
  return true;
}

/** What was thrown, as data. */
function thrownWire(error: unknown, position?: CodePosition): ThrownWire {
  const isError = typeof error === 'object' && error !== null && 'message' in error;
  const thrownName = isError ? (error as { name?: unknown }).name : undefined;
  const name = typeof thrownName === 'string' ? thrownName : isError ? 'Error' : 'Thrown value';
  let message: string;
  try {
    message = isError ? String((error as { message: unknown }).message) : (JSON.stringify(error) ?? String(error));
  } catch {
    message = 'a value that cannot be shown';
  }
  return position ? { name, message, position } : { name, message };
}

/** An error the checker rethrows for the learner's function; it carries where the learner's code threw. */
export class ReplayedError extends Error {
  readonly position: CodePosition | undefined;
  constructor(thrown: ThrownWire | undefined) {
    super(String(thrown?.message ?? 'something was thrown'));
    this.name = String(thrown?.name ?? 'Error');
    const p = thrown?.position;
    this.position =
      p && Number.isSafeInteger(p.line) && Number.isSafeInteger(p.column) && p.line > 0 && p.column >= 0
        ? { line: p.line, column: p.column }
        : undefined;
  }
}

/** The sentence a checker fails a case with when the recording does not match what its own cases do. */
export const MISMATCH =
  'The lab could not check this test: while your code ran, the test saw different values than it should (did your code replace a built-in such as JSON, Array or Object?). Leave the built-ins as they are and run again.';

/**
 * The recorder, in the learner worker: wraps the learner's exports so every call is recorded. `positionOf` maps a
 * thrown error to the learner's code. Returns the exercise object to give the cases and a function that takes the
 * recording of the case that just ran.
 */
export function recorder(
  exports: Record<string, unknown>,
  names: readonly string[],
  positionOf: (error: unknown) => CodePosition | undefined,
): { exercise: Record<string, unknown>; take(): ExportCall[] } {
  let calls: ExportCall[] = [];
  const exercise: Record<string, unknown> = {};
  for (const name of names) {
    const fn = exports[name];
    if (typeof fn !== 'function') continue;
    exercise[name] = (...args: unknown[]) => {
      const handles: Handle[] = [];
      const record: ExportCall = {
        name,
        args: args.map((a) => encodeTrusted(a, handles)),
        calls: [],
        outcome: { kind: 'returned', value: undefined },
      };
      calls.push(record);
      // The learner's code gets the cases' real objects, with each function replaced by one that records the call.
      const wrap = (handleIndex: number) => {
        const handle = handles[handleIndex]!;
        return (...callArgs: unknown[]) => {
          const call: CallbackCall = {
            handle: handleIndex,
            args: callArgs.map((a) => encodeLearner(a)),
            outcome: { kind: 'returned', value: undefined },
          };
          record.calls.push(call);
          try {
            const result = handle.fn.apply(handle.self, callArgs);
            const start = handles.length;
            call.outcome = { kind: 'returned', value: encodeTrusted(result, handles) };
            return rewire(result, handles, wrap, start);
          } catch (error) {
            call.outcome = { kind: 'threw', error: thrownWire(error) };
            throw error;
          }
        };
      };
      const given = rewire(args, handles, wrap, 0) as unknown[];
      try {
        const result = (fn as (...a: unknown[]) => unknown)(...given);
        record.outcome = { kind: 'returned', value: encodeLearner(result) };
        return result;
      } catch (error) {
        record.outcome = { kind: 'threw', error: thrownWire(error, positionOf(error)) };
        throw error;
      }
    };
  }
  return {
    exercise,
    take() {
      const taken = calls;
      calls = [];
      return taken;
    },
  };
}

/**
 * Replaces, in place, each function met in `value` by its recording wrapper. encodeTrusted numbered them, from
 * `start`, in the order this walk meets them.
 */
function rewire(value: unknown, handles: Handle[], wrap: (index: number) => unknown, start: number): unknown {
  let next = start;
  const visit = (v: unknown, depth: number): unknown => {
    if (typeof v === 'function') {
      // Functions are numbered in the order encodeTrusted met them, which is this walk's order.
      while (next < handles.length && handles[next]!.fn !== v) next++;
      return next < handles.length ? wrap(next++) : v;
    }
    if (typeof v !== 'object' || v === null || depth > MAX_DEPTH || v instanceof Error) return v;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) v[i] = visit(v[i], depth + 1);
      return v;
    }
    for (const key of Object.keys(v))
      (v as Record<string, unknown>)[key] = visit((v as Record<string, unknown>)[key], depth + 1);
    return v;
  };
  return visit(value, 0);
}

/**
 * The replayer, in the checker: an exercise object whose functions play back one case's recording against the
 * checker's own cases. Each call that does not match the recording throws MISMATCH; `finish` reports a recording
 * with calls the case never made.
 */
export function replayer(
  names: readonly string[],
  recording: ExportCall[],
): { exercise: Record<string, unknown>; finish(): string | undefined } {
  let at = 0;
  const exercise: Record<string, unknown> = {};
  for (const name of names) {
    exercise[name] = (...args: unknown[]) => {
      const record = recording[at++];
      const handles: Handle[] = [];
      const encoded = args.map((a) => encodeTrusted(a, handles));
      if (!record || record.name !== name || !sameWire(encoded, record.args)) throw new Error(MISMATCH);
      for (const call of record.calls) {
        const handle = handles[call.handle];
        if (!handle || !Array.isArray(call.args)) throw new Error(MISMATCH);
        let outcome: Outcome;
        try {
          const result = handle.fn.apply(handle.self, call.args.map(decodeLearner));
          outcome = { kind: 'returned', value: encodeTrusted(result, handles) };
        } catch (error) {
          const { name: errorName, message } = thrownWire(error);
          outcome = { kind: 'threw', error: { name: errorName, message } };
        }
        const recorded: Outcome =
          call.outcome?.kind === 'threw'
            ? { kind: 'threw', error: { name: call.outcome.error?.name, message: call.outcome.error?.message } }
            : { kind: 'returned', value: call.outcome?.value };
        if (!sameWire(outcome, recorded)) throw new Error(MISMATCH);
      }
      if (record.outcome?.kind === 'threw') throw new ReplayedError(record.outcome.error);
      return decodeLearner(record.outcome?.value);
    };
  }
  return {
    exercise,
    finish: () => (at < recording.length ? MISMATCH : undefined),
  };
}
