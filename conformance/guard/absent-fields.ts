/**
 * A contract value's optional field that a host sets to `undefined` is a field left out: the contract's
 * types say so (`pending?: boolean` takes either), and a host over the host protocol cannot even send
 * the difference (JSON drops it). zod keeps such a key in what it parses, and the kit compares values
 * exactly, so without this a host writing `{ active, pending: undefined }` failed every `get` it was
 * asked (round 47's blind fairness batch). Applied to everything a host hands the kit after its schema
 * passed it: what the guard parses, the model's requests, the user's questions.
 */

/** `value` without any object property whose value is `undefined`, all the way down; the same value when it has none. */
export function withoutUndefinedFields<T>(value: T): T {
  return strip(value) as T;
}

function strip(value: unknown): unknown {
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let index = 0; index < value.length; index += 1) {
      const item: unknown = value[index];
      const stripped = strip(item);
      if (stripped !== item) {
        copy ??= [...value];
        copy[index] = stripped;
      }
    }
    return copy ?? value;
  }
  if (typeof value !== 'object' || value === null) return value;
  let copy: Record<string, unknown> | undefined;
  // Every value a host hands the kit goes through here (a log read is many events): `for...in` over the own
  // keys makes no array of entries per object, as Object.entries would.
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const field: unknown = (value as Record<string, unknown>)[key];
    if (field === undefined) {
      copy ??= { ...value };
      delete copy[key];
      continue;
    }
    const stripped = strip(field);
    if (stripped !== field) {
      copy ??= { ...value };
      copy[key] = stripped;
    }
  }
  return copy ?? value;
}
