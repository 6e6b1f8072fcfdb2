/**
 * What a session did, written down as the suite's own Gherkin steps while it
 * runs: every action the user took, and for each turn the lines that script it
 * beforehand (the model's answers, the user's mid-turn actions and review
 * answers). A disagreement adds the one check that fails, so the printed
 * scenario replays the session and fails where the host disagreed.
 */
import { writeNotation } from '../world/text-notation.js';

export type Keyword = 'Given' | 'When' | 'Then';

/**
 * A line, or what writes it when the session is printed: quoting a long generated
 * text costs more than most checks, and only a session that disagrees is printed.
 * A function must read nothing that changes later in the session.
 */
export type Line = string | (() => string);

interface Step {
  keyword: Keyword;
  text: Line;
}

function written(line: Line): string {
  return typeof line === 'string' ? line : line();
}

interface Turn {
  /** Lines run before the prompt: answers, mid-turn actions and checks, review answers, in the order they act. */
  setup: Line[];
  action: Line;
}

export class Transcript {
  private readonly entries: Array<Step | Turn> = [];
  private current: Turn | undefined;

  /** A step outside any turn. */
  step(keyword: Keyword, text: Line): void {
    this.entries.push({ keyword, text });
  }

  /** Where the next step will go: a step inserted here later (`insertStep`) comes after every step written so far. */
  mark(): number {
    return this.entries.length;
  }

  /** A step written where `mark` was taken (a check that compares with what was observed there notes it there). */
  insertStep(mark: number, keyword: Keyword, text: string): void {
    this.entries.splice(mark, 0, { keyword, text });
  }

  /** Starts a turn-shaped entry (a prompt, or a command that starts a turn); its setup lines come first. */
  beginTurn(action: Line): void {
    const turn: Turn = { setup: [], action };
    this.current = turn;
    this.entries.push(turn);
  }

  endTurn(): void {
    this.current = undefined;
  }

  /**
   * A line that must be in place before the current turn starts (or before the next step when none is open);
   * given as a function, it is written only if the session is printed (it must read nothing that changes).
   */
  setup(text: Line): void {
    if (this.current) this.current.setup.push(text);
    else this.entries.push({ keyword: 'Given', text });
  }

  /** The steps in order, each with its keyword ("And" where it repeats the previous one). */
  lines(): string[] {
    const steps: Step[] = [];
    for (const entry of this.entries) {
      if ('keyword' in entry) {
        steps.push(entry);
      } else {
        for (const text of entry.setup) steps.push({ keyword: 'Given', text });
        steps.push({ keyword: 'When', text: entry.action });
      }
    }
    let previous: Keyword | undefined;
    return steps.map((step) => {
      const keyword = step.keyword === previous ? 'And' : step.keyword;
      previous = step.keyword;
      return `${keyword} ${written(step.text)}`;
    });
  }
}

/** A Gherkin string argument (double quotes unless the text holds one); a text quoted for a printed step; characters a reader could not see are written `⟨U+hex⟩` (world/text-notation.ts). */
export function quote(raw: string): string {
  const text = writeNotation(raw);
  if (!text.includes('"')) return `"${text}"`;
  if (!text.includes("'")) return `'${text}'`;
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

export function onOff(active: boolean): string {
  return active ? 'on' : 'off';
}

export function onOffList(values: boolean[]): string {
  return quote(values.length === 0 ? 'none' : values.map(onOff).join(', '));
}
