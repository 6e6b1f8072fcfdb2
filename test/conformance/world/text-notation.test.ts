/**
 * The notation features and printed scenarios write texts in (`⟨U+hex⟩` for
 * what a reader could not see): every text explore draws reads back byte for
 * byte from its written form, which holds no line break, tab or invisible
 * character, and the `{text}` parameter type reads a quoted one the same way.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { texts } from '../../../conformance/explore/values/texts.js';
import { quote } from '../../../conformance/explore/step-texts.js';
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

  it('writes out exactly the controls, white space but the plain space, format and unassigned characters, marks and its own three', () => {
    // The set as first written, with the space matched and given back; writeNotation takes the space out of the set.
    const asWritten = (text: string) =>
      text.replace(/\p{C}|\p{Z}|\p{M}|[⟨⇥↵]/gu, (character) =>
        character === ' ' ? ' ' : `⟨U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟩`,
      );
    const differing: number[] = [];
    for (let point = 0; point <= 0x10ffff; point += 1) {
      const text = `a${String.fromCodePoint(point)} b`;
      if (writeNotation(text) !== asWritten(text)) differing.push(point);
    }
    for (let unit = 0xd800; unit <= 0xdfff; unit += 1) {
      const lone = `${String.fromCharCode(unit)}x`;
      if (writeNotation(lone) !== asWritten(lone)) differing.push(unit);
    }
    expect(differing).toEqual([]);
  });
});
