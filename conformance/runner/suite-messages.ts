/**
 * What the suite's child process tells the CLI over IPC. Results travel as the
 * plain JSON the result collector produces, so fields it gains ride along.
 */
import type { FaultKind, FaultPlace, ReviewText, RunLevel } from '../../src/index.js';
import type { SuiteDecision } from './suite-decision.js';
import { boundedText } from '../guard/bounded-text.js';
import { boundedResult, boundedReviewText } from '../results/bounded-result.js';
import type { ExplorationSummary, ScenarioResult } from '../results/scenario-result.js';
import type { ExplorationProgress, SuiteOptions } from './run-suite.js';
import type { ScenarioStart } from '../results/scenario-result.js';
import type { ExploreRequest } from '../explore/exploration-run.js';

/**
 * How often the suite's child says it is alive while a scenario or the exploration runs (suite-child.ts),
 * and so the grain of the supervisor's silence limit (suite-process.ts).
 */
export const ALIVE_EVERY_MS = 1_000;

/**
 * The run the CLI asks the child for (its first message, `CliMessage`).
 * `edition` is the one asked for (`--edition`); the child chooses the edition
 * from it and the adapter's declaration (`forceEdition`: even one it lacks).
 */
export type ChildRequest = Omit<SuiteOptions, 'stdout' | 'events'> & {
  forceEdition?: boolean;
  /** The level the run judges at (`--level`); default when absent. */
  level?: RunLevel;
  /** Explore after the scenarios (this process's share of the sessions); absent: no exploration. */
  explore?: ExploreRequest;
  /**
   * Run no scenario, only the exploration: its process runs beside the one running the scenarios
   * (exploration-beside.ts), and this one needs no cucumber.
   */
  exploreOnly?: boolean;
  /**
   * Another busy process runs beside this one on the machine's cores (exploration-beside.ts): the optimising
   * compiler's threads then take CPU from the run rather than from an idle core, and this process caps its
   * tiers from the start (optimising-tier.ts).
   */
  coresShared?: boolean;
};

/**
 * What the CLI tells the child: the one run to do. The child is forked before
 * the CLI has read its arguments (suite-child-start.ts), so the request comes
 * as a message rather than as an argument.
 */
export type CliMessage =
  | { type: 'run'; request: ChildRequest }
  /** The answer to the child's last `claim`: the session it is given, or null once the share is drawn. */
  | { type: 'claimed'; index: number | null };

/** Any message may carry formatter output that comes before it (`output`). */
export type ChildMessage =
  /** The adapter loaded and is well-formed; what the child decided from it (checked where the CLI uses it). */
  (
    | { type: 'ready'; decision: SuiteDecision }
    /** The adapter (or the run's input) cannot be used: exit 2 with this line. */
    | { type: 'unusable'; message: string }
    /** Formatter output meant for stdout, in order. */
    | { type: 'output'; text: string }
    /** `selected`: the whole selection's size, for a sliced run (see SuiteEvents.planned). */
    | { type: 'planned'; total: number; selected?: number }
    | { type: 'started'; scenario: ScenarioStart }
    /** `pass`: the repeat it is of (`--repeat`), when the run repeats. */
    | { type: 'finished'; result: ScenarioResult; pass?: number }
    /** A fault no scenario can be charged with (between scenarios, or during the exploration): a failed record of its own. */
    | { type: 'fault'; message: string; kind: FaultKind; during: FaultPlace }
    /** What a host wrote after `scenario` had ended (its process parked): it fails that scenario. */
    | { type: 'late'; scenario: ScenarioStart; message: string }
    /** Fail fast: the run stops here (exit 2, this line). */
    | { type: 'stop'; message: string }
    /**
     * A host process group this process started (`alive`) or has killed: the supervisor kills the live ones
     * whenever this process ends, a SIGKILL included (transport/host-groups.ts).
     */
    | { type: 'host-group'; groupId: number; alive: boolean }
    /**
     * The next session of the exploration's pass `pass`, for a process whose request `claims` its sessions
     * (exploration-beside.ts); answered by a `claimed` message, one claim at a time.
     */
    | { type: 'claim'; pass: number }
    /** While the exploration runs: a sign that the process still answers (its event loop is not held by the host). */
    | { type: 'alive'; explored?: ExplorationProgress }
    | {
        type: 'done';
        results: ScenarioResult[];
        wallMs: number;
        reviewTexts: ReviewText[];
        exploration?: ExplorationSummary;
        exploreMs?: number;
      }
  ) & { output?: string };

/**
 * A message with the host text it carries bounded (guard/bounded-text.ts): the
 * child sends it so and the CLI reads it so, so a host's 100 MB message
 * crosses neither the channel nor any report whole.
 */
export function boundedMessage(message: ChildMessage): ChildMessage {
  switch (message.type) {
    case 'finished':
      return { ...message, result: boundedResult(message.result) };
    case 'fault':
    case 'late':
    case 'unusable':
    case 'stop':
      return { ...message, message: boundedText(message.message) };
    case 'done':
      return {
        ...message,
        results: message.results.map((result) => boundedResult(result)),
        reviewTexts: message.reviewTexts.map(boundedReviewText),
      };
    default:
      return message;
  }
}
