/**
 * The host's side of the checks every move ends with: what the host shows
 * is read here, one observation at a time, and handed to the checks
 * (checks/*.ts), which compare it with the oracle's prediction and hand back
 * a finding; the first is handed back worded (finding-texts.ts) as the
 * disagreement (a later observation is not read, so a host is asked no more
 * than a check needs).
 */
import type { PlanProjectionView, SessionEvent } from '../../src/index.js';
import type { OracleAgent } from '../oracle/session-oracle.js';
import { planModeEvents } from '../world/observations.js';
import { getFinding } from './checks/get.js';
import { loggedEventsFinding, observersFinding, projectionFinding, projectionPushesFinding } from './checks/idle.js';
import type { Found } from './disagreement.js';
import type { During, ExploredSession } from './explored-session.js';
import { worded } from './finding-texts.js';

/** `get` of `agent`, compared with the oracle (SET-05). */
export async function observeGet(
  session: ExploredSession,
  agent: OracleAgent,
  during: During | undefined,
): Promise<Found> {
  return worded(getFinding(agent, await session.host.getPlanMode(agent.id), during));
}

/**
 * Everything an idle agent shows: `get`, its own plan/mode events, the projection and what it pushed since the
 * agent was last observed idle, and what observers were told.
 */
export async function observeIdle(session: ExploredSession, agent: OracleAgent): Promise<Found> {
  const got = await observeGet(session, agent, undefined);
  if (got) return got;
  const log = await session.host.readLog(agent.id);
  const logged = planModeEvents(log).map((event) => event.payload);
  const events = loggedEventsFinding(agent, logged);
  if (events) return worded(events);
  if (session.composed.projections) {
    const view = await session.host.readProjection(agent.id);
    const projection = worded(projectionFinding(agent, view)) ?? (await observePushes(session, agent, log, view));
    if (projection) return projection;
  }
  if (agent.kind === 'fork') return undefined;
  return worded(
    observersFinding(
      agent,
      planModeEvents(await session.host.readObserved(agent.id)).map((event) => event.payload),
      logged,
    ),
  );
}

/** PROJ-02: the projection's pushes since the agent was last observed idle (checks/idle.ts), then noted again. */
async function observePushes(
  session: ExploredSession,
  agent: OracleAgent,
  log: SessionEvent[],
  view: PlanProjectionView,
): Promise<Found> {
  const pushes = await session.host.readProjectionPushes(agent.id);
  const before = session.notedPushes.get(agent.id);
  const finding = before && projectionPushesFinding(agent, before, { pushes, log, view }, session.edition);
  if (before && finding) {
    // The printed scenario notes the pushes where this observation did.
    session.transcript.insertStep(before.mark, { kind: 'note-pushes', agent: agent.name });
    return worded(finding);
  }
  session.notedPushes.set(agent.id, { pushes, logLength: log.length, view, mark: session.transcript.mark() });
  return undefined;
}
