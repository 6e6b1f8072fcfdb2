/**
 * The closing lines of a run. The last line is always
 * `conformance: N passed, N failed, N skipped` over the scenarios the run
 * counts (required ones; every one at --level strict). A default run prints
 * `recommended: N passed, N failed` on the line before it, for the
 * recommended scenarios it reports apart; a strict run counts them in the
 * closing line and prints no separate line.
 */
import { signatureMessage, stackOf } from '../../src/index.js';
import type { EditionClause } from '../catalog/clause-catalog.js';
import { citationText, citeClauses } from './clause-citation.js';
import type { BaselineVerdict } from './baseline.js';
import { isFailing, type ExplorationSummary, type ScenarioResult } from './scenario-result.js';
import { repeatOutcomes } from './repeats.js';
import { consoleText } from './host-text.js';
import { rerunCommand, type RerunBase } from './rerun-command.js';
import { isNoFeatureFile } from './run-context.js';

/** What the failure lines cite and show. */
export interface FailureLineOptions {
  /** The clauses of the edition judged: each failure cites its clauses' level and statement from it. */
  catalog?: readonly EditionClause[];
  /** `--verbose`: each failure's stack trace under its message. */
  verbose?: boolean;
  /** The run's options: each failed scenario shows the command that reruns just it (rerun-command.ts). */
  rerun?: RerunBase;
}

export function summaryLine(verdict: BaselineVerdict): { text: string; failed: number } {
  const count = (outcome: string) =>
    verdict.counted.filter((result) => verdict.outcomes.get(result) === outcome).length;
  const failed = count('failed');
  const flaky = count('flaky');
  // Flaky scenarios are neither passed nor failed: named apart, failing the run unless allowed.
  const flakyText = flaky > 0 ? `, ${flaky} flaky${verdict.allowFlaky ? ' (allowed)' : ''}` : '';
  return {
    text: `conformance: ${count('passed')} passed, ${failed} failed, ${count('skipped')} skipped${flakyText}`,
    failed: failed + (verdict.allowFlaky ? 0 : flaky),
  };
}

/** The line for recommended scenarios of a default run, or undefined at --level strict. */
export function recommendedLine(verdict: BaselineVerdict): string | undefined {
  if (verdict.level === 'strict') return undefined;
  const passed = verdict.apart.filter((result) => result.status === 'passed').length;
  const failed = verdict.apart.filter((result) => isFailing(result.status) && !result.flaky).length;
  const flaky = verdict.apart.filter((result) => result.flaky).length;
  return `recommended: ${passed} passed, ${failed} failed${flaky > 0 ? `, ${flaky} flaky` : ''}`;
}

function where(result: ScenarioResult): string {
  return `${result.uri}${result.line !== undefined ? `:${result.line}` : ''}`;
}

const INDENT = '    ';

/**
 * Under a failure's headline: the clauses it breaks (level, the judged
 * edition's statement, the clause page), the failing step where the feature
 * file says it, then the whole message (what was expected, what the host
 * showed) without stack trace or paths, every line indented; the stack only
 * with --verbose.
 */
export function failureDetail(result: ScenarioResult, options: FailureLineOptions): string[] {
  const lines = citeClauses(result.clauses, options.catalog ?? []).map(
    (citation) => `${INDENT}clause ${citationText(citation)}`,
  );
  if (result.failedStep !== undefined) {
    const at = result.failedStepLine !== undefined ? ` (${result.uri}:${result.failedStepLine})` : '';
    lines.push(`${INDENT}step: ${result.failedStep}${at}`);
  }
  const text = result.message ?? `step ${result.status}`;
  for (const line of signatureMessage(text).split('\n')) lines.push(`${INDENT}${line}`);
  const stack = options.verbose ? stackOf(text) : undefined;
  if (stack !== undefined) for (const line of stack.split('\n')) lines.push(`${INDENT}${line.trimStart()}`);
  if (options.rerun !== undefined && result.stableId !== undefined && !isNoFeatureFile(result.uri))
    lines.push(`${INDENT}rerun: ${rerunCommand(options.rerun, result.stableId)}`);
  return lines;
}

