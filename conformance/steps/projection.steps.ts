/**
 * The `plan` session projection: its view now or while the model handles a
 * request, and its agreement with the service's `get`.
 */
import { isDeepStrictEqual } from 'node:util';
import { defineParameterType, Given, Then, When } from '@cucumber/cucumber';
import type { Edition, PlanProjectionView, SessionEvent } from '../../src/index.js';
import { expectEqual, expectTrue, fail, show } from '../assertions/expect.js';
import { EDITION_READINGS } from '../oracle/edition-readings.js';
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
  /** The view when noted, when the scenario also reads it. */
  view?: PlanProjectionView;
}

/** The pushes and the log length when the scenario last noted them. */
const noted = new WeakMap<PlanWorld, Noted>();

async function pushes(world: PlanWorld): Promise<PlanProjectionView[]> {
  return (await world.host()).readProjectionPushes(await world.agent());
}

/**
 * The records of a `/plan` line the unit folds (PROJ-02): its `command/run`,
 * and in an edition whose projection settles on the line's outcome (rc.8) also
 * its `command/done` (where a push MAY come even without a view change). The
 * seed and 0.0.1-rc.1 fold two kinds: there a `command/done` is any other event.
 */
function foldedCommandRecords(edition: Edition): ReadonlyArray<SessionEvent['type']> {
  return EDITION_READINGS[edition].projectionSettlesOnDone ? ['command/run', 'command/done'] : ['command/run'];
}

/** The events the unit folds: a `/plan` line's records and `plan/mode`. */
function foldedByUnit(event: SessionEvent, edition: Edition): boolean {
  if (event.type === 'plan/mode') return true;
  return (
    (event.type === 'command/run' || event.type === 'command/done') &&
    event.name === 'plan' &&
    foldedCommandRecords(edition).includes(event.type)
  );
}

/**
 * PROJ-02: an event other than a `/plan` line's records (above) or `plan/mode`
 * returns the very same state, so it causes no push. What the registry pushes
 * on its own account (a snapshot when a subscriber attaches, say) is not the
 * unit's doing, so the kit notes the pushes so far and then counts: from there
 * on the registry may push at most one view per event the unit folds.
 */
When('the scenario notes the projection pushes so far', async function (this: PlanWorld) {
  const log = await (await this.host()).readLog(await this.agent());
  noted.set(this, { pushes: await pushes(this), logLength: log.length, view: await view(this) });
});

/**
 * PROJ-02: the unit returns a new state when the plan state changes, and the
 * registry pushes subscribers every new state (its change feed; pushes are
 * not only capped from above). So when the view now differs from the one
 * noted, a view was pushed since, and the last one pushed is the view now
 * shown. (Extra pushes of an unchanged view are judged elsewhere.)
 */
Then('since then the projection pushed the view it now shows', async function (this: PlanWorld) {
  const before = noted.get(this);
  if (!before?.view) fail('the scenario did not note the projection pushes first');
  const now = await view(this);
  expectTrue(
    !isDeepStrictEqual(now, before.view),
    () => `the view did not change since the scenario noted it (${show(now)}): this step needs a change to look for`,
  );
  const pushed = (await pushes(this)).slice(before.pushes.length);
  expectTrue(
    pushed.length > 0,
    () =>
      `the view changed from ${show(before.view)} to ${show(now)} but the registry pushed no view to subscribers since`,
  );
  expectEqual(
    pushed.at(-1),
    now,
    () => `the last view pushed since the scenario noted them (every one: ${show(pushed)}) vs the view now shown`,
  );
});

Then(
  'since then the projection pushed no view for an event the plan unit does not fold',
  async function (this: PlanWorld) {
    const before = noted.get(this);
    if (!before) fail('the scenario did not note the projection pushes first');
    const now = await pushes(this);
    expectEqual(now.slice(0, before.pushes.length), before.pushes, 'the views pushed before the scenario noted them');
    const log = await (await this.host()).readLog(await this.agent());
    const added = log.slice(before.logLength);
    const folds = (event: SessionEvent): boolean => foldedByUnit(event, this.kit.edition);
    const folded = added.filter(folds).length;
    const pushed = now.slice(before.pushes.length);
    expectTrue(
      pushed.length <= folded,
      () =>
        `the registry pushed ${pushed.length} view(s) ${show(pushed)} for ${folded} event(s) the plan unit folds; the other events it logged, ${show(added.filter((event) => !folds(event)).map((event) => (event.type === 'other' ? event.name : event.type)))}, must return the same state and push nothing`,
    );
  },
);
