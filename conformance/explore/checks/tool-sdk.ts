/**
 * Under a code mode (TOOL-07), what each request shows of the tools: the exit
 * reachable the way the mode reaches tools (the SDK text names
 * `exit_plan_mode` and reaches the model; under `code` the wire carries only
 * the code-running tool), and the SDK text byte-identical in every request of
 * the agent, whatever the plan state and across every transition. Its wording
 * and shape are the host's own.
 */
import type { ModelRequest, ToolMode } from '../../../src/index.js';
import type { OracleAgent } from '../../oracle/session-oracle.js';
import type { Disagreement } from '../disagreement.js';

const EXIT_TOOL = 'exit_plan_mode';

/** Compares what request `n` shows of the tools under a code mode with TOOL-07; `first` is the agent's first SDK text, once seen. */
export function toolSdkDisagreement(
  mode: ToolMode,
  codeTool: string | undefined,
  agent: OracleAgent,
  request: ModelRequest,
  n: number,
  first: { sdk: string; n: number } | undefined,
): Disagreement | undefined {
  if (mode === 'native') return undefined;
  const sdk = request.toolSdk;
  const names = request.tools.map((tool) => tool.name);
  const shown =
    sdk !== undefined &&
    (request.systemPrompt.includes(sdk) || request.tools.some((tool) => tool.description.includes(sdk)));
  const wire =
    codeTool !== undefined &&
    (mode === 'code'
      ? names.length === 1 && names[0] === codeTool
      : names.includes(codeTool) && names.includes(EXIT_TOOL));
  if (sdk === undefined || !sdk.includes(EXIT_TOOL) || !shown || !wire) {
    return {
      clauses: ['TOOL-07', 'TOOL-01'],
      check: 'exit-reachable-in-mode',
      message: `request ${n} of ${agent.name} does not reach ${EXIT_TOOL} the way ${mode} mode reaches tools (wire tools ${JSON.stringify(names)}; SDK text ${sdk === undefined ? 'absent' : `${shown ? 'shown' : 'not shown to the model'}, ${sdk.includes(EXIT_TOOL) ? 'naming' : 'not naming'} ${EXIT_TOOL}`})`,
      step: {
        text: `request ${n} of ${agent.name} reaches exit_plan_mode the way ${mode} mode reaches tools`,
        midTurn: false,
      },
    };
  }
  if (!first || sdk === first.sdk) return undefined;
  return {
    clauses: ['TOOL-07'],
    check: 'tool-sdk-stable',
    message: `the SDK text of request ${n} of ${agent.name} differs from that of its request ${first.n}`,
    step: { text: 'every request showed the same SDK text', midTurn: false },
  };
}
