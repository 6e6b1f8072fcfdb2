/** The session log and what its observers were told. */
import { Then } from '@cucumber/cucumber';
import { expectEqual, expectTrue, show } from '../assertions/expect.js';
import { foldPlanMode, noticesInLog, parseOnOffList, planModeEvents } from '../world/observations.js';
import { DEFAULT_AGENT, type PlanWorld } from '../world/plan-world.js';
import { assertNoStrayMessage } from './commands.steps.js';

async function logOf(world: PlanWorld, name = DEFAULT_AGENT) {
  return (await world.host()).readLog(await world.agent(name));
}

Then('the log holds no plan\\/mode event', async function (this: PlanWorld) {
  expectEqual(
    planModeEvents(await logOf(this)).map((event) => event.payload),
    [],
    'plan/mode events of the log',
  );
});

Then('the log holds the plan\\/mode events {string}', async function (this: PlanWorld, list: string) {
  const actual = planModeEvents(await logOf(this)).map((event) => event.payload.active);
  expectEqual(actual, parseOnOffList(list), 'the active values of the plan/mode events, in log order');
});

Then(
  'the log of {agent} holds the plan\\/mode events {string}',
  async function (this: PlanWorld, name: string, list: string) {
    const actual = planModeEvents(await logOf(this, name)).map((event) => event.payload.active);
    expectEqual(actual, parseOnOffList(list), `the plan/mode events of ${name}`);
  },
);

Then('every plan\\/mode payload is exactly \\{ active: boolean }', async function (this: PlanWorld) {
  const events = planModeEvents(await logOf(this));
  expectTrue(events.length > 0, 'the log holds no plan/mode event to check');
  for (const event of events) {
    const keys = Object.keys(event.payload);
    expectTrue(
      keys.length === 1 && keys[0] === 'active' && typeof event.payload.active === 'boolean',
      () => `plan/mode payload must be exactly { active: boolean }, got ${show(event.payload)}`,
    );
  }
});

Then('the fold of the log gives plan mode {onoff}', async function (this: PlanWorld, active: boolean) {
  expectEqual(foldPlanMode(await logOf(this)), active, 'foldPlanMode(log)');
});

Then('the fold of every prefix of the log agrees with get at that point', async function (this: PlanWorld) {
  // The world records get() snapshots with the log length at that moment.
  expectTrue(this.snapshots.length > 0, 'the scenario took no snapshots of get()');
  for (const snapshot of this.snapshots) {
    expectEqual(
      foldPlanMode(snapshot.log),
      snapshot.active,
      `fold of the first ${snapshot.log.length} events vs get().active at that point`,
    );
  }
});

Then('the log holds no notice', async function (this: PlanWorld) {
  expectEqual(noticesInLog(await logOf(this)), [], 'plugin-sourced user/message events');
});

Then('the log holds {int} notice(s)', async function (this: PlanWorld, count: number) {
  expectEqual(noticesInLog(await logOf(this)).length, count, 'number of plugin-sourced user/message events');
});

/**
 * STATE-01: the event is log-only. A record sent to the model would be a
 * message that should not be there, or a prompt or reply the host changed:
 * judged by identity and position (assertions/message-provenance.ts), not by
 * looking for the event's type or payload inside messages, whose words (the
 * model's, the notices') may speak of plan mode as they like. The STATE-01
 * scenarios also compare each request's messages with a table.
 */
Then('no model request carries a plan\\/mode record', async function (this: PlanWorld) {
  await assertNoStrayMessage(
    this,
    'a message that is no prompt, model reply, tool result, notice or compaction product (a plan/mode record?)',
  );
});

/**
 * MX-01: active plan mode adds exactly the configured section, so no message either. A message plan mode put
 * into a request would be one that should not be there; the host's own messages (logged, or standing in every
 * request of the agent, assertions/host-messages.ts) are not plan mode's, and a host message that comes and goes
 * with the state stands in no request. Judged by identity and position, as the record is.
 */
Then('plan mode adds no message to the conversation', async function (this: PlanWorld) {
  await assertNoStrayMessage(
    this,
    "a message that is no prompt, model reply, tool result, notice, compaction product or message of the host's own (one plan mode added?)",
  );
});
