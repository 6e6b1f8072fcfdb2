/**
 * A session's transcript (explore/transcript.ts) keeps records of what
 * happened in their places (steps, turns and the records scripted before
 * them), and step-texts.ts words each as the suite's step only when the
 * session's lines are asked for.
 */
import { describe, expect, it } from 'vitest';
import { REVIEW_ANSWERS } from '../../../conformance/explore/moves.js';
import { reviewStep, stepKeyword, stepText } from '../../../conformance/explore/step-texts.js';
import type { TranscriptRecord } from '../../../conformance/explore/transcript-records.js';
import { Transcript } from '../../../conformance/explore/transcript.js';

describe('transcript', () => {
  it('writes a turn with its setup records first, a step after it', () => {
    const transcript = new Transcript();
    transcript.beginTurn({ kind: 'prompt', agent: 'the agent', text: 'go' });
    transcript.setup({ kind: 'model-answer', agent: 'the agent', n: 1, answer: { type: 'probe', effect: 'read' } });
    transcript.setup({ kind: 'set', agent: 'the agent', active: true, during: { n: 1, agent: 'the agent' } });
    transcript.endTurn();
    transcript.step({ kind: 'restart' });
    expect(transcript.lines()).toEqual([
      'Given the model will answer request 1 of the agent by calling the probe tool',
      'And while the model handles request 1 of the agent, the user turns plan mode on for the agent',
      'When the user prompts the agent with "go"',
      'And the host restarts',
    ]);
  });

  it('words records only when the lines are asked for: a record keeps what happened, not its text', () => {
    const transcript = new Transcript();
    const answer = { type: 'exit' as const, plan: 'first' };
    transcript.beginTurn({ kind: 'prompt', agent: 'the agent', text: 'go' }, true);
    transcript.setup({ kind: 'model-answer', agent: 'the agent', n: 1, answer });
    transcript.endTurn();
    // The record is worded as it is when printed (records hold values that never change in a session).
    answer.plan = 'second';
    expect(transcript.lines()).toEqual([
      'Given the model will answer request 1 of the agent by calling exit_plan_mode with the plan "second"',
      'When the user prompts the agent with "go", which may give up',
    ]);
  });

  it('writes a record scripted outside any turn as Given, each step with its own keyword, And where one repeats', () => {
    const transcript = new Transcript();
    transcript.step({ kind: 'deployment', yaml: 'plan-mode:\n  section: x' });
    transcript.step({ kind: 'host-starts' });
    transcript.step({ kind: 'host-started' });
    transcript.setup({ kind: 'review-answer', review: 'dismiss' });
    transcript.step({ kind: 'spawn-owned', owner: 'the agent', child: 'agent "child 1"' });
    transcript.step({ kind: 'fork', origin: 'the agent', fork: 'agent "fork 1"' });
    transcript.step({ kind: 'spawn', parent: 'the agent', child: 'agent "child 2"' });
    expect(transcript.lines()).toEqual([
      'Given the deployment is:\n"""yaml\nplan-mode:\n  section: x\n"""',
      'When the host starts',
      'Then the host started',
      'Given the user will dismiss the review to talk instead',
      'And agent "child 1" is a child agent owned by the agent',
      'When the agent is forked as agent "fork 1"',
      'And the agent spawns the child agent "child 2"',
    ]);
  });

  it('writes a step inserted at a mark after the steps written before the mark, before those after it', () => {
    const transcript = new Transcript();
    transcript.step({ kind: 'new-agent', agent: 'the agent' });
    const mark = transcript.mark();
    transcript.step({ kind: 'set', agent: 'the agent', active: true });
    transcript.insertStep(mark, { kind: 'note-pushes', agent: 'the agent' });
    expect(transcript.lines()).toEqual([
      'When the user creates the agent',
      'And the scenario notes the projection pushes of the agent so far',
      'And the user turns plan mode on for the agent',
    ]);
  });
});

describe('step texts', () => {
  it('a typed line quotes the line and names its images; mid-turn it says where it ran', () => {
    const record: TranscriptRecord = {
      kind: 'command-line',
      agent: 'agent "B"',
      line: '/plan say "hi"',
      images: ['red', 'blue'],
    };
    expect(stepText(record)).toBe(
      `the user types the command '/plan say "hi"' with the images "red, blue" for agent "B"`,
    );
    expect(
      stepText({ kind: 'command-line', agent: 'the agent', line: '/plan', during: { n: 2, agent: 'agent "B"' } }),
    ).toBe('while the model handles request 2 of agent "B", the user types the command "/plan" for the agent');
    expect(stepKeyword(record)).toBe('When');
  });

  it('every scripted answer and every review answer has its own step', () => {
    const answers = [
      { type: 'failure' },
      { type: 'give-up' },
      { type: 'probe', effect: 'read' },
      { type: 'probe', effect: 'write' },
      { type: 'probe', effect: 'command' },
      { type: 'exit', plan: 'p' },
      { type: 'program-exit', plan: 'p' },
    ] as const;
    const texts = answers.map((answer) => stepText({ kind: 'model-answer', agent: 'the agent', n: 1, answer }));
    expect(new Set(texts).size).toBe(answers.length);
    expect(texts.every((text) => text.startsWith('the model will answer request 1 of the agent '))).toBe(true);
    const reviews = REVIEW_ANSWERS.map((review) => reviewStep(review, 'typed text'));
    expect(new Set(reviews).size).toBe(REVIEW_ANSWERS.length);
    expect(reviewStep('keep-planning-with-text', 'typed text')).toBe(
      'the user will answer the review by selecting the keep-planning option with the feedback "typed text"',
    );
    expect(reviewStep('keep-planning-with-text')).toBe(
      'the user will answer the review by selecting the keep-planning option with the feedback "Split the second step in two"',
    );
  });
});
