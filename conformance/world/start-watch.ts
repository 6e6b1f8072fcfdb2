/**
 * Fail fast when the host cannot start at all. A start that does not answer
 * within the call limit always counts (no deployment excuses that); a start
 * that throws counts only on the kit's own deployment, which every conforming
 * host must accept, whereas configuration scenarios give deployments a host
 * must refuse. When the first few counted starts, before any succeeded, fail
 * the same way, nothing else can be checked: the suite's child process ends
 * the run (exit 2, one line) instead of failing every scenario after a call
 * limit each.
 */
import { AdapterTimeoutError } from '../guard/time-limit.js';

/** How many identical failed starts on the kit's deployment, before any succeeded, end the run. */
export const START_FAILURES_TO_STOP = 3;

export interface StartAttempt {
  /** The scenario started the host on the kit's own deployment (not one it gave). */
  kitDeployment: boolean;
  /** Why start failed; undefined when the host started. */
  error?: Error;
  /** The scenario's store folder, which a message may name (masked when comparing). */
  storeDir: string;
}

let handler: ((message: string) => void) | undefined;
let failures: string[] = [];
let someStarted = false;

/** Called with one line when the host cannot start; none registered, runs go on as before. */
export function whenHostCannotStart(onStop: (message: string) => void): void {
  handler = onStop;
  failures = [];
  someStarted = false;
}

export function noteStart(attempt: StartAttempt): void {
  if (someStarted) return;
  if (!attempt.error) {
    if (attempt.kitDeployment) someStarted = true;
    return;
  }
  if (!attempt.kitDeployment && !(attempt.error instanceof AdapterTimeoutError)) return;
  const message = attempt.error.message.split('\n')[0] ?? '';
  // Compared without the store path and numbers (process ids, ports), which differ from start to start.
  const shape = message.split(attempt.storeDir).join('<store>').replace(/\d+/g, '#');
  failures.push(shape);
  const lastFew = failures.slice(-START_FAILURES_TO_STOP);
  if (lastFew.length === START_FAILURES_TO_STOP && lastFew.every((failure) => failure === shape)) {
    handler?.(`the host cannot start (${lastFew.length} scenarios in a row, none started): ${message}`);
  }
}
