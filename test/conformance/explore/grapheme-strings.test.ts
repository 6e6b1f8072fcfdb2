/**
 * The texts' grapheme strings (conformance/explore/values/grapheme-strings.ts) are fast-check's own
 * `fc.string({ unit: 'grapheme' })`, made without the reverse table fast-check builds as it makes one. The shortcut
 * leans on fast-check's internals, so this fails loudly when an upgrade changes them: each side is made first in a
 * fresh process (fast-check keeps a unit's slices for the process once made), draws for many seeds and sizes and
 * shrinks a failing property; the kit's must draw and shrink exactly as fast-check's, and answer every question
 * asked while it was made without the table.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../cli-harness.js';

const graphemeModule = pathToFileURL(join(ROOT, 'dist/conformance/explore/values/grapheme-strings.js')).href;
const fastCheck = pathToFileURL(join(ROOT, 'node_modules/fast-check/lib/fast-check.js')).href;

/** The texts' one grapheme fragment and other lengths; the last has no length a "dangerous" slice fits. */
const CONSTRAINTS = [
  { minLength: 1, maxLength: 6 },
  { maxLength: 12 },
  { minLength: 3, maxLength: 30 },
  { maxLength: 2 },
];

interface Drawn {
  samples: string[][];
  shrunk: Array<{ counterexample: unknown; numShrinks: number }>;
  withoutContext: boolean[];
  questions: { answered: number; unanswered: number };
}

/** Makes the strings with `make` ('kit' or 'fast-check') first in a fresh process, then draws and shrinks. */
function drawIn(make: 'kit' | 'fast-check'): Drawn {
  const script = `
    import fc from ${JSON.stringify(fastCheck)};
    import { graphemeStrings, graphemeShortcutQuestions } from ${JSON.stringify(graphemeModule)};
    const constraints = ${JSON.stringify(CONSTRAINTS)};
    const made = constraints.map((c) => ${make === 'kit' ? 'graphemeStrings(c)' : "fc.string({ unit: 'grapheme', ...c })"});
    const samples = [];
    for (const arbitrary of made) for (let seed = 1; seed <= 60; seed += 1) samples.push(fc.sample(arbitrary, { seed, numRuns: 40 }));
    const shrunk = [];
    for (const arbitrary of made) for (let seed = 1; seed <= 10; seed += 1) {
      const { counterexample, numShrinks } = fc.check(fc.property(arbitrary, (text) => [...text].length < 2 || !/[^a-z]/.test(text)), { seed });
      shrunk.push({ counterexample, numShrinks });
    }
    // Questions after the making go to fast-check's own method, which builds its table then.
    const withoutContext = ['a', 'e\\u0301', '\\u00e9', '\\ud800', 'ab', '\\u{1f600}'].map((text) => made[0].canShrinkWithoutContext(text));
    process.stdout.write(JSON.stringify({ samples, shrunk, withoutContext, questions: graphemeShortcutQuestions() }));
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  return JSON.parse(run.stdout) as Drawn;
}

describe("the texts' grapheme strings", () => {
  it("draw, shrink and answer exactly as fast-check's own, and are made without its table", () => {
    const kit = drawIn('kit');
    const own = drawIn('fast-check');
    expect(kit.samples).toEqual(own.samples);
    expect(kit.shrunk).toEqual(own.shrunk);
    expect(kit.withoutContext).toEqual(own.withoutContext);
    // The slices are drawn now and then: were the kit's different, the samples above would differ.
    expect(own.samples.flat()).toEqual(expect.arrayContaining(['apply', 'caller', 'key']));
    // Every question asked while the strings were made was answered without fast-check's table.
    expect(kit.questions.answered).toBeGreaterThan(0);
    expect(kit.questions.unanswered).toBe(0);
    expect(own.questions).toEqual({ answered: 0, unanswered: 0 });
  });
});
