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
import type { FindingOf } from '../findings.js';

const EXIT_TOOL = 'exit_plan_mode';

/** Compares what request `n` shows of the tools under a code mode with TOOL-07; `first` is the agent's first SDK text, once seen. */
export function toolSdkFinding(
  mode: ToolMode,
  codeTool: string | undefined,
  agent: OracleAgent,
  request: ModelRequest,
  n: number,
  first: { sdk: string; n: number } | undefined,
): FindingOf<'exit-reachable-in-mode'> | FindingOf<'tool-sdk-stable'> | undefined {
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
      check: 'exit-reachable-in-mode',
      clauses: ['TOOL-07', 'TOOL-01'],
      where: { agent: agent.name, request: n },
      expected: { mode },
      observed: {
        wireTools: names,
        ...(sdk === undefined ? {} : { sdk: { shown, namesExit: sdk.includes(EXIT_TOOL) } }),
      },
    };
  }
  if (!first || sdk === first.sdk) return undefined;
  return {
    check: 'tool-sdk-stable',
    clauses: ['TOOL-07'],
    where: { agent: agent.name, request: n },
    expected: { sameAsRequest: first.n },
    observed: {},
  };
}
