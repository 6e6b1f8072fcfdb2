/**
 * The text every match of a pattern starts with, when the pattern promises
 * one: cucumber tries every step against every step definition (half a
 * million tries in a suite run), and comparing a literal start first lets
 * most tries end before any pattern runs (`support-library.ts`).
 */

/** Characters that mean something in a pattern: the literal start ends before the first. */
const SPECIAL = new Set(['\\', '^', '$', '.', '|', '?', '*', '+', '(', ')', '[', ']', '{', '}']);

/** True when the pattern has an alternative outside any group (`^a|b`): then `^` anchors only the first. */
function hasTopLevelAlternative(source: string): boolean {
  let depth = 0;
  for (let at = 0; at < source.length; at += 1) {
    const char = source[at];
    if (char === '\\') at += 1;
    else if (char === '[') {
      for (at += 1; at < source.length && source[at] !== ']'; at += 1) if (source[at] === '\\') at += 1;
    } else if (char === '(') depth += 1;
    else if (char === ')') depth -= 1;
    else if (char === '|' && depth === 0) return true;
  }
  return false;
}

/** '' when the pattern does not promise a literal start. */
export function literalStart(regexp: RegExp): string {
  // Only `^` without the m flag anchors at the text's start; i changes what matches a letter.
  if (!regexp.source.startsWith('^') || /[imy]/.test(regexp.flags) || hasTopLevelAlternative(regexp.source)) return '';
  let prefix = '';
  for (const char of regexp.source.slice(1)) {
    if (SPECIAL.has(char)) break;
    prefix += char;
  }
  // The last literal character may be made optional by a quantifier after it.
  const next = regexp.source[1 + prefix.length];
  return next === '?' || next === '*' || next === '{' ? prefix.slice(0, -1) : prefix;
}
