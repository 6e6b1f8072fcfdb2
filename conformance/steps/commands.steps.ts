/**
 * The `/plan` command: typing command lines (now or while the model handles a
 * request), their results, and what the model received because of them.
 * Result wording is the host's own (docs/clauses.md, "Left open"): CMD-07 requires
 * only that every result is a success; CMD-08 (recommended) that results
 * reporting different outcomes differ. Every result text is shown for review.
 */
import { Given, Then, When } from '@cucumber/cucumber';
import type { ImageBlock, Message, ModelRequest } from '../../src/index.js';
import { strayMessages, type KitAuthored } from '../assertions/message-provenance.js';
import { expectEqual, expectTrue, fail, show } from '../assertions/expect.js';
import { showForReview } from '../assertions/review-text.js';
import { assertInPlanMode } from './requests.steps.js';
import { requestNumber, userTypedTexts } from '../world/observations.js';
import { DEFAULT_AGENT, type PlanWorld } from '../world/plan-world.js';
import { conversationOf, hostTextsOf, planSideOf, standingOf } from '../world/host-messages.js';

/** Every command line typed in a scenario, in order (the world keeps only the results). */
const typedLines = new WeakMap<PlanWorld, string[]>();

export function linesOf(world: PlanWorld): string[] {
  let lines = typedLines.get(world);
  if (!lines) {
    lines = [];
    typedLines.set(world, lines);
  }
  return lines;
}

/** Runs a command line for a named agent, with the images attached if any, and records line and result. */
export async function typeCommand(world: PlanWorld, name: string, line: string, images?: ImageBlock[]): Promise<void> {
  const host = await world.host();
  const agent = await world.agent(name);
  linesOf(world).push(line);
  world.commandResults.push(await host.runCommand(agent, line, images));
}

/** The agent's requests once it made `count` (within the call limit): a host may answer a command before its turn runs. */
export async function requestsOfAtLeast(world: PlanWorld, name: string, count: number): Promise<ModelRequest[]> {
  return world.model.requestsReaching(await world.agent(name), count, world.kit.callLimitMs);
}

/** The messages request `n` shows beyond what request `n - 1` showed (all of them for request 1). */
export async function addedIn(world: PlanWorld, n: number, name = DEFAULT_AGENT): Promise<Message[]> {
  const requests = await requestsOfAtLeast(world, name, n);
  const later = conversationOf(world, requestNumber(requests, n, name)).messages;
  if (n === 1) return later;
  const earlier = conversationOf(world, requestNumber(requests, n - 1, name)).messages;
  expectEqual(
    later.slice(0, earlier.length),
    earlier,
    `the first ${earlier.length} messages of request ${n} (they must repeat request ${n - 1})`,
  );
  return later.slice(earlier.length);
}

Given('plan mode starts {onoff}', async function (this: PlanWorld, active: boolean) {
  const host = await this.host();
  const agent = await this.agent();
  if (active) {
    const outcome = await host.setPlanMode(agent, true);
    this.setOutcomes.push(outcome);
    expectEqual(outcome, 'committed', 'set(agent, true) while idle');
  }
  expectEqual(await host.getPlanMode(agent), { active }, 'get(agent) before the command');
});

When('the user types the command {string}', async function (this: PlanWorld, line: string) {
  await typeCommand(this, DEFAULT_AGENT, line);
  this.assertNoProblems();
});

Given(
  'while the model handles request {int}, the user types the command {string}',
  async function (this: PlanWorld, n: number, line: string) {
    const agent = await this.agent();
    await this.host();
    this.model.during(agent, n, async () => {
      await typeCommand(this, DEFAULT_AGENT, line);
    });
  },
);

/** CMD-07: the last command's result is a success, whatever its text says. */
Then('the command succeeded', function (this: PlanWorld) {
  const result = this.commandResults.at(-1);
  if (!result) fail('no command was run');
  expectTrue(result.ok, () => `the command ${show(linesOf(this).at(-1))} should succeed: ${show(result)}`);
  showForReview(this, 'command-result', result.text);
});

/** CMD-07: every command typed so far succeeded. */
Then('the {int} command results are successes', function (this: PlanWorld, count: number) {
  const lines = linesOf(this);
  expectEqual(this.commandResults.length, count, () => `number of command results (lines typed: ${show(lines)})`);
  this.commandResults.forEach((result, index) => {
    expectTrue(result.ok, () => `command ${index + 1} ${show(lines[index])} should succeed: ${show(result)}`);
    showForReview(this, 'command-result', result.text);
  });
});

/** CMD-08 (recommended): results reporting different outcomes differ, so N outcomes give N texts. */
Then(
  'the {int} command results have {int} different texts',
  function (this: PlanWorld, count: number, distinct: number) {
    const lines = linesOf(this);
    const results = this.commandResults;
    expectEqual(results.length, count, () => `number of command results (lines typed: ${show(lines)})`);
    results.forEach((result) => showForReview(this, 'command-result', result.text));
    const texts = new Set(results.map((result) => result.text));
    expectEqual(
      texts.size,
      distinct,
      () =>
        `number of different result texts in ${show(results.map((result, index) => `${lines[index]} → ${result.text}`))}`,
    );
  },
);

