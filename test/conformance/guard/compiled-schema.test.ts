/**
 * The guard's compiled schemas (compiled-schema.ts) answer as the contract's schemas do: the same values accepted,
 * the same parsed values (key order included), the same issues for what fails; and what a compiled parse hands
 * out is what it checked, even from a host whose getters change their answers. A schema is compiled only after
 * its first parses.
 */
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  AgentIdSchema,
  CommandResultSchema,
  ModelRequestSchema,
  PlanModeStateSchema,
  PlanProjectionViewSchema,
  QuestionSchema,
  SessionEventSchema,
  SetOutcomeSchema,
} from '../../../src/index.js';
import { compiledSchema, PARSES_BEFORE_COMPILING } from '../../../conformance/guard/compiled-schema.js';

/** The schema's compiled clone, as the guard parses with it once the schema is in use. */
function compiled<T>(schema: z.ZodType<T>): z.ZodType<T> {
  for (let parse = 0; parse < PARSES_BEFORE_COMPILING; parse += 1) compiledSchema(schema);
  return compiledSchema(schema);
}

/** A valid value of each schema the guard parses, for the mutations below to break. */
const VALID: Array<[string, z.ZodType, () => unknown]> = [
  [
    'ModelRequestSchema',
    ModelRequestSchema,
    () => ({
      agent: 'a1',
      systemPrompt: 'You are.\n\nPlan.',
      tools: [{ name: 'read', description: 'reads', parameters: { type: 'object', properties: {} } }],
      messages: [
        { role: 'user', source: 'user', text: 'hi' },
        {
          role: 'user',
          source: 'host',
          text: 'two',
          content: [
            { type: 'text', text: 'two' },
            { type: 'image', mediaType: 'image/png', data: 'iVBORw==' },
          ],
        },
        { role: 'assistant', text: '', toolCalls: [{ id: 'c1', name: 'read', arguments: { path: 'x', n: [1] } }] },
        { role: 'tool', toolCallId: 'c1', toolName: 'read', text: 'ok', isError: false, value: { approved: true } },
      ],
      toolSdk: 'declare const tools: {}',
    }),
  ],
  ['SessionEventSchema', SessionEventSchema, () => ({ type: 'plan/mode', payload: { active: true, by: 'user' } })],
  [
    'SessionEventSchema (message)',
    SessionEventSchema,
    () => ({ type: 'user/message', source: 'plugin', text: 'x', content: [{ type: 'text', text: 'x' }] }),
  ],
  ['PlanModeStateSchema', PlanModeStateSchema, () => ({ active: true, pending: false })],
  ['PlanProjectionViewSchema', PlanProjectionViewSchema, () => ({ active: false, pending: true })],
  ['CommandResultSchema', CommandResultSchema, () => ({ ok: true, text: 'Plan mode on.' })],
  ['SetOutcomeSchema', SetOutcomeSchema, () => 'queued'],
  ['AgentIdSchema', AgentIdSchema, () => 'agent-1'],
  [
    'QuestionSchema',
    QuestionSchema,
    () => ({ id: 'q', question: 'Approve?', options: [{ label: 'Yes' }, { label: 'No', description: 'd' }] }),
  ],
];

/** Every place in a value: the paths of its objects' and arrays' own keys. */
function placesIn(value: unknown, path: PropertyKey[] = [], seen = new Set<unknown>()): PropertyKey[][] {
  if (value === null || typeof value !== 'object' || seen.has(value)) return [];
  seen.add(value);
  const keys = Reflect.ownKeys(value).filter((key) => !(Array.isArray(value) && key === 'length'));
  return keys.flatMap((key) => [
    [...path, key],
    ...placesIn((value as Record<PropertyKey, unknown>)[key], [...path, key], seen),
  ]);
}

type Mutation = { place: number; change: 'set' | 'delete' | 'add'; key: string; value: unknown };

/** The value with one place set to something else, deleted, or given a key it did not have. */
function mutated(value: unknown, { place, change, key, value: other }: Mutation): unknown {
  const places = placesIn(value);
  if (places.length === 0) return change === 'set' ? other : value;
  const path = places[place % places.length]!;
  let parent = value as Record<PropertyKey, unknown>;
  for (const part of path.slice(0, -1)) parent = parent[part] as Record<PropertyKey, unknown>;
  const last = path[path.length - 1]!;
  if (change === 'set') parent[last] = other;
  else if (change === 'delete') delete parent[last];
  else if (typeof parent[last] === 'object' && parent[last] !== null)
    (parent[last] as Record<string, unknown>)[key] = other;
  return value;
}

