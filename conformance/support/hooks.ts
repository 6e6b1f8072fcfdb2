/**
 * Scenario lifecycle: every scenario gets a fresh world, a fresh store folder
 * and its own host, which is disposed afterwards even when the scenario failed.
 * Scenarios tagged `@needs:<capability>` are skipped, with the adapter's reason,
 * when the adapter lacks that capability.
 */
import { After, Before, setDefaultTimeout, setWorldConstructor } from '@cucumber/cucumber';
import { CAPABILITIES, missingReason, type Capability } from '../../src/index.js';
import { PlanWorld } from '../world/plan-world.js';
import { SKIP_REASON_MEDIA_TYPE } from './skip-reason.js';

const STEP_TIMEOUT_MS = Number(process.env.PLAN_MODE_CONFORMANCE_STEP_TIMEOUT_MS ?? 30_000);

setWorldConstructor(PlanWorld);
setDefaultTimeout(STEP_TIMEOUT_MS);

Before(async function (this: PlanWorld, { pickle }) {
  await this.prepare();
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

After(async function (this: PlanWorld, { result }) {
  await this.dispose();
  // Fail closed: a mid-turn action scripted for a request that never came was never checked.
  const unrun = this.model.unrunActions();
  if (unrun.length > 0 && result?.status === 'PASSED') {
    throw new Error(`mid-turn action(s) never ran, the request never came: ${unrun.join(', ')}`);
  }
});
