/**
 * What every agent shows between moves, while idle, compared with the
 * oracle: the plan/mode events it logged itself (STATE-01), the projection
 * the log folds to (PROJ-02..04) and what observers were told (STATE-06).
 * Each is a comparison of an observation with the oracle's prediction;
 * observe.ts reads them from the host.
 */
import { isDeepStrictEqual } from 'node:util';
import type { SessionEvent } from '../../../src/index.js';
import type { OracleAgent } from '../../oracle/session-oracle.js';
import type { Disagreement } from '../disagreement.js';
import { onOff, onOffList } from '../transcript.js';

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