const mutations: fc.Arbitrary<Mutation> = fc.record({
  place: fc.nat(),
  change: fc.constantFrom('set', 'delete', 'add'),
  key: fc.oneof(fc.constantFrom('__proto__', 'text', 'content', 'pending', 'role', 'type', 'toString'), fc.string()),
  value: fc.oneof(
    fc.anything({ withNullPrototype: true, withSparseArray: true }),
    fc.constantFrom('', 'user', 'assistant', 'tool', 'text', 'image', 'plan/mode', undefined, [], {}),
  ),
});

/** What a parse answered, comparable: success and data with its key order, or the issues. */
function answerOf(result: z.ZodSafeParseResult<unknown>): unknown {
  return result.success
    ? { success: true, data: result.data, keys: JSON.stringify(result.data, keysInOrder) }
    : { success: false, issues: result.error.issues };
}
/** A replacer that keeps nothing but each object's keys, in order, so key order shows in the text. */
function keysInOrder(_key: string, value: unknown): unknown {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? { ...value, '': Object.keys(value) }
    : value;
}

describe('compiled schemas', () => {
  it('parses with the schema itself first, then with one compiled clone of it', () => {
    const schema = PlanModeStateSchema.extend({});
    for (let parse = 1; parse < PARSES_BEFORE_COMPILING; parse += 1) expect(compiledSchema(schema)).toBe(schema);
    const clone = compiledSchema(schema);
    expect(clone).not.toBe(schema);
    expect(compiledSchema(schema)).toBe(clone);
  });

  it.each(VALID)('%s: the compiled clone answers as the schema does, near any valid value', (_name, schema, valid) => {
    const clone = compiled(schema);
    expect(answerOf(clone.safeParse(valid()))).toEqual(answerOf(schema.safeParse(valid())));
    fc.assert(
      fc.property(fc.array(mutations, { minLength: 1, maxLength: 3 }), (changes) => {
        const value = changes.reduce(mutated, valid());
        const expected = answerOf(schema.safeParse(value));
        const actual = answerOf(clone.safeParse(value));
        expect(isDeepStrictEqual(actual, expected)).toBe(true);
      }),
      { numRuns: 300, seed: 48 },
    );
  });

  it('hands out only what it checked, from a host whose getters answer differently each time', () => {
    const clone = compiled(ModelRequestSchema);
    const shifting = (first: unknown, then: unknown) => {
      let reads = 0;
      return {
        role: 'user',
        source: 'user',
        get text() {
          reads += 1;
          return reads === 1 ? first : then;
        },
      };
    };
    const request = (message: object) => ({ agent: 'a', systemPrompt: '', tools: [], messages: [message] });
    // A valid text, then a number: whatever passes is a string.
    const valid = clone.safeParse(request(shifting('ok', 7)));
    expect(valid.success && typeof valid.data.messages[0]!.text).toBe('string');
    // A number first: the runtime's parse reads the getter again; either way no number is handed out.
    const invalid = clone.safeParse(request(shifting(7, 'ok')));
    if (invalid.success) expect(typeof invalid.data.messages[0]!.text).toBe('string');
    // A role that changes between the union's dispatch and its check.
    let roles = 0;
    const changingRole = {
      get role() {
        roles += 1;
        return roles === 1 ? 'user' : 'tool';
      },
      source: 'user',
      text: 'x',
    };
    const result = clone.safeParse(request(changingRole));
    if (result.success) expect(ModelRequestSchema.safeParse(result.data).success).toBe(true);
  });

  it('parses a Proxy, a class instance and an object with a null prototype as the schema does', () => {
    const clone = compiled(PlanModeStateSchema);
    class State {
      active = true;
    }
    const values = [
      new Proxy({ active: true }, {}),
      new State(),
      Object.assign(Object.create(null), { active: false, pending: true }),
      Object.assign(Object.create({ pending: true }), { active: true }),
      Object.assign([], { active: true }),
    ];
    for (const value of values)
      expect(answerOf(clone.safeParse(value))).toEqual(answerOf(PlanModeStateSchema.safeParse(value)));
  });
});
