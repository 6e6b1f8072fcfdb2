/**
 * What the model received: the plan section at order 50, prompt and catalog
 * stability, notices and the growth of the conversation.
 */
import { Then } from '@cucumber/cucumber';
import type { ModelRequest } from '../../src/index.js';
import { expectEqual, expectTrue, fail, show } from '../assertions/expect.js';
import {
  layoutOf,
  occurrences,
  orderedProbesProblem,
  sectionSlotProblem,
  throughOrder50,
} from '../assertions/system-prompt.js';
import { noticesIn } from '../world/observations.js';
import { DEFAULT_AGENT, type PlanWorld } from '../world/plan-world.js';
import { conversationOf } from '../world/host-messages.js';

/**
 * The configured section is the kit's text, and POLICY-01 states that the
 * system prompt "contains" it exactly at order 50: the checks below locate it
 * there, and count it, rather than read the host's words.
 */
export function assertInPlanMode(world: PlanWorld, request: ModelRequest, label: string): void {
  const text = world.planSection();
  const layout = layoutOf(request.systemPrompt, label);
  expectTrue(
    occurrences(request.systemPrompt, text) === 1,
    () =>
      `${label}: expected the configured section exactly once in the system prompt, found it ${occurrences(request.systemPrompt, text)} time(s) in ${show(request.systemPrompt)}`,
  );
  expectTrue(
    layout.atOrder50.includes(text),
    () =>
      `${label}: the section is not between the probes at orders 49 and 51; order-50 slot holds ${show(layout.atOrder50)}`,
  );
  const misplaced = orderedProbesProblem(request.systemPrompt, text, world.orderedProbes);
  expectTrue(misplaced === undefined, () => `${label}: ${misplaced}`);
  const other = otherStateSlot(world, request, false);
  expectTrue(sectionSlotProblem(layout.atOrder50, text, layout.separator, true, other?.slot) === undefined, () =>
    other === undefined
      ? `${label}: order 50 should hold the section between two of the host's separators ${show(layout.separator)}; it holds ${show(layout.atOrder50)}`
      : `${label}: order 50 should hold what it holds out of plan mode (${other.label}: ${show(other.slot)}) and the section with one of the host's separators ${show(layout.separator)}; it holds ${show(layout.atOrder50)}`,
  );
}

export function assertNotInPlanMode(world: PlanWorld, request: ModelRequest, label: string): void {
  const text = world.planSection();
  expectTrue(
    !request.systemPrompt.includes(text),
    `${label}: the system prompt carries the plan section while plan mode is off`,
  );
  const layout = layoutOf(request.systemPrompt, label);
  const other = otherStateSlot(world, request, true);
  expectTrue(sectionSlotProblem(layout.atOrder50, text, layout.separator, false, other?.slot) === undefined, () =>
    other === undefined
      ? `${label}: while inactive order 50 should not hold the section; it holds ${show(layout.atOrder50)}`
      : `${label}: while inactive order 50 should hold what it holds in plan mode (${other.label}: ${show(other.slot)}) without the section and one of the host's separators ${show(layout.separator)}; it holds ${show(layout.atOrder50)}`,
  );
}

/**
 * Order 50 of the first request of the same agent in the other plan state (carrying the section, or not),
 * to tell the plugin's text from sections of the host's own at order 50 (sectionSlotProblem).
 */
function otherStateSlot(
  world: PlanWorld,
  request: ModelRequest,
  guided: boolean,
): { slot: string; label: string } | undefined {
  const text = world.planSection();
  const requests = world.model.requestsOf(request.agent);
  const index = requests.findIndex((other) => other.systemPrompt.includes(text) === guided);
  if (index < 0) return undefined;
  const label = `request ${index + 1}`;
  return { slot: layoutOf(requests[index]!.systemPrompt, label).atOrder50, label };
}

Then('request {int} is in plan mode', async function (this: PlanWorld, n: number) {
  assertInPlanMode(this, await this.request(n), `request ${n}`);
});

Then('request {int} is not in plan mode', async function (this: PlanWorld, n: number) {
  assertNotInPlanMode(this, await this.request(n), `request ${n}`);
});

Then('request {int} of {agent} is in plan mode', async function (this: PlanWorld, n: number, name: string) {
  assertInPlanMode(this, await this.request(n, name), `request ${n} of ${name}`);
});

Then('request {int} of {agent} is not in plan mode', async function (this: PlanWorld, n: number, name: string) {
  assertNotInPlanMode(this, await this.request(n, name), `request ${n} of ${name}`);
});

Then('the agent made {int} model request(s)', async function (this: PlanWorld, count: number) {
  expectEqual(this.model.requestsOf(await this.agent()).length, count, 'number of model requests of the agent');
});

Then('every request is in plan mode', async function (this: PlanWorld) {
  const requests = this.model.requestsOf(await this.agent());
  expectTrue(requests.length > 0, 'the agent made no model request');
  requests.forEach((request, index) => assertInPlanMode(this, request, `request ${index + 1}`));
});

Then(
  'the system prompts of requests {int} and {int} are identical through order 50',
  async function (this: PlanWorld, a: number, b: number) {
    expectEqual(
      throughOrder50((await this.request(b)).systemPrompt, `request ${b}`),
      throughOrder50((await this.request(a)).systemPrompt, `request ${a}`),
      `system prompt through order 50, request ${b} vs request ${a}`,
    );
  },
);

