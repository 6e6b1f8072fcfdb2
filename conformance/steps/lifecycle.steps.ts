/**
 * Agent lifecycle: restarting the host from its persisted store, forking,
 * spawning and compacting, and what each leaves of the plan state.
 */
import { Then, When } from '@cucumber/cucumber';
import type { PlanModeState, PlanProjectionView, SessionEvent } from '../../src/index.js';
import { expectEqual, expectTrue, fail, show } from '../assertions/expect.js';
import { foldPlanMode, foldPlanProjection, planModeEvents } from '../world/observations.js';
import { DEFAULT_AGENT, type PlanWorld } from '../world/plan-world.js';

interface AgentSnapshot {
  log: SessionEvent[];
  state: PlanModeState;
  projection?: PlanProjectionView;
  /** How many model requests the agent had made before the restart. */
  requests: number;
}

/** What every named agent showed just before the last restart. */
const beforeRestart = new WeakMap<PlanWorld, Map<string, AgentSnapshot>>();

function snapshotOf(world: PlanWorld, name: string): AgentSnapshot {
  const snapshot = beforeRestart.get(world)?.get(name);
  if (!snapshot) fail(`the scenario did not restart the host after ${name} existed`);
  return snapshot;
}

function payloads(log: SessionEvent[]): Array<Record<string, unknown>> {
  return planModeEvents(log).map((event) => event.payload);
}

When('the host restarts', async function (this: PlanWorld) {
  const host = await this.host();
  const snapshots = new Map<string, AgentSnapshot>();
  for (const [name, id] of this.agents) {
    const snapshot: AgentSnapshot = {
      log: await host.readLog(id),
      state: await host.getPlanMode(id),
      requests: this.model.requestsOf(id).length,
    };
    if (this.compose.projections && this.supports('projections')) snapshot.projection = await host.readProjection(id);
    snapshots.set(name, snapshot);
  }
  beforeRestart.set(this, snapshots);
  this.restartsAt.push(this.model.requests.length);
  await host.restart();
});

Then('the projection of {agent} reads the same as before the restart', async function (this: PlanWorld, name: string) {
  const before = snapshotOf(this, name).projection;
  if (!before) fail(`the projection of ${name} was not read before the restart`);
  const after = await (await this.host()).readProjection(await this.agent(name));
  expectEqual(after, before, `the plan projection of ${name} after the restart vs before it`);
});

/**
 * PROJ-04: the view is a pure function of the log, so what the host shows is
 * what a cold fold of the agent's log gives; for a fork, of the log it
 * inherited and what it logged since.
 */
Then('the projection of {agent} is what its log folds to', async function (this: PlanWorld, name: string) {
  const host = await this.host();
  const agent = await this.agent(name);
  const log = await host.readLog(agent);
  expectEqual(
    await host.readProjection(agent),
    foldPlanProjection(log, this.kit.edition),
    () => `the plan projection of ${name} vs a cold fold of its log ${show(log)}`,
  );
});

/** Agents otherwise come into being when a step first names them; this one makes an agent now (before a restart, say). */
When('the user creates {agent}', async function (this: PlanWorld, name: string) {
  if (this.agents.has(name)) throw new Error(`${name} already exists in this scenario`);
  await this.agent(name);
});

When('{agent} is forked', async function (this: PlanWorld, name: string) {
  const host = await this.host();
  this.agents.set('the fork', await host.fork(await this.agent(name)));
});

When('{agent} spawns a child', async function (this: PlanWorld, name: string) {
  const host = await this.host();
  this.agents.set('the child', await host.spawn(await this.agent(name)));
});

When('the history of {agent} is compacted', async function (this: PlanWorld, name: string) {
  await this.compactHistory(await this.agent(name));
});

Then('the log of {agent} kept everything it held before the restart', async function (this: PlanWorld, name: string) {
  const before = snapshotOf(this, name).log;
  const after = await (await this.host()).readLog(await this.agent(name));
  expectTrue(
    after.length >= before.length,
    `the log of ${name} lost events in the restart: ${before.length} before, ${after.length} after`,
  );
  expectEqual(
    after.slice(0, before.length),
    before,
    `the first ${before.length} events of ${name}'s log after the restart`,
  );
  expectEqual(payloads(after.slice(before.length)), [], `plan/mode events the restart itself added to ${name}'s log`);
});

Then('the projection reads the same as before the restart', async function (this: PlanWorld) {
  const before = snapshotOf(this, DEFAULT_AGENT).projection;
  if (!before) fail('the projection was not read before the restart');
  const after = await (await this.host()).readProjection(await this.agent());
  expectEqual(after, before, 'the plan projection after the restart vs before it');
});

Then(
  'get reports plan mode {onoff}, the pending selection kept or lost',
  async function (this: PlanWorld, active: boolean) {
    const before = snapshotOf(this, DEFAULT_AGENT).state;
    expectTrue(before.pending !== undefined, () => `nothing was pending before the restart: ${show(before)}`);
    const state = await (await this.host()).getPlanMode(await this.agent());
    const lost = { active };
    const kept = { active, pending: before.pending };
    expectTrue(
      JSON.stringify(state) === JSON.stringify(lost) || JSON.stringify(state) === JSON.stringify(kept),
      () =>
        `get after the restart should be ${show(lost)} (selection lost) or ${show(kept)} (selection kept); the host showed ${show(state)}`,
    );
  },
);

/**
 * LIM-01: the events logged before the restart are intact, and afterwards at
 * most the selection that was pending at the restart is committed, and only
 * before a request header (so the request that shows it is the first to do so).
 */
Then('the log holds no plan\\/mode event that no selection asked for', async function (this: PlanWorld) {
  const before = snapshotOf(this, DEFAULT_AGENT);
  const log = await (await this.host()).readLog(await this.agent());
  expectEqual(
    payloads(log.slice(0, before.log.length)),
    payloads(before.log),
    'plan/mode events logged before the restart',
  );
  const added = payloads(log.slice(before.log.length));
  if (added.length === 0) return;
  const allowed = before.state.pending === undefined ? [] : [{ active: before.state.pending }];
  expectEqual(
    added,
    allowed,
    () => `plan/mode events appended after the restart (pending before it: ${show(before.state)})`,
  );
  const at = log.findIndex((event, index) => index >= before.log.length && event.type === 'plan/mode');
  const agent = await this.agent();
  const requestedAfter = this.model.requestsOf(agent).length > before.requests;
  const firstHeaderAfter = requestedAfter ? await this.headerInForce(agent, before.requests + 1) : -1;
  expectTrue(
    firstHeaderAfter < 0 || at < firstHeaderAfter,
    `the plan/mode event appended after the restart (#${at}) should precede the next request header (#${firstHeaderAfter})`,
  );
});

Then('the first request after the restart shows the plan state the log holds', async function (this: PlanWorld) {
  const before = snapshotOf(this, DEFAULT_AGENT);
  const agent = await this.agent();
  const n = before.requests + 1;
  const log = await (await this.host()).readLog(agent);
  const request = this.model.requestsOf(agent)[n - 1];
  if (!request) fail(`the agent made no request after the restart`);
  const index = await this.headerInForce(agent, n);
  const config = this.planConfig as { section?: unknown };
  const section = typeof config.section === 'string' ? config.section : undefined;
  if (section === undefined) fail('the scenario has no plan-mode section configured');
  expectEqual(
    request.systemPrompt.includes(section),
    foldPlanMode(log.slice(0, index)),
    `whether request ${n} carries the plan section vs the logged state when it was assembled`,
  );
});
