/**
 * The model's state features, as data beside the model: the situations a
 * host slips in when an action meets them (a selection still pending when the
 * history is compacted, a message steered into a turn that gives up, ...).
 * Each reads the oracle's state of the agent an action acts on (or of the
 * session); the exploration records which pairs of feature and action its
 * sessions reached (explore/coverage.ts), so combinations are measured rather
 * than hoped for. A pair that cannot happen is listed in IMPOSSIBLE_PAIRS with
 * the reason.
 */
import { EDITIONS, type Edition, type ToolMode } from '../../src/index.js';
import { EDITION_READINGS } from './edition-readings.js';
import type { OracleAgent } from './session-oracle.js';

/** What a feature reads: the acting agent (none for a new agent or a restart) and the session around it. */
export interface ModelView {
  agent?: OracleAgent;
  /** Set when the action runs while the model handles a request (a mid-turn move). */
  during?: { retry: boolean };
  /** Set when the action is the model's answer to a request that retries a failed one. */
  retry?: boolean;
  restarted: boolean;
  toolMode: ToolMode;
}

export interface StateFeature {
  name: string;
  /** What holds when the feature does, as the coverage table prints it. */
  reads: string;
  holds(view: ModelView): boolean;
}

export const STATE_FEATURES: readonly StateFeature[] = [
  {
    name: 'plan-mode-on',
    reads: 'the agent is in plan mode (logged)',
    holds: (view) => view.agent?.plan.logged === true,
  },
  {
    name: 'selection-pending',
    reads: "a selection waits for the agent's next request boundary (SET-02)",
    holds: (view) => view.agent?.plan.pending !== undefined,
  },
  {
    name: 'steered-queued',
    reads: 'a message steered into the agent waits for its next step (CMD-03)',
    holds: (view) => (view.agent?.steered.length ?? 0) > 0,
  },
  {
    name: 'request-in-flight',
    reads: 'the model is handling a request (the user acts mid-turn)',
    holds: (view) => view.during !== undefined,
  },
  {
    name: 'retry-in-flight',
    reads: 'a request failed and its retry is in flight (SET-06)',
    holds: (view) => view.during?.retry === true || view.retry === true,
  },
  {
    name: 'turn-given-up',
    reads: "the agent's last turn gave up on a request that failed without retry",
    holds: (view) => view.agent?.gaveUp === true,
  },
  { name: 'fork', reads: 'the agent is a fork (STATE-04)', holds: (view) => view.agent?.kind === 'fork' },
  { name: 'fork-of-fork', reads: 'the agent is a fork of a fork', holds: (view) => (view.agent?.forkDepth ?? 0) >= 2 },
  { name: 'child', reads: 'the agent is a spawned child (STATE-07)', holds: (view) => view.agent?.kind === 'child' },
  {
    name: 'owned-child',
    reads: 'the agent is a child owned by a live agent (rc.8, REVIEW-07)',
    holds: (view) => view.agent?.kind === 'owned',
  },
  {
    name: 'restart-behind',
    reads: 'the host restarted earlier in the session (STATE-03)',
    holds: (view) => view.restarted,
  },
  {
    name: 'compaction-behind',
    reads: "the agent's history was compacted (STATE-05)",
    holds: (view) => view.agent?.noticesKnown === false,
  },
  {
    name: 'code-mode',
    reads: 'the host presents its tools through a program (TOOL-07, code or both)',
    holds: (view) => view.toolMode !== 'native',
  },
];

/** The features that hold in a view. */
export function featuresOf(view: ModelView): string[] {
  return STATE_FEATURES.filter((feature) => feature.holds(view)).map((feature) => feature.name);
}

