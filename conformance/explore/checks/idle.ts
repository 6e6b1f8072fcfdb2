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
import { foldedByPlanUnit } from '../../world/observations.js';
import type { Disagreement } from '../disagreement.js';
import { onOff, onOffList } from '../step-texts.js';

/** A plan/mode event's payload as a host logged it. */
export type LoggedPayload = Extract<SessionEvent, { type: 'plan/mode' }>['payload'];

/** STATE-01: the events the agent logged itself (after those a fork inherited) are the oracle's, payload for payload. */
export function loggedEventsDisagreement(
  agent: OracleAgent,
  logged: readonly LoggedPayload[],
): Disagreement | undefined {
  const own = logged.slice(agent.inheritedEvents);
  const expected = agent.plan.events.map((active) => ({ active }));
  if (isDeepStrictEqual(own, expected)) return undefined;
  return {
    clauses: [...new Set(['STATE-01', ...agent.plan.cause])],
    check: 'logged-events',
    message: `the plan/mode events ${agent.name} logged are ${JSON.stringify(own)}; the oracle ${JSON.stringify(expected)}`,
    step: {
      text: `the plan/mode events ${agent.name} logged itself are ${onOffList(agent.plan.events)}`,
      midTurn: false,
    },
  };
}

/** PROJ-02..04: the projection is what the log folds to. */
export function projectionDisagreement(agent: OracleAgent, view: unknown): Disagreement | undefined {
  const predicted = agent.plan.projection();
  if (isDeepStrictEqual(view, predicted)) return undefined;
  return {
    clauses: ['PROJ-02', 'PROJ-03', 'PROJ-04'],
    check: 'projection-fold',
    message: `the projection of ${agent.name} is ${JSON.stringify(view)}; the log folds to ${JSON.stringify(predicted)}`,
    step: {
      text: `the projection of ${agent.name} shows plan mode ${onOff(predicted.active)} with ${predicted.pending ? 'a selection pending' : 'nothing pending'}`,
      midTurn: false,
    },
  };
}

/**
 * STATE-06: observers of an agent (a fork's are not judged) were told of every
 * plan/mode event its log holds; after a restart, of every event or of every
 * event since one restart (the observers told before it were the ended host's
 * stream's: see OracleAgent.eventsAtRestarts).
 */
export function observersDisagreement(
  agent: OracleAgent,
  observed: readonly LoggedPayload[],
  logged: readonly LoggedPayload[],
): Disagreement | undefined {
  if ([0, ...agent.eventsAtRestarts].some((start) => isDeepStrictEqual(observed, logged.slice(start))))
    return undefined;
  return {
    clauses: ['STATE-06'],
    check: 'observers-told',
    message: `observers of ${agent.name} were told of ${JSON.stringify(observed)}; the log holds ${JSON.stringify(logged)}`,
    step: {
      text: `observers of ${agent.name} were told of the plan/mode events ${onOffList(logged.map((payload) => payload.active === true))}`,
      midTurn: false,
    },
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
export function projectionPushesDisagreement(
  agent: OracleAgent,
  before: NotedPushes,
  now: { pushes: readonly PlanProjectionView[]; log: readonly SessionEvent[]; view: PlanProjectionView },
  edition: Edition,
): Disagreement | undefined {
  const added = now.log.slice(before.logLength);
  const folded = added.filter((event) => foldedByPlanUnit(event, edition)).length;
  const pushed = now.pushes.slice(before.pushes.length);
  const kept = isDeepStrictEqual(now.pushes.slice(0, before.pushes.length), before.pushes);
  if (!kept || pushed.length > folded)
    return {
      clauses: ['PROJ-02'],
      check: 'projection-pushes-unfolded',
      message: kept
        ? `the projection of ${agent.name} pushed ${pushed.length} view(s) ${JSON.stringify(pushed)} for ${folded} event(s) the plan unit folds (of ${added.length} logged: ${JSON.stringify(added.map((event) => (event.type === 'other' ? event.name : event.type)))})`
        : `the views the projection of ${agent.name} pushed earlier changed: ${JSON.stringify(before.pushes)}, now ${JSON.stringify(now.pushes.slice(0, before.pushes.length))}`,
      step: {
        text: `since then the projection of ${agent.name} pushed no view for an event the plan unit does not fold`,
        midTurn: false,
      },
    };
  if (!isDeepStrictEqual(now.view, before.view) && !isDeepStrictEqual(pushed.at(-1), now.view))
    return {
      clauses: ['PROJ-02'],
      check: 'projection-pushed-change',
      message: `the view of ${agent.name} changed from ${JSON.stringify(before.view)} to ${JSON.stringify(now.view)}; the registry pushed ${JSON.stringify(pushed)} since`,
      step: { text: `since then the projection of ${agent.name} pushed the view it now shows`, midTurn: false },
    };
  return undefined;
}
