/**
 * The guard parses a frozen event once and hands its parse out again (parsed-once.ts): what it answers
 * is what parsing the whole list answers, and nothing a host can still change is taken from before.
 * Each case that must fail is a host changing an item it returned after the kit read it.
 */
import { describe, expect, it } from 'vitest';
import { SessionEventSchema, SessionLogSchema } from '../../../src/index.js';
import { AdapterError } from '../../../conformance/guard/adapter-error.js';
import { parseReturned } from '../../../conformance/guard/parse-returned.js';
import { cannotChange, ParsedOnce } from '../../../conformance/guard/parsed-once.js';

const events = (): ParsedOnce<unknown> => new ParsedOnce(SessionEventSchema, SessionLogSchema);

function frozenDeep<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const inner of Object.values(value)) frozenDeep(inner);
    Object.freeze(value);
  }
  return value;
}

const turnStart = (): { type: string } => ({ type: 'turn/start' });
const planMode = (active: unknown): { type: string; payload: { active: unknown } } => ({
  type: 'plan/mode',
  payload: { active },
});

/** The list's own parse: what the guard answered before items were kept. */
function wholeList(value: unknown): unknown {
  return parseReturned('readLog', SessionLogSchema, value);
}

function errorOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AdapterError);
    return (error as Error).message;
  }
  throw new Error('expected the parse to fail');
}

describe('each unchangeable event parsed once', () => {
  it('answers what the whole list parses to, and hands out a frozen event again as it parsed it', () => {
    const list = events();
    const log = frozenDeep([planMode(true), turnStart(), { type: 'user/message', source: 'user', text: ' a ', x: 1 }]);
    const first = list.parseList('readLog', log);
    expect(first).toEqual(wholeList(log));
    const second = list.parseList('readLog', frozenDeep([...log, turnStart()]));
    expect(second.slice(0, 3)).toEqual(first);
    for (const [index, event] of first.entries()) expect(second[index]).toBe(event);
    // Shared between reads, so nobody can change one for the next reader.
    expect(Object.isFrozen(first[0])).toBe(true);
    expect(Object.isFrozen((first[0] as { payload: object }).payload)).toBe(true);
  });

  it('parses again an event the host can still change, and fails it once changed', () => {
    const list = events();
    const event = planMode(true);
    const log = [turnStart(), event];
    list.parseList('readLog', log);
    (event as { payload: unknown }).payload = 'active';
    expect(errorOf(() => list.parseList('readLog', log))).toBe(errorOf(() => wholeList(log)));
  });

  it('parses again a frozen event holding something unfrozen, and fails it once that changed', () => {
    const list = events();
    const block = { type: 'text', text: 'x' };
    const event = Object.freeze({ type: 'user/message', source: 'user', text: 'x', content: Object.freeze([block]) });
    list.parseList('readLog', [event]);
    block.text = 42 as unknown as string;
    expect(() => list.parseList('readLog', [event])).toThrow(/readLog: returned a malformed value: field \[0\]/);
  });

  it('parses again a frozen event whose property is a getter, or that is a Proxy, and fails each once it answers otherwise', () => {
    const list = events();
    let text: unknown = 'hello';
    const getter = Object.freeze(
      Object.defineProperties(
        {},
        {
          type: { value: 'user/message', enumerable: true },
          source: { value: 'user', enumerable: true },
          text: { get: () => text, enumerable: true },
        },
      ),
    );
    list.parseList('readObserved', [getter]);
    text = 42;
    expect(() => list.parseList('readObserved', [getter])).toThrow(
      /readObserved: returned a malformed value: field \[0\]\.text/,
    );

    // A Proxy of a frozen event may answer anything for a key the event lacks (`content`).
    let content: unknown;
    const proxy = new Proxy(frozenDeep({ type: 'user/message', source: 'user', text: 'x' }), {
      get: (target, key) => (key === 'content' ? content : Reflect.get(target, key)),
      has: (target, key) => (key === 'content' ? content !== undefined : Reflect.has(target, key)),
    });
    list.parseList('readLog', [proxy]);
    content = 'not a list';
    expect(() => list.parseList('readLog', [proxy])).toThrow(
      /readLog: returned a malformed value: field \[0\]\.content/,
    );
  });

  it("fails a list with one bad item as the list's own parse does, naming the same fields", () => {
    const list = events();
    const good = frozenDeep([planMode(true), turnStart()]);
    list.parseList('readLog', good);
    for (const bad of [
      [...good, planMode(true), { type: 'nope' }, { type: 'plan/mode' }, { type: 'other' }],
      [...good, undefined],
      { length: 1, 0: turnStart() },
      'a log',
    ]) {
      expect(errorOf(() => list.parseList('readLog', bad))).toBe(errorOf(() => wholeList(bad)));
    }
  });

  it('counts as unchangeable only frozen plain data, all the way down', () => {
    expect(cannotChange(frozenDeep({ a: [1, 'b', null, { c: true }] }))).toBe(true);
    expect(cannotChange(Object.freeze(Object.create(null)))).toBe(true);
    expect(cannotChange(Object.freeze({ a: {} }))).toBe(false);
    expect(cannotChange(Object.freeze(Object.create({ inherited: 1 })))).toBe(false);
    expect(cannotChange(Object.freeze(new Date(0)))).toBe(false);
    expect(cannotChange(Object.freeze({ f: Object.freeze(() => 1) }))).toBe(false);
    expect(cannotChange(new Proxy(Object.freeze({}), {}))).toBe(false);
  });
});
