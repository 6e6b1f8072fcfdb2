import { describe, expect, it } from 'vitest';
import { frozenCopy } from '../../reference/host/frozen.js';

describe('frozenCopy', () => {
  it('copies a JSON value whole and freezes every level of the copy', () => {
    const original = { type: 'plan/mode', payload: { active: true, list: [1, { deep: 'x' }] }, none: null };
    const copy = frozenCopy(original);
    expect(copy).toEqual(original);
    expect(copy).not.toBe(original);
    expect(
      Object.isFrozen(copy) &&
        Object.isFrozen(copy.payload) &&
        Object.isFrozen(copy.payload.list) &&
        Object.isFrozen(copy.payload.list[1]),
    ).toBe(true);
    original.payload.active = false;
    (original.payload.list[1] as { deep: string }).deep = 'changed';
    expect(copy.payload).toEqual({ active: true, list: [1, { deep: 'x' }] });
    expect(Object.isFrozen(original)).toBe(false);
  });

  it('keeps a key named __proto__ as a key', () => {
    const parsed = JSON.parse('{"__proto__": {"polluted": true}}') as Record<string, unknown>;
    const copy = frozenCopy(parsed);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(['__proto__']);
  });
});
