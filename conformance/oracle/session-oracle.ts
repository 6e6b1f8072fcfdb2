/**
 * The oracle for a whole session: one `PlanOracle` per agent plus what the
 * lifecycle clauses say about agents coming and going. A fork carries the
 * logged state, the last header and the projection target of its origin, then
 * changes on its own (STATE-04); a spawned agent starts inactive (STATE-07);
 * compaction keeps the state (STATE-05); a restart keeps everything logged
 * (STATE-03), which is why the runner only restarts with nothing pending
 * (LIM-01 lets a host lose a pending selection, and a printed scenario must
 * replay the same on every host).
 */
import { DEFAULT_EDITION, type Edition } from '../../src/index.js';
import { PlanOracle, type NoticeDirection } from './plan-oracle.js';

/** `owned`: a child owned by a live agent (rc.8, REVIEW-07); `ownerKnown` says whether the oracle still knows it is. */
export type AgentKind = 'created' | 'fork' | 'child' | 'owned';

export interface OracleAgent {
  /** The agent's name in printed scenarios: `the agent`, `agent "B"`. */
  readonly name: string;
  readonly id: string;
  readonly kind: AgentKind;
  readonly plan: PlanOracle;
  /** plan/mode events already in the agent's log when it was created (a fork's inherited ones). */
  readonly inheritedEvents: number;
  /** Texts the user steered into the running turn, waiting for the next request (CMD-03). */
  readonly steered: string[];
  /**
   * Whether the notices in the agent's history are still known: compaction
   * may fold them into a summary, after which the oracle stops counting them.
   */
  noticesKnown: boolean;
  /** How many notices the agent had been sent when its history was last compacted: those after it must still reach the model. */
  noticesAtCompaction: number;
  /** Whether the history was compacted since the agent's last request (its messages need not repeat). */
  compactedSinceRequest: boolean;
  /**
   * For an owned child: whether its owner is still known to be live. A restart makes it unknown (how a host
   * keeps ownership across one is not the spec's business), and the review may then open or not.
   */
  ownerKnown: boolean;
  /**
   * For a fork whose lineage reaches an owned child: whether the host counts it as owned too (by its origin's
   * owner) is the host's own. REVIEW-07 refuses the review to an agent a live agent owns and says fork lineage
   * alone makes no agent owned; who owns a fresh fork the READMEs never say. So its exit in plan mode either
   * opens the review as usual or is refused it as an owned child's.
   */
  mayBeOwned: boolean;
  /** Prompts this agent finished. */
  turns: number;
  /** Reviews of exit_plan_mode calls the user answered for this agent. */
  reviews: number;
  /** Notices the agent's last request had already seen (the rest still wait for its next request). */
  seenNotices: number;
  /**
   * A fork's inherited notices that its origin's model had not seen yet, at the
   * end of its inherited list: whether a fork carries a notice still waiting
   * for the origin's next request is not the spec's business, so its first
   * request may show them or not.
   */
  optionalNotices: number;
  /** How many notices the agent's history held when it came to be (a fork's inherited ones) or at the last restart. */
  inheritedNotices: number;
  /**
   * How many plan/mode events its log held at each restart. STATE-06 asks that
   * observers be told of every committed event through the host's event
   * stream; a restart ends the host as a process exit would, and with it the
   * stream its observers were told through. What survives a restart is what
   * the host persisted (STATE-03), and the spec never asks it to persist what
   * it told observers: the observers of a restarted host may have been told
   * only of the events since any one restart, or of every event.
   */
  eventsAtRestarts: number[];
  /** Whether the agent's last turn gave up on a request that failed without retry. */
  gaveUp: boolean;
  /** 0 for an agent that is no fork, 1 for a fork, 2 for a fork of a fork, and so on. */
  forkDepth: number;
}

export function createdAgent(name: string, id: string, edition: Edition = DEFAULT_EDITION): OracleAgent {
  return agent(name, id, 'created', new PlanOracle(edition), 0);
}

/** A spawned agent starts outside plan mode, before any request of its own (STATE-07). */
export function spawnedAgent(name: string, id: string, edition: Edition = DEFAULT_EDITION): OracleAgent {
  const plan = new PlanOracle(edition);
  plan.cause = ['STATE-07'];
  return agent(name, id, 'child', plan, 0);
}

/** A child owned by a live agent (rc.8): it starts outside plan mode (STATE-07) and cannot open the review (REVIEW-07). */
export function ownedAgent(name: string, id: string, edition: Edition = DEFAULT_EDITION): OracleAgent {
  const plan = new PlanOracle(edition);
  plan.cause = ['STATE-07'];
  const owned = agent(name, id, 'owned', plan, 0);
  owned.ownerKnown = true;
  return owned;
}

/** A fork: the origin's logged state, last header, notices and projection target; nothing pending (STATE-04). */
export function forkedAgent(name: string, id: string, origin: OracleAgent, inheritedEvents: number): OracleAgent {
  const plan = new PlanOracle(origin.plan.edition);
  plan.logged = origin.plan.logged;
  plan.lastHeader = origin.plan.lastHeader;
  plan.notices = origin.plan.notices;
  plan.noticeDirections.push(...origin.plan.noticeDirections);
  plan.projectionTarget = origin.plan.projectionTarget;
  plan.projectionUnsettled = origin.plan.projectionUnsettled;
  plan.cause = ['STATE-04'];
  const fork = agent(name, id, 'fork', plan, inheritedEvents);
  fork.noticesKnown = origin.noticesKnown;
  fork.noticesAtCompaction = origin.noticesAtCompaction;
  fork.optionalNotices = origin.plan.notices - origin.seenNotices;
  fork.inheritedNotices = origin.plan.notices;
  fork.forkDepth = origin.forkDepth + 1;
  fork.mayBeOwned = origin.kind === 'owned' || origin.mayBeOwned;
  return fork;
}

