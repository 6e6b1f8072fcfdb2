/**
 * The host's own conversation messages (assertions/host-messages.ts) as a scenario sees them: read from the
 * logs of the agents whose requests a step judges, and the standing messages every request of an agent opens with.
 */
import type { Message, ModelRequest } from '../../src/index.js';
import { loggedHostTexts, StandingPlaces, withoutHostOwn, withoutStanding } from '../assertions/host-messages.js';
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

/** How many standing places the requests of `agent` open with (assertions/host-messages.ts). */
export function standingPlacesOf(world: PlanWorld, agent: string): number {
  if (!world.model.requests.some((request) => request.agent === agent)) return 0;
  const section = world.planSection();
  const places = new StandingPlaces();
  let restarts = 0;
  world.model.requests.forEach((request, index) => {
    // A restart between two requests of the agent: no step across it (host-messages.ts).
    while (restarts < world.restartsAt.length && world.restartsAt[restarts]! <= index) {
      places.restarted();
      restarts++;
    }
    if (request.agent === agent) places.add(request.messages, request.systemPrompt.includes(section));
  });
  return places.count;
}

/** Per agent of the scenario's requests: how many standing places its requests open with. */
export function standingOf(world: PlanWorld): Map<string, number> {
  const agents = new Set(world.model.requests.map((request) => request.agent));
  return new Map([...agents].map((agent) => [agent, standingPlacesOf(world, agent)]));
}

/**
 * `request` as plan mode's clauses compare it with another request: its messages without the host's standing
 * ones (their texts may change between requests; what stands at their places is the host's, not the conversation's).
 */
export function conversationOf(world: PlanWorld, request: ModelRequest): ModelRequest {
  const places = standingPlacesOf(world, request.agent);
  return places === 0 ? request : { ...request, messages: request.messages.slice(places) };
}

/** A whole request's messages without the host's own: its standing messages and those its agent's log records. */
export async function planSideOf(world: PlanWorld, request: ModelRequest): Promise<Message[]> {
  return planSideMessages(
    world,
    request.agent,
    withoutStanding(request.messages, standingPlacesOf(world, request.agent)),
  );
}
