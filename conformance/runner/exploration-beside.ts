/**
 * A run's exploration in a supervised process of its own, beside the one
 * running its scenarios (issue 36): on two cores the exploration no longer
 * waits for the last scenario. Each process is a whole supervised run
 * (`runSuiteIsolated`: its run folder, its own host processes, its silence
 * limit, crash and signal handling), so an adapter in either process is never
 * used by two things at once, and what one process's host does is charged in
 * that process as before.
 *
 * The run reads as the serial one (scenarios, then the exploration, in one
 * process) would: the exploration's console output, progress, marks and
 * host prints are held until the scenarios' process has ended, and its
 * results follow the scenarios'. A scenarios' process that does not complete
 * ends the exploration and drops it, as the serial run would never have
 * explored; an exploration that finds the adapter unusable or the host unable
 * to start ends the scenarios, as a worker does (`suite-workers.ts`).
 */
import { setMaxListeners } from 'node:events';
import { combineFaultRecords, isFaultResult } from '../results/fault-records.js';
import type { SuiteEvents } from './run-suite.js';
import { forkSuiteChild } from './suite-child-start.js';
import { runSuiteIsolated, type IsolatedOptions, type IsolatedRun, type SuiteEnding } from './suite-process.js';

/**
 * Whether a run's exploration goes beside its scenarios: the run explores, in one worker that `--parallel`
 * did not ask for (`--parallel 1` keeps one process), and a second core is there to run it. On one core the
 * two processes would take turns, each paying its own start: serial is cheaper there.
 */
export function explorationBeside(run: {
  explores: boolean;
  workers: number;
  parallelAsked: boolean;
  cores: number;
}): boolean {
  return run.explores && run.workers <= 1 && !run.parallelAsked && run.cores >= 2;
}

/** The most the exploration's host may print while the scenarios run that is kept to be shown after them (characters). */
export const HELD_HOST_OUTPUT_LIMIT = 1024 * 1024;

export async function runWithExplorationBeside(options: IsolatedOptions): Promise<IsolatedRun> {
  const { explore, ...scenarioRequest } = options.request;
  if (!explore) return runSuiteIsolated(options);
  const started = performance.now();
  const stopScenarios = new AbortController();
  const stopExploration = new AbortController();
  setMaxListeners(20, stopScenarios.signal, stopExploration.signal);
  const onAbort = (): void => {
    stopScenarios.abort();
    stopExploration.abort();
  };
  options.abort?.addEventListener('abort', onAbort, { once: true });
  if (options.abort?.aborted) onAbort();
  const held = new HeldUntilOpen(options.onChildOutput);
  const { started: early, ...shared } = options;
  try {
    const exploring = runSuiteIsolated({
      request: { ...options.request, formats: [], exploreOnly: true },
      started: forkSuiteChild('exploration'),
      onOutput: (text) => held.later(() => options.onOutput(text)),
      onChildOutput: (text) => held.hostOutput(text),
      ...(options.onReady ? { onReady: options.onReady } : {}),
      ...(options.events ? { events: heldEvents(options.events, held) } : {}),
      abort: stopExploration.signal,
    }).then((run) => {
      // Nothing more can be checked once the adapter is unusable or the host cannot start.
      if (run.ending.kind === 'unusable' || run.ending.kind === 'stopped') stopScenarios.abort();
      return run;
    });
    const scenarios = runSuiteIsolated({
      ...shared,
      ...(early ? { started: early } : {}),
      request: scenarioRequest,
      abort: stopScenarios.signal,
    }).then((run) => {
      // Shown once the scenarios are: nothing of an exploration the serial run would never have made.
      if (run.ending.kind === 'completed') held.open();
      else {
        held.discard();
        stopExploration.abort();
      }
      return run;
    });
    const [scenarioRun, explorationRun] = await Promise.all([scenarios, exploring]);
    return combined(scenarioRun, explorationRun, performance.now() - started);
  } finally {
    options.abort?.removeEventListener('abort', onAbort);
  }
}

