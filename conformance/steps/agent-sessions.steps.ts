/**
 * Sessions of several agents, each addressed by name: scripting any agent's
 * requests, acting on any agent while another's request is in flight, forking
 * and spawning under chosen names, and checks that read one agent's requests,
 * log, projection and `get`. `plan-mode-conformance explore` prints the
 * sessions it shrinks with these steps (and the suite's others), so every
 * check here asserts only what a MUST clause requires and accepts every choice
 * the seed leaves open.
 */
import { Given, Then, When } from '@cucumber/cucumber';
import type { Message, ModelResponse, PlanModeState, ProbeToolEffect } from '../../src/index.js';
import { expectEqual, expectTrue, fail, show } from '../assertions/expect.js';
import {
  foldPlanMode,
  noticesIn,
  occursInOrder,
  parseOnOffList,
  planModeEvents,
  requestNumber,
  toolResults,
  userTypedTexts,
} from '../world/observations.js';
import { PROBE_TOOLS } from '../script/probes.js';
import type { PlanWorld } from '../world/plan-world.js';
import { conversationOf } from '../world/host-messages.js';
import { typeCommand } from './commands.steps.js';
import { assertProjectionAgreesWithGet } from './projection.steps.js';

let sessionCallCounter = 0;

function toolCall(name: string, args: Record<string, unknown>): ModelResponse {
  sessionCallCounter += 1;
  return { type: 'tool_calls', text: '', calls: [{ id: `session_call_${sessionCallCounter}`, name, arguments: args }] };
}

/** plan/mode events already in an agent's log when the scenario forked it into being (by world and name). */
const inheritedEvents = new WeakMap<PlanWorld, Map<string, number>>();

function inheritedOf(world: PlanWorld, name: string): number {
  return inheritedEvents.get(world)?.get(name) ?? 0;
}

async function requestOf(world: PlanWorld, n: number, name: string) {
  return requestNumber(world.model.requestsOf(await world.agent(name)), n, name);
}

// ---------------------------------------------------------------------------
// Scripting any agent's requests

// `the model will answer request {int} of {agent} by calling the probe tool` (the read-like one),
// `the user types the command {string} for {agent}` and `the user will answer the review by
// selecting exactly the labels {string}` live with the concurrent-agents and input-edge steps.

Given(
  'the model will answer request {int} of {agent} by calling the writing probe tool',
  async function (this: PlanWorld, n: number, name: string) {
    this.model.answer(await this.agent(name), n, toolCall(PROBE_TOOLS.write.name, PROBE_TOOLS.write.args));
  },
);

Given(
  'the model will answer request {int} of {agent} by calling the command-running probe tool',
  async function (this: PlanWorld, n: number, name: string) {
    this.model.answer(await this.agent(name), n, toolCall(PROBE_TOOLS.command.name, PROBE_TOOLS.command.args));
  },
);

Given(
  'the model will answer request {int} of {agent} with a retryable failure',
  async function (this: PlanWorld, n: number, name: string) {
    this.model.answer(await this.agent(name), n, {
      type: 'failure',
      message: 'scripted transient failure',
      retryable: true,
    });
  },
);

Given(
  'the model will answer request {int} of {agent} by calling exit_plan_mode with the plan {text}',
  async function (this: PlanWorld, n: number, name: string, plan: string) {
    this.model.answer(await this.agent(name), n, toolCall('exit_plan_mode', { plan }));
  },
);

// ---------------------------------------------------------------------------
// Acting on any agent, now or while the model handles another agent's request

Given(
  'while the model handles request {int} of {agent}, the user turns plan mode {onoff} for {agent}',
  async function (this: PlanWorld, n: number, running: string, active: boolean, name: string) {
    await this.agent(name);
    this.model.during(await this.agent(running), n, async () => {
      await this.selectPlanMode(name, active);
    });
  },
);

Given(
  'while the model handles request {int} of {agent}, the user types the command {text} for {agent}',
  async function (this: PlanWorld, n: number, running: string, line: string, name: string) {
    await this.agent(name);
    this.model.during(await this.agent(running), n, async () => {
      await typeCommand(this, name, line);
    });
  },
);

/** Interleaving: another agent's whole turn runs while this agent's request is in flight (its own scripted requests included). */
Given(
  'while the model handles request {int} of {agent}, the user prompts {agent} with {text}',
  async function (this: PlanWorld, n: number, running: string, name: string, text: string) {
    const agent = await this.agent(name);
    this.model.during(await this.agent(running), n, async () => {
      await this.submitPrompt(agent, text);
    });
  },
);

