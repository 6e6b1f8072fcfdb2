/**
 * The console of a run given no `--format`, off a terminal (a CI log): one
 * character per scenario as it ends (`.` passed, `F` failing, `-` skipped,
 * `?` undefined, pending or ambiguous), then a line break. Cucumber's own
 * console formats are not used then: their failure listing and tallies count
 * a baselined or not-counted scenario as failed, where the kit's closing
 * lines (printed after these) are the run's one set of tallies.
 */
import type { SuiteEvents } from '../runner/run-suite.js';
import type { ScenarioResult } from '../results/scenario-result.js';

const MARKS: Record<ScenarioResult['status'], string> = {
  passed: '.',
  failed: 'F',
  skipped: '-',
  undefined: '?',
  pending: '?',
  ambiguous: '?',
};

export class ScenarioDots implements SuiteEvents {
  private written = 0;

  constructor(private readonly write: (text: string) => void) {}

  finished(result: ScenarioResult): void {
    this.written += 1;
    this.write(MARKS[result.status]);
  }

  /** Ends the line of marks, if any was written. */
  end(): void {
    if (this.written > 0) this.write('\n');
    this.written = 0;
  }
}
