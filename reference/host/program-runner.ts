/**
 * Runs model-written programs for the registry's code mode. A program is
 * JavaScript, the body of an async function (top-level `await` and `return`),
 * evaluated by `node:vm` in a context holding only its bindings and a
 * `console` whose `log` is captured. No state survives between runs.
 *
 * A new `vm` context costs far more than the programs a host usually runs
 * (about 0.75 ms of CPU against a few microseconds), so a `ProgramRunner`
 * keeps its contexts and lends each to one program at a time (code-mode.ts
 * keeps one for every host of the process). Before a kept context is lent again it is put back as it
 * was made: every global a program added is deleted and every global it
 * replaced is restored; a context whose built-ins a program changed (a
 * prototype, a built-in object's properties or extensibility) is dropped for a
 * new one, and so is one whose program was stopped by the time limit. A
 * program's bindings are also its function's parameters, so code it left
 * running (an unawaited promise) still calls its own bindings, never a later
 * program's.
 *
 * This is a test host's runner, not a sandbox: `node:vm` is no security
 * boundary, and only the synchronous part of a program is time-limited.
 */
import { createContext, Script, type Context } from 'node:vm';

/** A host function a program calls as `<namespace>.<name>(args)`; a rejection reaches the program as a throw. */
export type ProgramBinding = (args: unknown) => Promise<unknown>;

export interface ProgramRun {
  /** What the program passed to `console.log`, line by line. */
  logs: string[];
  /** The program's `return` value, if it returned one. */
  value?: unknown;
  /** Why the program failed (a throw, a syntax error, a time-out), if it did. */
  error?: string;
}

/**
 * How long the synchronous part of a program may run before it is stopped. The limit is wall-clock time (vm's
 * `timeout`), so it is generous: a program of a few long texts, compiled on a machine busy with other work, took
 * more than 2 s there and was stopped, failing a correct run; it exists to end a program that never yields.
 */
const SYNCHRONOUS_LIMIT_MS = 10_000;

/** Runs programs, reusing its contexts from one program to the next (one runner per host). */
export class ProgramRunner {
  private readonly idle: ProgramRealm[] = [];

  async run(
    code: string,
    namespace: string,
    bindings: Record<string, ProgramBinding>,
    synchronousLimitMs = SYNCHRONOUS_LIMIT_MS,
  ): Promise<ProgramRun> {
    if (!/^[A-Za-z_$][\w$]*$/.test(namespace)) throw new Error(`program namespace '${namespace}' is not a name`);
    let realm = this.idle.pop();
    // Restored as made, or dropped: a program's leftovers (even code it left running until now) reach no later one.
    while (realm !== undefined && !realm.restore()) realm = this.idle.pop();
    realm ??= new ProgramRealm();
    const outcome = await realm.run(code, namespace, bindings, synchronousLimitMs);
    if (!outcome.stopped) this.idle.push(realm);
    return outcome.run;
  }
}

/** One program in a context of its own, made for it (what a runner does, without reuse). */
export async function runProgram(
  code: string,
  namespace: string,
  bindings: Record<string, ProgramBinding>,
  synchronousLimitMs = SYNCHRONOUS_LIMIT_MS,
): Promise<ProgramRun> {
  return new ProgramRunner().run(code, namespace, bindings, synchronousLimitMs);
}

/**
 * Runs inside a new context, before any program: notes the global object's
 * properties, and the shape of every built-in reachable from it (its
 * prototype, extensibility and number of own keys; every attribute of each
 * own property of the most used ones), with the context's own `Object` and
 * `Reflect` functions taken before a program could replace them. Returns the
 * function that restores the globals and tells whether the built-ins are as
 * noted. That function uses only index loops and the functions taken here
 * (no iterator, Set or array method a program could have replaced), so a
 * program's replacement never runs outside its run.
 */
