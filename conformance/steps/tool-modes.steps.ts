/**
 * Tool registry modes (TOOL-07/08): the host started in native, code or both
 * mode; the model exiting plan mode from a program; what the model is shown
 * of the tools (wire schemas and SDK text). The SDK's wording and shape and
 * the program language are the host's own ("Left open"): the kit checks only
 * that the SDK names `exit_plan_mode`, reaches the model and never changes,
 * and writes programs from the template the adapter gives (`codeTool`).
 */
import { defineParameterType, Given, Then } from '@cucumber/cucumber';
import { exitProgramArguments, isSupported, type ModelRequest, type ToolMode } from '../../src/index.js';
import { expectEqual, expectTrue, fail, show } from '../assertions/expect.js';
import { DEFAULT_AGENT, type PlanWorld } from '../world/plan-world.js';
import { readNotation } from '../world/text-notation.js';
import { assertOneReviewShowingPlan } from './review.steps.js';

const EXIT_TOOL = 'exit_plan_mode';

defineParameterType({
  name: 'toolMode',
  regexp: /native|code|both/,
  transformer: (text: string) => text as ToolMode,
});

/** The capability a mode needs; native needs none. */
const MODE_CAPABILITY = { code: 'codeMode', both: 'bothMode' } as const;

Given('the host presents its tools in {toolMode} mode', function (this: PlanWorld, mode: ToolMode) {
  this.assertNotStarted('choosing the tool mode');
  // Fail closed: a scenario that forgot its @needs tag must not send a mode the host never declared.
  if (mode !== 'native' && !isSupported(this.adapter.capabilities, MODE_CAPABILITY[mode])) {
    fail(
      `the scenario asks for ${mode} mode without @needs:${MODE_CAPABILITY[mode]}, and the host does not declare it`,
    );
  }
  this.toolMode = mode;
});

let programCounter = 0;

async function answerWithExitProgram(world: PlanWorld, n: number, plan: string, name = DEFAULT_AGENT): Promise<void> {
  const codeTool = world.adapter.codeTool;
  if (world.toolMode === 'native' || codeTool === undefined)
    fail('a program can only be sent to a host started in code or both mode');
  programCounter += 1;
  world.model.answer(await world.agent(name), n, {
    type: 'tool_calls',
    text: '',
    calls: [
      { id: `call_program_${programCounter}`, name: codeTool.name, arguments: exitProgramArguments(codeTool, plan) },
    ],
  });
}

/** TOOL-08: the model answers with one call of the code-running tool whose program calls exit_plan_mode with the plan. */
Given(
  'the model will answer request {int} with a program calling exit_plan_mode with the plan {string}',
  async function (this: PlanWorld, n: number, plan: string) {
    await answerWithExitProgram(this, n, plan);
  },
);

Given(
  'the model will answer request {int} with a program calling exit_plan_mode with the plan:',
  async function (this: PlanWorld, n: number, plan: string) {
    await answerWithExitProgram(this, n, plan);
  },
);

Given(
  'the model will answer request {int} of {agent} with a program calling exit_plan_mode with the plan {text}',
  async function (this: PlanWorld, n: number, name: string, plan: string) {
    await answerWithExitProgram(this, n, plan, name);
  },
);

// A plan with characters a feature cannot show (invisible, format, combining): written in world/text-notation.ts.
Given(
  'the model will answer request {int} with a program calling exit_plan_mode with the plan {string}, reading ⇥, ↵ and ⟨U+hex⟩ as that character',
  async function (this: PlanWorld, n: number, plan: string) {
    await answerWithExitProgram(this, n, readNotation(plan));
  },
);

Then(
  'the user was asked exactly one plan review, for the agent, showing the plan {string}, reading ⇥, ↵ and ⟨U+hex⟩ the same way',
  async function (this: PlanWorld, plan: string) {
    await assertOneReviewShowingPlan(this, DEFAULT_AGENT, readNotation(plan));
  },
);

/** Where the model can read the SDK text: the system prompt, or a wire tool's description. */
function shownToModel(request: ModelRequest, sdk: string): boolean {
  return request.systemPrompt.includes(sdk) || request.tools.some((tool) => tool.description.includes(sdk));
}

function sdkOf(request: ModelRequest, n: number, mode: ToolMode): string {
  const sdk = request.toolSdk;
  if (sdk === undefined || sdk.trim() === '')
    fail(`request ${n}, in ${mode} mode, reports no SDK text (ModelRequest.toolSdk)`);
  return sdk;
}

/**
 * TOOL-07, TOOL-01: `exit_plan_mode` is reachable the way the mode reaches
 * tools. Native: its schema on the wire, taking a string `plan`. Code: the
 * wire carries only the code-running tool, and the SDK (shown to the model)
 * names the exit binding. Both: the two together.
 */
Then(
  'request {int} reaches exit_plan_mode the way {toolMode} mode reaches tools',
  async function (this: PlanWorld, n: number, mode: ToolMode) {
    await assertExitReachable(this, n, mode, DEFAULT_AGENT);
  },
);

Then(
  'request {int} of {agent} reaches exit_plan_mode the way {toolMode} mode reaches tools',
  async function (this: PlanWorld, n: number, name: string, mode: ToolMode) {
    await assertExitReachable(this, n, mode, name);
  },
);

async function assertExitReachable(world: PlanWorld, n: number, mode: ToolMode, name: string): Promise<void> {
  const request = await world.request(n, name);
  const names = request.tools.map((tool) => tool.name);
  const codeTool = world.adapter.codeTool?.name;
  if (mode !== 'native') {
    if (codeTool === undefined) fail(`the adapter declares ${mode} mode but no codeTool`);
    const sdk = sdkOf(request, n, mode);
    expectTrue(
      shownToModel(request, sdk),
      () =>
        `request ${n}'s SDK text should reach the model, in its system prompt or a tool's description: ${show(sdk.slice(0, 200))}`,
    );
    expectTrue(
      sdk.includes(EXIT_TOOL),
      () => `request ${n}'s SDK text should hold the ${EXIT_TOOL} binding: ${show(sdk.slice(0, 400))}`,
    );
    expectTrue(
      names.includes(codeTool),
      () => `request ${n} should carry the code-running tool ${show(codeTool)} on the wire: ${show(names)}`,
    );
  }
  if (mode === 'code') {
    expectEqual(names, [codeTool], `the wire tools of request ${n} in code mode (only the code-running tool)`);
    return;
  }
  const exit = request.tools.find((tool) => tool.name === EXIT_TOOL);
  if (!exit) fail(`request ${n}, in ${mode} mode, should carry ${EXIT_TOOL} on the wire: ${show(names)}`);
  const schema = exit.parameters as { properties?: Record<string, { type?: unknown }>; required?: unknown } | null;
  expectEqual(schema?.properties?.['plan']?.type, 'string', `type of ${EXIT_TOOL} parameter plan`);
  expectTrue(Array.isArray(schema?.required) && schema.required.includes('plan'), `${EXIT_TOOL} must require plan`);
}

/** TOOL-07: the SDK text is byte-identical in every request, whatever the plan state and across every transition. */
Then('every request showed the same SDK text', function (this: PlanWorld) {
  const requests = this.model.requests;
  expectTrue(requests.length > 1, 'the scenario needs at least two requests to compare SDK texts');
  const first = sdkOf(requests[0]!, 1, this.toolMode);
  requests.forEach((request, index) =>
    expectEqual(sdkOf(request, index + 1, this.toolMode), first, `SDK text of request ${index + 1} vs request 1`),
  );
});
