/**
 * Runs a session script against an adapter and compares everything the host
 * shows with the oracle: `set` answers, logged `plan/mode` events, each
 * request's guidance and notices, and the final `get`. Returns the mismatches
 * (empty when the host agrees), so property-based tests can shrink scripts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { DEFAULT_EDITION, planModeDeployment, type Adapter, type Edition, type ModelResponse, type SetOutcome } from '../../src/index.js';
import { startGuardedHost, type GuardedHost } from '../guard/guarded-host.js';
import { ScriptedModel } from '../script/scripted-model.js';
import { ScriptedUser } from '../script/scripted-user.js';
import { makeProbeTools, PROBE_SECTIONS, PROBE_TOOL_NAME } from '../world/probes.js';
import { noticesIn, planModeEvents } from '../world/observations.js';
import { PlanOracle } from './plan-oracle.js';
import type { Answer, SessionScript } from './script.js';
import { temporaryRoot } from '../support/temporary-root.js';

const SECTION = 'ORACLE PLAN SECTION: explore, then present the plan through exit_plan_mode.';
const CALL_LIMIT_MS = 5_000;

function response(answer: Answer, id: string): ModelResponse {
  if (answer === 'tool') return { type: 'tool_calls', text: '', calls: [{ id, name: PROBE_TOOL_NAME, arguments: { query: 'x' } }] };
  if (answer === 'failure') return { type: 'failure', message: 'scripted transient failure', retryable: true };
  return { type: 'text', text: 'Done.' };
}

/** Runs `script` against the adapter judged in `edition`, against the oracle's reading of that edition. */
export async function checkScript(adapter: Adapter, script: SessionScript, edition: Edition = DEFAULT_EDITION): Promise<string[]> {
  const storeDir = await mkdtemp(join(temporaryRoot(), 'pmc-oracle-'));
  const model = new ScriptedModel();
  const user = new ScriptedUser();
  const oracle = new PlanOracle(edition);
  const predictedSets: SetOutcome[] = [];
  const actualSets: SetOutcome[] = [];
  const predictedRequests: Array<{ inPlanMode: boolean; noticesSoFar: number }> = [];
  let host: GuardedHost | undefined;
  try {
    const started = await startGuardedHost(
      adapter,
      {
        storeDir,
        edition,
        deployment: planModeDeployment({ section: SECTION }),
        compose: { commands: false, questions: false, projections: false },
        model: model.port,
        questions: user.port,
        probes: { sections: PROBE_SECTIONS, tools: makeProbeTools([]) },
      },
      CALL_LIMIT_MS,
    );
    host = started;
    const agent = await started.createAgent();
    const select = async (targets: boolean[]) => {
      for (const target of targets) {
        predictedSets.push(oracle.set(target));
        actualSets.push(await started.setPlanMode(agent, target));
      }
    };

    let n = 0;
    for (const turn of script.turns) {
      await select(turn.before);
      let previous: Answer | undefined;
      for (const request of turn.requests) {
        n += 1;
        model.answer(agent, n, response(request.answer, `call_${n}`));
        // A request after a failed one is its retry.
        const kind = { retry: previous === 'failure' };
        previous = request.answer;
        // The oracle's boundary runs when the request arrives, before the user's mid-turn selections.
        model.during(agent, n, async () => {
          predictedRequests.push(oracle.request(kind));
          await select(request.during);
        });
      }
      oracle.openTurn();
      await started.prompt(agent, `Turn ${n}`);
      oracle.closeTurn();
      const problems = [...model.problems, ...user.problems];
      if (problems.length > 0) return problems;
    }
    await select(script.after);

    const mismatches: string[] = [];
    if (!isDeepStrictEqual(actualSets, predictedSets)) {
      mismatches.push(`set answered ${JSON.stringify(actualSets)}, the oracle ${JSON.stringify(predictedSets)}`);
    }
    const logged = planModeEvents(await started.readLog(agent)).map((event) => event.payload.active);
    if (!isDeepStrictEqual(logged, oracle.events)) {
      mismatches.push(`plan/mode events ${JSON.stringify(logged)}, the oracle ${JSON.stringify(oracle.events)}`);
    }
    const requests = model.requestsOf(agent);
    if (requests.length !== predictedRequests.length) {
      mismatches.push(`${requests.length} model requests, the script made ${predictedRequests.length}`);
    }
    requests.forEach((request, index) => {
      const predicted = predictedRequests[index];
      if (!predicted) return;
      const inPlanMode = request.systemPrompt.includes(SECTION);
      if (inPlanMode !== predicted.inPlanMode) mismatches.push(`request ${index + 1} ${inPlanMode ? 'is' : 'is not'} in plan mode, the oracle says the opposite`);
      const notices = noticesIn(request.messages).length;
      if (notices !== predicted.noticesSoFar) mismatches.push(`request ${index + 1} carries ${notices} notice(s), the oracle ${predicted.noticesSoFar}`);
    });
    const state = await started.getPlanMode(agent);
    if (!isDeepStrictEqual(state, oracle.get())) mismatches.push(`get() is ${JSON.stringify(state)}, the oracle ${JSON.stringify(oracle.get())}`);
    return mismatches;
  } finally {
    if (host) await host.dispose();
    await rm(storeDir, { recursive: true, force: true });
  }
}