/** How much an ending says (as suite-workers.ts ranks its workers'). */
const TELLING: ReadonlyArray<SuiteEnding['kind']> = ['completed', 'crashed', 'interrupted', 'stopped', 'unusable'];

/** The two processes' runs as the one serial run would have reported them. */
export function combined(scenarios: IsolatedRun, exploration: IsolatedRun, wallMs: number): IsolatedRun {
  const decision = scenarios.decision ?? exploration.decision;
  // Scenarios that did not complete: the serial run would have explored nothing, so the exploration is dropped
  // (it was ended: its own ending says nothing), unless it found the adapter unusable or the host unable to start.
  if (scenarios.ending.kind !== 'completed') {
    const told =
      (exploration.ending.kind === 'unusable' || exploration.ending.kind === 'stopped') &&
      TELLING.indexOf(exploration.ending.kind) > TELLING.indexOf(scenarios.ending.kind);
    return { ...scenarios, ending: told ? exploration.ending : scenarios.ending, decision, wallMs };
  }
  // The scenarios completed: the run ends as the exploration did, as the serial run's end was its exploration's.
  const ending = exploration.ending;
  const records = [...scenarios.results, ...exploration.results];
  const faults = combineFaultRecords(
    records.filter(isFaultResult),
    (result) => result.stableId ?? '',
    (result) => result.message ?? '',
    (result, message) => ({ ...result, message }),
  );
  return {
    ending,
    // Scenarios, then the exploration's records, then the faults (one record per place), as in the serial run.
    results: [...records.filter((result) => !isFaultResult(result)), ...faults],
    wallMs,
    reviewTexts: scenarios.reviewTexts,
    decision,
    faults: [...scenarios.faults, ...exploration.faults],
    notRun: scenarios.notRun + exploration.notRun,
    ...(scenarios.selected !== undefined ? { selected: scenarios.selected } : {}),
    ...(exploration.exploration ? { exploration: exploration.exploration } : {}),
    ...(exploration.exploreMs !== undefined ? { exploreMs: exploration.exploreMs } : {}),
  };
}

/** The exploration's events, held until the scenarios' process has ended (never `planned`: it plans no scenario). */
function heldEvents(events: SuiteEvents, held: HeldUntilOpen): SuiteEvents {
  return {
    started: (scenario) => held.later(() => events.started?.(scenario)),
    finished: (result, pass) => held.later(() => events.finished?.(result, pass)),
    exploring: (progress, lane) => held.later(() => events.exploring?.(progress, lane)),
  };
}

/**
 * What the exploration's process shows, held in order until `open` and passed
 * on at once after it; after `discard`, nothing is shown. What its host prints
 * while held is kept up to HELD_HOST_OUTPUT_LIMIT characters; past that, a
 * line says how much was left out.
 */
export class HeldUntilOpen {
  private state: 'holding' | 'open' | 'discarded' = 'holding';
  private readonly queue: Array<() => void> = [];
  private heldOutput = 0;
  private dropped = 0;

  constructor(private readonly onHostOutput: (text: string) => void) {}

  later(show: () => void): void {
    if (this.state === 'holding') this.queue.push(show);
    else if (this.state === 'open') show();
  }

  hostOutput(text: string): void {
    if (this.state !== 'holding') return this.later(() => this.onHostOutput(text));
    const kept = text.slice(0, Math.max(0, HELD_HOST_OUTPUT_LIMIT - this.heldOutput));
    this.heldOutput += kept.length;
    this.dropped += text.length - kept.length;
    if (kept !== '') this.queue.push(() => this.onHostOutput(kept));
  }

  discard(): void {
    this.state = 'discarded';
    this.queue.length = 0;
  }

  open(): void {
    if (this.state !== 'holding') return;
    this.state = 'open';
    for (const show of this.queue.splice(0)) show();
    if (this.dropped > 0) {
      this.onHostOutput(
        `\nplan-mode-conformance: ${this.dropped} more character(s) the exploration's host printed while the scenarios ran were left out (${HELD_HOST_OUTPUT_LIMIT} kept)\n`,
      );
    }
  }
}
