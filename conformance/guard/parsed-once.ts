/**
 * Lists a host returns again and again, each item parsed once while it cannot change (issue 36).
 *
 * The kit reads every agent's log and what its observers were told at every idle moment of a session
 * (explore/observe.ts; the steps as they check), so a log of n events is parsed about n times over a
 * session: on the reference the guard's schema checks of `readLog` and `readObserved` were about a fifth
 * of the exploration's CPU (docs/benchmark.md, round 43). A host that keeps its events as frozen data
 * (the reference's log hands out the same frozen objects to every reader) returns the same item again
 * and again; an item that nothing can change passes or fails the schema the same way every time, so
 * its parse is kept, by the item's identity, and handed out again. The answer is what parsing the whole
 * list would give: the same parsed values (frozen: they are shared), and for a list with any item that
 * does not parse, the whole list parsed again as before, so the error names the same fields.
 *
 * Only data nothing can change is kept: frozen, every property a value (no getter), no Proxy, a plain
 * prototype (Object's or Array's), all the way down. A host over the host protocol hands over values
 * freshly read from JSON, never frozen, so each is parsed in full every time, as before; only an
 * in-process adapter (trusted code, run inside the kit: runner/suite-child.ts) can hand over frozen ones.
 */
import { types } from 'node:util';
import type { z } from 'zod';
import { withoutUndefinedFields } from './absent-fields.js';
import { parseReturned } from './parse-returned.js';
import { compiledSchema } from './compiled-schema.js';

export class ParsedOnce<T> {
  /** Each unchangeable item's parsed value, by the item's identity: gone with the item. */
  private readonly parsed = new WeakMap<object, T>();

  constructor(
    /** The schema of one item. */
    private readonly item: z.ZodType<T>,
    /** The list's schema (an array of `item`): what parses a list with an item that fails, for its error. */
    private readonly list: z.ZodType<T[]>,
  ) {}

  /** The list a method returned, parsed as `list` parses it (`parseReturned`'s error when it does not). */
  parseList(method: string, value: unknown): T[] {
    if (!Array.isArray(value) || types.isProxy(value)) return parseReturned(method, this.list, value);
    const parsed: T[] = [];
    for (let index = 0; index < value.length; index += 1) {
      const item: unknown = value[index];
      const known = typeof item === 'object' && item !== null ? this.parsed.get(item) : undefined;
      if (known !== undefined) {
        parsed.push(known);
        continue;
      }
      const result = compiledSchema(this.item).safeParse(item);
      // The whole list again: its error names every field the list's own parse would.
      if (!result.success) return parseReturned(method, this.list, value);
      // As parseReturned gives it: an optional field set to undefined left out.
      const data = withoutUndefinedFields(result.data);
      if (typeof item === 'object' && item !== null && cannotChange(item)) {
        this.parsed.set(item, deepFrozen(data));
      }
      parsed.push(data);
    }
    return parsed;
  }
}

/**
 * Whether nothing can change a value: a primitive, or a frozen plain object or array (no Proxy, no
 * getter or setter, Object's or Array's prototype or none) whose every property holds such a value.
 */
export function cannotChange(value: unknown): boolean {
  if (typeof value === 'function') return false;
  if (value === null || typeof value !== 'object') return true;
  if (types.isProxy(value) || !Object.isFrozen(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== null && prototype !== Object.prototype && prototype !== Array.prototype) return false;
  if (prototype === Array.prototype && !Array.isArray(value)) return false;
  for (const key of Reflect.ownKeys(value)) {
    const property = Object.getOwnPropertyDescriptor(value, key);
    if (!property || !('value' in property) || !cannotChange(property.value)) return false;
  }
  return true;
}

/** The value, frozen all the way down (a parsed value kept to be handed out again: no reader may change it for the next). */
function deepFrozen<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  for (const key of Reflect.ownKeys(value)) deepFrozen((value as Record<PropertyKey, unknown>)[key]);
  return Object.freeze(value);
}
