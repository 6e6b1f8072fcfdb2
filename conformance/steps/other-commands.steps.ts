/**
 * Commands other than `/plan`: the kit's `/probe` command, typed beside
 * `/plan`, must leave plan mode, its log and the `plan` projection alone
 * (PROJ-02: the unit folds only `command/run` records named `plan`).
 */
import { Then, When } from '@cucumber/cucumber';
import type { PlanModeState, PlanProjectionView } from '../../src/index.js';
import { expectEqual, expectTrue, fail, show } from '../assertions/expect.js';
import { linesOf } from './commands.steps.js';
import { planModeEvents } from '../world/observations.js';
import { DEFAULT_AGENT, type PlanWorld } from '../world/plan-world.js';

interface BeforeProbe {
  line: string;
  state: PlanModeState;
  events: Array<Record<string, unknown>>;
  requests: number;
  projection?: PlanProjectionView;
  pushes?: number;
}

const beforeProbe = new WeakMap<PlanWorld, BeforeProbe>();

function projectionsComposed(world: PlanWorld): boolean {
  return world.compose.projections && world.supports('projections');
}

When('the user types the probe command {string}', async function (this: PlanWorld, line: string) {
  const host = await this.host();
  const agent = await this.agent(DEFAULT_AGENT);
  const before: BeforeProbe = {
    line,
    state: await host.getPlanMode(agent),
    events: planModeEvents(await host.readLog(agent)).map((event) => event.payload),
    requests: this.model.requestsOf(agent).length,
  };
  if (projectionsComposed(this)) {
    before.projection = await host.readProjection(agent);
    before.pushes = (await host.readProjectionPushes(agent)).length;
  }
  beforeProbe.set(this, before);
  linesOf(this).push(line);
  this.commandResults.push(await host.runCommand(agent, line));
  this.assertNoProblems();
});

Then(
  'the probe command ran once for the agent with the argument {string} and succeeded',
  async function (this: PlanWorld, args: string) {
    const agent = await this.agent(DEFAULT_AGENT);
    const result = this.commandResults.at(-1);
    expectTrue(
      result?.ok === true,
      () => `the probe command ${show(linesOf(this).at(-1))} should succeed; the host answered ${show(result)}`,
    );
    expectEqual(
      this.probes.commands.map((run) => ({ agent: run.agent, args: run.args.trim() })),
      [{ agent, args }],
      'runs of the probe command (agent, argument text trimmed)',
    );
  },
);

Then(
  'plan mode, its log and the plan projection are as they were before the probe command',
  async function (this: PlanWorld) {
    const before = beforeProbe.get(this);
    if (!before) fail('the scenario typed no probe command');
    const host = await this.host();
    const agent = await this.agent(DEFAULT_AGENT);
    const label = `after ${show(before.line)}`;
    expectEqual(await host.getPlanMode(agent), before.state, `get(agent) ${label} vs before it`);
    expectEqual(
      planModeEvents(await host.readLog(agent)).map((event) => event.payload),
      before.events,
      `plan/mode events ${label} vs before it`,
    );
    expectEqual(
      this.model.requestsOf(agent).length,
      before.requests,
      `model requests of the agent ${label} vs before it`,
    );
    if (before.projection !== undefined) {
      expectEqual(await host.readProjection(agent), before.projection, `the plan projection ${label} vs before it`);
      const pushes = await host.readProjectionPushes(agent);
      expectEqual(
        pushes.slice(before.pushes),
        [],
        `plan views the projection registry pushed ${label} (it must return the same state for any other command)`,
      );
    }
  },
);
