/**
 * Scenario lifecycle: every scenario gets a fresh world, a fresh store folder
 * and its own host, which is disposed afterwards even when the scenario failed.
 * Scenarios tagged `@needs:<capability>` are skipped, with the adapter's reason,
 * when the adapter lacks that capability. Faults the host raises outside any
 * awaited call fail the scenario in flight (the step they happened in, or the
 * scenario's end), and a host that cannot start is reported for fail-fast.
 */
import { After, AfterStep, Before, setDefaultTimeout, setWorldConstructor } from '@cucumber/cucumber';
import { CAPABILITIES, missingReason, type Capability } from '../../src/index.js';
import { PlanWorld } from '../world/plan-world.js';
import {
  beginScenario,
  endScenario,
  faultsSettled,
  noteScenarioStore,
  takeFaults,
  watchingFaults,
} from './in-flight.js';
import { SKIP_REASON_MEDIA_TYPE } from '../results/skip-reason.js';
import { startLimitFor, stepTimeoutFor } from '../guard/time-limit.js';
import { DEFAULT_CALL_LIMIT_MS } from '../world/parameters.js';
import { noteStart } from '../world/start-watch.js';

setWorldConstructor(PlanWorld);
// For the default limits; a run sets its own, from its limits (run-suite.ts: stepTimeoutFor).
setDefaultTimeout(stepTimeoutFor(DEFAULT_CALL_LIMIT_MS, startLimitFor(DEFAULT_CALL_LIMIT_MS)));

Before(async function (this: PlanWorld, { pickle }) {
  beginScenario(this);
  await this.prepare();
  noteScenarioStore(this.storeDir);
  const needed = pickle.tags
    .map((tag) => tag.name.match(/^@needs:(.+)$/)?.[1])
    .filter((name): name is string => name !== undefined);
  for (const name of needed) {
    if (!(CAPABILITIES as readonly string[]).includes(name)) {
      throw new Error(`unknown capability tag @needs:${name}`);
    }
    const reason = missingReason(this.adapter.capabilities, name as Capability);
    if (reason !== undefined) {
      this.attach(`missing capability ${name}: ${reason}`, SKIP_REASON_MEDIA_TYPE);
      return 'skipped';
    }
  }
  return undefined;
});

AfterStep(async function (this: PlanWorld) {
  if (!watchingFaults()) return;
  await faultsSettled();
  throwFaults(this, 'during this step');
});

After(async function (this: PlanWorld, { result }) {
  try {
    await this.dispose();
    throwFaults(this, 'during this scenario');
  } finally {
    endScenario(this);
    if (this.startAttempt) noteStart(this.startAttempt);
  }
  // Fail closed: a mid-turn action scripted for a request that never came was never checked.
  const unrun = this.model.unrunActions();
  if (unrun.length > 0 && result?.status === 'PASSED') {
    throw new Error(`mid-turn action(s) never ran, the request never came: ${unrun.join(', ')}`);
  }
});

function throwFaults(world: PlanWorld, when: string): void {
  const faults = takeFaults(world);
  if (faults.length > 0)
    throw new Error(
      `the host raised ${faults.length === 1 ? 'a fault' : `${faults.length} faults`} outside any awaited call, ${when}: ${faults.join('\n')}`,
    );
}
