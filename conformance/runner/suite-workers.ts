/**
 * `--parallel N`: the suite runs in N child processes at once, each a whole
 * supervised run (`runSuiteIsolated`: its own run folder, host processes,
 * crash and signal handling) of its slice of the scenarios (round robin, see
 * features/scenario-selection.ts). What they report is put together as one
 * serial run would have reported it: results in serial order, the first
 * review text of each kind in that order, cucumber's console output one
 * worker after another (the first worker's live, each next one's once those
 * before it have ended); a console format written to a file holds the whole
 * run, with one tally (`console-replay.ts`). A worker that finds the adapter
 * unusable or the host unable to start ends the others: the run ends as that
 * worker says.
 */
import { setMaxListeners } from 'node:events';
import { rm } from 'node:fs/promises';
import { inSerialOrder } from '../features/slices.js';
import { firstOfEachKind } from '../results/review-text-order.js';
import type { SuiteEvents } from './run-suite.js';
import { combineSummaries, withCombinedExploration } from '../results/exploration-shares.js';
import { runWithExplorationBeside } from './exploration-beside.js';
import { runSuiteIsolated, tellsMore, type IsolatedOptions, type IsolatedRun } from './suite-process.js';

/**
 * `beside`: with one worker, the exploration runs in a process of its own beside the scenarios'
 * (exploration-beside.ts); decided by the CLI (`explorationBeside`).
 */
export async function runSuiteInWorkers(
  options: IsolatedOptions,
  workers: number,
  beside = false,
): Promise<IsolatedRun> {
  if (workers <= 1) return beside ? runWithExplorationBeside(options) : runSuiteIsolated(options);
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
  const consoleFiles = consoleFormatsToFiles(options.request.formats ?? [], workers);
  try {
    const runs = await Promise.all(
      Array.from({ length: workers }, async (_, lane) => {
        const { started, ...shared } = options;
        const run = await runSuiteIsolated({
          ...shared,
          // A child forked already (the CLI's first) is the first worker's; the others fork their own.
          ...(lane === 0 && started ? { started } : {}),
          request: {
            ...options.request,
            worker: { index: lane + 1, count: workers },
            ...(consoleFiles.length > 0
              ? { formats: formatsOfWorker(options.request.formats ?? [], consoleFiles, lane) }
              : {}),
          },
          onOutput: (text) => lanes.write(lane, text),
          abort: stopAll.signal,
          ...(events ? { events: { ...events, exploring: (progress) => events.exploring?.(progress, lane) } } : {}),
        });
        lanes.close(lane);
        // Nothing more can be checked once the adapter is unusable or the host cannot start.
        if (run.ending.kind === 'unusable' || run.ending.kind === 'stopped') stopAll.abort();
        return run;
      }),
    );
    const run = combine(runs, performance.now() - started);
    // Cucumber's files are kept only for a run that completed (the CLI discards them otherwise).
    if (run.ending.kind === 'completed' && consoleFiles.length > 0) {
      const { mergedRun, replayConsoleFormat } = await import('./console-replay.js');
      for (const { name, file, workerFiles } of consoleFiles)
        await replayConsoleFormat(name, await mergedRun(workerFiles), file);
    }
    return run;
  } finally {
    options.abort?.removeEventListener('abort', onAbort);
    process.setMaxListeners(listeners);
    await Promise.all(consoleFiles.flatMap(({ workerFiles }) => workerFiles.map((file) => rm(file, { force: true }))));
  }
}

/** Cucumber's console formats (see console-replay.ts) written to a file, with the message file of each worker. */
interface ConsoleFile {
  format: string;
  name: string;
  file: string;
  workerFiles: string[];
}

const CONSOLE_FORMATS: readonly string[] = ['progress', 'summary', 'pretty'];

function consoleFormatsToFiles(formats: readonly string[], workers: number): ConsoleFile[] {
  return formats.flatMap((format) => {
    const colon = format.indexOf(':');
    const name = colon < 0 ? format : format.slice(0, colon);
    if (colon < 0 || !CONSOLE_FORMATS.includes(name)) return [];
    const file = format.slice(colon + 1);
    return [
      {
        format,
        name,
        file,
        workerFiles: Array.from({ length: workers }, (_, lane) => `${file}.worker-${lane + 1}.ndjson`),
      },
    ];
  });
}

/** A worker writes cucumber's messages where the run asked for a console format to a file. */
function formatsOfWorker(formats: readonly string[], consoleFiles: readonly ConsoleFile[], lane: number): string[] {
  return formats.map((format) => {
    const replayed = consoleFiles.find((candidate) => candidate.format === format);
    return replayed ? `message:${replayed.workerFiles[lane]}` : format;
  });
}

function combine(runs: IsolatedRun[], wallMs: number): IsolatedRun {
  const ending = runs
    .map((run) => run.ending)
    // The run ends as its most telling worker ended.
    .reduce((worst, next) => (tellsMore(next, worst) ? next : worst));
  // Each worker explored its share of the sessions: its classes are combined into the run's.
  const results = withCombinedExploration(inSerialOrder(runs.flatMap((run) => run.results)));
  const exploration = combineSummaries(runs.map((run) => run.exploration));
  const exploreMs = runs.reduce<number | undefined>(
    (longest, run) => (run.exploreMs === undefined ? longest : Math.max(longest ?? 0, run.exploreMs)),
    undefined,
  );
  const selected = runs.find((run) => run.selected !== undefined)?.selected;
  return {
    ending,
    results,
    wallMs,
    reviewTexts: firstOfEachKind(
      runs.flatMap((run) => run.reviewTexts),
      results.map((result) => result.stableId ?? result.name),
    ),
    decision: runs.find((run) => run.decision !== undefined)?.decision,
    faults: runs.flatMap((run) => run.faults),
    notRun: runs.reduce((sum, run) => sum + run.notRun, 0),
    ...(selected !== undefined ? { selected } : {}),
    ...(exploration && runs.every((run) => run.exploration !== undefined) ? { exploration } : {}),
    ...(exploreMs !== undefined ? { exploreMs } : {}),
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
    exploring: (progress, lane) => events.exploring?.(progress, lane),
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
