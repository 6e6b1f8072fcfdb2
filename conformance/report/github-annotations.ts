/**
 * GitHub Actions workflow commands (`--format github`, to stdout in a job
 * step): GitHub turns each line into an annotation of the check run, on the
 * feature file's line. `::error` for every scenario that fails the run (so the
 * annotations agree with the exit code), `::warning` for a failure that does
 * not count (a recommended scenario of a default run, a flaky scenario allowed
 * by --allow-flaky) or a baselined scenario failing another way than its entry.
 * Passed, skipped and baselined scenarios say nothing.
 */
import { join, relative, sep } from 'node:path';
import type { BaselineVerdict } from '../results/baseline.js';
import type { ScenarioResult } from '../results/scenario-result.js';
import { isNoFeatureFile, type RunContext } from '../results/run-context.js';
import { scenarioRows, type ScenarioRow } from './scenario-rows.js';
import { visibleControls } from '../results/host-text.js';

/** A command's message: other control characters shown as escapes (host text), then `%`, CR and LF encoded, as the runner decodes them. */
function escapeData(text: string): string {
  return visibleControls(text, '\n\r').replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A command's property value: also `:` and `,`, which separate properties. */
function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

function severity(row: ScenarioRow, verdict: BaselineVerdict): 'error' | 'warning' | undefined {
  if (row.outcome === 'failed') return 'error';
  if (row.outcome === 'flaky') return verdict.flaky.includes(row.result) && !verdict.allowFlaky ? 'error' : 'warning';
  if (row.outcome === 'not-counted') return 'warning';
  return undefined;
}

/** The feature file as the repository sees it: relative to the working folder (the checkout), with forward slashes. */
function repositoryPath(context: RunContext, uri: string): string {
  if (context.featuresDir === undefined) return uri;
  return relative(process.cwd(), join(context.featuresDir, uri)).split(sep).join('/');
}

export function githubAnnotations(context: RunContext, results: ScenarioResult[], verdict: BaselineVerdict): string {
  const lines: string[] = [];
  for (const row of scenarioRows(results, verdict)) {
    const level = severity(row, verdict);
    if (level === undefined) continue;
    // An exploration class or a fault is of no file: an annotation of the run, not of `features/~exploration`.
    const inFile = !isNoFeatureFile(row.result.uri);
    const properties = [
      ...(inFile ? [`file=${escapeProperty(repositoryPath(context, row.result.uri))}`] : []),
      ...(inFile && row.result.line !== undefined ? [`line=${row.result.line}`] : []),
      `title=${escapeProperty(`${context.adapter.name}: ${row.id} (${row.result.clauses.join(' ')})`)}`,
    ];
    // The message without its stack frames (the annotation points at the scenario, not at the kit's code).
    const failure = (row.failure?.message ?? '').split('\n').filter((line) => !/^\s+at /.test(line));
    if (failure[0] !== undefined && row.detail?.endsWith(failure[0])) failure.shift();
    const message = [row.detail, row.failure?.step !== undefined ? `step: ${row.failure.step}` : undefined, ...failure]
      .filter((part): part is string => part !== undefined && part.trim() !== '')
      .join('\n');
    lines.push(`::${level} ${properties.join(',')}::${escapeData(message || row.outcome)}`);
  }
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}
