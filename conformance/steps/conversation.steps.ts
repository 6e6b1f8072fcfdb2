/** Prompting agents and scripting what the model answers to each request. */
import { Given, When } from '@cucumber/cucumber';
import type { ModelResponse } from '../../src/index.js';
import { AdapterTimeoutError } from '../guard/time-limit.js';
import { PROBE_TOOL_NAME } from '../script/probes.js';
import { DEFAULT_AGENT, type PlanWorld } from '../world/plan-world.js';

let callCounter = 0;

/** A failed request the host is told not to retry (`retryable: false`): it gives up on the turn. */
const NOT_RETRYABLE: ModelResponse = {
  type: 'failure',
  message: 'scripted failure that is not retryable',
  retryable: false,
};
function toolCall(name: string, args: Record<string, unknown>): ModelResponse {
  callCounter += 1;
  return { type: 'tool_calls', text: '', calls: [{ id: `call_${callCounter}`, name, arguments: args }] };
}

async function script(world: PlanWorld, n: number, response: ModelResponse, name = DEFAULT_AGENT): Promise<void> {
  world.model.answer(await world.agent(name), n, response);
}

async function prompt(world: PlanWorld, name: string, text: string): Promise<void> {
  await world.submitPrompt(await world.agent(name), text);
  world.assertNoProblems();
}

When('the user prompts {string}', async function (this: PlanWorld, text: string) {
  await prompt(this, DEFAULT_AGENT, text);
});

When('the user prompts {agent} with {text}', async function (this: PlanWorld, name: string, text: string) {
  await prompt(this, name, text);
});

/**
 * A turn whose request fails without retry: the host gives up, by ending the
 * turn or by rejecting the prompt (left open by the seed), so a rejection is
 * no failure here; what the host sent the model is still judged.
 */
async function promptThatMayGiveUp(world: PlanWorld, name: string, text: string): Promise<void> {
  try {
    await world.submitPrompt(await world.agent(name), text);
  } catch (error) {
    // A host that hangs has not given up: a time-out still fails the step.
    if (error instanceof AdapterTimeoutError) throw error;
  }
  world.assertNoProblems();
}

When('the user prompts {string}, which may give up', async function (this: PlanWorld, text: string) {
  await promptThatMayGiveUp(this, DEFAULT_AGENT, text);
});

When(
  'the user prompts {agent} with {text}, which may give up',
  async function (this: PlanWorld, name: string, text: string) {
    await promptThatMayGiveUp(this, name, text);
  },
);

Given(
  'the model will answer request {int} by calling exit_plan_mode with the plan {string}',
  async function (this: PlanWorld, n: number, plan: string) {
    await script(this, n, toolCall('exit_plan_mode', { plan }));
  },
);

Given(
  'the model will answer request {int} by calling exit_plan_mode with the plan:',
  async function (this: PlanWorld, n: number, plan: string) {
    await script(this, n, toolCall('exit_plan_mode', { plan }));
  },
);

/**
 * A plan of `length` characters (a Markdown heading, then numbered steps, line
 * by line), kept on the world so a later step can compare the review with it.
 */
export function planOfLength(length: number): string {
  const lines = ['# Plan: move every caller to the new client', ''];
  for (let step = 1; lines.join('\n').length < length; step += 1)
    lines.push(`${step}. Move caller ${step} to the new client and rerun its tests.`);
  return lines.join('\n').slice(0, length);
}

Given(
  'the model will answer request {int} by calling exit_plan_mode with a plan of {int} characters',
  async function (this: PlanWorld, n: number, length: number) {
    const plan = planOfLength(length);
    this.submittedPlans.push(plan);
    await script(this, n, toolCall('exit_plan_mode', { plan }));
  },
);

Given('the model will answer request {int} by calling the probe tool', async function (this: PlanWorld, n: number) {
  await script(this, n, toolCall(PROBE_TOOL_NAME, { query: 'anything' }));
});

Given('the model will answer request {int} with a retryable failure', async function (this: PlanWorld, n: number) {
  await script(this, n, { type: 'failure', message: 'scripted transient failure', retryable: true });
});

Given(
  'the model will answer request {int} with a failure that is not retryable',
  async function (this: PlanWorld, n: number) {
    await script(this, n, NOT_RETRYABLE);
  },
);

Given(
  'the model will answer request {int} of {agent} with a failure that is not retryable',
  async function (this: PlanWorld, n: number, name: string) {
    await script(this, n, NOT_RETRYABLE, name);
  },
);

/** Enough history for a host's compaction to have something to shrink. */
When('the user has a long conversation', async function (this: PlanWorld) {
  const paragraph =
    'Read the module, list every caller, note how each one handles errors, and keep the findings for the plan. '.repeat(
      12,
    );
  for (let turn = 1; turn <= 4; turn += 1) await prompt(this, DEFAULT_AGENT, `Part ${turn}: ${paragraph}`);
});
