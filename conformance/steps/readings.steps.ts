/**
 * Readings: `get` taken together with the log at the same moment, now or while
 * the model handles a request, and what the log gained between two of them.
 */
import { Given, Then, When } from '@cucumber/cucumber';
import type { PlanModeState, SessionEvent } from '../../src/index.js';
import { expectEqual, expectTrue, fail } from '../assertions/expect.js';
import { DEFAULT_AGENT, type PlanWorld } from '../world/plan-world.js';

interface Reading {
  state: PlanModeState;
  log: SessionEvent[];
}

const readings = new WeakMap<PlanWorld, Reading[]>();

async function takeReading(world: PlanWorld, name = DEFAULT_AGENT): Promise<void> {
  const host = await world.host();
  const agent = await world.agent(name);
  const log = await host.readLog(agent);
  const state = await host.getPlanMode(agent);
  const list = readings.get(world) ?? [];
  list.push({ state, log });
  readings.set(world, list);
  // Shared with log.steps.ts: "the fold of every prefix of the log agrees with get at that point".
  world.snapshots.push({ active: state.active, log });
}

function lastTwoReadings(world: PlanWorld): [Reading, Reading] {
  const list = readings.get(world) ?? [];
  if (list.length < 2) fail(`the scenario took ${list.length} reading(s) of the plan state; two are needed`);
  return [list.at(-2)!, list.at(-1)!];
}

/**
 * The events a reading judges: plan/mode events and user messages other than
 * notices. A host's bookkeeping (turn records, request headers, command
 * records, anything `other`) is its own business, and when a notice is logged
 * is judged from the requests that carry it (NARR scenarios).
 */
function judged(event: SessionEvent): string | undefined {
  if (event.type === 'plan/mode') {
    const keys = Object.keys(event.payload);
    if (keys.length === 1 && typeof event.payload.active === 'boolean')
      return `plan/mode ${event.payload.active ? 'on' : 'off'}`;
    return `plan/mode ${JSON.stringify(event.payload)}`;
  }
  if (event.type === 'user/message' && event.source !== 'plugin') return `${event.source} message`;
  return undefined;
}

When('the user reads the plan state', async function (this: PlanWorld) {
  await takeReading(this);
});

Given(
  'while the model handles request {int}, the user reads the plan state',
  async function (this: PlanWorld, n: number) {
    this.model.during(await this.agent(), n, async () => {
      await takeReading(this);
    });
  },
);

Then('between the last two readings the log gained {string}', function (this: PlanWorld, list: string) {
  const [earlier, later] = lastTwoReadings(this);
  expectTrue(
    later.log.length >= earlier.log.length,
    `the log shrank from ${earlier.log.length} to ${later.log.length} events`,
  );
  expectEqual(
    later.log.slice(0, earlier.log.length),
    earlier.log,
    'the earlier part of the log (the log is append-only)',
  );
  const gained = later.log
    .slice(earlier.log.length)
    .map(judged)
    .filter((text): text is string => text !== undefined)
    .sort();
  const expected =
    list.trim() === 'nothing'
      ? []
      : list
          .split(',')
          .map((item) => item.trim())
          .sort();
  expectEqual(gained, expected, 'plan/mode events and user messages appended between the two readings (in any order)');
});
