/**
 * Several agents at once: one agent's request held in flight while the user
 * acts on another (or on the same one), two agents with selections pending
 * together, and forks taken in the middle of all that. "In flight" means the
 * kit's model holds the request open, so every ordinary step can run while it
 * waits, on any agent.
 */
import { Given, Then, When } from '@cucumber/cucumber';
import type { ModelResponse } from '../../src/index.js';
import { expectEqual, expectTrue, show } from '../assertions/expect.js';
import { typeCommand } from './commands.steps.js';
import { PROBE_TOOLS } from '../script/probes.js';
import type { PlanWorld } from '../world/plan-world.js';
import { userTypedTexts } from '../world/observations.js';

let concurrentCallCounter = 0;

Given('plan mode starts {onoff} for {agent}', async function (this: PlanWorld, active: boolean, name: string) {
  const host = await this.host();
  const agent = await this.agent(name);
  if (active) expectEqual(await host.setPlanMode(agent, true), 'committed', `set(${name}, true) while idle`);
  expectEqual(await host.getPlanMode(agent), { active }, `get(${name}) before the scenario acts`);
});

Given(
  'the model will answer request {int} of {agent} by calling the probe tool',
  async function (this: PlanWorld, n: number, name: string) {
    concurrentCallCounter += 1;
    const response: ModelResponse = {
      type: 'tool_calls',
      text: '',
      calls: [
        { id: `concurrent_${concurrentCallCounter}`, name: PROBE_TOOLS.read.name, arguments: PROBE_TOOLS.read.args },
      ],
    };
    this.model.answer(await this.agent(name), n, response);
  },
);

When(
  'the user prompts {agent} with {string} and the model holds its request {int}',
  async function (this: PlanWorld, name: string, text: string, n: number) {
    await this.promptHoldingRequest(name, text, n);
  },
);

When(
  'the model answers the held request {int} of {agent} and its turn ends',
  async function (this: PlanWorld, n: number, name: string) {
    await this.releaseAndFinish(name, n);
  },
);

When('the user types the command {text} for {agent}', async function (this: PlanWorld, line: string, name: string) {
  await typeCommand(this, name, line);
  const result = this.commandResults.at(-1);
  expectTrue(
    result?.ok === true,
    () => `the command ${show(line)} for ${name} should succeed; the host answered ${show(result)}`,
  );
});

Then(
  'get reports plan mode {onoff} with plan mode {onoff} pending for {agent}',
  async function (this: PlanWorld, active: boolean, pending: boolean, name: string) {
    const state = await (await this.host()).getPlanMode(await this.agent(name));
    expectEqual(state, { active, pending }, `get(${name})`);
  },
);

Then('set returned one of {string}', function (this: PlanWorld, list: string) {
  const allowed = list.split(',').map((item) => item.trim());
  const last = this.setOutcomes.at(-1);
  expectTrue(
    last !== undefined && allowed.includes(last),
    () => `the last set result should be one of ${show(allowed)}; the host returned ${show(last)}`,
  );
});

Then(
  'request {int} of {agent} carries the user message {string}',
  async function (this: PlanWorld, n: number, name: string, text: string) {
    const request = await this.request(n, name);
    const users = userTypedTexts(request.messages);
    expectTrue(
      users.includes(text),
      () => `request ${n} of ${name} should carry the user message ${show(text)}; its user messages are ${show(users)}`,
    );
  },
);

Then(
  'no request of {agent} carries the user message {string}',
  async function (this: PlanWorld, name: string, text: string) {
    const requests = this.model.requestsOf(await this.agent(name));
    requests.forEach((request, index) => {
      const found = request.messages.filter((message) => message.role === 'user' && message.text === text);
      expectEqual(found, [], () => `user messages ${show(text)} in request ${index + 1} of ${name}`);
    });
  },
);

Given(
  'the model will answer request {int} of {agent} with a closing text',
  async function (this: PlanWorld, n: number, name: string) {
    this.model.answer(await this.agent(name), n, { type: 'text', text: 'Done.' });
  },
);
