/** Freezing data the host hands to many readers, instead of copying it for each. */

/**
 * A frozen copy of a JSON value (what events and tool schemas are): later
 * changes to `value` do not reach it, and nobody can change it. Copied and
 * frozen in one walk; structuredClone and a second walk to freeze cost several
 * times as much for the small values a host logs many times a turn.
 */
export function frozenCopy<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return Object.freeze(value.map((item: unknown) => frozenCopy(item))) as T;
  // fromEntries defines properties, so a key named __proto__ stays a key.
  return Object.freeze(Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, frozenCopy(inner)]))) as T;
}