When('{agent} is forked as {agent}', async function (this: PlanWorld, origin: string, name: string) {
  if (this.agents.has(name)) fail(`${name} already exists in this scenario`);
  const host = await this.host();
  const id = await host.fork(await this.agent(origin));
  this.agents.set(name, id);
  const inherited = inheritedEvents.get(this) ?? new Map<string, number>();
  inherited.set(name, planModeEvents(await host.readLog(id)).length);
  inheritedEvents.set(this, inherited);
});

When('{agent} spawns the child {agent}', async function (this: PlanWorld, parent: string, name: string) {
  if (this.agents.has(name)) fail(`${name} already exists in this scenario`);
  const host = await this.host();
  this.agents.set(name, await host.spawn(await this.agent(parent)));
});

/** Enough history for a host's compaction to have something to shrink (as "the user has a long conversation"). */
When('the user has a long conversation with {agent}', async function (this: PlanWorld, name: string) {
  const paragraph =
    'Read the module, list every caller, note how each one handles errors, and keep the findings for the plan. '.repeat(
      12,
    );
  const agent = await this.agent(name);
  for (let part = 1; part <= 4; part += 1) {
    await this.submitPrompt(agent, `Part ${part}: ${paragraph}`);
    this.assertNoProblems();
  }
});

// ---------------------------------------------------------------------------
// get, now or mid-turn. SET-05: `pending` only while a selection waits; a
// withdrawn one MAY still show, equal to `active` (SET-03).

function assertGet(state: PlanModeState, active: boolean, pending: boolean | undefined, what: string): void {
  if (pending !== undefined) {
    expectEqual(state, { active, pending }, what);
    return;
  }
  expectTrue(
    state.active === active && (state.pending === undefined || state.pending === state.active),
    () =>
      `${what}: expected plan mode ${active ? 'on' : 'off'} with no other mode pending, but the host showed ${show(state)}`,
  );
}

async function getOf(world: PlanWorld, name: string): Promise<PlanModeState> {
  return (await world.host()).getPlanMode(await world.agent(name));
}

Then(
  'get reports plan mode {onoff} for {agent}, no other mode pending',
  async function (this: PlanWorld, active: boolean, name: string) {
    assertGet(await getOf(this, name), active, undefined, `get(${name})`);
  },
);

Then(
  'get reports plan mode {onoff} for {agent}, plan mode {onoff} pending',
  async function (this: PlanWorld, active: boolean, name: string, pending: boolean) {
    assertGet(await getOf(this, name), active, pending, `get(${name})`);
  },
);

Given(
  'while the model handles request {int} of {agent}, get reports plan mode {onoff} for {agent}, no other mode pending',
  async function (this: PlanWorld, n: number, running: string, active: boolean, name: string) {
    await this.agent(name);
    this.model.during(await this.agent(running), n, async () => {
      assertGet(
        await getOf(this, name),
        active,
        undefined,
        `get(${name}) while the model handles request ${n} of ${running}`,
      );
    });
  },
);

Given(
  'while the model handles request {int} of {agent}, get reports plan mode {onoff} for {agent}, plan mode {onoff} pending',
  async function (this: PlanWorld, n: number, running: string, active: boolean, name: string, pending: boolean) {
    await this.agent(name);
    this.model.during(await this.agent(running), n, async () => {
      assertGet(
        await getOf(this, name),
        active,
        pending,
        `get(${name}) while the model handles request ${n} of ${running}`,
      );
    });
  },
);

// ---------------------------------------------------------------------------
// The log and the projection of one agent

Then(
  'the plan\\/mode events {agent} logged itself are {string}',
  async function (this: PlanWorld, name: string, list: string) {
    const log = await (await this.host()).readLog(await this.agent(name));
    const own = planModeEvents(log)
      .slice(inheritedOf(this, name))
      .map((event) => event.payload);
    expectEqual(
      own,
      parseOnOffList(list).map((active) => ({ active })),
      `the plan/mode payloads ${name} logged after it came to be, in order`,
    );
  },
);

Then(
  'when request {int} of {agent} reached the model, its log folded to plan mode {onoff}',
  async function (this: PlanWorld, n: number, name: string, active: boolean) {
    const log = this.logAtRequest.get(`${await this.agent(name)}#${n}`);
    if (!log) fail(`request ${n} of ${name} never reached the model`);
    expectEqual(
      foldPlanMode(log),
      active,
      `the fold of ${name}'s log when its request ${n} reached the model (SET-06: a selection is applied before the request is assembled)`,
    );
  },
);