Then(
  'the system prompts of requests {int} and {int} are identical up to order 50',
  async function (this: PlanWorld, a: number, b: number) {
    const first = layoutOf((await this.request(a)).systemPrompt, `request ${a}`);
    const second = layoutOf((await this.request(b)).systemPrompt, `request ${b}`);
    expectEqual(
      second.beforeOrder50,
      first.beforeOrder50,
      `system prompt before order 50, request ${b} vs request ${a}`,
    );
  },
);

Then(
  'the system prompts of request {int} of {agent} and request {int} of {agent} are identical up to order 50',
  async function (this: PlanWorld, a: number, first: string, b: number, second: string) {
    const earlier = layoutOf((await this.request(a, first)).systemPrompt, `request ${a} of ${first}`);
    const later = layoutOf((await this.request(b, second)).systemPrompt, `request ${b} of ${second}`);
    expectEqual(
      later.beforeOrder50,
      earlier.beforeOrder50,
      `system prompt before order 50, request ${b} of ${second} vs request ${a} of ${first}`,
    );
  },
);

Then('the plan section adds exactly its own text to the system prompt', async function (this: PlanWorld) {
  // Compares an active and an inactive request of the same agent: up to order
  // 50.5 the only difference may be the section plus one separator of the
  // host's own. What follows is the host's (it may change from request to
  // request, POLICY-04), so it is not compared; the section must still appear
  // nowhere else (`request N is in plan mode`).
  const requests = this.model.requestsOf(await this.agent());
  const text = this.planSection();
  const active = requests.find((request) => request.systemPrompt.includes(text));
  const inactive = requests.find((request) => !request.systemPrompt.includes(text));
  if (!active || !inactive) fail('the scenario needs one request in plan mode and one out of it');
  const on = layoutOf(active.systemPrompt, 'the active request');
  const off = layoutOf(inactive.systemPrompt, 'the inactive request');
  expectEqual(on.beforeOrder50, off.beforeOrder50, 'text before order 50, active vs inactive');
  const [lead, trail] = on.atOrder50.split(text) as [string, string];
  expectTrue(
    off.atOrder50 === lead || off.atOrder50 === trail,
    () =>
      `inactive order-50 slot ${show(off.atOrder50)} should be just the host's separator (${show(lead)} or ${show(trail)})`,
  );
});

Then('every request carried the same tool catalog', async function (this: PlanWorld) {
  const requests = this.model.requests;
  expectTrue(requests.length > 1, 'the scenario needs at least two requests to compare catalogs');
  requests.forEach((request, index) =>
    expectEqual(request.tools, requests[0]!.tools, `tool catalog of request ${index + 1} vs request 1`),
  );
});

Then('no request carries a notice', function (this: PlanWorld) {
  this.model.requests.forEach((request, index) =>
    expectEqual(noticesIn(request.messages), [], `plugin notices in request ${index + 1}`),
  );
});

Then(
  'request {int} starts with every message of request {int}',
  async function (this: PlanWorld, later: number, earlier: number) {
    const before = conversationOf(this, await this.request(earlier)).messages;
    const after = conversationOf(this, await this.request(later)).messages;
    expectTrue(after.length >= before.length, `request ${later} has fewer messages than request ${earlier}`);
    expectEqual(after.slice(0, before.length), before, `the first ${before.length} messages of request ${later}`);
  },
);

/**
 * SET-06 (rc.8): a same-step retry reuses the frozen request of the attempt
 * that failed: the same system prompt and the same messages, nothing applied
 * or added in between.
 */
Then('request {int} re-sends request {int} unchanged', async function (this: PlanWorld, retry: number, failed: number) {
  const before = await this.request(failed);
  const after = await this.request(retry);
  expectEqual(
    after.systemPrompt,
    before.systemPrompt,
    `the system prompt of request ${retry}, the retry of request ${failed}`,
  );
  expectEqual(after.messages, before.messages, `the messages of request ${retry}, the retry of request ${failed}`);
});

Then('request {int} ends with the user message {string}', async function (this: PlanWorld, n: number, text: string) {
  const last = (await this.request(n)).messages.at(-1);
  expectEqual(
    last?.role === 'user' ? { source: last.source, text: last.text } : last,
    { source: 'user', text },
    `last message of request ${n}`,
  );
});

// The last request: after compaction a host may have made requests of its own
// (a summary), so "the next request" of the user is the agent's last one.
async function lastRequestOf(world: PlanWorld, name = DEFAULT_AGENT): Promise<ModelRequest> {
  const requests = world.model.requestsOf(await world.agent(name));
  const last = requests.at(-1);
  if (!last) fail(`${name} made no model request`);
  return last;
}

Then('the last request is in plan mode', async function (this: PlanWorld) {
  assertInPlanMode(this, await lastRequestOf(this), 'the last request');
});

Then('the last request is not in plan mode', async function (this: PlanWorld) {
  assertNotInPlanMode(this, await lastRequestOf(this), 'the last request');
});

Then(
  'the system prompts of request 1 and the last request are identical through order 50',
  async function (this: PlanWorld) {
    expectEqual(
      throughOrder50((await lastRequestOf(this)).systemPrompt, 'the last request'),
      throughOrder50((await this.request(1)).systemPrompt, 'request 1'),
      'system prompt through order 50, the last request vs request 1',
    );
  },
);

Then('the last request carries fewer messages than request {int}', async function (this: PlanWorld, n: number) {
  const before = (await this.request(n)).messages.length;
  const after = (await lastRequestOf(this)).messages.length;
  expectTrue(
    after < before,
    `the history did not shrink: request ${n} had ${before} messages, the last request has ${after}`,
  );
});