/** Every action of a pair: the user's moves (explore/actions/) and the model's answers (`answer:<type>`, explore/answers/). */
export const PAIR_ACTIONS: readonly string[] = [
  'prompt',
  'set',
  'plan-line',
  'new-agent',
  'fork',
  'spawn',
  'spawn-owned',
  'compact',
  'restart',
  'answer:text',
  'answer:give-up',
  'answer:probe',
  'answer:exit',
  'answer:program-exit',
  'answer:failure',
];

/** Pairs that cannot happen, by rule: every feature × action listed, in the editions and tool modes named (all when absent). */
export interface ImpossiblePairs {
  features: readonly string[];
  actions: readonly string[];
  editions?: readonly Edition[];
  /** The rule holds in sessions of these tool modes. */
  toolModes?: readonly ToolMode[];
  reason: string;
}

const AGENT_FEATURES = [
  'plan-mode-on',
  'selection-pending',
  'steered-queued',
  'turn-given-up',
  'fork',
  'fork-of-fork',
  'child',
  'owned-child',
  'compaction-behind',
];
const IDLE_MOVES = ['new-agent', 'fork', 'spawn', 'spawn-owned', 'compact', 'restart'];
const ANSWERS = PAIR_ACTIONS.filter((action) => action.startsWith('answer:'));
const ALL_FEATURES = STATE_FEATURES.map((feature) => feature.name);
const WITHOUT_OWNED_CHILDREN = EDITIONS.filter((edition) => !EDITION_READINGS[edition].ownedChildCannotReview);

export const IMPOSSIBLE_PAIRS: readonly ImpossiblePairs[] = [
  {
    features: AGENT_FEATURES,
    actions: ['new-agent', 'restart'],
    reason: 'acts on no agent: a new agent is made, or the host restarts',
  },
  {
    features: ['request-in-flight', 'retry-in-flight'],
    actions: IDLE_MOVES,
    reason: "made only while every agent is idle: only set, /plan lines and another agent's prompt are made mid-turn",
  },
  {
    features: ['request-in-flight'],
    actions: ANSWERS,
    reason: 'an answer is the request in flight itself, not a move made during it',
  },
  {
    features: ['retry-in-flight'],
    actions: ['answer:failure', 'answer:give-up'],
    reason: "a failed request is never followed by another failure (one retry suffices whatever a host's retry policy)",
  },
  {
    features: ['selection-pending'],
    actions: ['fork'],
    reason:
      "a fork is made only with nothing pending: whether a fork copies a pending selection is not the spec's business",
  },
  {
    features: ['owned-child'],
    actions: PAIR_ACTIONS,
    editions: WITHOUT_OWNED_CHILDREN,
    reason: 'the edition has no owned children (REVIEW-07)',
  },
  {
    features: ALL_FEATURES,
    actions: ['spawn-owned'],
    editions: WITHOUT_OWNED_CHILDREN,
    reason: 'the edition has no owned children (REVIEW-07)',
  },
  {
    features: ['code-mode'],
    actions: PAIR_ACTIONS,
    toolModes: ['native'],
    reason: 'a native session presents no program',
  },
  {
    features: ALL_FEATURES,
    actions: ['answer:program-exit'],
    toolModes: ['native'],
    reason: 'a program is written only under a code mode',
  },
  {
    features: ALL_FEATURES,
    actions: ['answer:exit', 'answer:probe'],
    toolModes: ['code'],
    reason: 'under code the wire carries only the code-running tool (the kit writes programs for exits alone)',
  },
];

/** Why the pair cannot happen in sessions of `edition` in every one of `toolModes`; undefined when it can. */
export function impossibility(
  feature: string,
  action: string,
  edition: Edition,
  toolModes: readonly ToolMode[],
): string | undefined {
  return IMPOSSIBLE_PAIRS.find(
    (rule) =>
      rule.features.includes(feature) &&
      rule.actions.includes(action) &&
      (rule.editions === undefined || rule.editions.includes(edition)) &&
      (rule.toolModes === undefined || toolModes.every((mode) => rule.toolModes!.includes(mode))),
  )?.reason;
}