/**
 * The agent's history compacted: its plan state stays (STATE-05); the notices before it may live on in a
 * summary, so from here on only those added since are counted (NARR-01), and the next request need not repeat
 * the earlier messages.
 */
export function compactAgent(agent: OracleAgent): void {
  agent.noticesKnown = false;
  agent.noticesAtCompaction = agent.plan.noticeDirections.length;
  agent.compactedSinceRequest = true;
  agent.plan.cause = ['STATE-05'];
}

/**
 * The host restarted: everything logged is kept (STATE-03). A notice the agent's model has not seen yet may not
 * survive it (when a notice is logged is the host's business); whether an owner is still live is no longer
 * known; and the observers told before it were the old host's (STATE-06), so a new host may tell its own only
 * of what follows.
 */
export function restartAgent(agent: OracleAgent): void {
  agent.plan.cause = ['STATE-03'];
  agent.optionalNotices = agent.plan.notices - agent.seenNotices;
  agent.inheritedNotices = agent.plan.notices;
  agent.ownerKnown = false;
  agent.eventsAtRestarts.push(agent.inheritedEvents + agent.plan.events.length);
}

function agent(name: string, id: string, kind: AgentKind, plan: PlanOracle, inheritedEvents: number): OracleAgent {
  return {
    name,
    id,
    kind,
    plan,
    inheritedEvents,
    steered: [],
    ownerKnown: false,
    mayBeOwned: false,
    noticesKnown: true,
    noticesAtCompaction: 0,
    compactedSinceRequest: false,
    turns: 0,
    reviews: 0,
    seenNotices: 0,
    optionalNotices: 0,
    inheritedNotices: 0,
    eventsAtRestarts: [],
    gaveUp: false,
    forkDepth: 0,
  };
}

/** The notices a request must show: all the agent was sent, or (after a compaction) at least those sent since. */
export interface NoticeExpectation {
  /** False after a compaction: the notices before it may live on in a summary, so only `expected` (those since) must show, and more may. */
  known: boolean;
  expected: NoticeDirection[];
}

/**
 * The oracle's step at a request that shows `shown` notices: what it must
 * show (NARR-01, NARR-02). A fork (or a restarted agent) may lack the notices
 * its origin's model had not seen yet: a host may log some of them at once
 * and keep the rest for the next request (when an idle commit's notice is
 * logged is left open), so any number of the latest may be missing; those it
 * lacks are then gone for good from what the agent is expected to show.
 */
export function noticesAtRequest(agent: OracleAgent, shown: number): NoticeExpectation {
  const optional = agent.optionalNotices;
  agent.optionalNotices = 0;
  agent.seenNotices = agent.plan.notices;
  if (!agent.noticesKnown) {
    if (optional > 0 && shown < agent.plan.noticeDirections.length - agent.noticesAtCompaction)
      forgetUnseenNotices(agent, optional);
    return { known: false, expected: agent.plan.noticeDirections.slice(agent.noticesAtCompaction) };
  }
  const missing = agent.plan.noticeDirections.length - shown;
  if (optional > 0 && missing > 0 && missing <= optional) forgetUnseenNotices(agent, missing);
  return { known: true, expected: [...agent.plan.noticeDirections] };
}

/** Drops the latest `count` of the notices a fork or restarted agent inherited unseen (those a host logs last). */
function forgetUnseenNotices(agent: OracleAgent, count: number): void {
  const from = agent.inheritedNotices - count;
  agent.plan.noticeDirections.splice(from, count);
  agent.plan.notices -= count;
  agent.seenNotices = agent.plan.notices;
  agent.noticesAtCompaction = Math.min(agent.noticesAtCompaction, from);
}

/**
 * The user texts a request adds beyond the agent's previous one (`expected`,
 * sorted): the prompt's on the turn's first request, and every steered
 * message waiting at a pre-step (`steered`, in the order typed; a retry that
 * is none, rc.8, leaves them waiting: CMD-03, SET-06).
 */
export function userTextsAtRequest(
  agent: OracleAgent,
  fromPrompt: readonly string[],
  preStep: boolean,
): { expected: string[]; steered: string[] } {
  const steered = preStep ? agent.steered.splice(0) : [];
  return { expected: [...fromPrompt, ...steered].sort(), steered };
}

/**
 * NARR-01: a host's notice for entering and its notice for leaving differ,
 * and each is the same text every time. Returns a problem, or undefined.
 */
export function noticeTextProblem(
  directions: readonly NoticeDirection[],
  texts: readonly string[],
): string | undefined {
  const byDirection = new Map<NoticeDirection, string>();
  for (const [index, direction] of directions.entries()) {
    const text = texts[index]!;
    const known = byDirection.get(direction);
    if (known !== undefined && known !== text)
      return `two notices for ${direction} plan mode read differently: ${JSON.stringify(known)} and ${JSON.stringify(text)}`;
    byDirection.set(direction, text);
  }
  const entering = byDirection.get('entering');
  const leaving = byDirection.get('leaving');
  if (entering !== undefined && entering === leaving)
    return `the notice for entering plan mode and the one for leaving it read the same: ${JSON.stringify(entering)}`;
  return undefined;
}
