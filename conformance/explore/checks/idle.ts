/**
 * What every agent shows between moves, while idle, compared with the
 * oracle: the plan/mode events it logged itself (STATE-01), the projection
 * the log folds to (PROJ-02..04), what the projection pushed to its subscribers
 * since the agent was last observed idle (PROJ-02) and what observers were told (STATE-06).
 * Each is a comparison of an observation with the oracle's prediction;
 * observe.ts reads them from the host.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Edition, PlanProjectionView, SessionEvent } from '../../../src/index.js';
import type { OracleAgent } from '../../oracle/session-oracle.js';
import { foldedByPlanUnit, pushNoFoldShows } from '../../world/observations.js';
import type { FindingOf, LoggedPayload } from '../findings.js';

export type { LoggedPayload } from '../findings.js';

/** STATE-01: the events the agent logged itself (after those a fork inherited) are the oracle's, payload for payload. */
export function loggedEventsFinding(
  agent: OracleAgent,
  logged: readonly LoggedPayload[],
): FindingOf<'logged-events'> | undefined {
  const own = logged.slice(agent.inheritedEvents);
  if (
    isDeepStrictEqual(
      own,
      agent.plan.events.map((active) => ({ active })),
    )
  )
    return undefined;
  return {
    check: 'logged-events',
    clauses: [...new Set(['STATE-01', ...agent.plan.cause])],
    where: { agent: agent.name },
    expected: [...agent.plan.events],
    observed: own,
  };
}

/** PROJ-02..04: the projection is what the log folds to. */
export function projectionFinding(agent: OracleAgent, view: unknown): FindingOf<'projection-fold'> | undefined {
  const predicted = agent.plan.projection();
  if (isDeepStrictEqual(view, predicted)) return undefined;
  return {
    check: 'projection-fold',
    clauses: ['PROJ-02', 'PROJ-03', 'PROJ-04'],
    where: { agent: agent.name },
    expected: predicted,
    observed: view,
  };
}

/**
 * STATE-06: observers of an agent (a fork's are not judged) were told of every
 * plan/mode event its log holds; after a restart, of every event or of every
 * event since one restart (the observers told before it were the ended host's
 * stream's: see OracleAgent.eventsAtRestarts).
 */
export function observersFinding(
  agent: OracleAgent,
  observed: readonly LoggedPayload[],
  logged: readonly LoggedPayload[],
): FindingOf<'observers-told'> | undefined {
  if ([0, ...agent.eventsAtRestarts].some((start) => isDeepStrictEqual(observed, logged.slice(start))))
    return undefined;
  return {
    check: 'observers-told',
    clauses: ['STATE-06'],
    where: { agent: agent.name },
    expected: [...logged],
    observed: [...observed],
  };
}

/** What an idle agent's projection showed when last observed: its pushes so far, its log's length and its view. */
export interface NotedPushes {
  pushes: readonly PlanProjectionView[];
  logLength: number;
  view: PlanProjectionView;
}

/**
 * PROJ-02, between two idle observations of an agent (within one running host, the same history): the
 * registry's change feed only grows; it pushed at most one view per event the `plan` unit folds (every other
 * event returns the very same state, so it causes no push; what a registry pushes on its own account, a
 * snapshot when a subscriber attaches, happens before the first observation or at a restart, after which the
 * count starts again); and when the view changed, a view was pushed and the last one pushed is the view now
 * shown. `noted`'s step is written where it was observed (the transcript's mark), so the printed scenario
 * replays the same count.
 */
export function projectionPushesFinding(
  agent: OracleAgent,
  before: NotedPushes,
  now: { pushes: readonly PlanProjectionView[]; log: readonly SessionEvent[]; view: PlanProjectionView },
  edition: Edition,
):
  | FindingOf<'projection-pushes-unfolded'>
  | FindingOf<'projection-pushed-change'>
  | FindingOf<'projection-pushes-folded'>
  | undefined {
  const added = now.log.slice(before.logLength);
  const folded = added.filter((event) => foldedByPlanUnit(event, edition)).length;
  const pushed = now.pushes.slice(before.pushes.length);
  const earlier = now.pushes.slice(0, before.pushes.length);
  const kept = isDeepStrictEqual(earlier, before.pushes);
  const where = { agent: agent.name };
  if (!kept || pushed.length > folded)
    return {
      check: 'projection-pushes-unfolded',
      clauses: ['PROJ-02'],
      where,
      expected: { earlierPushes: [...before.pushes], folded },
      observed: kept
        ? { pushed, logged: added.map((event) => (event.type === 'other' ? event.name : event.type)) }
        : { earlierPushes: earlier },
    };
  if (!isDeepStrictEqual(now.view, before.view) && !isDeepStrictEqual(pushed.at(-1), now.view))
    return {
      check: 'projection-pushed-change',
      clauses: ['PROJ-02'],
      where,
      expected: { lastPush: now.view },
      observed: { viewBefore: before.view, pushed },
    };
  const unfoldedPush = pushNoFoldShows(before.view, now.log, before.logLength, edition, pushed);
  if (unfoldedPush !== undefined)
    return {
      check: 'projection-pushes-folded',
      clauses: ['PROJ-02', 'PROJ-04'],
      where,
      expected: { folds: unfoldedPush.folds },
      observed: { pushed, unfolded: unfoldedPush.push },
    };
  return undefined;
}
