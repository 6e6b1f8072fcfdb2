/**
 * Under a code mode (TOOL-07), what each request shows of the tools: the exit
 * reachable the way the mode reaches tools (the SDK text names
 * `exit_plan_mode` and reaches the model; under `code` the wire carries only
 * the code-running tool), and the SDK text byte-identical in every request of
 * the agent, whatever the plan state and across every transition. Its wording
 * and shape are the host's own.
 */
import type { ModelRequest } from '../../../src/index.js';
import type { OracleAgent } from '../../oracle/session-oracle.js';
import type { ExploredSession } from '../explored-session.js';

const EXIT_TOOL = 'exit_plan_mode';

export function checkToolSdk(session: ExploredSession, agent: OracleAgent, request: ModelRequest, n: number): void {
  const mode = session.toolMode;
  if (mode === 'native') return;
  const sdk = request.toolSdk;
  const codeTool = session.options.adapter.codeTool?.name;
  const names = request.tools.map((tool) => tool.name);
  const shown = sdk !== undefined && (request.systemPrompt.includes(sdk) || request.tools.some((tool) => tool.description.includes(sdk)));
  const wire = codeTool !== undefined && (mode === 'code' ? names.length === 1 && names[0] === codeTool : names.includes(codeTool) && names.includes(EXIT_TOOL));
  if (sdk === undefined || !sdk.includes(EXIT_TOOL) || !shown || !wire) {
    session.disagree('exit-reachable-in-mode', ['TOOL-07', 'TOOL-01'], `request ${n} of ${agent.name} does not reach ${EXIT_TOOL} the way ${mode} mode reaches tools (wire tools ${JSON.stringify(names)}; SDK text ${sdk === undefined ? 'absent' : `${shown ? 'shown' : 'not shown to the model'}, ${sdk.includes(EXIT_TOOL) ? 'naming' : 'not naming'} ${EXIT_TOOL}`})`, {
      text: `request ${n} of ${agent.name} reaches exit_plan_mode the way ${mode} mode reaches tools`,
      midTurn: false,
    });
    return;
  }
  const first = session.firstSdk.get(agent.id);
  if (!first) {
    session.firstSdk.set(agent.id, { sdk, n });
    return;
  }
  if (sdk !== first.sdk) {
    session.disagree('tool-sdk-stable', ['TOOL-07'], `the SDK text of request ${n} of ${agent.name} differs from that of its request ${first.n}`, {
      text: 'every request showed the same SDK text',
      midTurn: false,
    });
  }
}