/** CMD-08 (recommended): two commands whose outcomes differ must not report the same thing. */
Then('the results of commands {int} and {int} differ', function (this: PlanWorld, a: number, b: number) {
  const lines = linesOf(this);
  const first = this.commandResults[a - 1];
  const second = this.commandResults[b - 1];
  if (!first || !second)
    fail(`only ${this.commandResults.length} command results were recorded (lines typed: ${show(lines)})`);
  expectTrue(
    first.text !== second.text,
    () =>
      `command ${a} ${show(lines[a - 1])} and command ${b} ${show(lines[b - 1])} report different things but the host answered both with ${show(first.text)}`,
  );
});

Then('the model received nothing', async function (this: PlanWorld) {
  expectEqual(this.model.requestsOf(await this.agent()).length, 0, 'number of model requests of the agent');
});

Then(
  'the model received the user message {string} under plan guidance',
  async function (this: PlanWorld, text: string) {
    const requests = await requestsOfAtLeast(this, DEFAULT_AGENT, 1);
    const first = requestNumber(requests, 1, DEFAULT_AGENT);
    expectEqual(
      await planSideOf(this, first),
      [{ role: 'user', source: 'user', text }],
      'the messages of the first request after the command',
    );
    assertInPlanMode(this, first, 'the first request after the command');
  },
);

/**
 * CMD-03 and its timing (docs/clauses.md, "Left open"): a message steered while the agent runs keeps the turn
 * going, or waits for the agent's next step, the first of its next turn, ahead of that turn's prompt. Either way
 * request `n` is the first to carry it, as the first user text it adds (only later prompts may follow it), in plan mode.
 */
Then(
  'request {int} is the first to carry the steered message {string}, under plan guidance, ahead of any later prompt',
  async function (this: PlanWorld, n: number, text: string) {
    const added = await addedIn(this, n);
    const texts = userTypedTexts(added);
    expectEqual(texts[0], text, () => `the first user-typed message request ${n} adds (added: ${show(added)})`);
    const others = texts.slice(1).filter((other) => !this.prompted.includes(other));
    expectEqual(
      others,
      [],
      () =>
        `user-typed messages request ${n} adds after the steered one that are no later prompt (added: ${show(added)})`,
    );
    const requests = await requestsOfAtLeast(this, DEFAULT_AGENT, n);
    assertInPlanMode(
      this,
      requestNumber(requests, n, DEFAULT_AGENT),
      `request ${n}, the first to carry the steered message`,
    );
  },
);

Then('the only user text request {int} adds is {string}', async function (this: PlanWorld, n: number, text: string) {
  const added = await addedIn(this, n);
  expectEqual(userTypedTexts(added), [text], () => `user-typed messages added in request ${n} (added: ${show(added)})`);
});

Then('request {int} adds no user text', async function (this: PlanWorld, n: number) {
  const added = await addedIn(this, n);
  expectEqual(userTypedTexts(added), [], `user-typed messages added in request ${n}`);
});

Then(
  'request {int} of {agent} has exactly the messages of request {int} of {agent}',
  async function (this: PlanWorld, a: number, first: string, b: number, second: string) {
    const left = conversationOf(this, requestNumber(this.model.requestsOf(await this.agent(first)), a, first));
    const right = conversationOf(this, requestNumber(this.model.requestsOf(await this.agent(second)), b, second));
    expectEqual(left.messages, right.messages, `messages of request ${a} of ${first} vs request ${b} of ${second}`);
  },
);

/** What the kit itself put into the scenario so far: the only user texts and replies a request may carry. */
export async function kitAuthored(world: PlanWorld): Promise<KitAuthored> {
  return {
    prompts: world.prompted,
    commandLines: linesOf(world),
    replies: world.model.replies,
    compacted: world.compacted,
    hostLogged: await hostTextsOf(
      world,
      world.model.requests.map((request) => request.agent),
    ),
    standing: standingOf(world),
  };
}

/** Fails when a request of the scenario holds a message that should not be there (see assertions/message-provenance.ts). */
export async function assertNoStrayMessage(world: PlanWorld, what: string): Promise<void> {
  expectTrue(world.model.requests.length > 0, 'the scenario made no model request to inspect');
  const kit = await kitAuthored(world);
  world.model.requests.forEach((request, index) => {
    const stray = strayMessages(request, kit);
    expectTrue(
      stray.length === 0,
      () =>
        `request ${index + 1} (agent ${request.agent}) holds ${what}: ${stray.map((one) => `message ${one.index + 1} ${show(one.message)} is ${one.why}`).join('; ')}`,
    );
  });
}

/**
 * CMD-06: a command line or its result would be a message that should not be
 * there. Judged by identity and position, never by looking for the line's or
 * the result's letters inside messages: a result such as "ok" may well be
 * part of the model's own reply. (A notice may mention `/plan off` or read
 * like a result: both are the host's own words, judged by NARR.)
 */
Then('no request shows a command line or a command result', async function (this: PlanWorld) {
  expectTrue(linesOf(this).length > 0, 'the scenario typed no command');
  await assertNoStrayMessage(
    this,
    'a message that is no prompt, steered message, model reply, tool result, notice or compaction product (a command line or result?)',
  );
});

Then('the log holds the user message {string} once', async function (this: PlanWorld, text: string) {
  const log = await (await this.host()).readLog(await this.agent());
  const found = log.filter((event) => event.type === 'user/message' && event.source === 'user' && event.text === text);
  expectEqual(found.length, 1, () => `user/message events from the user with the text ${show(text)}`);
});
