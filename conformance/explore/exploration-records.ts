/**
 * An exploration as the run's results: one failed record per class of
 * disagreement (id `explore:<CLAUSE>/<check>`, counted once in the closing
 * line however many sessions showed it), or, when no session disagreed, one
 * passed record (id `explore`). A run that did not explore has neither: an
 * exploration is never counted as passed when it did not run. The records
 * are scenario results, so the baseline, every report, the results file,
 * `compare` and `--repeat` treat them as they treat scenarios; workers and
 * shards each explore a share and their records are combined here.
 */
import type { ClauseLevel } from '../../src/index.js';
import { scenarioLevel } from '../catalog/clause-catalog.js';
import type { ScenarioStart } from '../results/scenario-result.js';
import type { ExplorationFacts, ExplorationSummary, ScenarioResult } from '../results/scenario-result.js';
import { classText, replayCommand } from './class-report.js';
import type { Exploration, ExploredClass } from './explore.js';
import { scenarioText } from './scenario.js';
import { classKind } from '../results/exploration-class.js';
import { EXPLORATION_ID, EXPLORATION_URI } from '../results/exploration-uri.js';

export { EXPLORATION_URI };
export { isExplorationResult } from '../results/exploration-uri.js';
export {
  combineExploration,
  combineSummaries,
  foldExplorationRepeats,
  withCombinedExploration,
} from '../results/exploration-shares.js';

/** The exploration as the scenario in flight while it runs: a crash during it fails this record. */
export const EXPLORATION_START: ScenarioStart = {
  stableId: EXPLORATION_ID,
  name: 'exploration against the oracle',
  uri: EXPLORATION_URI,
  clauses: [],
};

export function summaryOf(exploration: Exploration, maxSteps: number): ExplorationSummary {
  return {
    seed: exploration.seed,
    budget: exploration.budget,
    maxSteps,
    sessions: exploration.sessions,
    share: exploration.share,
    ...(exploration.stopped !== undefined ? { stopped: exploration.stopped } : {}),
    coverage: exploration.coverage,
    ...(exploration.incomplete ? { incomplete: true } : {}),
    ...(exploration.timeLimitMs !== undefined ? { timeLimitMs: exploration.timeLimitMs } : {}),
  };
}

/**
 * The record of an exploration that did not run its whole share (the time
 * limit): it fails the run whatever the classes found say, since what was not
 * run was not checked, and no baseline entry can excuse it.
 */
function incompleteResult(exploration: Exploration): ScenarioResult {
  const reason =
    exploration.stopped ?? `exploration incomplete: ${exploration.sessions} of ${exploration.share} sessions`;
  return {
    ...EXPLORATION_START,
    name: reason.split(':').slice(0, 2).join(':'),
    level: 'required',
    status: 'failed',
    failureKind: 'timeout',
    message: reason,
    durationMs: 0,
    exploration: { seed: exploration.seed, budget: exploration.budget, sessions: exploration.sessions },
  };
}

export function explorationResults(
  exploration: Exploration,
  levels: ReadonlyMap<string, ClauseLevel>,
  adapterArgument?: string,
): ScenarioResult[] {
  const base = { seed: exploration.seed, budget: exploration.budget };
  // A share of no session (more shards or workers than sessions) explored nothing: no record, not a pass.
  if (exploration.share === 0) return [];
  const incomplete = exploration.incomplete ? [incompleteResult(exploration)] : [];
  if (exploration.classes.length === 0 && incomplete.length > 0) return incomplete;
  if (exploration.classes.length === 0) {
    return [
      {
        ...EXPLORATION_START,
        name: `exploration: ${exploration.sessions} generated session(s) agree with the oracle`,
        level: 'required',
        status: 'passed',
        durationMs: exploration.durationMs,
        exploration: { ...base, sessions: exploration.sessions },
      },
    ];
  }
  const share = exploration.durationMs / exploration.classes.length;
  return [
    ...incomplete,
    ...exploration.classes.map((explored) =>
      classResult(explored, base, levels, share, exploration.stopped, adapterArgument),
    ),
  ];
}

function classResult(
  explored: ExploredClass,
  base: Pick<ExplorationFacts, 'seed' | 'budget'>,
  levels: ReadonlyMap<string, ClauseLevel>,
  durationMs: number,
  stopped: string | undefined,
  adapterArgument: string | undefined,
): ScenarioResult {
  const shown = {
    ...explored,
    found: { ...explored.found, ...(adapterArgument !== undefined ? { adapterArgument } : {}) },
  };
  const { found } = shown;
  const first = found.disagreement.message.split('\n')[0]!;
  const text = classText(shown);
  return {
    stableId: explored.id,
    name: `exploration: ${first.length > 120 ? `${first.slice(0, 117)}...` : first}`,
    uri: EXPLORATION_URI,
    clauses: found.disagreement.clauses,
    level: found.disagreement.clauses.length > 0 ? scenarioLevel(found.disagreement.clauses, levels) : 'required',
    status: 'failed',
    // The class's kind, as its check names it (signature.ts): timeouts, crashes and protocol errors are not assertions.
    failureKind: classKind(explored.signature),
    // The check's stable name: what `--repeat` compares and what a class is.
    failedStep: explored.signature.check,
    message: stopped !== undefined ? `${text}\n${stopped}` : text,
    durationMs,
    exploration: {
      ...base,
      check: explored.signature.check,
      count: explored.count,
      session: explored.session,
      path: found.path,
      scenario: scenarioText(found),
      replay: replayCommand(found),
      kind: classKind(explored.signature),
      ...(explored.shows ? { shows: { ...explored.shows } } : {}),
    },
  };
}
