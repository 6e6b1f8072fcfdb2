/**
 * The `plan` session projection: its view now or while the model handles a
 * request, and its agreement with the service's `get`.
 */
import { isDeepStrictEqual } from 'node:util';
import { defineParameterType, Given, Then, When } from '@cucumber/cucumber';
import type { PlanProjectionView, SessionEvent } from '../../src/index.js';
import { expectEqual, expectTrue, fail, show } from '../assertions/expect.js';
import { foldedByPlanUnit, pushNoFoldShows } from '../world/observations.js';
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
    () => `the plan projection ${when} against get(${name}) = ${show(state)}`,
  );
}

Then(
  'the projection shows plan mode {onoff} with {projectionPending}',
  async function (this: PlanWorld, active: boolean, pending: string) {
    expectEqual(await view(this), expected(active, pending), 'the plan projection view');
  },
);

Given(
  'while the model handles request {int}, the projection shows plan mode {onoff} with {projectionPending}',
  async function (this: PlanWorld, n: number, active: boolean, pending: string) {
    const agent = await this.agent();
    this.model.during(agent, n, async () => {
      expectEqual(
        await view(this),
        expected(active, pending),
        `the plan projection view while the model handles request ${n}`,
      );
    });
  },
);

Then('the projection agrees with get', async function (this: PlanWorld) {
  await assertProjectionAgreesWithGet(this, DEFAULT_AGENT, 'now');
});

Given(
  'while the model handles request {int}, the projection agrees with get',
  async function (this: PlanWorld, n: number) {
    const agent = await this.agent();
    this.model.during(agent, n, async () => {
      await assertProjectionAgreesWithGet(this, DEFAULT_AGENT, `while the model handles request ${n}`);
    });
  },
);

Then('reading the projection twice gives the same view', async function (this: PlanWorld) {
  const first = await view(this);
  const second = await view(this);
  expectEqual(second, first, 'a second cold read of the plan projection');
});

interface Noted {
  pushes: PlanProjectionView[];
  logLength: number;
  /** The view when noted. */
  view: PlanProjectionView;
}

/** Per agent name, the pushes, the log length and the view when the scenario last noted them. */
const noted = new WeakMap<PlanWorld, Map<string, Noted>>();

async function pushes(world: PlanWorld, name: string): Promise<PlanProjectionView[]> {
  return (await world.host()).readProjectionPushes(await world.agent(name));
}

function notedOf(world: PlanWorld, name: string): Noted {
  const before = noted.get(world)?.get(name);
  if (!before) fail(`the scenario did not note the projection pushes of ${name} first`);
  return before;
}

/**
 * PROJ-02: an event other than a `/plan` line's records or `plan/mode` (world/observations.ts, foldedByPlanUnit)
 * returns the very same state, so it causes no push. What the registry pushes on its own account (a snapshot
 * when a subscriber attaches, say) is not the unit's doing, so the kit notes the pushes so far and then counts:
 * from there on the registry may push at most one view per event the unit folds.
 */
async function note(world: PlanWorld, name: string): Promise<void> {
  const log = await (await world.host()).readLog(await world.agent(name));
  const byName = noted.get(world) ?? new Map<string, Noted>();
  noted.set(world, byName);
  byName.set(name, { pushes: await pushes(world, name), logLength: log.length, view: await view(world, name) });
}

When('the scenario notes the projection pushes so far', async function (this: PlanWorld) {
  await note(this, DEFAULT_AGENT);
});

When('the scenario notes the projection pushes of {agent} so far', async function (this: PlanWorld, name: string) {
  await note(this, name);
});

/**
 * PROJ-02: the unit returns a new state when the plan state changes, and the
 * registry pushes subscribers every new state (its change feed; pushes are
 * not only capped from above). So when the view now differs from the one
 * noted, a view was pushed since, and the last one pushed is the view now
 * shown. (Extra pushes of an unchanged view are judged elsewhere.)
 */
async function assertPushedTheView(world: PlanWorld, name: string): Promise<void> {
  const before = notedOf(world, name);
  const now = await view(world, name);
  expectTrue(
    !isDeepStrictEqual(now, before.view),
    () => `the view did not change since the scenario noted it (${show(now)}): this step needs a change to look for`,
  );
  const pushed = (await pushes(world, name)).slice(before.pushes.length);
  expectTrue(
    pushed.length > 0,
    () =>
      `the view of ${name} changed from ${show(before.view)} to ${show(now)} but the registry pushed no view to subscribers since`,
  );
  expectEqual(
    pushed.at(-1),
    now,
    () => `the last view pushed since the scenario noted them (every one: ${show(pushed)}) vs the view now shown`,
  );
}

Then('since then the projection pushed the view it now shows', async function (this: PlanWorld) {
  await assertPushedTheView(this, DEFAULT_AGENT);
});

Then(
  'since then the projection of {agent} pushed the view it now shows',
  async function (this: PlanWorld, name: string) {
    await assertPushedTheView(this, name);
  },
);

async function assertNoUnfoldedPush(world: PlanWorld, name: string): Promise<void> {
  const before = notedOf(world, name);
  const now = await pushes(world, name);
  expectEqual(now.slice(0, before.pushes.length), before.pushes, 'the views pushed before the scenario noted them');
  const log = await (await world.host()).readLog(await world.agent(name));
  const added = log.slice(before.logLength);
  const folds = (event: SessionEvent): boolean => foldedByPlanUnit(event, world.kit.edition);
  const folded = added.filter(folds).length;
  const pushed = now.slice(before.pushes.length);
  expectTrue(
    pushed.length <= folded,
    () =>
      `the registry pushed ${pushed.length} view(s) ${show(pushed)} for ${folded} event(s) the plan unit folds; the other events it logged, ${show(added.filter((event) => !folds(event)).map((event) => (event.type === 'other' ? event.name : event.type)))}, must return the same state and push nothing`,
  );
}

Then(
  'since then the projection pushed no view for an event the plan unit does not fold',
  async function (this: PlanWorld) {
    await assertNoUnfoldedPush(this, DEFAULT_AGENT);
  },
);

Then(
  'since then the projection of {agent} pushed no view for an event the plan unit does not fold',
  async function (this: PlanWorld, name: string) {
    await assertNoUnfoldedPush(this, name);
  },
);

/**
 * PROJ-02, PROJ-04: every view the registry pushed since the scenario noted them is the unit's view of the log at
 * some point since, in order (world/observations.ts, pushNoFoldShows): a registry may push late, never a view the
 * log never folded to, such as one folded onto a state it forgot at a restart.
 */
async function assertPushesFolded(world: PlanWorld, name: string): Promise<void> {
  const before = notedOf(world, name);
  const log = await (await world.host()).readLog(await world.agent(name));
  const pushed = (await pushes(world, name)).slice(before.pushes.length);
  const wrong = pushNoFoldShows(before.view, log, before.logLength, world.kit.edition, pushed);
  if (wrong !== undefined)
    fail(
      `the registry pushed ${show(wrong.push)} (every push since the scenario noted them: ${show(pushed)}), a view the log of ${name} never folded to since then: ${show(wrong.folds)}`,
    );
}

Then('since then every view the projection pushed is one its log folds to', async function (this: PlanWorld) {
  await assertPushesFolded(this, DEFAULT_AGENT);
});

Then(
  'since then every view the projection of {agent} pushed is one its log folds to',
  async function (this: PlanWorld, name: string) {
    await assertPushesFolded(this, name);
  },
);
