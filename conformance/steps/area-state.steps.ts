/**
 * Steps for scope, durable state, selection, narration, the plan policy
 * section, the exit tool's catalog and the model experience. Everything here
 * is observable through the contract: the requests the model receives, the
 * session log, what observers were told, set/get results and the kit's probe
 * tool and user. None of it knows how a host works inside.
 */
import { defineParameterType, Given, Then, When } from '@cucumber/cucumber';
import type { Message, ModelRequest, ModelResponse, PlanModeState, SessionEvent } from '../../src/index.js';
import { expectEqual, expectTrue, fail, show } from '../assertions/expect.js';
import { layoutOf, occurrences } from '../assertions/system-prompt.js';
import { foldPlanMode, noticeDirection, noticesIn, parseOnOffList, planModeEvents } from '../world/observations.js';
import { PROBE_TOOL_NAME } from '../world/probes.js';
import { DEFAULT_AGENT, type PlanWorld } from '../world/plan-world.js';

// ---------------------------------------------------------------------------
// Parameter types

/**
 * How the agent gets from one model request to the next: a new prompt after the
 * turn ended, an ordinary continuation after a tool call, or a retry of a
 * failed request.
 */
type Lead = 'prompt submission' | 'continuation' | 'retry';

defineParameterType({
  name: 'leadBoundary',
  regexp: /prompt submission|continuation|retry/,
  transformer: (text: string) => text as Lead,
});

// ---------------------------------------------------------------------------
// Helpers

let leadCallCounter = 0;

/** Does this request carry the plan section at order 50 (and only there)? */
function guidedByPlan(world: PlanWorld, request: ModelRequest, label: string): boolean {
  const text = world.planSection();
  const layout = layoutOf(request.systemPrompt, label);
  const count = occurrences(request.systemPrompt, text);
  if (count === 0) return false;
  expectTrue(count === 1 && layout.atOrder50.includes(text), `${label}: the plan section must appear once, at order 50; system prompt ${show(request.systemPrompt)}`);
  return true;
}

/** One line per message, as a feature table names them. */
function describeMessage(message: Message): { kind: string; detail: string } {
  switch (message.role) {
    case 'user':
      if (message.source === 'plugin') return { kind: 'notice', detail: noticeDirection(message.text) };
      if (message.source === 'host') return { kind: 'host message', detail: message.text };
      return { kind: 'user', detail: message.text };
    case 'assistant':
      if (message.toolCalls.length > 0) return { kind: 'assistant', detail: `calls ${message.toolCalls.map((call) => call.name).join(', ')}` };
      return { kind: 'assistant', detail: message.text };
    case 'tool':
      return { kind: 'tool', detail: `${message.toolName} ${message.isError ? 'failed' : 'ok'}` };
  }
}

function describeTable(table: { hashes(): Array<Record<string, string>> }): Array<{ kind: string; detail: string }> {
  return table.hashes().map((row) => ({ kind: (row.kind ?? '').trim(), detail: row.detail ?? '' }));
}

/** The messages `later` added to `earlier`, after checking that `later` keeps every earlier message in place. */
function appended(earlier: ModelRequest, later: ModelRequest, label: string): Message[] {
  const before = earlier.messages;
  const after = later.messages;
  expectTrue(after.length >= before.length, `${label}: the later request has fewer messages (${after.length}) than the earlier one (${before.length})`);
  expectEqual(after.slice(0, before.length), before, `${label}: the earlier messages, which must stay unchanged and in order`);
  return after.slice(before.length);
}

/** A short, order-insensitive description of a log event, for "the log gained ..." */
function describeEvent(event: SessionEvent): string {
  switch (event.type) {
    case 'plan/mode': {
      const keys = Object.keys(event.payload);
      if (keys.length === 1 && typeof event.payload.active === 'boolean') return `plan/mode ${event.payload.active ? 'on' : 'off'}`;
      return `plan/mode ${JSON.stringify(event.payload)}`;
    }
    case 'user/message':
      return event.source === 'plugin' ? 'notice' : `${event.source} message`;
    case 'other':
      return event.name;
    default:
      return event.type;
  }
}

