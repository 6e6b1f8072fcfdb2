/**
 * Fail fast when the host cannot start at all. Only starts on the kit's own
 * deployment count: every conforming host must accept it, whereas the
 * configuration scenarios give deployments a host must refuse. When the first
 * few such starts all fail the same way, nothing else can be checked; the
 * suite's child process then ends the run (exit 2, one line) instead of
 * failing every scenario after a call limit each.
 */

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
  if (!attempt.kitDeployment || someStarted) return;
  if (!attempt.error) {
    someStarted = true;
    return;
  }
  const message = (attempt.error.message.split('\n')[0] ?? '').split(attempt.storeDir).join('<store>');
  failures.push(message);
  const lastFew = failures.slice(-START_FAILURES_TO_STOP);
  if (lastFew.length === START_FAILURES_TO_STOP && lastFew.every((failure) => failure === message)) {
    handler?.(`the host cannot start: ${failures.length} scenarios in a row, on the kit's own deployment: ${message}`);
  }
}
