/**
 * A call of one of the kit's probe tools (read-like, writing, running a
 * command): plan mode is soft guidance, so each still runs and its result
 * reaches the next request unchanged (SCOPE-02).
 */
import fc from 'fast-check';
import { PROBE_TOOLS } from '../../script/probes.js';
import type { ModelAnswer } from './answer.js';
import { disagreement } from '../disagreement.js';

type ProbeAnswer = { type: 'probe'; effect: 'read' | 'write' | 'command' };

const TOOL_RESULT = { read: 'probe tool', write: 'writing probe tool', command: 'command-running probe tool' } as const;

export const probeAnswer: ModelAnswer<ProbeAnswer> = {
  type: 'probe',
  place: 'continues',
  // Under `code` a probe tool is reached only from a program, which the kit writes for exits alone.
  generate: (g) =>
    g.toolMode === 'code'
      ? undefined
      : {
          weight: 3,
          arbitrary: fc.record({
            type: fc.constant('probe' as const),
            effect: fc.constantFrom('read' as const, 'write' as const, 'command' as const),
          }),
        },
  response(session, answer) {
    const id = `call_${++session.callCounter}`;
    const probe = PROBE_TOOLS[answer.effect];
    return {
      response: { type: 'tool_calls', text: '', calls: [{ id, name: probe.name, arguments: probe.args }] },
      record: { type: 'probe', effect: answer.effect },
    };
  },
  resolve(session, agent, call, result, n) {
    const probe = PROBE_TOOLS[call.answer.effect];
    if (!result || result.isError || result.text !== probe.result) {
      return disagreement(
        'tool-result',
        ['SCOPE-02'],
        `request ${n} of ${agent.name} shows the result of ${probe.name} as ${JSON.stringify(result)}`,
        {
          text: `request ${n} of ${agent.name} shows the ${TOOL_RESULT[call.answer.effect]} result`,
          midTurn: false,
        },
      );
    }
    return undefined;
  },
  describe: (answer) => `probe(${answer.effect})`,
};
