/** Every way the kit's model answers a planned request; a new family is a new module added here. */
import type { PlannedAnswer } from '../moves.js';
import type { ModelAnswer } from './answer.js';
import { exitAnswer } from './exit.js';
import { failureAnswer } from './failure.js';
import { giveUpAnswer } from './give-up.js';
import { probeAnswer } from './probe.js';
import { programExitAnswer } from './program-exit.js';
import { textAnswer } from './text.js';

export const ANSWERS = [textAnswer, giveUpAnswer, probeAnswer, exitAnswer, programExitAnswer, failureAnswer] as const;

/** The family of a planned answer. */
export function answerFamily<A extends PlannedAnswer>(answer: A): ModelAnswer<A> {
  return ANSWERS.find((family) => family.type === answer.type) as unknown as ModelAnswer<A>;
}
