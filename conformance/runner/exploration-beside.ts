/**
 * A run's exploration in a supervised process of its own, beside the one
 * running its scenarios (issue 36): on two cores the exploration no longer
 * waits for the last scenario. The two processes draw on the exploration's
 * share together (session-dispenser.ts): the exploration's process claims
 * the share's sessions from the first on; the scenarios' process, once its
 * scenarios are done, from the upper half of what is left on; whichever finds
 * its next session taken moves to the upper half of the longest stretch left,
 * until none is, so both end about together however fast each is. Each process is a whole supervised run
 * (`runSuiteIsolated`: its run folder, its own host processes, its silence
 * limit, crash and signal handling), so an adapter is never used by two things
 * at once within a process, and what a process's host does is charged in that
 * process as before.
 *
 * The run reads as the serial one (scenarios, then the exploration, in one
 * process) would: the exploration's progress and its host's prints are held
 * until the scenarios are done, the exploration's records are combined as the
 * shares of `--parallel` are (exploration-shares.ts: a class shown by its
 * first session, counts summed) and marked after the scenarios'. Scenarios
 * that do not complete end the exploration and drop it, as the serial run
 * would never have explored; an exploration that finds the adapter unusable
 * or the host unable to start ends the scenarios, as a worker does
 * (`suite-workers.ts`).
 */
import { setMaxListeners } from 'node:events';
import type { Slice } from '../features/slices.js';
import { SessionDispenser } from './session-dispenser.js';
import { sessionShare, type ClaimStart } from '../explore/session-source.js';
import { combineSummaries, withCombinedExploration } from '../results/exploration-shares.js';
import { isExplorationResult } from '../results/exploration-uri.js';
import type { SuiteEvents } from './run-suite.js';
import type { ChildRequest } from './suite-messages.js';
import { forkSuiteChild } from './suite-child-start.js';
import { runSuiteIsolated, tellsMore, type IsolatedOptions, type IsolatedRun } from './suite-process.js';

/**
 * Whether a run's exploration goes beside its scenarios: the run explores at least BESIDE_MIN_SESSIONS
 * sessions (its shard's share of the budget), in one worker that `--parallel` did not ask for (`--parallel 1`
 * keeps one process), and a second core is there to run it. On one core the two processes would take turns,
 * each paying its own start: serial is cheaper there.
 */
export function explorationBeside(run: {
  /** Sessions of the whole exploration (0: the run does not explore). */
  budget: number;
  /** The run's shard, whose share of the budget this run explores. */
  shard?: Slice;
  workers: number;
  parallelAsked: boolean;
  cores: number;
}): boolean {
  if (run.budget <= 0 || run.workers > 1 || run.parallelAsked || run.cores < 2) return false;
  return sessionShare(run.budget, run.shard ? [run.shard] : []).length >= BESIDE_MIN_SESSIONS;
}

/**
 * The fewest sessions a run's share must hold for the exploration to get a process of its own: below it the
 * second process does not repay its start. On the reference (docs/benchmark.md, 2026-12-06, session-cost) the
 * exploration's child has used about 0.35-0.45 s of CPU when its adapter is loaded, and a session costs about
 * 16 ms of CPU in a process that ran the scenarios first against about 20 ms in a fresh one: the sessions moved
 * off the scenarios' process (80% of the share) save about 12 ms each net, so they repay the start from about
 * 40 sessions on. The tests' runs of 20 sessions or fewer stay in one process. Since the scenarios' process caps
 * its tiers beside the exploration, a session costs about 15 ms of CPU in either process, and the exploration's
 * process took 86% of the share (then a fixed split): at 40 sessions 34 of them, about 0.5 s of CPU off the
 * scenarios' process for a start of about 0.4 s on the other core, so the bound stands (explore-cost).
 */
export const BESIDE_MIN_SESSIONS = 40;

/** The most the exploration's host may print while the scenarios run that is kept to be shown after them (characters). */
export const HELD_HOST_OUTPUT_LIMIT = 1024 * 1024;

