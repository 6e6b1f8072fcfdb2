import { DEFAULT_EDITION, EditionSchema, type Edition } from '../../src/index.js';
import { DEFAULT_CALL_LIMIT_MS, startLimitFor } from '../guard/time-limit.js';

/** What the runner hands every scenario's world (cucumber `worldParameters`). */
export interface KitParameters {
  /** Absolute path of the adapter module under test. */
  adapterPath: string;
  /** Time limit for one adapter call, in milliseconds. */
  callLimitMs: number;
  /** Time limit for starting (and restarting) a host, which may launch a process. */
  startLimitMs: number;
  /** The edition the run judges the host against (handed to the host's `start`). */
  edition: Edition;
}

export { DEFAULT_CALL_LIMIT_MS };

export function readParameters(raw: unknown): KitParameters {
  const value = (raw ?? {}) as Partial<KitParameters>;
  if (typeof value.adapterPath !== 'string') {
    throw new Error('world parameter adapterPath is missing: run the suite through the plan-mode-conformance CLI');
  }
  const callLimitMs = typeof value.callLimitMs === 'number' ? value.callLimitMs : DEFAULT_CALL_LIMIT_MS;
  return {
    adapterPath: value.adapterPath,
    callLimitMs,
    edition: value.edition === undefined ? DEFAULT_EDITION : EditionSchema.parse(value.edition),
    startLimitMs: startLimitFor(callLimitMs, typeof value.startLimitMs === 'number' ? value.startLimitMs : undefined),
  };
}