/**
 * Under an exploration class's headline: the clauses it breaks, then its text
 * as the exploration wrote it (what differed, the shrunk scenario, the replay
 * command, whose adapter path must stay as given to be run again).
 */
function explorationDetail(result: ScenarioResult, options: FailureLineOptions): string[] {
  const lines = citeClauses(result.clauses, options.catalog ?? []).map(
    (citation) => `${INDENT}clause ${citationText(citation)}`,
  );
  for (const line of (result.message ?? '').split('\n').slice(1)) lines.push(line === '' ? '' : `${INDENT}${line}`);
  const first = (result.message ?? '').split('\n')[0]!.replace(/^explore:[^:]+: /, '');
  return [`${INDENT}${first}`, ...lines];
}

export function verdictLines(
  verdict: BaselineVerdict,
  withBaseline: boolean,
  options: FailureLineOptions = {},
): string[] {
  const lines: string[] = [];
  for (const result of [...verdict.counted, ...verdict.apart].filter((candidate) => candidate.flaky)) {
    const counted = verdict.flaky.includes(result);
    const how = !counted
      ? 'recommended, not counted'
      : verdict.allowFlaky
        ? 'allowed by --allow-flaky'
        : 'fails the run; --allow-flaky allows it';
    lines.push(
      `flaky: ${result.stableId ?? '(no id)'} (${where(result)}) ended differently between repeats: ${repeatOutcomes(result)} (${how})`,
    );
  }
  for (const result of verdict.unexpected) {
    if (result.exploration?.scenario !== undefined) {
      // A class of the exploration: what differed, the shrunk scenario and its replay command, whole.
      lines.push(
        `${withBaseline ? 'unexpected failure' : 'failed'}: ${result.stableId} (${result.exploration.count ?? 1} session(s) of the exploration)`,
        ...explorationDetail(result, options),
      );
      continue;
    }
    lines.push(
      `${withBaseline ? 'unexpected failure' : 'failed'}: ${result.stableId ?? '(no id)'} (${where(result)})`,
      ...failureDetail(result, options),
    );
  }
  for (const { result, why } of verdict.mismatched) {
    lines.push(
      `baselined scenario no longer matches its entry: ${result.stableId} (${where(result)}) ${why}`,
      ...failureDetail(result, options),
    );
  }
  for (const { result, entry } of verdict.stale) {
    const how = result.exploration ? 'the exploration did not meet the class and its witness ran clean' : 'now passes';
    lines.push(`stale baseline entry (${how}): ${result.stableId} (${entry.where})`);
  }
  for (const result of verdict.apart.filter((candidate) => isFailing(candidate.status) && !candidate.flaky)) {
    lines.push(
      `recommended, not counted: ${result.stableId ?? '(no id)'} (${where(result)})`,
      ...failureDetail(result, options),
    );
  }
  lines.push(...failuresByClause([...verdict.unexpected, ...verdict.mismatched.map(({ result }) => result)]));
  const reasons = new Map<string, number>();
  for (const result of [...verdict.counted, ...verdict.apart].filter((candidate) => candidate.status === 'skipped')) {
    reasons.set(result.skipReason ?? 'skipped', (reasons.get(result.skipReason ?? 'skipped') ?? 0) + 1);
  }
  for (const [reason, count] of reasons) lines.push(`skipped ${count}: ${reason}`);
  if (withBaseline) lines.push(`baselined: ${verdict.baselined.length} known failure(s)`);
  // Ids, messages and reasons are host and feature text: shown, never obeyed by the terminal, each line one line.
  return lines.map(consoleText);
}

/**
 * What the run explored, on its own line before the closing one: sessions,
 * seed and classes found; or why it explored nothing.
 */
