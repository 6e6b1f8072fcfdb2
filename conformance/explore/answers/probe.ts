/**
 * A call of one of the kit's probe tools (read-like, writing, running a
 * command): plan mode is soft guidance, so each still runs and its result
 * reaches the next request unchanged (SCOPE-02).
 */
import fc from 'fast-check';
import { PROBE_TOOLS } from '../../script/probes.js';
import type { ModelAnswer } from './answer.js';
import { worded } from '../finding-texts.js';

type ProbeAnswer = { type: 'probe'; effect: 'read' | 'write' | 'command' };

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
      return worded({
        check: 'tool-result',
        clauses: ['SCOPE-02'],
        where: { agent: agent.name, request: n },
        expected: { tool: probe.name, effect: call.answer.effect },
        observed: { result },
      });
    }
    return undefined;
  },
  describe: (answer) => `probe(${answer.effect})`,
};
