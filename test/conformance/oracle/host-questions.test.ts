/**
 * The oracle's reading of a host's own questions around tool calls in and
 * out of plan mode (conformance/oracle/host-questions.ts, SCOPE-02): which
 * calls compare, and that a remembered answer (a question dropped later) is
 * never taken for plan mode changing the host's approval policy.
 */
import { describe, expect, it } from 'vitest';
import {
  comparableAgent,
  questionShape,
  questionsAddedInOtherMode,
  questionsUnlikeAcrossModes,
  type FirstToolCall,
} from '../../../conformance/oracle/host-questions.js';

const approval = questionShape({
  id: 'q',
  question: 'Let probe_write run?',
  options: [{ label: 'Allow' }, { label: 'Deny' }],
});
const call = (agent: string, active: boolean, shapes = [approval]): FirstToolCall => ({
  agent,
  request: 1,
  active,
  shapes,
});

describe('host questions across modes (SCOPE-02)', () => {
  it('reads a question by its shape, never its wording', () => {
    expect(questionShape({ id: 'x', question: 'Anything else?', options: [{ label: 'A' }, { label: 'B' }] })).toEqual(
      approval,
    );
    expect(
      questionShape({ id: 'x', question: '', options: [{ label: 'A' }, { label: 'B' }], multiSelect: true }),
    ).not.toEqual(approval);
  });

  it('compares first calls across agents only between agents the user made', () => {
    expect(comparableAgent('created')).toBe(true);
    for (const kind of ['fork', 'child', 'owned'] as const) expect(comparableAgent(kind)).toBe(false);
  });

  it('across agents: the same questions in both modes, whichever asks more', () => {
    expect(questionsUnlikeAcrossModes(call('B', true), call('A', false))).toBeUndefined();
    expect(questionsUnlikeAcrossModes(call('B', true, []), call('A', false))).toEqual(call('A', false));
    expect(questionsUnlikeAcrossModes(call('B', false), call('A', true, []))).toEqual(call('A', true, []));
    // The same mode, the same agent or no other call: nothing to compare.
    expect(questionsUnlikeAcrossModes(call('B', true, []), call('A', true))).toBeUndefined();
    expect(questionsUnlikeAcrossModes(call('A', true, []), call('A', false))).toBeUndefined();
    expect(questionsUnlikeAcrossModes(call('B', true, []), undefined)).toBeUndefined();
  });

  it('within one agent: the later mode asks nothing the earlier did not (a remembered answer only drops one)', () => {
    expect(questionsAddedInOtherMode(call('A', true, []), call('A', false))).toEqual([]);
    expect(questionsAddedInOtherMode(call('A', true), call('A', false))).toEqual([]);
    expect(questionsAddedInOtherMode(call('A', true), call('A', false, []))).toEqual([approval]);
    expect(questionsAddedInOtherMode(call('A', false, [approval, approval]), call('A', true))).toEqual([approval]);
    expect(questionsAddedInOtherMode(call('A', true), call('A', true, []))).toEqual([]);
  });
});