// ---------------------------------------------------------------------------
// Readings: get() taken together with the log at that moment

interface Reading {
  state: PlanModeState;
  log: SessionEvent[];
}

const readings = new WeakMap<PlanWorld, Reading[]>();

async function takeReading(world: PlanWorld, name = DEFAULT_AGENT): Promise<void> {
  const host = await world.host();
  const agent = await world.agent(name);
  const log = await host.readLog(agent);
  const state = await host.getPlanMode(agent);
  const list = readings.get(world) ?? [];
  list.push({ state, log });
  readings.set(world, list);
  // Shared with log.steps.ts: "the fold of every prefix of the log agrees with get at that point".
  world.snapshots.push({ active: state.active, log });
}

function lastTwoReadings(world: PlanWorld): [Reading, Reading] {
  const list = readings.get(world) ?? [];
  if (list.length < 2) fail(`the scenario took ${list.length} reading(s) of the plan state; two are needed`);
  return [list.at(-2)!, list.at(-1)!];
}

// ---------------------------------------------------------------------------
// Selections

Given('the agent starts with plan mode {onoff}', async function (this: PlanWorld, active: boolean) {
  // A fresh agent is outside plan mode; "on" selects it while idle, before any request.
  const host = await this.host();
  const agent = await this.agent();
  if (!active) {
    expectEqual(await host.getPlanMode(agent), { active: false }, 'get(agent) of a fresh agent');
    return;
  }
  expectEqual(await host.setPlanMode(agent, true), 'committed', 'set(agent, true) on a fresh idle agent');
});

When('the user makes the selections {string}', async function (this: PlanWorld, list: string) {
  for (const active of parseOnOffList(list)) await this.selectPlanMode(DEFAULT_AGENT, active);
});

Given('while the model handles request {int}, the user makes the selections {string}', async function (this: PlanWorld, n: number, list: string) {
  const targets = parseOnOffList(list);
  this.model.during(await this.agent(), n, async () => {
    for (const active of targets) await this.selectPlanMode(DEFAULT_AGENT, active);
  });
});

Given('while the model handles request {int}, the user turns plan mode {onoff} for {agent}', async function (this: PlanWorld, n: number, active: boolean, name: string) {
  await this.agent(name); // the other agent exists before the turn starts
  this.model.during(await this.agent(), n, async () => {
    await this.selectPlanMode(name, active);
  });
});

// ---------------------------------------------------------------------------
// Driving the agent across request boundaries

Given('request {int} will be followed by a {leadBoundary}', async function (this: PlanWorld, n: number, lead: Lead) {
  const agent = await this.agent();
  let response: ModelResponse;
  if (lead === 'continuation') {
    leadCallCounter += 1;
    response = { type: 'tool_calls', text: '', calls: [{ id: `lead_${leadCallCounter}`, name: PROBE_TOOL_NAME, arguments: { query: 'anything' } }] };
  } else if (lead === 'retry') {
    response = { type: 'failure', message: 'scripted transient failure', retryable: true };
  } else {
    response = { type: 'text', text: 'Done.' };
  }
  this.model.answer(agent, n, response);
});

When('the user keeps prompting until the agent has made {int} model requests', async function (this: PlanWorld, count: number) {
  // The k-th prompt of this step is "prompt k".
  const host = await this.host();
  const agent = await this.agent();
  for (let k = 1; this.model.requestsOf(agent).length < count; k += 1) {
    if (k > count) fail(`after ${count} prompts the agent has made only ${this.model.requestsOf(agent).length} model request(s)`);
    await host.prompt(agent, `prompt ${k}`);
    this.assertNoProblems();
  }
});

// ---------------------------------------------------------------------------
// Readings of get() and the log

