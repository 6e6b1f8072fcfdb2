/**
 * Cucumber's own tallies, as its console formats (progress, summary, pretty)
 * print them when a run ends: `N scenarios (...)`, `N steps (...)` and the
 * duration, written in one piece. They count cucumber's statuses, so a
 * baselined scenario or a recommended one of a default run reads as failed
 * there while the kit's closing lines (the run's one set of tallies) say
 * otherwise: the suite's child drops that piece from what it forwards.
 * test/conformance/runner/tallies.test.ts runs cucumber's own summary through this.
 */

// eslint-disable-next-line no-control-regex
const COLOUR = /\u001b\[[0-9;]*m/g;
const SCENARIOS = String.raw`\d+ scenarios?(?: \([^)\n]*\))?`;
const STEPS = String.raw`\d+ steps?(?: \([^)\n]*\))?`;
const DURATION = String.raw`\d+m\d{2}\.\d{3}s \(executing steps: \d+m\d{2}\.\d{3}s\)`;
const TALLIES = new RegExp(`^\\n*${SCENARIOS}\\n${STEPS}\\n${DURATION}\\n*$`);

/** Whether a piece of formatter output is cucumber's closing tallies, and nothing else. */
export function isCucumberTallies(text: string): boolean {
  return TALLIES.test(text.replace(COLOUR, ''));
}
