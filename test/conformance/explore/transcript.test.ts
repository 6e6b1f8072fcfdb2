/**
 * A session's transcript (explore/transcript.ts): a line given as a function
 * (a step, a turn's prompt or a setup line) is written only when the session is
 * printed, in its place among the others.
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

  it('writes steps, turns and setup lines outside a turn lazily too, each in its place', () => {
    const transcript = new Transcript();
    const asked: string[] = [];
    const line = (text: string) => () => {
      asked.push(text);
      return text;
    };
    transcript.setup(line('the host starts'));
    transcript.step('When', line('the user creates the agent'));
    transcript.beginTurn(line('the user prompts the agent with "go"'));
    transcript.setup(line('the model will answer request 1 of the agent with "a"'));
    transcript.endTurn();
    expect(asked).toEqual([]);
    expect(transcript.lines()).toEqual([
      'Given the host starts',
      'When the user creates the agent',
      'Given the model will answer request 1 of the agent with "a"',
      'When the user prompts the agent with "go"',
    ]);
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
