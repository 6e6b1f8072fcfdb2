/**
 * Stands in for the `regexp-match-indices` package inside the suite's bundle
 * (see build/bundle.mjs). cucumber-expressions matches every step text
 * against every step definition through that package, whose test for a
 * native implementation never passes (it probes a RegExp without the `d`
 * flag), so it always takes its regexp-rewriting fallback: about 0.7 ms of
 * each scenario. Node has match indices natively (the `d` flag, ES2022);
 * this is the same function on top of them: `exec`, with `indices` on the
 * result. Where the two differ, the fallback is wrong (it misplaces the last
 * repetition of a repeated group); test/conformance/runner/start-up.test.ts compares them.
 */
const flaggedCopies = new WeakMap<RegExp, RegExp>();

export default function execWithIndices(regexp: RegExp, text: string): RegExpExecArray | null {
  let flagged = flaggedCopies.get(regexp);
  if (flagged === undefined) {
    flagged = regexp.hasIndices ? regexp : new RegExp(regexp.source, `${regexp.flags}d`);
    flaggedCopies.set(regexp, flagged);
  }
  flagged.lastIndex = regexp.lastIndex;
  const match = flagged.exec(text);
  regexp.lastIndex = flagged.lastIndex;
  return match;
}
