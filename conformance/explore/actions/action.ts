/**
 * One generated action of an explored session, shaped like fast-check's
 * model-based commands: its arbitraries (as a move of the session, as
 * something the user does while the model handles a request, as the making of
 * an agent around a restart), its precondition, and `run`, which takes the
 * oracle's step and the host's step and compares them. A family of actions is
 * one module listed in `actions/index.ts`; the runner only iterates them.
 */
import type fc from 'fast-check';
import type { Capability, Edition } from '../../../src/index.js';
import type { During, ExploredSession } from '../explored-session.js';
import type { PlannedRequest, SessionMove } from '../moves.js';
import type { Found } from '../disagreement.js';

/** What an action may generate, for the host at hand. */
export interface Generation {
  has(capability: Capability): boolean;
  edition: Edition;
  /** Agent references; the runner takes them modulo the number of agents the session has (-1: the newest). */
  agent: fc.Arbitrary<number>;
  /** A turn's planned requests at this level; undefined at the innermost level (no turn inside a turn inside a turn). */
  requests?: fc.Arbitrary<PlannedRequest[]>;
}

export interface Action<M extends { kind: string }> {
  kind: M['kind'];
  /** As a move of the session; undefined when this host cannot be asked it. */
  move?(g: Generation): fc.WeightedArbitrary<M> | undefined;
  /** As a mid-turn move, run while the model handles a request of any agent. */
  midTurn?(g: Generation): fc.WeightedArbitrary<M> | undefined;
  /** As the making of an agent that a restart then finds (sessions around a restart). */
  lineage?(g: Generation): fc.WeightedArbitrary<M> | undefined;
  /** The precondition, checked against the oracle when the move is about to run (`during` when mid-turn): a move that fails it is skipped, not printed. */
  feasible?(session: ExploredSession, move: M, during?: During): boolean;
  /**
   * The oracle's step and the host's step, compared; `during` when it runs mid-turn. It hands back what it
   * found (a disagreement or none) and never stops the session itself: the runner records it.
   */
  run(session: ExploredSession, move: M, during?: During): Promise<Found>;
  /** One line for messages and tests; `describeMove` describes a move nested in this one (a turn's mid-turn moves). */
  describe(move: M, describeMove: (nested: SessionMove) => string): string;
}
