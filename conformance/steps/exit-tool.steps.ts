/**
 * The exit tool as the model sees it: its catalog entry, calls the model makes
 * with arguments of any shape, and the results it reads back. Result and
 * failure texts are the host's own: the kit judges whether a call failed, that
 * a text is there, and the exact text only where the kit chose it (the user's
 * feedback, a question provider's error); every text is shown for review.
 */
import { Given, Then } from '@cucumber/cucumber';
import type { ModelRequest, ToolResultMessage } from '../../src/index.js';
import { expectEqual, expectTrue, fail, show } from '../assertions/expect.js';
import { showForReview } from '../assertions/review-text.js';
import { toolResults } from '../world/observations.js';
import type { PlanWorld } from '../world/plan-world.js';
import { readNotation } from '../world/text-notation.js';
import { providerMessagesOf } from './review.steps.js';

let argumentsCallCounter = 0;

async function lastExitResult(world: PlanWorld, n: number): Promise<ToolResultMessage> {
  const result = toolResults((await world.request(n)).messages, 'exit_plan_mode').at(-1);
  if (!result) fail(`request ${n} shows no exit_plan_mode result`);
  return result;
}

function expectFailed(result: ToolResultMessage): void {
  expectTrue(result.isError, () => `the exit_plan_mode result should be a failed call: ${show(result)}`);
}

/** TOOL-01: the model calls exit_plan_mode with arguments that do not carry the plan as a string. */
Given(
  'the model will answer request {int} by calling exit_plan_mode with the arguments {string}',
  async function (this: PlanWorld, n: number, json: string) {
    let args: unknown;
    try {
      args = JSON.parse(json);
    } catch (error) {
      fail(
        `the scenario's arguments are not JSON: ${show(json)} (${error instanceof Error ? error.message : String(error)})`,
      );
    }
    if (args === null || typeof args !== 'object' || Array.isArray(args))
      fail(`the scenario's arguments are not a JSON object: ${show(json)}`);
    argumentsCallCounter += 1;
    this.model.answer(await this.agent(), n, {
      type: 'tool_calls',
      text: '',
      calls: [
        { id: `call_args_${argumentsCallCounter}`, name: 'exit_plan_mode', arguments: args as Record<string, unknown> },
      ],
    });
  },
);

/** TOOL-01: the parameters the model receives describe an argument object (JSON schema `type: object`). */
Then("exit_plan_mode's parameter schema describes an object of arguments", async function (this: PlanWorld) {
  const request = await this.request(1);
  const tool = request.tools.find((candidate) => candidate.name === 'exit_plan_mode');
  if (!tool) fail(`exit_plan_mode is not in the catalog: ${show(request.tools.map((t) => t.name))}`);
  const schema = tool.parameters as { type?: unknown } | null | undefined;
  expectEqual(
    schema?.type,
    'object',
    () => `the JSON-schema type of exit_plan_mode's parameters ${show(tool.parameters)}`,
  );
});

/** TOOL-01: wherever the tool stands in the catalog, it takes the plan as a required string. */
Then(
  'the tool catalog offers exit_plan_mode taking a string {string}',
  async function (this: PlanWorld, parameter: string) {
    assertOffersExit(await this.request(1), parameter);
  },
);

Then(
  'request {int} of {agent} offers exit_plan_mode taking a string {string}',
  async function (this: PlanWorld, n: number, name: string, parameter: string) {
    assertOffersExit(await this.request(n, name), parameter);
  },
);

function assertOffersExit(request: ModelRequest, parameter: string): void {
  const tool = request.tools.find((candidate) => candidate.name === 'exit_plan_mode');
  if (!tool) fail(`exit_plan_mode is not in the catalog: ${show(request.tools.map((t) => t.name))}`);
  const schema = tool.parameters as { properties?: Record<string, { type?: unknown }>; required?: unknown };
  expectEqual(schema?.properties?.[parameter]?.type, 'string', `type of exit_plan_mode parameter ${parameter}`);
  expectTrue(
    Array.isArray(schema.required) && schema.required.includes(parameter),
    `exit_plan_mode must require ${parameter}`,
  );
}

/** REVIEW-04 (the user's feedback) and REVIEW-06 (a provider's error): text the kit chose reaches the model unchanged. */
Then(
  'request {int} shows exit_plan_mode failing with a message containing {string}',
  async function (this: PlanWorld, n: number, text: string) {
    const result = await lastExitResult(this, n);
    expectFailed(result);
    // Containment, because the clauses ask for it: the kit's text reaches the model "within the failure text" (REVIEW-06),
    // carried by a failure whose other words are the host's own (REVIEW-04).
    expectTrue(
      result.text.includes(text),
      () => `the exit_plan_mode failure should carry ${show(text)} unchanged: ${show(result.text)}`,
    );
    showForReview(
      this,
      providerMessagesOf(this).includes(text) ? 'seam-error-failure' : 'keep-planning-failure',
      result.text,
    );
  },
);

/** As above, for a text the feature writes in the notation of world/text-notation.ts (line breaks, invisible characters). */
Then(
  'request {int} shows exit_plan_mode failing with a message containing {string}, reading ⇥, ↵ and ⟨U+hex⟩ as that character',
  async function (this: PlanWorld, n: number, written: string) {
    const text = readNotation(written);
    const result = await lastExitResult(this, n);
    expectFailed(result);
    expectTrue(
      result.text.includes(text),
      () =>
        `the exit_plan_mode failure should carry the user's feedback ${show(text)} byte for byte: ${show(result.text)}`,
    );
    showForReview(this, 'keep-planning-failure', result.text);
  },
);

Then('request {int} shows exit_plan_mode failing', async function (this: PlanWorld, n: number) {
  expectFailed(await lastExitResult(this, n));
});

/** TOOL-03: a failed call; its text is the host's own. */
Then('request {int} shows exit_plan_mode failing outside plan mode', async function (this: PlanWorld, n: number) {
  const result = await lastExitResult(this, n);
  expectFailed(result);
  showForReview(this, 'exit-outside-plan-failure', result.text);
});

/** TOOL-05: a successful call with the tool's confirmation text (whatever it says). */
Then('request {int} shows exit_plan_mode succeeding', async function (this: PlanWorld, n: number) {
  const result = await lastExitResult(this, n);
  expectTrue(!result.isError, () => `the exit_plan_mode result should succeed: ${show(result)}`);
  expectTrue(result.text.trim().length > 0, "the approval should carry the tool's confirmation text");
  showForReview(this, 'exit-approved-result', result.text);
});