When('the user reads the plan state', async function (this: PlanWorld) {
  await takeReading(this);
});

Given('while the model handles request {int}, the user reads the plan state', async function (this: PlanWorld, n: number) {
  this.model.during(await this.agent(), n, async () => {
    await takeReading(this);
  });
});

Then('between the last two readings the log gained {string}', function (this: PlanWorld, list: string) {
  const [earlier, later] = lastTwoReadings(this);
  expectTrue(later.log.length >= earlier.log.length, `the log shrank from ${earlier.log.length} to ${later.log.length} events`);
  expectEqual(later.log.slice(0, earlier.log.length), earlier.log, 'the earlier part of the log (the log is append-only)');
  // Judged here: plan/mode events and user messages other than notices. A host's own
  // bookkeeping records (`other`) are its business, and when a notice is logged is
  // too: notices are judged from the requests that carry them (NARR scenarios).
  const gained = later.log
    .slice(earlier.log.length)
    .filter((event) => event.type !== 'other' && !(event.type === 'user/message' && event.source === 'plugin'))
    .map(describeEvent)
    .sort();
  const expected = list.trim() === 'nothing' ? [] : list.split(',').map((item) => item.trim()).sort();
  expectEqual(gained, expected, 'events appended between the two readings (in any order)');
});

// ---------------------------------------------------------------------------
// Log, headers and observers

Then('every request header agrees with the plan guidance of its request', async function (this: PlanWorld) {
  const agent = await this.agent();
  const requests = this.model.requestsOf(agent);
  const log = await (await this.host()).readLog(agent);
  expectTrue(requests.length > 0, 'the agent made no model request');
  requests.forEach((request, index) => {
    const n = index + 1;
    const header = this.headerInForce(agent, n);
    expectTrue(header >= 0, `no request/header was logged before request ${n}`);
    expectEqual(guidedByPlan(this, request, `request ${n}`), foldPlanMode(log.slice(0, header)), `request ${n} in plan mode vs the fold of the log before the header in force for it`);
  });
});

async function observedPlanModes(world: PlanWorld, name: string): Promise<boolean[]> {
  const observed = await (await world.host()).readObserved(await world.agent(name));
  return planModeEvents(observed).map((event) => {
    expectTrue(typeof event.payload.active === 'boolean', `observers were told of a plan/mode event with payload ${show(event.payload)}`);
    return event.payload.active as boolean;
  });
}

Then('observers were told of the plan\\/mode events {string}', async function (this: PlanWorld, list: string) {
  expectEqual(await observedPlanModes(this, DEFAULT_AGENT), parseOnOffList(list), 'plan/mode events told to session observers, in order');
});

Then('observers of {agent} were told of the plan\\/mode events {string}', async function (this: PlanWorld, name: string, list: string) {
  expectEqual(await observedPlanModes(this, name), parseOnOffList(list), `plan/mode events told to the observers of ${name}, in order`);
});

Given('while the model handles request {int}, observers have been told of the plan\\/mode events {string}', async function (this: PlanWorld, n: number, list: string) {
  const expected = parseOnOffList(list);
  this.model.during(await this.agent(), n, async () => {
    expectEqual(await observedPlanModes(this, DEFAULT_AGENT), expected, `plan/mode events told to observers by the time the model handles request ${n}`);
  });
});

// ---------------------------------------------------------------------------
// What the model received: notices and the growth of the conversation

async function newNotices(world: PlanWorld, n: number, name: string): Promise<Message[]> {
  const later = await world.request(n, name);
  if (n === 1) return noticesIn(later.messages);
  const earlier = await world.request(n - 1, name);
  return noticesIn(appended(earlier, later, `request ${n} vs request ${n - 1}`));
}

