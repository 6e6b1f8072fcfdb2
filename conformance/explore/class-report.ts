/**
 * A class of disagreement as a person reads it: what differed, the shrunk
 * session as a runnable Gherkin scenario (the suite's own steps), and the
 * command that replays it. The same text goes to the console, the exploration
 * record's message (so every report carries it) and `explore`'s output.
 */
import type { ExploredClass } from './explore.js';
import { scenarioText, type FoundScenario } from './scenario.js';
import { KIT_COMMAND, shellWord } from '../results/rerun-command.js';

/**
 * `npx plan-mode-conformance explore --adapter A --seed S --path P ...`, to paste into a POSIX shell (every word
 * quoted where it needs it): regenerates the shrunk session and shows it again.
 */
export function replayCommand(found: FoundScenario): string {
  return `${KIT_COMMAND} explore --adapter ${shellWord(found.adapterArgument ?? found.adapter)} --seed ${found.seed} --path ${shellWord(found.path)}${found.replay}`;
}

/**
 * The whole text of one class: what differed, the clauses, the shrunk scenario
 * and its replay command. How many sessions showed it is said apart: shares of
 * a run (workers, shards) count it apart and add up.
 */
export function classText(explored: Pick<ExploredClass, 'id' | 'session' | 'shrinks' | 'found'>): string {
  const { found } = explored;
  const message = found.disagreement.message.split('\n');
  return [
    `${explored.id}: ${message[0]!}`,
    ...message.slice(1).map((line) => `  ${line}`),
    ...(found.disagreement.clauses.length > 0 ? [`clauses: ${found.disagreement.clauses.join(', ')}`] : []),
    `first seen in session ${explored.session} (seed ${found.seed}), shrunk ${explored.shrinks} time(s) to:`,
    '',
    scenarioText(found),
    '',
    `replay: ${replayCommand(found)}`,
  ].join('\n');
}
