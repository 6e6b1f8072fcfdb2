/**
 * What a session did, kept as records while it runs (transcript-records.ts):
 * every action the user took, and for each turn what scripts it beforehand
 * (the model's answers, the user's mid-turn actions and review answers). A
 * disagreement adds the one check that fails, so the printed scenario
 * replays the session and fails where the host disagreed. The transcript
 * only keeps the records in their places; they are worded as the suite's
 * Gherkin steps (step-texts.ts) only when the session is printed.
 */
import { mayGiveUp, stepKeyword, stepText, type Keyword } from './step-texts.js';
import type { TranscriptRecord } from './transcript-records.js';

interface Step {
  record: TranscriptRecord;
  /** Undefined: the record's own keyword (a record scripted outside any turn is `Given`). */
  keyword?: Keyword;
}

interface Turn {
  /** Records scripted before the prompt: answers, mid-turn actions and checks, review answers, in the order they act. */
  setup: TranscriptRecord[];
  action: TranscriptRecord;
  /** The turn's last request fails without retry, on which the host may give up. */
  givesUp: boolean;
}

export class Transcript {
  private readonly entries: Array<Step | Turn> = [];
  private current: Turn | undefined;

  /** A step outside any turn. */
  step(record: TranscriptRecord): void {
    this.entries.push({ record });
  }

  /** Where the next step will go: a step inserted here later (`insertStep`) comes after every step written so far. */
  mark(): number {
    return this.entries.length;
  }

  /** A step written where `mark` was taken (a check that compares with what was observed there notes it there). */
  insertStep(mark: number, record: TranscriptRecord): void {
    this.entries.splice(mark, 0, { record });
  }

  /** Starts a turn-shaped entry (a prompt, or a command that starts a turn); its setup records come first. */
  beginTurn(action: TranscriptRecord, givesUp = false): void {
    const turn: Turn = { setup: [], action, givesUp };
    this.current = turn;
    this.entries.push(turn);
  }

  endTurn(): void {
    this.current = undefined;
  }

  /** A record that must be in place before the current turn starts (or before the next step when none is open). */
  setup(record: TranscriptRecord): void {
    if (this.current) this.current.setup.push(record);
    else this.entries.push({ record, keyword: 'Given' });
  }

  /** The steps in order, worded, each with its keyword ("And" where it repeats the previous one). */
  lines(): string[] {
    const steps: Array<{ keyword: Keyword; text: string }> = [];
    for (const entry of this.entries) {
      if ('record' in entry) {
        steps.push({ keyword: entry.keyword ?? stepKeyword(entry.record), text: stepText(entry.record) });
      } else {
        for (const record of entry.setup) steps.push({ keyword: 'Given', text: stepText(record) });
        const action = stepText(entry.action);
        steps.push({ keyword: 'When', text: entry.givesUp ? mayGiveUp(action) : action });
      }
    }
    let previous: Keyword | undefined;
    return steps.map((step) => {
      const keyword = step.keyword === previous ? 'And' : step.keyword;
      previous = step.keyword;
      return `${keyword} ${step.text}`;
    });
  }
}
