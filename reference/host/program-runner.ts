/**
 * Runs one model-written program for the registry's code mode. The program is
 * JavaScript, the body of an async function (top-level `await` and `return`),
 * evaluated by `node:vm` in a fresh context holding only its bindings and a
 * `console` whose `log` is captured. No state survives between runs.
 *
 * This is a test host's runner, not a sandbox: `node:vm` is no security
 * boundary, and only the synchronous part of a program is time-limited.
 */
import { createContext, Script } from 'node:vm';

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

/** How long the synchronous part of a program may run before it is stopped. */
const SYNCHRONOUS_LIMIT_MS = 2_000;

export async function runProgram(
  code: string,
  namespace: string,
  bindings: Record<string, ProgramBinding>,
  synchronousLimitMs = SYNCHRONOUS_LIMIT_MS,
): Promise<ProgramRun> {
  const logs: string[] = [];
  const callable = Object.create(null) as Record<string, ProgramBinding>;
  for (const [name, binding] of Object.entries(bindings)) callable[name] = binding;
  const context = createContext(
    {
      [namespace]: Object.freeze(callable),
      console: Object.freeze({ log: (...parts: unknown[]) => logs.push(parts.map(rendered).join(' ')) }),
    },
    { codeGeneration: { strings: false, wasm: false } },
  );
  try {
    const script = new Script(`(async () => {\n${code}\n})()`, { filename: 'program.js' });
    const value: unknown = await script.runInContext(context, { timeout: synchronousLimitMs });
    return value === undefined ? { logs } : { logs, value };
  } catch (error) {
    return {
      logs,
      error: error instanceof Error || isErrorLike(error) ? String((error as Error).message) : rendered(error),
    };
  }
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
