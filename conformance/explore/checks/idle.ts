/**
 * What every agent shows between commands, while idle: `get`, the plan/mode
 * events it logged itself (STATE-01), the projection the log folds to
 * (PROJ-02..04) and what observers were told (STATE-06).
 */
import { isDeepStrictEqual } from 'node:util';
import type { OracleAgent } from '../../oracle/session-oracle.js';
import { planModeEvents } from '../../world/observations.js';
import type { ExploredSession } from '../explored-session.js';
import { onOff, onOffList } from '../transcript.js';
import { checkGet } from './get.js';

export async function checkIdle(session: ExploredSession, agent: OracleAgent): Promise<void> {
  await checkGet(session, agent, undefined);
  const log = await session.host.readLog(agent.id);
  const logged = planModeEvents(log);
  const own = logged.slice(agent.inheritedEvents).map((event) => event.payload);
  const expected = agent.plan.events.map((active) => ({ active }));
  if (!isDeepStrictEqual(own, expected)) {
    session.disagree('logged-events', ['STATE-01', ...agent.plan.cause], `the plan/mode events ${agent.name} logged are ${JSON.stringify(own)}; the oracle ${JSON.stringify(expected)}`, {
      text: `the plan/mode events ${agent.name} logged itself are ${onOffList(agent.plan.events)}`,
      midTurn: false,
    });
  }
  if (session.composed.projections) {
    const view = await session.host.readProjection(agent.id);
    const predicted = agent.plan.projection();
    if (!isDeepStrictEqual(view, predicted)) {
      session.disagree('projection-fold', ['PROJ-02', 'PROJ-03', 'PROJ-04'], `the projection of ${agent.name} is ${JSON.stringify(view)}; the log folds to ${JSON.stringify(predicted)}`, {
        text: `the projection of ${agent.name} shows plan mode ${onOff(predicted.active)} with ${predicted.pending ? 'a selection pending' : 'nothing pending'}`,
        midTurn: false,
      });
    }
  }
  if (agent.kind !== 'fork') {
    const observed = planModeEvents(await session.host.readObserved(agent.id)).map((event) => event.payload);
    const all = logged.map((event) => event.payload);
    if (!isDeepStrictEqual(observed, all)) {
      session.disagree('observers-told', ['STATE-06'], `observers of ${agent.name} were told of ${JSON.stringify(observed)}; the log holds ${JSON.stringify(all)}`, {
        text: `observers of ${agent.name} were told of the plan/mode events ${onOffList(logged.map((event) => event.payload.active === true))}`,
        midTurn: false,
      });
    }
  }
}
