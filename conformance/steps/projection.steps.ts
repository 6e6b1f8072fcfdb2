/**
 * The `plan` session projection: its view now or while the model handles a
 * request, and its agreement with the service's `get`.
 */
import { defineParameterType, Given, Then } from '@cucumber/cucumber';
import type { PlanProjectionView } from '../../src/index.js';
import { expectEqual, show } from '../assertions/expect.js';
import { DEFAULT_AGENT, type PlanWorld } from '../world/plan-world.js';

/** Whether the projection should show an outstanding selection. */
defineParameterType({
  name: 'projectionPending',
  regexp: /nothing pending|a selection pending/,
  transformer: (text: string) => text,
});

async function view(world: PlanWorld, name = DEFAULT_AGENT): Promise<PlanProjectionView> {
  return (await world.host()).readProjection(await world.agent(name));
}

function expected(active: boolean, pending: string): PlanProjectionView {
  return { active, pending: pending === 'a selection pending' };
}

/** PROJ-05: same `active` as get; `pending` exactly when get reports a target that differs from `active`. */
export async function assertProjectionAgreesWithGet(world: PlanWorld, name: string, when: string): Promise<void> {
  const host = await world.host();
  const agent = await world.agent(name);
  const projection = await host.readProjection(agent);
  const state = await host.getPlanMode(agent);
  const differing = state.pending !== undefined && state.pending !== state.active;
  expectEqual(
    projection,
    { active: state.active, pending: differing },
    `the plan projection ${when} against get(${name}) = ${show(state)}`,
  );
}

Then('the projection shows plan mode {onoff} with {projectionPending}', async function (this: PlanWorld, active: boolean, pending: string) {
  expectEqual(await view(this), expected(active, pending), 'the plan projection view');
});

Given('while the model handles request {int}, the projection shows plan mode {onoff} with {projectionPending}', async function (this: PlanWorld, n: number, active: boolean, pending: string) {
  const agent = await this.agent();
  this.model.during(agent, n, async () => {
    expectEqual(await view(this), expected(active, pending), `the plan projection view while the model handles request ${n}`);
  });
});

Then('the projection agrees with get', async function (this: PlanWorld) {
  await assertProjectionAgreesWithGet(this, DEFAULT_AGENT, 'now');
});

Given('while the model handles request {int}, the projection agrees with get', async function (this: PlanWorld, n: number) {
  const agent = await this.agent();
  this.model.during(agent, n, async () => {
    await assertProjectionAgreesWithGet(this, DEFAULT_AGENT, `while the model handles request ${n}`);
  });
});

Then('reading the projection twice gives the same view', async function (this: PlanWorld) {
  const first = await view(this);
  const second = await view(this);
  expectEqual(second, first, 'a second cold read of the plan projection');
});

/** PROJ-02: the registry pushes a view only when the unit's state changed, so unrelated events push nothing. */
Then('the projection pushed exactly these views:', async function (this: PlanWorld, table: { hashes(): Array<Record<string, string>> }) {
  const host = await this.host();
  const pushed = await host.readProjectionPushes(await this.agent());
  const wanted = table.hashes().map((row) => ({ active: row.active === 'on', pending: row.pending === 'yes' }));
  expectEqual(pushed, wanted, 'the plan views the projection registry pushed to its subscribers, in order');
});
