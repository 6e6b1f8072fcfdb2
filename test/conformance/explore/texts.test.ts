/**
 * The text arbitraries (conformance/explore/values/texts.ts) draw from the
 * whole domain: a sample of the size a default run draws reaches every value
 * class, never holds a lone surrogate, and `classify` reads each class from
 * the text itself.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  classify,
  LINE_BREAKS,
  lineBroken,
  offArgument,
  offLookalike,
  planLineAround,
  TEXT_CLASSES,
  texts,
  TRIMMED_WHITE_SPACE,
} from '../../../conformance/explore/values/texts.js';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

describe('text arbitraries', () => {
  it('reach every value class in 500 draws, and never a lone surrogate', () => {
    const drawn = fc.sample(texts({ empty: true, long: true }), { numRuns: 500, seed: 23 });
    const reached = new Set(drawn.flatMap((value) => value.classes));
    expect([...TEXT_CLASSES].filter((name) => !reached.has(name))).toEqual([]);
    expect(drawn.filter((value) => LONE_SURROGATE.test(value.text))).toEqual([]);
  });

  it('classifies by what the text holds', () => {
    expect(classify('')).toEqual(['empty']);
    expect(classify('plain')).toEqual([]);
    expect(classify('\u3000off')).toEqual(expect.arrayContaining(['trimmed-white-space', 'command-like', 'non-ascii']));
    expect(classify('a\u2028b')).toContain('line-break');
    expect(classify('a\u200bb')).toEqual(expect.arrayContaining(['invisible', 'kept-white-space']));
    expect(classify('cafe\u0301')).toContain('nfd');
    expect(classify('café')).toContain('nfc');
    expect(classify('👩\u200d💻')).toEqual(expect.arrayContaining(['astral', 'invisible']));
  });

  it('keeps a non-blank text non-blank, and every trimmed white space reads as trim reads it', () => {
    for (const value of fc.sample(texts({ nonBlank: true }), { numRuns: 300, seed: 1 }))
      expect(value.text.trim()).not.toBe('');
    for (const space of TRIMMED_WHITE_SPACE) expect(space.trim()).toBe('');
    for (const value of fc.sample(offArgument, { numRuns: 100, seed: 2 })) expect(value.text.trim()).toBe('off');
    for (const value of fc.sample(offLookalike, { numRuns: 100, seed: 3 })) expect(value.text.trim()).not.toBe('off');
    for (const { line } of fc.sample(planLineAround(texts()), { numRuns: 100, seed: 4 }))
      expect(line.startsWith('/plan')).toBe(true);
  });

  it('breaks most texts of several fragments between two of them, with every kind of line break, and the same parts the same way', () => {
    const parts = fc.sample(
      fc.array(fc.string({ unit: 'binary', minLength: 1, maxLength: 4 }), { minLength: 2, maxLength: 5 }),
      {
        numRuns: 400,
        seed: 23,
      },
    );
    const broken = parts.filter((drawn) => lineBroken(drawn).length > drawn.length);
    expect(broken.length).toBeGreaterThan(parts.length / 2);
    expect(broken.length).toBeLessThan(parts.length);
    const kinds = new Set<string>();
    for (const drawn of broken) {
      const out = lineBroken(drawn);
      const at = out.findIndex((part, index) => part !== drawn[index]);
      // One break, inside: after the first fragment and before the last, every fragment whole and in order.
      expect(at).toBeGreaterThan(0);
      expect(at).toBeLessThan(drawn.length);
      expect([...out.slice(0, at), ...out.slice(at + 1)]).toEqual(drawn);
      expect(LINE_BREAKS).toContain(out[at]);
      kinds.add(out[at]!);
      expect(lineBroken(drawn)).toEqual(out);
    }
    expect([...kinds].sort()).toEqual([...LINE_BREAKS].sort());
    expect(lineBroken(['one'])).toEqual(['one']);
  });
});
