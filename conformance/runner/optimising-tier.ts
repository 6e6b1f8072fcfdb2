/**
 * How far V8 optimises the code a suite's child runs once it explores (the exploration's own process,
 * exploration-beside.ts, and the scenarios' process once its scenarios are done). The exploration lasts a few
 * seconds and runs the same few hundred functions through a couple of hundred short sessions: V8's
 * optimising compiler (TurboFan, on threads of its own but CPU all the same) spent about a fifth of its CPU
 * compiling code the process then had too little time left to profit from (`perf` in CPU time,
 * docs/benchmark.md, 2026-12-06, session-cost). Capped at Maglev, the quick optimising tier (on by default from
 * Node 22; Node 20 leaves it off, so there the code stays at the baseline tier, Sparkplug), the exploration
 * costs less CPU in all; a long one (`--explore 800` and more) costs more, as TurboFan's code repays its
 * compiling there. Only the cost changes: the code computes the same in every tier.
 *
 * The scenarios' process of a run whose exploration goes beside it (exploration-beside.ts) caps its tiers from
 * the start: there two busy processes share the cores, and TurboFan's threads took about 0.5-0.8 s of CPU from
 * the other process during the scenarios, more than its code saved them (docs/benchmark.md, 2026-12-06,
 * explore-cost). A scenario-only run keeps every tier: there the compiler's threads have the idle core, and the
 * scenarios' own thread runs faster for them.
 */
import { setFlagsFromString } from 'node:v8';
import { settleCompileCachesBeforeFlagChange } from './compile-cache.js';

/**
 * A process exploring at most this many sessions caps its tiers. Measured in process on the reference (CPU of
 * the whole process, task-clock): 200 sessions about 20% less CPU capped, 800 sessions 15-30% more.
 */
export const CAPPED_TIER_MOST_SESSIONS = 250;

/** V8's tiers are numbered 0 (interpreter), 1 (Sparkplug), 2 (Maglev), 3 (TurboFan); `--max-opt` caps them. */
export const EXPLORATION_MAX_TIER = 2;

/** `--max-opt`'s default, which caps nothing (V8 reads any value above 3 as every tier). */
export const NO_TIER_CAP = 999;

/** Caps the tiers of code optimised from now on (flags set after start-up: the tiering manager reads this one as it goes). */
export function capOptimisingTier(tier = EXPLORATION_MAX_TIER): void {
  // A code cache written after this would be rejected by every process started with the default flags.
  settleCompileCachesBeforeFlagChange();
  setFlagsFromString(`--max-opt=${tier}`);
}
