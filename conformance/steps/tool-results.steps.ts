/**
 * What tools give back, as the model reads it: the structured value of an
 * approved review (TOOL-05), and the probe tools that read, write a file and
 * run a command, which plan mode must leave offered and running (SCOPE-02).
 * The probes' own result texts are the kit's, so comparing them judges no
 * wording of the host's.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineParameterType, Given, Then } from '@cucumber/cucumber';
import type { ProbeToolEffect } from '../../src/index.js';
import { questionShape } from '../oracle/host-questions.js';
import { expectEqual, expectTrue, fail, show } from '../assertions/expect.js';
import { toolResults } from '../world/observations.js';
import { PROBE_TOOLS, PROBE_WRITES_FOLDER } from '../script/probes.js';
import type { PlanWorld } from '../world/plan-world.js';

const EFFECT_WORDS: Record<string, ProbeToolEffect> = {
  reading: 'read',
  'file-writing': 'write',
  'command-running': 'command',
};

defineParameterType({
  name: 'probeEffect',
  regexp: /reading|file-writing|command-running/,
  transformer: (word: string) => EFFECT_WORDS[word]!,
});

let probeCallCounter = 0;

Then(
  'request {int} shows exit_plan_mode succeeding with the value \\{ approved: true }',
  async function (this: PlanWorld, n: number) {
    const result = toolResults((await this.request(n)).messages, 'exit_plan_mode').at(-1);
    if (!result) fail(`request ${n} shows no exit_plan_mode result`);
    expectTrue(!result.isError, () => `the exit_plan_mode result should succeed: ${show(result)}`);
    expectTrue(
      result.text.trim().length > 0,
      () => `the approval should carry the tool's confirmation text: ${show(result)}`,
    );
    expectTrue(
      'value' in result,
      () =>
        `the approved exit_plan_mode result shows no structured value (TOOL-05 needs { approved: true } observable): ${show(result)}`,
    );
    expectEqual(result.value, { approved: true }, 'the structured value of the approved exit_plan_mode result');
  },
);

Given(
  'the model will answer request {int} by calling the {probeEffect} probe tool',
  async function (this: PlanWorld, n: number, effect: ProbeToolEffect) {
    probeCallCounter += 1;
    const probe = PROBE_TOOLS[effect];
    this.model.answer(await this.agent(), n, {
      type: 'tool_calls',
      text: '',
      calls: [{ id: `probe_${effect}_${probeCallCounter}`, name: probe.name, arguments: structuredClone(probe.args) }],
    });
  },
);

Given(
  'the model will answer request {int} of {agent} and of {agent} by calling the {probeEffect} probe tool',
  async function (this: PlanWorld, n: number, first: string, second: string, effect: ProbeToolEffect) {
    const probe = PROBE_TOOLS[effect];
    for (const name of [first, second]) {
      probeCallCounter += 1;
      this.model.answer(await this.agent(name), n, {
        type: 'tool_calls',
        text: '',
        calls: [
          { id: `probe_${effect}_${probeCallCounter}`, name: probe.name, arguments: structuredClone(probe.args) },
        ],
      });
    }
  },
);

/**
 * SCOPE-02: plan mode neither reads nor writes the host's approval policy, so
 * the questions a host asks around a tool call (besides plan reviews) are the
 * same, in number and shape, for an agent in plan mode as for one outside it
 * making the same call. Whether it asks at all is the host's business.
 */
Then(
  '{agent} in plan mode was asked the same questions besides plan reviews as {agent} outside it',
  async function (this: PlanWorld, planning: string, outside: string) {
    const shapes = async (name: string) => {
      const agent = await this.agent(name);
      return this.user.otherQuestions
        .filter((asked) => asked.agent === agent)
        .map((asked) => questionShape(asked.question));
    };
    expectEqual(
      await shapes(planning),
      await shapes(outside),
      () =>
        `the questions (by intent, number of options, multi-select) asked for ${planning}, in plan mode, vs for ${outside}, outside it, besides plan reviews (every question asked: ${show(this.user.asked)})`,
    );
  },
);

/** SCOPE-02 within one agent: how many questions besides plan reviews the host asked it (the explorer's count). */
Then(
  '{agent} was asked {int} question(s) besides plan reviews',
  async function (this: PlanWorld, name: string, count: number) {
    const agent = await this.agent(name);
    const asked = this.user.otherQuestions.filter((question) => question.agent === agent);
    expectEqual(
      asked.length,
      count,
      () => `questions besides plan reviews asked for ${name} (every question asked: ${show(this.user.asked)})`,
    );
  },
);

Then(
  'the {probeEffect} probe tool ran {int} time(s)',
  function (this: PlanWorld, effect: ProbeToolEffect, count: number) {
    const runs = this.probes.tools.filter((run) => run.effect === effect);
    expectEqual(
      runs.length,
      count,
      () =>
        `executions of the ${PROBE_TOOLS[effect].name} probe tool (every probe execution: ${show(this.probes.tools)})`,
    );
  },
);

Then(
  'request {int} shows the {probeEffect} probe tool succeeding with its result',
  async function (this: PlanWorld, n: number, effect: ProbeToolEffect) {
    const probe = PROBE_TOOLS[effect];
    const result = toolResults((await this.request(n)).messages, probe.name).at(-1);
    if (!result)
      fail(`request ${n} shows no ${probe.name} result; its messages: ${show((await this.request(n)).messages)}`);
    expectTrue(!result.isError, () => `the ${probe.name} call should succeed as usual: ${show(result)}`);
    // The tool's own text within the result: a host may frame a tool's output (SCOPE-02 asks that it runs as usual).
    expectTrue(
      result.text.includes(probe.result),
      () => `the ${probe.name} result should carry what the tool returned, ${show(probe.result)}: ${show(result)}`,
    );
  },
);

Then(
  'request {int} offers the {probeEffect} probe tool',
  async function (this: PlanWorld, n: number, effect: ProbeToolEffect) {
    const request = await this.request(n);
    const name = PROBE_TOOLS[effect].name;
    expectTrue(
      request.tools.some((tool) => tool.name === name),
      () => `request ${n} does not offer ${name}; its catalog: ${show(request.tools.map((tool) => tool.name))}`,
    );
  },
);

Then('the file-writing probe tool left its file in the store folder', function (this: PlanWorld) {
  const { path, content } = PROBE_TOOLS.write.args as { path: string; content: string };
  const file = join(this.storeDir, PROBE_WRITES_FOLDER, path);
  expectTrue(existsSync(file), () => `the file-writing probe tool should have written ${show(file)}; it is not there`);
  expectEqual(readFileSync(file, 'utf8'), content, `the content of ${file}`);
});
