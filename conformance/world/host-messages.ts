/**
 * The host's own conversation messages (assertions/host-messages.ts) as a scenario sees them: read from the
 * logs of the agents whose requests a step judges, and the standing messages every request of an agent opens with.
 */
import type { Message, ModelRequest } from '../../src/index.js';
import { loggedHostTexts, standingHostTexts, withoutHostOwn, withoutStanding } from '../assertions/host-messages.js';
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

/** Per agent of the scenario's requests: the host messages every request of that agent opens with. */
export function standingOf(world: PlanWorld): Map<string, string[]> {
  const agents = new Set(world.model.requests.map((request) => request.agent));
  return new Map([...agents].map((agent) => [agent, standingHostTexts(world.model.requestsOf(agent))]));
}

/** A whole request's messages without the host's own: its standing messages and those its agent's log records. */
export async function planSideOf(world: PlanWorld, request: ModelRequest): Promise<Message[]> {
  const standing = standingHostTexts(world.model.requestsOf(request.agent));
  return planSideMessages(world, request.agent, withoutStanding(request.messages, standing));
}
