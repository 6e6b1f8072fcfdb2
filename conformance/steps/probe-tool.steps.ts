/** The kit's probe tool: still offered and still running in plan mode (SCOPE-02). */
import { Then } from '@cucumber/cucumber';
import { expectEqual, expectTrue, fail } from '../assertions/expect.js';
import { toolResults } from '../world/observations.js';
import { PROBE_TOOL_NAME, PROBE_TOOL_RESULT } from '../script/probes.js';
import type { PlanWorld } from '../world/plan-world.js';

Then('the probe tool ran {int} time(s)', function (this: PlanWorld, count: number) {
  expectEqual(this.probeExecutions.length, count, 'executions of the probe tool');
});

Then('the tool catalog still offers the probe tool', async function (this: PlanWorld) {
  const request = this.model.requests.at(-1);
  if (!request) fail('no model request was made');
  expectTrue(
    request.tools.some((tool) => tool.name === PROBE_TOOL_NAME),
    'the probe tool vanished from the catalog',
  );
});

Then('request {int} shows the probe tool result', async function (this: PlanWorld, n: number) {
  const result = toolResults((await this.request(n)).messages, PROBE_TOOL_NAME).at(-1);
  if (!result) fail(`request ${n} shows no probe tool result`);
  expectEqual(
    { isError: result.isError, text: result.text },
    { isError: false, text: PROBE_TOOL_RESULT },
    'the probe tool result',
  );
  expectTrue(this.probeExecutions.length > 0, 'the probe tool was never executed');
});
