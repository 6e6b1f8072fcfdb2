/**
 * On a terminal, one line on stderr that says how far the run is: scenarios
 * done of the total, failures so far, the scenario running. Anything else
 * written to the terminal first clears it, then it is drawn again.
 */
import { isFailing, type ScenarioResult } from '../results/scenario-result.js';
import type { SuiteEvents } from '../runner/run-suite.js';
import type { ScenarioStart } from '../results/scenario-result.js';
import { consoleText } from '../results/host-text.js';

export class Progress implements SuiteEvents {
  private total = 0;
  private done = 0;
  private failed = 0;
  private current = '';
  private shown = false;

  private constructor(private readonly terminal: NodeJS.WriteStream) {}

  /** A progress line when stderr is a terminal; none otherwise. */
  static onTerminal(stream: NodeJS.WriteStream = process.stderr): Progress | undefined {
    return stream.isTTY ? new Progress(stream) : undefined;
  }

  planned(total: number): void {
    this.total = total;
    this.draw();
  }

  started(scenario: ScenarioStart): void {
    this.current = consoleText(scenario.stableId ?? scenario.name);
    this.draw();
  }

  finished(result: ScenarioResult): void {
    this.done += 1;
    if (isFailing(result.status)) this.failed += 1;
    this.draw();
  }

  /** Writes `text` to `stream` without tearing the progress line. */
  write(stream: NodeJS.WritableStream, text: string): void {
    this.clear();
    stream.write(text);
    if (text.endsWith('\n')) this.draw();
  }

  clear(): void {
    if (!this.shown) return;
    this.terminal.write('\r\x1b[K');
    this.shown = false;
  }

  private draw(): void {
    const width = Math.max(20, (this.terminal.columns || 80) - 1);
    const line = `conformance: ${this.done}/${this.total || '?'} done, ${this.failed} failed${this.current ? ` · ${this.current}` : ''}`;
    this.terminal.write(`\r\x1b[K${line.slice(0, width)}`);
    this.shown = true;
  }
}
