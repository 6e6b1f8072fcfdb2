/** What the runner hands every scenario's world (cucumber `worldParameters`). */
export interface KitParameters {
  /** Absolute path of the adapter module under test. */
  adapterPath: string;
  /** Time limit for one adapter call, in milliseconds. */
  callLimitMs: number;
  /** Time limit for starting (and restarting) a host, which may launch a process. */
  startLimitMs: number;
}

export const DEFAULT_CALL_LIMIT_MS = 5_000;
/**
 * A host's start may launch an interpreter and open a store: under load, or
 * behind a slow launcher, that takes longer than a call. Three starts that
 * time out end the run (fail fast), so this default keeps a host that never
 * starts within a minute.
 */
export const DEFAULT_START_LIMIT_MS = 15_000;

/** The start limit when none is given: the default, or the call limit if that is longer. */
export function startLimitFor(callLimitMs: number, startLimitMs?: number): number {
  return startLimitMs ?? Math.max(DEFAULT_START_LIMIT_MS, callLimitMs);
}

export function readParameters(raw: unknown): KitParameters {
  const value = (raw ?? {}) as Partial<KitParameters>;
  if (typeof value.adapterPath !== 'string') {
    throw new Error('world parameter adapterPath is missing: run the suite through the plan-mode-conformance CLI');
  }
  const callLimitMs = typeof value.callLimitMs === 'number' ? value.callLimitMs : DEFAULT_CALL_LIMIT_MS;
  return {
    adapterPath: value.adapterPath,
    callLimitMs,
    startLimitMs: startLimitFor(callLimitMs, typeof value.startLimitMs === 'number' ? value.startLimitMs : undefined),
  };
}
