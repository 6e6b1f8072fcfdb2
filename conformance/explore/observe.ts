/**
 * The host's side of the checks every move ends with: what the host shows
 * is read here, one observation at a time, and handed to the checks
 * (checks/*.ts), which compare it with the oracle's prediction. The first
 * disagreement stops the session (a later observation is not read, so a host
 * is asked no more than a check needs).
 */
import type { OracleAgent } from '../oracle/session-oracle.js';
import { planModeEvents } from '../world/observations.js';
import { getDisagreement } from './checks/get.js';
import { loggedEventsDisagreement, observersDisagreement, projectionDisagreement } from './checks/idle.js';
import { Stop, type Disagreement } from './disagreement.js';
import type { During, ExploredSession } from './explored-session.js';

/** Stops the session at a disagreement, if there is one. */
export function stopAt(disagreement: Disagreement | undefined): void {
  if (disagreement) throw new Stop(disagreement);
}

/** `get` of `agent`, compared with the oracle (SET-05). */
export async function observeGet(
  session: ExploredSession,
  agent: OracleAgent,
  during: During | undefined,
): Promise<void> {
  stopAt(getDisagreement(agent, await session.host.getPlanMode(agent.id), during));
}

/** Everything an idle agent shows: `get`, its own plan/mode events, the projection and what observers were told. */
export async function observeIdle(session: ExploredSession, agent: OracleAgent): Promise<void> {
  await observeGet(session, agent, undefined);
  const logged = planModeEvents(await session.host.readLog(agent.id)).map((event) => event.payload);
  stopAt(loggedEventsDisagreement(agent, logged));
  if (session.composed.projections) stopAt(projectionDisagreement(agent, await session.host.readProjection(agent.id)));
  if (agent.kind !== 'fork')
    stopAt(
      observersDisagreement(
        agent,
        planModeEvents(await session.host.readObserved(agent.id)).map((event) => event.payload),
        logged,
      ),
    );
}
