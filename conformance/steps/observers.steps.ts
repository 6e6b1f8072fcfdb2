/**
 * What session observers (UIs) were told. Only plan/mode events are judged:
 * which other events a host tells its observers about is its own choice
 * (docs/clauses.md, "Left open").
 */
import { Given, Then } from '@cucumber/cucumber';
import { expectEqual, expectTrue, show } from '../assertions/expect.js';
import { parseOnOffList, planModeEvents } from '../world/observations.js';
import { DEFAULT_AGENT, type PlanWorld } from '../world/plan-world.js';

async function observedPlanModes(world: PlanWorld, name: string): Promise<boolean[]> {
  const observed = await (await world.host()).readObserved(await world.agent(name));
  return planModeEvents(observed).map((event) => {
    expectTrue(
      typeof event.payload.active === 'boolean',
      () => `observers were told of a plan/mode event with payload ${show(event.payload)}`,
    );
    return event.payload.active as boolean;
  });
}

Then('observers were told of the plan\\/mode events {string}', async function (this: PlanWorld, list: string) {
  expectEqual(
    await observedPlanModes(this, DEFAULT_AGENT),
    parseOnOffList(list),
    'plan/mode events told to session observers, in order',
  );
});

Then(
  'observers of {agent} were told of the plan\\/mode events {string}',
  async function (this: PlanWorld, name: string, list: string) {
    expectEqual(
      await observedPlanModes(this, name),
      parseOnOffList(list),
      `plan/mode events told to the observers of ${name}, in order`,
    );
  },
);

Given(
  'while the model handles request {int}, observers have been told of the plan\\/mode events {string}',
  async function (this: PlanWorld, n: number, list: string) {
    const expected = parseOnOffList(list);
    this.model.during(await this.agent(), n, async () => {
      expectEqual(
        await observedPlanModes(this, DEFAULT_AGENT),
        expected,
        `plan/mode events told to observers by the time the model handles request ${n}`,
      );
    });
  },
);

Then('observers were told of every plan\\/mode event in log order', async function (this: PlanWorld) {
  const host = await this.host();
  const agent = await this.agent();
  const logged = planModeEvents(await host.readLog(agent)).map((event) => event.payload);
  const observed = planModeEvents(await host.readObserved(agent)).map((event) => event.payload);
  expectTrue(logged.length > 0, 'the log holds no plan/mode event');
  expectEqual(observed, logged, 'plan/mode events told to session observers vs the log');
});
