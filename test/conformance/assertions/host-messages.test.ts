/** The host's own messages (host-messages.ts): those its log records as host-sourced user messages. */
import { describe, expect, it } from 'vitest';
import type { Message, SessionEvent } from '../../../src/index.js';
import {
  leadingHostCount,
  loggedHostTexts,
  standingPlaces,
  StandingPlaces,
  withoutHostOwn,
  withoutStanding,
} from '../../../conformance/assertions/host-messages.js';

describe("a host's own messages", () => {
  const log: SessionEvent[] = [
    { type: 'user/message', source: 'host', text: 'context' },
    { type: 'user/message', source: 'user', text: 'Look around' },
    { type: 'user/message', source: 'plugin', text: 'notice' },
    { type: 'plan/mode', payload: { active: true } },
  ];

  it('are the host-sourced user messages of the logs', () => {
    expect([...loggedHostTexts([log, []])]).toEqual(['context']);
  });

  it('are left out of what plan-mode clauses compare; a host message the log does not record stays', () => {
    const messages: Message[] = [
      { role: 'user', source: 'host', text: 'context' },
      { role: 'user', source: 'user', text: 'context' },
      { role: 'user', source: 'host', text: '{"active":true}' },
      { role: 'user', source: 'plugin', text: 'notice' },
    ];
    expect(withoutHostOwn(messages, loggedHostTexts([log]))).toEqual(messages.slice(1));
  });

  const context: Message = { role: 'user', source: 'host', text: 'context' };
  const planOnly: Message = { role: 'user', source: 'host', text: 'planning' };
  const prompt: Message = { role: 'user', source: 'user', text: 'Look around' };
  const later: Message = { role: 'user', source: 'host', text: 'later' };
  const host = (text: string): Message => ({ role: 'user', source: 'host', text });
  /** Requests each opening with one host message of this text, in these plan states, the history growing. */
  const opening = (...rows: [string, boolean][]) =>
    rows.map(([text, planActive], index) => ({
      messages: [host(text), prompt, ...Array.from({ length: index }, (): Message => later)],
      planActive,
    }));

  it('stand at the places every request of the agent holds a host message at', () => {
    expect(leadingHostCount([context, planOnly, prompt, later])).toBe(2);
    expect(leadingHostCount([prompt, context])).toBe(0);
    expect(standingPlaces([])).toBe(0);
    expect(standingPlaces([{ messages: [context, planOnly, prompt], planActive: true }])).toBe(2);
    // A message that comes and goes (here with plan mode) leaves its place standing in no request.
    expect(
      standingPlaces([
        { messages: [context, planOnly, prompt], planActive: true },
        { messages: [context, prompt], planActive: false },
      ]),
    ).toBe(1);
    expect(
      standingPlaces([
        { messages: [prompt], planActive: false },
        { messages: [planOnly, prompt], planActive: true },
      ]),
    ).toBe(0);
    expect(withoutStanding([context, planOnly, prompt], 1)).toEqual([planOnly, prompt]);
    expect(withoutStanding([prompt, context], 1)).toEqual([prompt, context]);
  });

  it('stand whatever their texts do unless the texts follow the plan state', () => {
    const two = (first: string, second: string, planActive: boolean, length: number) => ({
      messages: [host(first), host(second), prompt, ...Array.from({ length }, (): Message => later)],
      planActive,
    });
    // The same text, or one changing between requests of one state too (a clock, a counter): the host's own.
    expect(standingPlaces(opening(['a', false], ['a', true], ['a', true], ['a', false]))).toBe(1);
    expect(standingPlaces(opening(['t1', false], ['t2', true], ['t3', true], ['t4', false]))).toBe(1);
    // Changing at every switch and at no step within one state: plan mode's (MX-01), from where that shows.
    expect(standingPlaces(opening(['off', false], ['on', true], ['on', true], ['off', false]))).toBe(0);
    expect(standingPlaces(opening(['off', false], ['on', true], ['on', true]))).toBe(0);
    // With only switches, or only steps within one state, seen, nothing tells them apart: they stand.
    expect(standingPlaces(opening(['off', false], ['on', true]))).toBe(1);
    expect(standingPlaces(opening(['a', true], ['a', true]))).toBe(1);
    // A request re-sent as it was (rc.8's frozen retry) is no step within a state: a clock is still no more than
    // changing at the one switch.
    const resent = opening(['t1', false], ['t1', false], ['t2', true]);
    resent[1] = resent[0]!;
    expect(standingPlaces(resent)).toBe(1);
    expect(standingPlaces(opening(['off', false], ['off', false], ['on', true]))).toBe(0);
    // No step across a restart: a counter starting again there is no text staying within a state.
    const [first, second, third] = opening(['request 1', false], ['request 1', false], ['request 2', true]);
    const restarted = new StandingPlaces().add(first!.messages, false);
    restarted.restarted();
    expect(restarted.add(second!.messages, false).add(third!.messages, true).count).toBe(1);
    expect(standingPlaces([first!, second!, third!])).toBe(0);
    // A switch without a change: not the plan state's.
    expect(standingPlaces(opening(['a', false], ['a', true], ['b', true]))).toBe(1);
    // Only the places before the first one following the plan state stand.
    expect(standingPlaces([two('c', 'off', false, 0), two('c', 'on', true, 1), two('c', 'on', true, 2)])).toBe(1);
    expect(standingPlaces([two('off', 'c', false, 0), two('on', 'c', true, 1), two('on', 'c', true, 2)])).toBe(0);
  });
});
