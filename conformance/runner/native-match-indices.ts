/**
 * Stands in for the `regexp-match-indices` package inside the suite's bundle
 * (see build/bundle.mjs). cucumber-expressions matches every step text
 * against every step definition through that package, whose test for a
 * native implementation never passes (it probes a RegExp without the `d`
 * flag), so it always takes its regexp-rewriting fallback: about 0.7 ms of
 * each scenario. Node has match indices natively (the `d` flag, ES2022);
 * this is the same function on top of them: `exec`, with `indices` on the
 * result. Where the two differ, the fallback is wrong (it misplaces the last
 * repetition of a repeated group); test/conformance/start-up.test.ts compares them.
 *
 * Most step definitions cannot match most steps, and every step is tried
 * against every definition: an anchored pattern's literal start is compared
 * first, so most patterns are never compiled or run.
 */
interface Prepared {
  flagged: RegExp;
  /** The text every match starts with ('' when the pattern does not promise one). */
  prefix: string;
}

/**
 * Kept on the pattern itself rather than in a WeakMap: every step is tried
 * against every definition (half a million calls in a suite run), and a
 * property read is the cheapest lookup there is. The pattern object is
 * cucumber's; only this module reads the key.
 */
const PREPARED = Symbol('plan-mode-conformance: prepared pattern');
type PreparedPattern = RegExp & { [PREPARED]?: Prepared };

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

function literalStart(regexp: RegExp): string {
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

export default function execWithIndices(regexp: PreparedPattern, text: string): RegExpExecArray | null {
  let entry = regexp[PREPARED];
  if (entry === undefined) {
    entry = { flagged: regexp.hasIndices ? regexp : new RegExp(regexp.source, `${regexp.flags}d`), prefix: literalStart(regexp) };
    Object.defineProperty(regexp, PREPARED, { value: entry });
  }
  if (!text.startsWith(entry.prefix)) {
    if (regexp.global || regexp.sticky) regexp.lastIndex = 0;
    return null;
  }
  const { flagged } = entry;
  flagged.lastIndex = regexp.lastIndex;
  const match = flagged.exec(text);
  regexp.lastIndex = flagged.lastIndex;
  return match;
}