async function assertAddsOneNotice(world: PlanWorld, n: number, name: string, direction: 'plan' | 'default'): Promise<void> {
  const added = await newNotices(world, n, name);
  expectEqual(added.length, 1, `notices added in request ${n} of ${name}: ${show(added)}`);
  expectEqual(noticeDirection(added[0]!.text), direction, `direction of the notice ${show(added[0]!.text)}`);
}

Then('request {int} adds one notice that the user switched to plan mode', async function (this: PlanWorld, n: number) {
  await assertAddsOneNotice(this, n, DEFAULT_AGENT, 'plan');
});

Then('request {int} adds one notice that the user switched back to the default mode', async function (this: PlanWorld, n: number) {
  await assertAddsOneNotice(this, n, DEFAULT_AGENT, 'default');
});

Then('request {int} adds no notice', async function (this: PlanWorld, n: number) {
  expectEqual(await newNotices(this, n, DEFAULT_AGENT), [], `notices added in request ${n}`);
});

Then('request {int} of {agent} adds no notice', async function (this: PlanWorld, n: number, name: string) {
  expectEqual(await newNotices(this, n, name), [], `notices added in request ${n} of ${name}`);
});

Then('request {int} adds {int} notice(s)', async function (this: PlanWorld, n: number, count: number) {
  const added = await newNotices(this, n, DEFAULT_AGENT);
  expectEqual(added.length, count, `number of notices added in request ${n}: ${show(added)}`);
});

Then('request {int} grows request {int} by exactly:', async function (this: PlanWorld, later: number, earlier: number, table: { hashes(): Array<Record<string, string>> }) {
  const added = appended(await this.request(earlier), await this.request(later), `request ${later} vs request ${earlier}`);
  expectEqual(added.map(describeMessage), describeTable(table), `messages request ${later} added after those of request ${earlier}`);
});

Then('the messages of request {int} are exactly:', async function (this: PlanWorld, n: number, table: { hashes(): Array<Record<string, string>> }) {
  const request = await this.request(n);
  expectEqual(request.messages.map(describeMessage), describeTable(table), `messages of request ${n}`);
});

Then('request {int} adds the user message {string}', async function (this: PlanWorld, n: number, text: string) {
  const added = appended(await this.request(n - 1), await this.request(n), `request ${n} vs request ${n - 1}`);
  const users = added.filter((message) => message.role === 'user' && message.source === 'user');
  expectEqual(users.map((message) => message.text), [text], `user messages added in request ${n}`);
});

// ---------------------------------------------------------------------------
// System prompts and tool catalogs across agents and requests

Then('the system prompts of requests {int}, {int} and {int} are identical', async function (this: PlanWorld, a: number, b: number, c: number) {
  const first = (await this.request(a)).systemPrompt;
  expectEqual((await this.request(b)).systemPrompt, first, `system prompt of request ${b} vs request ${a}`);
  expectEqual((await this.request(c)).systemPrompt, first, `system prompt of request ${c} vs request ${a}`);
});

Then('the system prompts of requests {int} and {int} are not identical', async function (this: PlanWorld, a: number, b: number) {
  const first = (await this.request(a)).systemPrompt;
  const second = (await this.request(b)).systemPrompt;
  expectTrue(first !== second, `the system prompts of requests ${a} and ${b} are identical: ${show(first)}`);
});

Then('request {int} of {agent} and request {int} of {agent} carry the same tool catalog', async function (this: PlanWorld, a: number, first: string, b: number, second: string) {
  const one = await this.request(a, first);
  const two = await this.request(b, second);
  expectEqual(two.tools, one.tools, `tool catalog of request ${b} of ${second} vs request ${a} of ${first}`);
});

// ---------------------------------------------------------------------------
// The kit's user and probe tool

Then('the user was never asked a question', function (this: PlanWorld) {
  expectEqual(this.user.asked.map((asked) => asked.question.question), [], 'questions the host asked the user');
});

Then('the probe tool ran {int} time(s)', function (this: PlanWorld, count: number) {
  expectEqual(this.probeExecutions.length, count, 'executions of the probe tool');
});
