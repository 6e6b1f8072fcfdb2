/**
 * The scenario in flight, as the process running the suite knows it: faults a
 * host raised outside any call the kit awaits (an unhandled rejection, an
 * uncaught exception thrown from a timer) are charged to it, and a signal
 * disposes of its host before the process ends.
 *
 * The hooks register each scenario here; the suite's child process installs the
 * process-wide listeners (`watchProcessFaults`). Run in process (the mutant
 * matrix), no listener is installed and nothing is ever recorded.
 */

export interface InFlight {
  /** The scenario's host teardown; called on a signal. */
  dispose(): Promise<void>;
}

interface Entry {
  scenario: InFlight;
  /** Faults not yet reported by a hook. */
  faults: string[];
}

let current: Entry | undefined;
let orphanHandler: ((fault: string) => void) | undefined;
let storeListener: ((storeDir: string) => void) | undefined;

/**
 * Told each scenario's store folder as it is made: the suite's child process
 * names, by it, the scenario a host's late output belongs to (what a parked
 * host process writes is the scenario's that parked it).
 */
export function whenScenarioStoreMade(listener: (storeDir: string) => void): void {
  storeListener = listener;
}

export function noteScenarioStore(storeDir: string): void {
  storeListener?.(storeDir);
}

export function beginScenario(scenario: InFlight): void {
  current = { scenario, faults: [] };
}

export function endScenario(scenario: InFlight): void {
  if (current?.scenario === scenario) current = undefined;
}

/** The faults recorded for this scenario since the last call, cleared. */
export function takeFaults(scenario: InFlight): string[] {
  if (current?.scenario !== scenario || current.faults.length === 0) return [];
  const faults = current.faults;
  current.faults = [];
  return faults;
}

/** True once `watchProcessFaults` runs (the suite's child process). */
export function watchingFaults(): boolean {
  return orphanHandler !== undefined;
}

/**
 * Resolves after the event loop has turned once: by then Node has reported
 * every promise left rejected by the work just done, and run every callback
 * it queued for that turn (setImmediate, I/O already done), so such a fault is
 * charged to the step that caused it rather than to a later one. A host timer
 * due later fires in whatever scenario is then in flight (or between
 * scenarios, failing the run): waiting out timers after every step would cost
 * each step at least a millisecond, and no wait covers every delay.
 */
export function faultsSettled(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

export function scenarioInFlight(): InFlight | undefined {
  return current?.scenario;
}

/**
 * Charges unhandled rejections and uncaught exceptions to the scenario in
 * flight; one raised between scenarios goes to `onOrphan`. An exception thrown
 * while cucumber runs a step is cucumber's: it fails that step itself (its
 * listener is then registered beside this one).
 */
export function watchProcessFaults(onOrphan: (fault: string) => void): void {
  orphanHandler = onOrphan;
  process.on('unhandledRejection', (reason) => record(`unhandled rejection: ${describe(reason)}`));
  process.on('uncaughtException', (error) => {
    if (process.listenerCount('uncaughtException') > 1) return;
    record(`uncaught exception: ${describe(error)}`);
  });
}

function record(fault: string): void {
  if (current) current.faults.push(fault);
  else orphanHandler?.(fault);
}

function describe(reason: unknown): string {
  // The first frames say where; the whole stack would bury the scenario's other lines.
  if (reason instanceof Error)
    return (reason.stack ?? `${reason.name}: ${reason.message}`).split('\n').slice(0, 6).join('\n');
  try {
    return typeof reason === 'string' ? reason : JSON.stringify(reason);
  } catch {
    return String(reason);
  }
}