export async function runWithExplorationBeside(options: IsolatedOptions): Promise<IsolatedRun> {
  const requests = besideRequests(options.request);
  if (!requests) return runSuiteIsolated(options);
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
  const dispenser = new SessionDispenser(requests.share);
  // Progress is the dispenser's (sessions given of the share), not either process's: neither knows its part.
  const claim = (start: ClaimStart, pass: number): number | undefined => {
    const index = dispenser.claim(start, pass);
    if (index !== undefined && options.events?.exploring) {
      const progress = { sessions: Math.min(dispenser.given(), dispenser.size), share: dispenser.size };
      held.later(() => options.events?.exploring?.(progress, 0));
    }
    return index;
  };
  const { started: early, ...shared } = options;
  try {
    const exploring = runSuiteIsolated({
      request: requests.exploration,
      started: forkSuiteChild('exploration'),
      onOutput: (text) => held.later(() => options.onOutput(text)),
      onChildOutput: (text) => held.hostOutput(text),
      ...(options.onReady ? { onReady: options.onReady } : {}),
      abort: stopExploration.signal,
      claim: (pass) => claim('first', pass),
    }).then((run) => {
      // Nothing more can be checked once the adapter is unusable or the host cannot start.
      if (run.ending.kind === 'unusable' || run.ending.kind === 'stopped') stopScenarios.abort();
      return run;
    });
    const scenarios = runSuiteIsolated({
      ...shared,
      ...(early ? { started: early } : {}),
      request: requests.scenarios,
      ...(options.events ? { events: scenarioEvents(options.events, held) } : {}),
      abort: stopScenarios.signal,
      claim: (pass) => claim('split', pass),
    }).then((run) => {
      // Shown once the scenarios are: nothing of an exploration the serial run would never have made.
      if (scenariosDone(run)) held.open();
      else {
        held.discard();
        stopExploration.abort();
      }
      return run;
    });
    const [scenarioRun, explorationRun] = await Promise.all([scenarios, exploring]);
    const run = combined(scenarioRun, explorationRun, performance.now() - started);
    // The exploration's records, one mark each, as the serial run shows them: after the scenarios', combined.
    if (scenariosDone(scenarioRun)) {
      for (const result of run.results.filter(isExplorationResult)) options.events?.finished?.(result);
    }
    return run;
  } finally {
    options.abort?.removeEventListener('abort', onAbort);
  }
}

/**
 * What each process is asked for, and the share they draw on: the scenarios' process its scenarios, then
 * sessions claimed from the upper half of what is left; the exploration's process no scenario, and sessions
 * claimed from the share's first one on. The scenarios' process is told the cores are shared: it is one of two busy
 * processes, so what the optimising compiler's threads do takes CPU the other process waits for, where a
 * scenario-only run leaves them the idle core (optimising-tier.ts). Undefined for a run that does not explore.
 */
export function besideRequests(
  request: ChildRequest,
): { scenarios: ChildRequest; exploration: ChildRequest; share: number[] } | undefined {
  const { explore } = request;
  if (!explore) return undefined;
  return {
    scenarios: { ...request, explore: { ...explore, claims: 'split' }, coresShared: true },
    exploration: { ...request, formats: [], exploreOnly: true, explore: { ...explore, claims: 'first' } },
    share: sessionShare(explore.budget, request.shard ? [request.shard] : []),
  };
}

/** Whether the scenarios' process ran all its scenarios (a crash in its part of the exploration comes after them). */
function scenariosDone(run: IsolatedRun): boolean {
  return run.ending.kind === 'completed' || (run.ending.kind === 'crashed' && run.results.some(isExplorationResult));
}

/** The two processes' runs as the one serial run would have reported them. */
export function combined(scenarios: IsolatedRun, exploration: IsolatedRun, wallMs: number): IsolatedRun {
  const decision = scenarios.decision ?? exploration.decision;
  // Scenarios that did not complete: the serial run would have explored nothing, so the exploration is dropped
  // (it was ended: its own ending says nothing), unless it found the adapter unusable or the host unable to start.
  if (!scenariosDone(scenarios)) {
    const told =
      (exploration.ending.kind === 'unusable' || exploration.ending.kind === 'stopped') &&
      tellsMore(exploration.ending, scenarios.ending);
    return { ...scenarios, ending: told ? exploration.ending : scenarios.ending, decision, wallMs };
  }
  const ending = tellsMore(exploration.ending, scenarios.ending) ? exploration.ending : scenarios.ending;
  // The exploration's process ran the share's first sessions: its records first, so a class both met is shown
  // by its first session and the classes come in the order the serial run found them (exploration-shares.ts).
  const results = withCombinedExploration([
    ...scenarios.results.filter((result) => !isExplorationResult(result)),
    ...exploration.results,
    ...scenarios.results.filter(isExplorationResult),
  ]);
  const summary = combineSummaries([exploration.exploration, scenarios.exploration]);
  const exploreMs = Math.max(exploration.exploreMs ?? 0, scenarios.exploreMs ?? 0);
  return {
    ending,
    results,
    wallMs,
    reviewTexts: scenarios.reviewTexts,
    decision,
    faults: [...scenarios.faults, ...exploration.faults],
    notRun: scenarios.notRun + exploration.notRun,
    ...(scenarios.selected !== undefined ? { selected: scenarios.selected } : {}),
    ...(summary ? { exploration: summary } : {}),
    ...(exploration.exploreMs !== undefined || scenarios.exploreMs !== undefined ? { exploreMs } : {}),
  };
}

/**
 * The scenarios' process's events: its scenarios' as they come; once its exploration starts (its scenarios
 * done), the exploration's process's held ones follow; the exploration's records are marked once, combined.
 * Neither process's exploration progress is passed on: the run's is the dispenser's.
 */
function scenarioEvents(events: SuiteEvents, held: HeldUntilOpen): SuiteEvents {
  return {
    planned: (total, selected) => events.planned?.(total, selected),
    started: (scenario) => {
      if (isExplorationResult(scenario)) held.open();
      events.started?.(scenario);
    },
    finished: (result, pass) => {
      if (!isExplorationResult(result)) events.finished?.(result, pass);
    },
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
