/** The plan-mode service: `set` and `get`, now or while the model handles a request. */
import { isDeepStrictEqual } from 'node:util';
import { Given, Then, When } from '@cucumber/cucumber';
import type { SetOutcome } from '../../src/index.js';
import { expectEqual, show } from '../assertions/expect.js';
import { DEFAULT_AGENT, type PlanWorld } from '../world/plan-world.js';

Given('plan mode is on for {agent}', async function (this: PlanWorld, name: string) {
  const outcome = await this.selectPlanMode(name, true);
  expectEqual(outcome, 'committed', `set(${name}, true) while idle`);
});

Given('plan mode is on', async function (this: PlanWorld) {
  const outcome = await this.selectPlanMode(DEFAULT_AGENT, true);
  expectEqual(outcome, 'committed', 'set(agent, true) while idle');
});

When('the user turns plan mode {onoff}', async function (this: PlanWorld, active: boolean) {
  await this.selectPlanMode(DEFAULT_AGENT, active);
});

When('the user turns plan mode {onoff} for {agent}', async function (this: PlanWorld, active: boolean, name: string) {
  await this.selectPlanMode(name, active);
});

Given(
  'while the model handles request {int}, the user turns plan mode {onoff}',
  async function (this: PlanWorld, n: number, active: boolean) {
    const agent = await this.agent();
    this.model.during(agent, n, async () => {
      await this.selectPlanMode(DEFAULT_AGENT, active);
    });
  },
);

Then('set returned {outcome}', function (this: PlanWorld, expected: SetOutcome) {
  expectEqual(this.setOutcomes.at(-1), expected, 'the last set result');
});

Then('the set results were {string}', function (this: PlanWorld, list: string) {
  const expected = list.split(',').map((item) => item.trim());
  expectEqual(this.setOutcomes, expected, 'the set results, in order');
});

Then('get reports plan mode {onoff} with nothing pending', async function (this: PlanWorld, active: boolean) {
  const state = await (await this.host()).getPlanMode(await this.agent());
  expectEqual(state, { active }, 'get(agent)');
});

Then('get reports plan mode {onoff} for {agent}', async function (this: PlanWorld, active: boolean, name: string) {
  const state = await (await this.host()).getPlanMode(await this.agent(name));
  expectEqual(state, { active }, `get(${name})`);
});

Then(
  'get reports plan mode {onoff} with plan mode {onoff} pending',
  async function (this: PlanWorld, active: boolean, pending: boolean) {
    const state = await (await this.host()).getPlanMode(await this.agent());
    expectEqual(state, { active, pending }, 'get(agent)');
  },
);

Given(
  'while the model handles request {int}, get reports plan mode {onoff} with plan mode {onoff} pending',
  async function (this: PlanWorld, n: number, active: boolean, pending: boolean) {
    const agent = await this.agent();
    this.model.during(agent, n, async () => {
      const state = await (await this.host()).getPlanMode(agent);
      expectEqual(state, { active, pending }, `get(agent) while the model handles request ${n}`);
    });
  },
);

Given(
  'while the model handles request {int}, get reports plan mode {onoff} with nothing pending',
  async function (this: PlanWorld, n: number, active: boolean) {
    const agent = await this.agent();
    this.model.during(agent, n, async () => {
      const state = await (await this.host()).getPlanMode(agent);
      expectEqual(state, { active }, `get(agent) while the model handles request ${n}`);
    });
  },
);

/**
 * SET-03: right after a pending selection was withdrawn, and until the next
 * boundary, `get` may still report a `pending` equal to `active`; it must not
 * report one that differs.
 */
function expectNothingPendingAfterWithdrawal(
  state: { active: boolean; pending?: boolean },
  active: boolean,
  what: string,
): void {
  const withdrawn = { active, pending: active };
  if (isDeepStrictEqual(state, withdrawn)) return;
  expectEqual(state, { active }, () => `${what} (a pending equal to active, ${show(withdrawn)}, would also do)`);
}

Then(
  'get reports plan mode {onoff} with nothing pending but the withdrawn selection',
  async function (this: PlanWorld, active: boolean) {
    const state = await (await this.host()).getPlanMode(await this.agent());
    expectNothingPendingAfterWithdrawal(state, active, 'get(agent) after the pending selection was withdrawn');
  },
);

Given(
  'while the model handles request {int}, get reports plan mode {onoff} with nothing pending but the withdrawn selection',
  async function (this: PlanWorld, n: number, active: boolean) {
    const agent = await this.agent();
    this.model.during(agent, n, async () => {
      const state = await (await this.host()).getPlanMode(agent);
      expectNothingPendingAfterWithdrawal(
        state,
        active,
        `get(agent) while the model handles request ${n}, after the pending selection was withdrawn`,
      );
    });
  },
);
