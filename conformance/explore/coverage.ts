/**
 * What an exploration reached, measured: which pairs of the model's state
 * features (oracle/state-features.ts) and actions its sessions met (a move
 * the user made, or an answer the model gave, while the feature held for the
 * agent it acted on), and which classes of values crossed the host. Counted
 * in sessions: a pair's count is the number of sessions that reached it, so
 * the shares of a run (workers, shards) add up, and `merge` sums them.
 */
import type { ExplorationCoverage } from '../../src/results/results-document.js';
import { STATE_FEATURES, type ModelView } from '../oracle/state-features.js';
import { coverageOf, pairKey } from '../results/exploration-coverage.js';
import { classify } from './values/texts.js';

export { sumCoverage } from '../results/exploration-coverage.js';

/** The action of a pair: a move's kind, or `answer:<type>` for the model's answer to a request. */
export function answerAction(type: string): string {
  return `answer:${type}`;
}

/**
 * Each action's pair keys, one per state feature in STATE_FEATURES' order, made once: a session meets a pair at every
 * move and answer, and a key made afresh each time is a new string to join and hash.
 */
const pairKeysByAction = new Map<string, readonly string[]>();

function pairKeysOf(action: string): readonly string[] {
  let keys = pairKeysByAction.get(action);
  if (keys === undefined) {
    keys = STATE_FEATURES.map((feature) => pairKey(feature.name, action));
    pairKeysByAction.set(action, keys);
  }
  return keys;
}

/** What one session reached. */
export class SessionCoverage {
  readonly pairs = new Set<string>();
  readonly valueClasses = new Set<string>();

  /** `action` ran in the state `view` reads (the pairs of `featuresOf(view)`, in its order). */
  met(view: ModelView, action: string): void {
    const keys = pairKeysOf(action);
    for (let index = 0; index < STATE_FEATURES.length; index += 1) {
      if (STATE_FEATURES[index]!.holds(view)) this.pairs.add(keys[index]!);
    }
  }

  values(classes: readonly string[]): void {
    for (const valueClass of classes) this.valueClasses.add(valueClass);
  }

  /** A text crossed the host (a prompt, a typed line, a plan, review feedback, a section): its value classes (values/texts.ts). */
  crossed(text: string): void {
    this.values(classify(text));
  }
}

/** What several sessions reached: per pair and per value class, the sessions that reached it. */
export class CoverageCounts {
  readonly pairs = new Map<string, number>();
  readonly valueClasses = new Map<string, number>();

  add(session: SessionCoverage): void {
    for (const pair of session.pairs) this.pairs.set(pair, (this.pairs.get(pair) ?? 0) + 1);
    for (const valueClass of session.valueClasses)
      this.valueClasses.set(valueClass, (this.valueClasses.get(valueClass) ?? 0) + 1);
  }

  /** As the results file holds it. */
  toResults(): ExplorationCoverage {
    return coverageOf(this.pairs, this.valueClasses);
  }
}
