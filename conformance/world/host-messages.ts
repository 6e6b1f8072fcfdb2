/**
 * The host's own conversation messages (assertions/host-messages.ts) as a scenario sees them: read from the
 * logs of the agents whose requests a step judges.
 */
import type { Message } from '../../src/index.js';
import { loggedHostTexts, withoutHostOwn } from '../assertions/host-messages.js';
import type { PlanWorld } from './plan-world.js';

/** The texts of the host-sourced user messages the logs of `agents` hold. */
export async function hostTextsOf(world: PlanWorld, agents: readonly string[]): Promise<Set<string>> {
  const host = await world.host();
  return loggedHostTexts(await Promise.all([...new Set(agents)].map((agent) => host.readLog(agent))));
}

/** `messages` of a request of `agent` without the host's own messages its log records. */
export async function planSideMessages(
  world: PlanWorld,
  agent: string,
  messages: readonly Message[],
): Promise<Message[]> {
  return withoutHostOwn(messages, await hostTextsOf(world, [agent]));
}