export function explorationLine(
  explored: ExplorationSummary | undefined,
  verdict: BaselineVerdict,
): string | undefined {
  if (!explored) return undefined;
  // A baselined class the exploration did not meet (count 0) was judged by its witness: not a class this exploration found.
  const found = [...verdict.counted, ...verdict.apart].filter(
    (result) => result.exploration?.check !== undefined && result.exploration.count !== 0 && isFailing(result.status),
  );
  // Baselined classes are named with their sessions here: the console is the only record of a run without a results file.
  const baselined = found
    .filter((result) => verdict.outcomes.get(result) === 'baselined')
    .map((result) => `${result.stableId} (${result.exploration?.count ?? 1} session(s))`);
  const share = explored.share < explored.budget ? ` (this shard's share of ${explored.budget})` : '';
  const classes =
    explored.share === 0
      ? 'nothing explored here (the other shares hold every session)'
      : found.length === 0
        ? 'every one agreed with the oracle'
        : `${found.length} class(es) of disagreement${baselined.length > 0 ? ` (${baselined.length} baselined: ${baselined.join(', ')})` : ''}`;
  // A fault during the exploration is a failure of its own: the line never says the exploration was clean without it.
  const faulted = [...verdict.counted, ...verdict.apart].some((result) => result.fault?.during === 'exploration');
  const fault = faulted ? '; a fault during the exploration fails the run' : '';
  return consoleText(
    `exploration: ${explored.sessions} session(s)${share}, seed ${explored.seed}: ${classes}${explored.stopped ? `; ${explored.stopped}` : ''}${fault}`,
  );
}

/**
 * After the failures that fail the run: one row per clause they break, with
 * how many failures cite it and the one to read first, the most specific (the
 * fewest clauses, then the one that failed soonest after its start). One bug
 * often fails scenarios across many clauses; the table shows where to start.
 * Nothing when fewer than two failures (the one failure is the place to start);
 * at most `BY_CLAUSE_ROWS` rows, the clauses with the most failures.
 */
/** The by-clause table's rows at most: it is where to start, not a second list of every failure. */
export const BY_CLAUSE_ROWS = 12;

export function failuresByClause(failures: readonly ScenarioResult[]): string[] {
  if (failures.length < 2) return [];
  const byClause = new Map<string, ScenarioResult[]>();
  for (const result of failures) {
    const clauses = result.clauses.length > 0 ? result.clauses : ['(no clause)'];
    for (const clause of new Set(clauses)) byClause.set(clause, [...(byClause.get(clause) ?? []), result]);
  }
  const soonest = (result: ScenarioResult): number =>
    result.failedStepLine !== undefined && result.line !== undefined ? result.failedStepLine - result.line : Infinity;
  const first = (results: ScenarioResult[]): ScenarioResult =>
    [...results].sort((a, b) => a.clauses.length - b.clauses.length || soonest(a) - soonest(b))[0]!;
  const rows = [...byClause]
    .sort(([a, one], [b, other]) => other.length - one.length || a.localeCompare(b))
    .map(([clause, results]) => {
      const read = first(results);
      const place = isNoFeatureFile(read.uri) ? 'the exploration' : where(read);
      return { clause, count: String(results.length), read: `${read.stableId ?? '(no id)'} (${place})` };
    });
  const shown = rows.slice(0, BY_CLAUSE_ROWS);
  const width = Math.max(6, ...rows.map((row) => row.clause.length));
  const countWidth = Math.max(8, ...rows.map((row) => row.count.length));
  return [
    `failures by clause: ${failures.length} failure(s) break ${rows.length} clause(s) (a failure counts under each clause it cites); read first:`,
    `${INDENT}${'clause'.padEnd(width)}  ${'failures'.padStart(countWidth)}  read first`,
    ...shown.map((row) => `${INDENT}${row.clause.padEnd(width)}  ${row.count.padStart(countWidth)}  ${row.read}`),
    ...(rows.length > shown.length
      ? [
          `${INDENT}and ${rows.length - shown.length} more clause(s) with fewer failures (each failure above names its clauses)`,
        ]
      : []),
  ];
}
