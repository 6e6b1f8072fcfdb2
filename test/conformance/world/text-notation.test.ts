/**
 * The notation features and printed scenarios write texts in (`⟨U+hex⟩` for
 * what a reader could not see): every text explore draws reads back byte for
 * byte from its written form, which holds no line break, tab or invisible
 * character, and the `{text}` parameter type reads a quoted one the same way.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { texts } from '../../../conformance/explore/values/texts.js';
import { quote } from '../../../conformance/explore/transcript.js';
import { readNotation, writeNotation } from '../../../conformance/world/text-notation.js';

describe('text notation', () => {
  it('writes every generated text so that it reads back byte for byte, on one visible line', () => {
    for (const { text } of fc.sample(texts({ empty: true }), { numRuns: 500, seed: 7 })) {
      const written = writeNotation(text);
      expect(readNotation(written)).toBe(text);
      expect(written).not.toMatch(/[\n\r\t\u2028\u2029\u200b-\u200f\ufeff]/);
    }
  });

  it('keeps plain text as it is and writes the notation characters themselves', () => {
    expect(writeNotation('Plan the importer, then act.')).toBe('Plan the importer, then act.');
    expect(writeNotation('a\u3000b\u0301')).toBe('a⟨U+3000⟩b⟨U+0301⟩');
    expect(readNotation(writeNotation('⟨U+0041⟩ ⇥ ↵'))).toBe('⟨U+0041⟩ ⇥ ↵');
    expect(quote('off\u3000')).toBe('"off⟨U+3000⟩"');
  });
});
