/**
 * One generated action of an explored session, shaped like fast-check's
 * model-based commands: its arbitraries (as a session step, as something the
 * user does while the model handles a request, as the making of an agent
 * around a restart), its precondition, and `run`, which takes the oracle's
 * step, the host's step and compares them. A family of actions is one module
 * listed in `actions/index.ts`; the runner only iterates them.
 */
import type fc from 'fast-check';
import type { Capability, Edition } from '../../../src/index.js';
import type { PlannedRequest } from '../commands.js';
import type { During, ExploredSession } from '../explored-session.js';

/** What an action may generate, for the host at hand. */
export interface Generation {
  has(capability: Capability): boolean;
  edition: Edition;
  /** Agent references; the runner takes them modulo the number of agents the session has (-1: the newest). */
  agent: fc.Arbitrary<number>;
  /** A turn's planned requests at this level; undefined at the innermost level (no turn inside a turn inside a turn). */
  requests?: fc.Arbitrary<PlannedRequest[]>;
}

export interface Action<C extends { kind: string }> {
  kind: C['kind'];
  /** As a step of the session; undefined when this host cannot be asked it. */
  command?(g: Generation): fc.WeightedArbitrary<C> | undefined;
  /** As a mid-turn action, run while the model handles a request of any agent. */
  midTurn?(g: Generation): fc.WeightedArbitrary<C> | undefined;
  /** As the making of an agent that a restart then finds (sessions around a restart). */
  lineage?(g: Generation): fc.WeightedArbitrary<C> | undefined;
  /** The precondition, checked against the oracle when the command is about to run: a command that fails it is skipped, not printed. */
  feasible?(session: ExploredSession, command: C): boolean;
  /** The oracle's step and the host's step, compared; `during` when it runs mid-turn. */
  run(session: ExploredSession, command: C, during?: During): Promise<void>;
  describe(command: C): string;
}
