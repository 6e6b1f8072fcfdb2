/**
 * The exploration a run makes after its scenarios, where the adapter is
 * already loaded (the suite's child process; the mutant matrix in process):
 * this process's share of the sessions, repeated as the scenarios are
 * (`--repeat`), as results and a summary.
 */
import type { Adapter, ClauseLevel, Edition } from '../../src/index.js';
import type { Slice } from '../features/slices.js';
import type { EditionChoice } from '../catalog/edition-choice.js';
import type { ExplorationSummary, ScenarioResult } from '../results/scenario-result.js';
import { DEFAULT_MAX_STEPS, explorationTimeLimit } from './budget.js';
import { explore } from './explore.js';
import { claimedSessions, sessionShare, type ClaimStart } from './session-source.js';
import { classMarks } from '../results/class-marks.js';
import { explorationResults, foldExplorationRepeats, summaryOf } from './exploration-records.js';

/** What the CLI asks of a run's exploration. */
export interface ExploreRequest {
  budget: number;
  seed: number;
  /** At most this many commands per session; the default when absent. */
  maxSteps?: number;
  /** Also judge recommended clauses (`--level strict`). */
  strict?: boolean;
  /** How `--adapter` named the host, for the replay command. */
  adapterArgument?: string;
  /** The exploration's overall time limit (`--explore-time-limit`); derived from the call limit and the share when absent. */
  timeLimitMs?: number;
  /**
   * The share is drawn on by two processes (runner/exploration-beside.ts): this one claims its sessions one at a
   * time, starting where this says (`ExplorationRunOptions.claim`, runner/session-dispenser.ts).
   */
  claims?: ClaimStart;
  /**
   * The run's baseline file (`--baseline`): the texts its entries require of every session of a class
   * (`shows`) are read from it, and the exploration counts the sessions of each such class that hold it.
   */
  baselinePath?: string;
}

export interface ExplorationRunOptions {
  adapter: Adapter;
  judged: EditionChoice;
  request: ExploreRequest;
  callLimitMs: number;
  levels: ReadonlyMap<string, ClauseLevel>;
  /** The share: `--shard`, then this worker's slice of it. */
  slices?: Slice[];
  repeat?: number;
  onSession?(index: number): void;
  /**
   * For a request that `claims`: the next session of pass `pass` (1 unless `--repeat`) this process is given,
   * or undefined once the pass's share is drawn.
   */
  claim?(pass: number): Promise<number | undefined>;
}

export interface ExplorationRun {
  results: ScenarioResult[];
  summary: ExplorationSummary;
}

export async function runExploration(options: ExplorationRunOptions): Promise<ExplorationRun> {
  const { request } = options;
  const maxSteps = request.maxSteps ?? DEFAULT_MAX_STEPS;
  const passes: ScenarioResult[][] = [];
  const marks = request.baselinePath !== undefined ? await classMarks(request.baselinePath) : {};
  let summary: ExplorationSummary | undefined;
  const shareSize = sessionShare(request.budget, options.slices).length;
  const claim = options.claim;
  if ((request.claims !== undefined) !== (claim !== undefined)) {
    throw new Error('an exploration claims its sessions exactly when it is given a way to claim them');
  }
  for (let pass = 1; pass <= Math.max(1, options.repeat ?? 1); pass += 1) {
    const exploration = await explore({
      adapter: options.adapter,
      edition: options.judged.edition,
      strict: request.strict ?? false,
      levels: options.levels,
      callLimitMs: options.callLimitMs,
      maxSteps,
      seed: request.seed,
      budget: request.budget,
      ...(options.slices ? { slices: options.slices } : {}),
      ...(claim ? { sessions: claimedSessions(shareSize, request.budget, () => claim(pass)) } : {}),
      ...(Object.keys(marks).length > 0 ? { marks } : {}),
      replay: replayArguments(maxSteps, request.strict ?? false, options.judged),
      ...(options.onSession ? { onSession: options.onSession } : {}),
      // The whole share's limit, however the share is split between processes: each part stays within it.
      timeLimitMs: request.timeLimitMs ?? explorationTimeLimit(shareSize, options.callLimitMs),
    });
    summary ??= summaryOf(exploration, maxSteps);
    passes.push(explorationResults(exploration, options.levels, request.adapterArgument));
  }
  return { results: foldExplorationRepeats(passes), summary: summary! };
}

/** The `explore` arguments besides adapter, seed and path that regenerate the same sessions under the same reading. */
export function replayArguments(
  maxSteps: number,
  strict: boolean,
  judged: { edition: Edition; forced?: boolean },
): string {
  return ` --max-steps ${maxSteps}${strict ? ' --level strict' : ''} --edition ${judged.edition}${judged.forced ? ' --force-edition' : ''}`;
}
