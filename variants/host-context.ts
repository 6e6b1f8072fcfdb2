/**
 * Hosts that open every request with a context message of their own whose text changes between requests: what a
 * harness hands the model about its environment (the time, how many requests it has made), not logged. No clause
 * asks a host to log what it adds beside plan mode or to keep its own messages' words: MX-01, MX-02 and NARR fix
 * what plan mode adds, MX-03 that plan mode's additions (a steered message, a notice) and the tools' come after
 * what the model has seen. The message stands at the same place in every request whatever the plan state, and its
 * text does not follow the plan state (it changes between requests of one state too), so it is the host's own
 * (conformance/assertions/host-messages.ts). Each must pass every required scenario of every edition.
 */
import { patch } from '../mutants/mutant.js';
import { AGENT } from '../mutants/reference-sources.js';
import { together, variant, type Variant } from './variant.js';

const ASSEMBLED = `      messages: deriveHistory(this.deps.log.read()),`;

/**
 * A clock: every request opens with the host's time. The clock is the host's (one for every agent) and moves a
 * second for each request the host assembles, so it moves between any two requests as a real clock would between
 * requests far enough apart, and the matrix's verdict does not hang on how fast the machine is.
 */
const clockMessage = variant(
  'context-clock-message',
  [],
  patch(
    AGENT,
    `export class Agent {`,
    `/** The host's clock: a second further for every request any agent assembles. */
let hostClock = Date.UTC(2026, 0, 1, 9, 0, 0);

export class Agent {`,
  ),
  patch(
    AGENT,
    ASSEMBLED,
    `      messages: [
        { role: 'user', source: 'host', text: \`<time>\${new Date((hostClock += 1000)).toISOString()}</time>\` },
        ...deriveHistory(this.deps.log.read()),
      ],`,
  ),
);

/** A counter: every request opens with how many requests this agent has made, this one included. */
const counterMessage = variant(
  'context-counter-message',
  [],
  patch(AGENT, `  private turnOpen = false;`, `  private turnOpen = false;\n  private requestsAssembled = 0;`),
  patch(
    AGENT,
    ASSEMBLED,
    `      messages: [
        { role: 'user', source: 'host', text: \`<context>request \${++this.requestsAssembled} of this agent</context>\` },
        ...deriveHistory(this.deps.log.read()),
      ],`,
  ),
);

/** Each host alone, run when named. */
export const HOST_CONTEXT_HOSTS: Variant[] = [clockMessage, counterMessage];

/**
 * What the variant matrix runs by default: one host opening every request with both, the clock first and the
 * counter second (two standing places, each changing between requests; one build and one run an edition).
 */
export const HOST_CONTEXT: Variant[] = [
  together('context-clock-and-counter', [
    clockMessage,
    variant(
      'context-counter-after-clock',
      [],
      counterMessage.patches[0]!,
      patch(
        AGENT,
        `        { role: 'user', source: 'host', text: \`<time>\${new Date((hostClock += 1000)).toISOString()}</time>\` },`,
        `        { role: 'user', source: 'host', text: \`<time>\${new Date((hostClock += 1000)).toISOString()}</time>\` },
        { role: 'user', source: 'host', text: \`<context>request \${++this.requestsAssembled} of this agent</context>\` },`,
      ),
    ),
  ]),
];
