/**
 * Selections made through the service and driving the agent across request
 * boundaries: a new prompt after the turn ended, an ordinary continuation
 * after a tool call, or a retry of a failed request.
 */
import { defineParameterType, Given, When } from '@cucumber/cucumber';
import type { ModelResponse } from '../../src/index.js';
import { expectEqual, fail } from '../assertions/expect.js';
import { parseOnOffList } from '../world/observations.js';
import { PROBE_TOOL_NAME } from '../script/probes.js';
import { DEFAULT_AGENT, type PlanWorld } from '../world/plan-world.js';

type Lead = 'prompt submission' | 'continuation' | 'retry';

defineParameterType({
  name: 'leadBoundary',
  regexp: /prompt submission|continuation|retry/,
  transformer: (text: string) => text as Lead,
});

let leadCallCounter = 0;

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

Given(
  'while the model handles request {int}, the user makes the selections {string}',
  async function (this: PlanWorld, n: number, list: string) {
    const targets = parseOnOffList(list);
    this.model.during(await this.agent(), n, async () => {
      for (const active of targets) await this.selectPlanMode(DEFAULT_AGENT, active);
    });
  },
);

Given(
  'while the model handles request {int}, the user turns plan mode {onoff} for {agent}',
  async function (this: PlanWorld, n: number, active: boolean, name: string) {
    await this.agent(name); // the other agent exists before the turn starts
    this.model.during(await this.agent(), n, async () => {
      await this.selectPlanMode(name, active);
    });
  },
);

Given('request {int} will be followed by a {leadBoundary}', async function (this: PlanWorld, n: number, lead: Lead) {
  const agent = await this.agent();
  let response: ModelResponse;
  if (lead === 'continuation') {
    leadCallCounter += 1;
    response = {
      type: 'tool_calls',
      text: '',
      calls: [{ id: `lead_${leadCallCounter}`, name: PROBE_TOOL_NAME, arguments: { query: 'anything' } }],
    };
  } else if (lead === 'retry') {
    response = { type: 'failure', message: 'scripted transient failure', retryable: true };
  } else {
    response = { type: 'text', text: 'Done.' };
  }
  this.model.answer(agent, n, response);
});

When(
  'the user keeps prompting until the agent has made {int} model requests',
  async function (this: PlanWorld, count: number) {
    // The k-th prompt of this step is "prompt k".
    const agent = await this.agent();
    for (let k = 1; this.model.requestsOf(agent).length < count; k += 1) {
      if (k > count)
        fail(`after ${count} prompts the agent has made only ${this.model.requestsOf(agent).length} model request(s)`);
      await this.submitPrompt(agent, `prompt ${k}`);
      this.assertNoProblems();
    }
  },
);
