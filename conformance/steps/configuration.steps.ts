/**
 * Configuration in the seed's deployment form: starting a host on a given
 * deployment, its refusal to start on a bad one, and the exact section text
 * the model then receives.
 */
import { Then, When } from '@cucumber/cucumber';
import { readPlanModeEntry } from '../../src/index.js';
import { expectEqual, expectTrue, fail, show } from '../assertions/expect.js';
import { showForReview } from '../assertions/review-text.js';
import { layoutOf, occurrences, sectionSlotProblem } from '../assertions/system-prompt.js';
import { requestNumber } from '../world/observations.js';
import type { PlanWorld } from '../world/plan-world.js';

/** The error `start` rejected with, per world; `null` when it started. */
const startErrors = new WeakMap<PlanWorld, Error | null>();

const START_WRAPPER = /^adapter method start: threw: /;

/** The section as the deployment's YAML says it, exactly (block scalars included). */
function deploymentSection(world: PlanWorld): string {
  if (world.deploymentText === undefined) fail('the scenario gives no deployment');
  const config = readPlanModeEntry(world.deploymentText).config as { section?: unknown } | undefined;
  if (typeof config?.section !== 'string')
    fail(`the deployment's plan-mode config has no string section: ${show(config)}`);
  return config.section;
}

When('the host starts', async function (this: PlanWorld) {
  try {
    await this.host();
    startErrors.set(this, null);
  } catch (error) {
    startErrors.set(this, error instanceof Error ? error : new Error(String(error)));
    return;
  }
  // The request steps that know the section read it from planConfig.
  if (this.deploymentText !== undefined) {
    const config = readPlanModeEntry(this.deploymentText).config;
    if (config !== undefined) this.planConfig = config;
  }
});

/** The plugin's own load error, or fails the step when the host started. */
function refusal(world: PlanWorld): string {
  const error = startErrors.get(world);
  if (error === undefined) fail('the scenario did not start the host');
  if (error === null) fail('the host started although its deployment should have been refused');
  expectTrue(
    START_WRAPPER.test(error.message),
    () => `start should reject with the plugin's own error, not ${show(error.message)}`,
  );
  return error.message.replace(START_WRAPPER, '');
}

/** CFG-01, CFG-02: the deployment is refused when the plugin loads; the error's wording is the host's own. */
Then('the host refuses to start', function (this: PlanWorld) {
  showForReview(this, 'config-error', refusal(this));
});

/** CFG-04 (recommended): a load error for an unknown key names it; with several unknown keys, naming one of them will do. */
Then('the host refuses to start with a message naming {string}', function (this: PlanWorld, names: string) {
  const message = refusal(this);
  showForReview(this, 'config-error', message);
  const candidates = names.split(' or ').map((name) => name.trim());
  // Containment, because the clause asks for it: the error names the key somewhere in the host's own words.
  expectTrue(
    candidates.some((name) => message.includes(name)),
    () => `the start error should name ${candidates.map((name) => show(name)).join(' or ')}: ${show(message)}`,
  );
});

Then('the host started', function (this: PlanWorld) {
  const error = startErrors.get(this);
  if (error === undefined) fail('the scenario did not start the host');
  if (error !== null) fail(`the host refused to start: ${error.message}`);
});

/**
 * CFG-03: request `on` (in plan mode) holds exactly the deployment's section at order 50, as request `N is in plan
 * mode` reads it (POLICY-01, MX-01): once, standing as a section of its own with one of the host's separators on
 * each side, and order 50 is what it was in request `off` (out of plan mode) with the section and one separator
 * added. Order 50 may also hold sections of the host's own (POLICY-01 places only the plan section); they stand
 * there in both requests.
 */
Then(
  "request {int} carries the deployment's section exactly as written, where request {int} had none",
  async function (this: PlanWorld, on: number, off: number) {
    const section = deploymentSection(this);
    const requests = this.model.requestsOf(await this.agent());
    const active = requestNumber(requests, on, 'the agent');
    const inactive = requestNumber(requests, off, 'the agent');
    const offSlot = layoutOf(inactive.systemPrompt, `request ${off}`).atOrder50;
    const layout = layoutOf(active.systemPrompt, `request ${on}`);
    const slot = layout.atOrder50;
    const mismatch = () => sectionMismatch(on, section, layout.separator, offSlot, slot);
    const count = occurrences(active.systemPrompt, section);
    if (count === 0) fail(mismatch());
    expectEqual(count, 1, () => `occurrences of the section ${show(section)} in request ${on}`);
    expectTrue(!inactive.systemPrompt.includes(section), `request ${off} should not carry the section`);
    expectTrue(sectionSlotProblem(slot, section, layout.separator, true, offSlot) === undefined, mismatch);
  },
);

/**
 * Says which way the host's section differs from the deployment's: a host that
 * read the YAML by hand (or trimmed it) most often loses or adds a block
 * scalar's final line break, which the message then names, with what YAML keeps.
 */
function sectionMismatch(on: number, section: string, separator: string, offSlot: string, slot: string): string {
  const head = `order 50 of request ${on} is ${show(slot)}; it should hold what it held out of plan mode, ${show(offSlot)}, and the deployment's section as a YAML parser reads it, ${show(section)}, standing between two of the host's separators ${show(separator)}`;
  const trimmed = (text: string) => text.replace(/\n+$/, '');
  const hostSection = slot.startsWith(separator) ? slot.slice(separator.length) : slot;
  const hostCore = hostSection.endsWith(separator)
    ? hostSection.slice(0, hostSection.length - separator.length)
    : hostSection;
  if (trimmed(hostCore) === trimmed(section) && hostCore !== section) {
    const lacks = hostCore.length < section.length;
    return `${head}: the host's section ${lacks ? 'lacks' : 'adds'} the final line break${lacks ? '' : 's'} (a \`|\` or \`>\` block keeps one, \`|-\` none, \`|+\` all): read the deployment with a YAML library and keep its value as it is`;
  }
  return `${head}, exactly`;
}
