/**
 * Steps added to kill the surviving mutants of the Stryker run over the
 * reference plugin (mutants/STRYKER.md): a malformed exit_plan_mode call, the
 * shape of the tool's parameter schema, and comparing two command results.
 * Like the other command steps, these never read the wording of a result, only
 * whether results that report different things differ.
 */
import { Given, Then } from '@cucumber/cucumber';
import { expectEqual, expectTrue, fail, show } from '../assertions/expect.js';
import { linesOf } from './commands.steps.js';
import type { PlanWorld } from '../world/plan-world.js';

let gapCallCounter = 0;

/** TOOL-01: the model calls exit_plan_mode with arguments that do not carry the plan as a string. */
Given('the model will answer request {int} by calling exit_plan_mode with the arguments {string}', async function (this: PlanWorld, n: number, json: string) {
  let args: unknown;
  try {
    args = JSON.parse(json);
  } catch (error) {
    fail(`the scenario's arguments are not JSON: ${show(json)} (${error instanceof Error ? error.message : String(error)})`);
  }
  if (args === null || typeof args !== 'object' || Array.isArray(args)) fail(`the scenario's arguments are not a JSON object: ${show(json)}`);
  gapCallCounter += 1;
  this.model.answer(await this.agent(), n, {
    type: 'tool_calls',
    text: '',
    calls: [{ id: `call_gap_${gapCallCounter}`, name: 'exit_plan_mode', arguments: args as Record<string, unknown> }],
  });
});

/** TOOL-01: the parameters the model receives describe an argument object (JSON schema `type: object`). */
Then('exit_plan_mode\'s parameter schema describes an object of arguments', async function (this: PlanWorld) {
  const request = await this.request(1);
  const tool = request.tools.find((candidate) => candidate.name === 'exit_plan_mode');
  if (!tool) fail(`exit_plan_mode is not in the catalog: ${show(request.tools.map((t) => t.name))}`);
  const schema = tool.parameters as { type?: unknown } | null | undefined;
  expectEqual(schema?.type, 'object', `the JSON-schema type of exit_plan_mode's parameters ${show(tool.parameters)}`);
});

/** CMD-07: every command typed so far succeeded and said something. */
Then('the {int} command results are successes', function (this: PlanWorld, count: number) {
  const lines = linesOf(this);
  expectEqual(this.commandResults.length, count, `number of command results (lines typed: ${show(lines)})`);
  this.commandResults.forEach((result, index) => {
    expectTrue(result.ok, `command ${index + 1} ${show(lines[index])} should succeed: ${show(result)}`);
    expectTrue(result.text.trim().length > 0, `command ${index + 1} ${show(lines[index])} reported nothing: ${show(result)}`);
  });
});

/** CMD-07: two commands whose outcomes differ in kind must not report the same thing. */
Then('the results of commands {int} and {int} differ', function (this: PlanWorld, a: number, b: number) {
  const lines = linesOf(this);
  const first = this.commandResults[a - 1];
  const second = this.commandResults[b - 1];
  if (!first || !second) fail(`only ${this.commandResults.length} command results were recorded (lines typed: ${show(lines)})`);
  expectTrue(
    first.text !== second.text,
    `command ${a} ${show(lines[a - 1])} and command ${b} ${show(lines[b - 1])} report different things but the host answered both with ${show(first.text)}`,
  );
});