const NOTE_THE_REALM = `(() => {
  'use strict';
  const { getOwnPropertyDescriptor, getPrototypeOf, isExtensible, is, defineProperty } = Object;
  const { ownKeys, deleteProperty } = Reflect;
  const global = globalThis;
  const attributes = (target, key) => {
    const d = getOwnPropertyDescriptor(target, key);
    return d === undefined ? undefined : [d.value, d.get, d.set, d.writable, d.enumerable, d.configurable];
  };
  const same = (a, b) =>
    a !== undefined && b !== undefined && is(a[0], b[0]) && a[1] === b[1] && a[2] === b[2] && a[3] === b[3] && a[4] === b[4] && a[5] === b[5];
  const noteAll = (target) => {
    const keys = ownKeys(target);
    const noted = [];
    for (let i = 0; i < keys.length; i += 1) noted.push(keys[i], attributes(target, keys[i]));
    return noted;
  };
  const globals = noteAll(global);
  const shapes = [];
  const seen = new Set([global]);
  const queue = [global];
  while (queue.length > 0) {
    const target = queue.pop();
    const keys = ownKeys(target);
    if (target !== global) shapes.push(target, getPrototypeOf(target), isExtensible(target), keys.length);
    const reached = [getPrototypeOf(target)];
    for (const key of keys) {
      const d = getOwnPropertyDescriptor(target, key);
      reached.push(d.value, d.get, d.set);
    }
    for (const value of reached) {
      if (((typeof value === 'object' && value !== null) || typeof value === 'function') && !seen.has(value)) {
        seen.add(value);
        queue.push(value);
      }
    }
  }
  const closely = [Object, Object.prototype, Array, Array.prototype, getPrototypeOf([][Symbol.iterator]()), Function.prototype,
    String, String.prototype, Number.prototype, Promise, Promise.prototype, getPrototypeOf(async () => {}), JSON, Math,
    Reflect, Error.prototype, Map.prototype, Set.prototype];
  const closelyNoted = [];
  for (const target of closely) closelyNoted.push(target, noteAll(target));
  const noted = (key) => {
    for (let i = 0; i < globals.length; i += 2) if (globals[i] === key) return true;
    return false;
  };
  const restore = () => {
    const now = ownKeys(global);
    for (let i = 0; i < now.length; i += 1) if (!noted(now[i]) && !deleteProperty(global, now[i])) return false;
    for (let i = 0; i < globals.length; i += 2) {
      const was = globals[i + 1];
      if (same(attributes(global, globals[i]), was)) continue;
      defineProperty(global, globals[i], was[1] !== undefined || was[2] !== undefined
        ? { get: was[1], set: was[2], enumerable: was[4], configurable: was[5] }
        : { value: was[0], writable: was[3], enumerable: was[4], configurable: was[5] });
      if (!same(attributes(global, globals[i]), was)) return false;
    }
    for (let i = 0; i < shapes.length; i += 4) {
      const target = shapes[i];
      if (getPrototypeOf(target) !== shapes[i + 1] || isExtensible(target) !== shapes[i + 2] || ownKeys(target).length !== shapes[i + 3])
        return false;
    }
    for (let i = 0; i < closelyNoted.length; i += 2) {
      const target = closelyNoted[i];
      const properties = closelyNoted[i + 1];
      for (let j = 0; j < properties.length; j += 2) if (!same(attributes(target, properties[j]), properties[j + 1])) return false;
    }
    return true;
  };
  return () => {
    try {
      return restore();
    } catch {
      return false;
    }
  };
})()`;

/** A context lent to one program at a time. */
class ProgramRealm {
  private readonly context: Context;
  /** Puts the globals back as noted; false when a built-in changed (the realm must be dropped). */
  readonly restore: () => boolean;

  constructor() {
    this.context = createContext({}, { codeGeneration: { strings: false, wasm: false } });
    this.restore = new Script(NOTE_THE_REALM, { filename: 'program-realm.js' }).runInContext(
      this.context,
    ) as () => boolean;
  }

  /** `stopped`: the time limit stopped the program (its context is not reused). */
  async run(
    code: string,
    namespace: string,
    bindings: Record<string, ProgramBinding>,
    synchronousLimitMs: number,
  ): Promise<{ run: ProgramRun; stopped: boolean }> {
    const logs: string[] = [];
    const callable = Object.create(null) as Record<string, ProgramBinding>;
    for (const [name, binding] of Object.entries(bindings)) callable[name] = (args) => handled(binding(args));
    const tools = Object.freeze(callable);
    const console = Object.freeze({ log: (...parts: unknown[]) => logs.push(parts.map(rendered).join(' ')) });
    // The program's globals `<namespace>` and `console`, and the same values as its function's parameters.
    this.context[namespace] = tools;
    this.context['console'] = console;
    let stopped = false;
    try {
      const script = new Script(`((${namespace}, console) => (async () => {\n${code}\n})())(${namespace}, console)`, {
        filename: 'program.js',
      });
      let value: unknown;
      try {
        value = script.runInContext(this.context, { timeout: synchronousLimitMs });
      } catch (error) {
        stopped = isTimeout(error);
        throw error;
      }
      value = await value;
      return { run: value === undefined ? { logs } : { logs, value }, stopped };
    } catch (error) {
      return {
        run: {
          logs,
          error: error instanceof Error || isErrorLike(error) ? String((error as Error).message) : rendered(error),
        },
        stopped,
      };
    }
  }
}

/**
 * A binding's promise, marked as handled for the host: a program that was stopped, or never awaits a call it made,
 * leaves nobody to hear that call fail, and an unhandled rejection would end the host's process. The program still
 * sees the failure as a throw wherever it awaits the promise, which is the same promise.
 */
function handled(call: Promise<unknown>): Promise<unknown> {
  Promise.resolve(call).catch(() => {});
  return call;
}

/** The time limit's error (vm's ERR_SCRIPT_EXECUTION_TIMEOUT). */
function isTimeout(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT';
}

/** Errors thrown inside the program come from its own realm, so `instanceof Error` does not see them. */
function isErrorLike(value: unknown): boolean {
  return value !== null && typeof value === 'object' && typeof (value as { message?: unknown }).message === 'string';
}

export function rendered(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
