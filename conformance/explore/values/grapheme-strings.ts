/**
 * fast-check's strings of graphemes (`fc.string({ unit: 'grapheme' })`), the very arbitrary, made without the
 * table fast-check would build while making it.
 *
 * Why. `fc.string` tokenizes a few "dangerous" texts (`__proto__`, `constructor`, ...) into its unit's values as
 * it is made, to draw them now and then as whole slices; it asks the unit, one character at a time, whether it
 * can produce each (`canShrinkWithoutContext`). The grapheme unit answers from a reverse table of every value it
 * can produce, about 35,000 graphemes (each decomposable one normalized), built on its first question: 45-65 ms
 * of CPU in every process that explores (docs/benchmark.md, round 47, session-cost; round 48, explore-load),
 * though the exploration never shrinks a text without its context in a run that finds nothing.
 *
 * How. While the string is made, and only then, a question about one character is answered from the unit's own
 * mapping (the value at the index the character would have among printable ASCII, which the unit lists first):
 * "yes" when the unit's index there is one it can draw and produces exactly that character, which is what the
 * table would have said. Any other question goes to fast-check's own method (which builds the table: slower, never
 * different). The slices, the unit and the arbitrary are fast-check's own, so the same random stream draws the
 * same texts; a shrink without context later builds the table as before.
 *
 * This leans on fast-check's internals (a mapped arbitrary keeps its source as `arb` and its mapping as
 * `mapper`; the grapheme unit starts with printable ASCII): test/conformance/explore/grapheme-strings.test.ts
 * fails loudly if an upgrade changes them, by drawing and shrinking alike with `fc.string` and by counting the
 * questions this shortcut could not answer.
 */
import fc from 'fast-check';

/** A mapped arbitrary as fast-check builds it: its source and its mapping (internal, hence the checks below). */
interface MappedArbitrary {
  readonly arb?: { canShrinkWithoutContext(value: unknown): boolean };
  readonly mapper?: (value: unknown) => unknown;
  canShrinkWithoutContext(value: unknown): boolean;
}

/** The first code point the grapheme unit lists (the space), at index 0. */
const FIRST_LISTED = 0x20;

/**
 * The questions asked while grapheme strings were made in this process: those the shortcut answered, and those it
 * left to fast-check (read by the test: some answered and none left while fast-check's internals hold).
 */
const questions = { answered: 0, unanswered: 0 };

export function graphemeShortcutQuestions(): Readonly<typeof questions> {
  return { ...questions };
}

/** `fc.string({ unit: 'grapheme', ...constraints })`, made without the grapheme unit's reverse table. */
export function graphemeStrings(constraints: { minLength?: number; maxLength?: number } = {}): fc.Arbitrary<string> {
  // Every `.map` makes the same class of arbitrary: the grapheme unit is one (fast-check's `mapToConstant`).
  const mapped = Object.getPrototypeOf(fc.nat().map(String)) as MappedArbitrary;
  const asked = mapped.canShrinkWithoutContext;
  mapped.canShrinkWithoutContext = function fromTheMapping(this: MappedArbitrary, value: unknown): boolean {
    if (typeof value === 'string' && value.length === 1 && typeof this.mapper === 'function' && this.arb) {
      const index = value.charCodeAt(0) - FIRST_LISTED;
      if (index >= 0 && this.arb.canShrinkWithoutContext(index) && this.mapper(index) === value) {
        questions.answered += 1;
        return true;
      }
    }
    questions.unanswered += 1;
    return asked.call(this, value);
  };
  try {
    return fc.string({ unit: 'grapheme', ...constraints });
  } finally {
    mapped.canShrinkWithoutContext = asked;
  }
}
