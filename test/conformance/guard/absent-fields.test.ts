/**
 * An optional contract field a host sets to `undefined` reads as left out (absent-fields.ts): what the guard
 * parses, what a list parsed once gives, and the value itself when it has no such field.
 */
import { describe, expect, it } from 'vitest';
import { PlanModeStateSchema, SessionEventSchema, SessionLogSchema } from '../../../src/index.js';
import { withoutUndefinedFields } from '../../../conformance/guard/absent-fields.js';
import { parseReturned } from '../../../conformance/guard/parse-returned.js';
import { ParsedOnce } from '../../../conformance/guard/parsed-once.js';

describe('withoutUndefinedFields', () => {
  it('leaves out every field set to undefined, all the way down, and keeps the rest', () => {
    const value = { a: 1, b: undefined, c: [{ d: undefined, e: null }], f: { g: undefined } };
    expect(withoutUndefinedFields(value)).toStrictEqual({ a: 1, c: [{ e: null }], f: {} });
    expect(value).toHaveProperty('b');
  });

  it('hands back the very value when nothing is undefined', () => {
    const value = Object.freeze({ a: [1, { b: 'x' }], c: null });
    expect(withoutUndefinedFields(value)).toBe(value);
  });

  it("reads get's pending set to undefined as no pending", () => {
    const parsed = parseReturned('getPlanMode', PlanModeStateSchema, { active: true, pending: undefined });
    expect(parsed).toStrictEqual({ active: true });
  });

  it('reads a logged message with content set to undefined as one without content, parsed once or not', () => {
    const event = Object.freeze({ type: 'user/message', source: 'user', text: 'hi', content: undefined });
    const list = new ParsedOnce(SessionEventSchema, SessionLogSchema);
    expect(list.parseList('readLog', [event])).toStrictEqual([{ type: 'user/message', source: 'user', text: 'hi' }]);
    expect(list.parseList('readLog', [event])).toStrictEqual([{ type: 'user/message', source: 'user', text: 'hi' }]);
  });
});
