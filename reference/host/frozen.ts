/** Freezing data the host hands to many readers, instead of copying it for each. */

/** Freezes a plain JSON value and everything in it; returns it. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** A frozen copy: later changes to `value` do not reach it, and nobody can change it. */
export function frozenCopy<T>(value: T): T {
  return deepFreeze(structuredClone(value));
}
