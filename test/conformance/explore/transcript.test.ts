/**
 * A session's transcript (explore/transcript.ts): a line given as a function
 * is written only when the session is printed, in its place among the others.
 */
import { describe, expect, it } from 'vitest';
import { Transcript } from '../../../conformance/explore/transcript.js';

describe('transcript', () => {
  it('writes a line given as a function only when its lines are asked for, where it was set up', () => {
    const transcript = new Transcript();
    let written = 0;
    transcript.beginTurn('the user prompts the agent with "go"');
    transcript.setup('the model will answer request 1 of the agent with "a"');
    transcript.setup(() => {
      written += 1;
      return 'the model will answer request 2 of the agent with "b"';
    });
    transcript.endTurn();
    transcript.step('Then', 'the agent is idle');
    expect(written).toBe(0);
    expect(transcript.lines()).toEqual([
      'Given the model will answer request 1 of the agent with "a"',
      'And the model will answer request 2 of the agent with "b"',
      'When the user prompts the agent with "go"',
      'Then the agent is idle',
    ]);
    expect(written).toBe(1);
  });

  it('writes a function line at once outside a turn, where the next step follows it', () => {
    const transcript = new Transcript();
    transcript.setup(() => 'the host starts');
    transcript.step('When', 'the user creates the agent');
    expect(transcript.lines()).toEqual(['Given the host starts', 'When the user creates the agent']);
  });

  it('writes a step inserted at a mark after the steps written before the mark, before those after it', () => {
    const transcript = new Transcript();
    transcript.step('When', 'the user creates the agent');
    const mark = transcript.mark();
    transcript.step('When', 'the user turns plan mode on for the agent');
    transcript.insertStep(mark, 'When', 'the scenario notes the projection pushes of the agent so far');
    expect(transcript.lines()).toEqual([
      'When the user creates the agent',
      'And the scenario notes the projection pushes of the agent so far',
      'And the user turns plan mode on for the agent',
    ]);
  });
});
