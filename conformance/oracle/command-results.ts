/**
 * CMD-08 (recommended): results of `/plan` lines that report different
 * outcomes differ. An outcome is told apart by the target the line selects
 * and what `set` answered for it (entered, left, queued either way,
 * cancelled, already so); a line that is no `/plan` outcome (another
 * command, a refused `/plan off` with images) is never compared.
 */
import type { SetOutcome } from '../../src/index.js';

/** The outcome of a line that reports none CMD-08 compares. */
export const OTHER_OUTCOME = 'other';

/** The outcome a `/plan` line's result reports: its target and the `set` answer the selection got. */
export function commandOutcome(selected: boolean, answer: SetOutcome): string {
  return `${selected ? 'on' : 'off'}:${answer}`;
}

/**
 * The earlier result that reads exactly like the last one but reports another outcome (CMD-08 breaks there);
 * undefined when none does. `texts` and `outcomes` are every line's result text and outcome, in order.
 */
export function sameTextOtherOutcome(texts: readonly string[], outcomes: readonly string[]): number | undefined {
  const last = texts.length - 1;
  for (let earlier = 0; earlier < last; earlier += 1) {
    if (outcomes[earlier] === OTHER_OUTCOME) continue;
    if (outcomes[earlier] !== outcomes[last] && texts[earlier] === texts[last]) return earlier;
  }
  return undefined;
}