Then(
  'the projection of {agent} shows plan mode {onoff} with {projectionPending}',
  async function (this: PlanWorld, name: string, active: boolean, pending: string) {
    const view = await (await this.host()).readProjection(await this.agent(name));
    expectEqual(view, { active, pending: pending === 'a selection pending' }, `the plan projection of ${name}`);
  },
);

Given(
  'while the model handles request {int} of {agent}, the projection of {agent} shows plan mode {onoff} with {projectionPending}',
  async function (this: PlanWorld, n: number, running: string, name: string, active: boolean, pending: string) {
    await this.agent(name);
    this.model.during(await this.agent(running), n, async () => {
      const view = await (await this.host()).readProjection(await this.agent(name));
      expectEqual(
        view,
        { active, pending: pending === 'a selection pending' },
        `the plan projection of ${name} while the model handles request ${n} of ${running}`,
      );
    });
  },
);

Then('the projection of {agent} agrees with get', async function (this: PlanWorld, name: string) {
  await assertProjectionAgreesWithGet(this, name, 'now');
});

Given(
  'while the model handles request {int} of {agent}, the projection of {agent} agrees with get',
  async function (this: PlanWorld, n: number, running: string, name: string) {
    await this.agent(name);
    this.model.during(await this.agent(running), n, async () => {
      await assertProjectionAgreesWithGet(this, name, `while the model handles request ${n} of ${running}`);
    });
  },
);

// ---------------------------------------------------------------------------
// What one agent's requests showed

Then('the number of model requests of {agent} is {int}', async function (this: PlanWorld, name: string, count: number) {
  expectEqual(this.model.requestsOf(await this.agent(name)).length, count, `number of model requests of ${name}`);
});

/** The switches a step names ("entering, leaving"; "none" for no notice). */
function switchesNamed(list: string): string[] {
  return list.trim() === 'none' ? [] : list.split(',').map((item) => item.trim());
}

/**
 * NARR-01's judgement of notice texts, the i-th reporting the i-th switch named: notices named alike read
 * alike, and notices of different switches read differently. Never their wording.
 */
function expectNoticesReadBySwitch(switches: string[], texts: string[]): void {
  const textOf = new Map<string, string>();
  switches.forEach((direction, index) => {
    const text = texts[index]!;
    const known = textOf.get(direction);
    expectTrue(
      known === undefined || known === text,
      () => `two notices reporting ${direction} plan mode read differently: ${show(known)} and ${show(text)}`,
    );
    textOf.set(direction, text);
  });
  const distinct = [...textOf.values()];
  expectEqual(
    new Set(distinct).size,
    distinct.length,
    () => `different texts for the different switches in ${show([...textOf.entries()])}`,
  );
}

/**
 * NARR-01: the notices the request carries, in order, named by the switch each
 * reports. Judged by presence, source and distinctness only: notices named
 * alike read alike, and an "entering" notice reads differently from a "leaving" one.
 */
Then(
  'request {int} of {agent} carries the notices {string}',
  async function (this: PlanWorld, n: number, name: string, list: string) {
    const notices = noticesIn((await requestOf(this, n, name)).messages);
    const expected = switchesNamed(list);
    expectEqual(
      notices.length,
      expected.length,
      () => `number of plugin notices in request ${n} of ${name} (${show(notices.map((notice) => notice.text))})`,
    );
    expectNoticesReadBySwitch(
      expected,
      notices.map((notice) => notice.text),
    );
  },
);

/**
 * NARR-01 after a compaction: the request's last notices are these (the ones
 * before the compaction may live on in its summary or not), named by the switch
 * each reports, judged as above.
 */
Then(
  'request {int} of {agent} ends with the notices {string}',
  async function (this: PlanWorld, n: number, name: string, list: string) {
    const notices = noticesIn((await requestOf(this, n, name)).messages);
    const expected = switchesNamed(list);
    expectTrue(
      notices.length >= expected.length,
      () =>
        `request ${n} of ${name} should end with ${expected.length} plugin notice(s); it carries ${show(notices.map((notice) => notice.text))}`,
    );
    expectNoticesReadBySwitch(
      expected,
      notices.slice(notices.length - expected.length).map((notice) => notice.text),
    );
  },
);

