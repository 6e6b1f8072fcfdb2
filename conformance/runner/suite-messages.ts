/**
 * What the suite's child process tells the CLI over IPC. Results travel as the
 * plain JSON the result collector produces, so fields it gains ride along.
 */
import type { Adapter, ReviewText } from '../../src/index.js';
import type { ScenarioResult } from './scenario-result.js';
import type { ScenarioStart, SuiteOptions } from './run-suite.js';

/** The run the CLI asks the child for (given as its one argument, JSON). */
export type ChildRequest = Omit<SuiteOptions, 'stdout' | 'events'>;

/** Any message may carry formatter output that comes before it (`output`). */
export type ChildMessage = (
  /** The adapter loaded and is well-formed. */
  | { type: 'ready'; adapter: Pick<Adapter, 'name' | 'capabilities'> }
  /** The adapter (or the run's input) cannot be used: exit 2 with this line. */
  | { type: 'unusable'; message: string }
  /** Formatter output meant for stdout, in order. */
  | { type: 'output'; text: string }
  /** `selected`: the whole selection's size, for a sliced run (see SuiteEvents.planned). */
  | { type: 'planned'; total: number; selected?: number }
  | { type: 'started'; scenario: ScenarioStart }
  | { type: 'finished'; result: ScenarioResult }
  /** A fault raised between scenarios: it fails the run. */
  | { type: 'fault'; message: string }
  /** Fail fast: the run stops here (exit 2, this line). */
  | { type: 'stop'; message: string }
  | { type: 'done'; results: ScenarioResult[]; wallMs: number; reviewTexts: ReviewText[] }
) & { output?: string };
