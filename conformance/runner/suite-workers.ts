/**
 * `--parallel N`: the suite runs in N child processes at once, each a whole
 * supervised run (`runSuiteIsolated`: its own run folder, host processes,
 * crash and signal handling) of its slice of the scenarios (round robin, see
 * features/scenario-selection.ts). What they report is put together as one
 * serial run would have reported it: results in serial order, the first
 * review text of each kind in that order, cucumber's console output one
 * worker after another (the first worker's live, each next one's once those
 * before it have ended). A worker that finds the adapter unusable or the host
 * unable to start ends the others: the run ends as that worker says.
 */
import { setMaxListeners } from 'node:events';
import { inSerialOrder } from '../features/slices.js';
import { firstOfEachKind } from './review-text-order.js';
import type { SuiteEvents } from './run-suite.js';
import { runSuiteIsolated, type IsolatedOptions, type IsolatedRun, type SuiteEnding } from './suite-process.js';

export async function runSuiteInWorkers(options: IsolatedOptions, workers: number): Promise<IsolatedRun> {
  if (workers <= 1) return runSuiteIsolated(options);
  const started = performance.now();
  const stopAll = new AbortController();
  setMaxListeners(workers + 10, stopAll.signal);
  const onAbort = (): void => stopAll.abort();
  options.abort?.addEventListener('abort', onAbort, { once: true });
  if (options.abort?.aborted) onAbort();
  // Each worker's supervisor listens for SIGINT, SIGTERM, exit and the stop: not a leak, so no warning.
  const listeners = process.getMaxListeners();
  process.setMaxListeners(listeners + workers);
  const lanes = new OrderedLanes(workers, options.onOutput);
  const events = options.events ? plannedTogether(options.events, workers) : undefined;
  try {
    const runs = await Promise.all(
      Array.from({ length: workers }, async (_, lane) => {
        const run = await runSuiteIsolated({
          ...options,
          request: { ...options.request, worker: { index: lane + 1, count: workers } },
          onOutput: (text) => lanes.write(lane, text),
          abort: stopAll.signal,
          ...(events ? { events } : {}),
        });
        lanes.close(lane);
        // Nothing more can be checked once the adapter is unusable or the host cannot start.
        if (run.ending.kind === 'unusable' || run.ending.kind === 'stopped') stopAll.abort();
        return run;
      }),
    );
    return combine(runs, performance.now() - started);
  } finally {
    options.abort?.removeEventListener('abort', onAbort);
    process.setMaxListeners(listeners);
  }
}

/** How much an ending says: the run ends as its most telling worker ended. */
const TELLING: ReadonlyArray<SuiteEnding['kind']> = ['completed', 'crashed', 'interrupted', 'stopped', 'unusable'];

function combine(runs: IsolatedRun[], wallMs: number): IsolatedRun {
  const ending = runs
    .map((run) => run.ending)
    .reduce((worst, next) => (TELLING.indexOf(next.kind) > TELLING.indexOf(worst.kind) ? next : worst));
  const results = inSerialOrder(runs.flatMap((run) => run.results));
  const selected = runs.find((run) => run.selected !== undefined)?.selected;
  return {
    ending,
    results,
    wallMs,
    reviewTexts: firstOfEachKind(
      runs.flatMap((run) => run.reviewTexts),
      results.map((result) => result.stableId ?? result.name),
    ),
    adapter: runs.find((run) => run.adapter !== undefined)?.adapter,
    judged: runs.find((run) => run.judged !== undefined)?.judged,
    faults: runs.flatMap((run) => run.faults),
    notRun: runs.reduce((sum, run) => sum + run.notRun, 0),
    ...(selected !== undefined ? { selected } : {}),
  };
}

/** One `planned` for the whole run, once every worker has planned its slice. */
function plannedTogether(events: SuiteEvents, workers: number): SuiteEvents {
  let told = 0;
  let total = 0;
  return {
    planned(count, selected) {
      total += count;
      told += 1;
      if (told === workers) events.planned?.(total, selected);
    },
    started: (scenario) => events.started?.(scenario),
    finished: (result) => events.finished?.(result),
  };
}

/**
 * Console output of several writers, shown one writer after another: the
 * first lane's text goes out at once, a later lane's is held until every lane
 * before it has closed, so the output reads as whole blocks in lane order.
 */
export class OrderedLanes {
  private readonly held: string[];
  private readonly closed: boolean[];
  private current = 0;

  constructor(
    lanes: number,
    private readonly out: (text: string) => void,
  ) {
    this.held = Array.from({ length: lanes }, () => '');
    this.closed = Array.from({ length: lanes }, () => false);
  }

  write(lane: number, text: string): void {
    if (lane === this.current) this.out(text);
    else this.held[lane] += text;
  }

  close(lane: number): void {
    this.closed[lane] = true;
    while (this.current < this.closed.length && this.closed[this.current]) {
      this.current += 1;
      if (this.current < this.held.length && this.held[this.current] !== '') {
        this.out(this.held[this.current]!);
        this.held[this.current] = '';
      }
    }
  }
}