/** The user-typed texts the request adds after repeating the agent's previous request (" | " between texts, any order). */
Then(
  'request {int} of {agent} adds the user texts {text}',
  async function (this: PlanWorld, n: number, name: string, list: string) {
    const later = conversationOf(this, await requestOf(this, n, name)).messages;
    const earlier: Message[] = n > 1 ? conversationOf(this, await requestOf(this, n - 1, name)).messages : [];
    expectEqual(
      later.slice(0, earlier.length),
      earlier,
      `the first ${earlier.length} messages of request ${n} of ${name} (they repeat request ${n - 1})`,
    );
    const added = userTypedTexts(later.slice(earlier.length)).sort();
    const expected = list === 'none' ? [] : list.split(' | ').sort();
    expectEqual(added, expected, `user-typed texts request ${n} of ${name} adds`);
  },
);

/**
 * CMD-03: messages steered before one request reach it in the order typed (" | " between texts); other user texts,
 * such as the prompt of a turn they waited for, may come between them.
 */
Then(
  'request {int} of {agent} adds the user texts {text} in the order typed',
  async function (this: PlanWorld, n: number, name: string, list: string) {
    const later = (await requestOf(this, n, name)).messages;
    const earlier: Message[] = n > 1 ? (await requestOf(this, n - 1, name)).messages : [];
    const added = userTypedTexts(later.slice(earlier.length));
    const typed = list.split(' | ');
    expectTrue(
      occursInOrder(typed, added),
      () =>
        `request ${n} of ${name} should add ${show(typed)} in this order among its user texts; it adds ${show(added)}`,
    );
  },
);

/** SCOPE-02: in plan mode every tool still runs as usual, whatever it does. */
async function assertProbeResult(world: PlanWorld, n: number, name: string, effect: ProbeToolEffect): Promise<void> {
  const probe = PROBE_TOOLS[effect];
  const result = toolResults((await requestOf(world, n, name)).messages, probe.name).at(-1);
  if (!result) fail(`request ${n} of ${name} shows no result of ${probe.name}`);
  expectEqual(
    { isError: result.isError, text: result.text },
    { isError: false, text: probe.result },
    `the result of ${probe.name} in request ${n} of ${name}`,
  );
}

Then('request {int} of {agent} shows the probe tool result', async function (this: PlanWorld, n: number, name: string) {
  await assertProbeResult(this, n, name, 'read');
});

Then(
  'request {int} of {agent} shows the writing probe tool result',
  async function (this: PlanWorld, n: number, name: string) {
    await assertProbeResult(this, n, name, 'write');
  },
);

Then(
  'request {int} of {agent} shows the command-running probe tool result',
  async function (this: PlanWorld, n: number, name: string) {
    await assertProbeResult(this, n, name, 'command');
  },
);

async function lastExitResult(world: PlanWorld, n: number, name: string) {
  const result = toolResults((await requestOf(world, n, name)).messages, 'exit_plan_mode').at(-1);
  if (!result) fail(`request ${n} of ${name} shows no exit_plan_mode result`);
  return result;
}

Then(
  'request {int} of {agent} shows exit_plan_mode failing',
  async function (this: PlanWorld, n: number, name: string) {
    const result = await lastExitResult(this, n, name);
    expectTrue(
      result.isError,
      () => `the exit_plan_mode result in request ${n} of ${name} should be a failed call: ${show(result)}`,
    );
  },
);

/** TOOL-05: an approval is a successful call whose structured value is `{ approved: true }`. */
Then(
  'request {int} of {agent} shows exit_plan_mode succeeding',
  async function (this: PlanWorld, n: number, name: string) {
    const result = await lastExitResult(this, n, name);
    expectTrue(
      !result.isError,
      () => `the exit_plan_mode result in request ${n} of ${name} should succeed: ${show(result)}`,
    );
    expectEqual(
      result.value,
      { approved: true },
      `the structured value of the approved exit_plan_mode result in request ${n} of ${name}`,
    );
  },
);

Then(
  'request {int} of {agent} shows exit_plan_mode failing with a message containing {text}',
  async function (this: PlanWorld, n: number, name: string, text: string) {
    const result = await lastExitResult(this, n, name);
    expectTrue(
      result.isError,
      () => `the exit_plan_mode result in request ${n} of ${name} should be a failed call: ${show(result)}`,
    );
    // Containment, as REVIEW-04/REVIEW-06 state it: the kit's text within a failure worded by the host.
    expectTrue(
      result.text.includes(text),
      () => `the exit_plan_mode failure in request ${n} of ${name} should carry ${show(text)}: ${show(result.text)}`,
    );
  },
);

/** CMD-07: every `/plan` result is a success (its wording is not judged here). */
Then('every command result so far is a success', function (this: PlanWorld) {
  expectTrue(this.commandResults.length > 0, 'no command was run');
  this.commandResults.forEach((result, index) =>
    expectTrue(result.ok, () => `command ${index + 1} should succeed: ${show(result)}`),
  );
});
