/**
 * GitHub Actions workflow commands (`--format github`, to stdout in a job
 * step): GitHub turns each line into an annotation of the check run, on the
 * feature file's line when that file is in the checkout (else on no file, the
 * message naming the feature). `::error` for every scenario that fails the run (so the
 * annotations agree with the exit code), `::warning` for a failure that does
 * not count (a recommended scenario of a default run, a flaky scenario allowed
 * by --allow-flaky) or a baselined scenario failing another way than its entry.
 * Passed, skipped and baselined scenarios say nothing.
 */
import { isAbsolute, join, relative, sep } from 'node:path';
import type { BaselineVerdict } from '../results/baseline.js';
import type { ScenarioResult } from '../results/scenario-result.js';
import { isNoFeatureFile, rerunOfResult, type RunContext } from '../results/run-context.js';
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

/**
 * The feature file as the repository sees it: relative to the working folder
 * (the checkout), with forward slashes; undefined when it is not a file of
 * the repository (outside the checkout, or the installed kit's own features
 * under node_modules): GitHub annotates only files of the repository, so such
 * an annotation points at no file and its message names the feature file.
 */
function repositoryPath(context: RunContext, uri: string): string | undefined {
  const path =
    context.featuresDir === undefined
      ? uri
      : relative(process.cwd(), join(context.featuresDir, uri)).split(sep).join('/');
  if (isAbsolute(path) || path === '..' || path.startsWith('../') || path.split('/').includes('node_modules'))
    return undefined;
  return path;
}
export function githubAnnotations(context: RunContext, results: ScenarioResult[], verdict: BaselineVerdict): string {
  const lines: string[] = [];
  for (const row of scenarioRows(results, verdict)) {
    const level = severity(row, verdict);
    if (level === undefined) continue;
    // An exploration class or a fault is of no file: an annotation of the run, not of `features/~exploration`.
    const inFile = !isNoFeatureFile(row.result.uri);
    const file = inFile ? repositoryPath(context, row.result.uri) : undefined;
    const properties = [
      ...(file !== undefined ? [`file=${escapeProperty(file)}`] : []),
      ...(file !== undefined && row.result.line !== undefined ? [`line=${row.result.line}`] : []),
      `title=${escapeProperty(`${context.adapter.name}: ${row.id} (${row.result.clauses.join(' ')})`)}`,
    ];
    // The step first, then the whole message without its stack frames (the annotation points at the
    // scenario, not at the kit's code), then the command that reruns it: a message of several lines
    // (an object shown after its first line) is never cut by the step line.
    const failure = (row.failure?.message ?? '').split('\n').filter((line) => !/^\s+at /.test(line));
    // The detail ends with the message's first line (after what the outcome adds): the rest follows it.
    if (failure[0] !== undefined && row.detail?.endsWith(failure[0].trim())) failure.shift();
    const where =
      inFile && file === undefined
        ? `feature: ${row.result.uri}${row.result.line !== undefined ? `:${row.result.line}` : ''} (the kit's features)`
        : undefined;
    const rerun = rerunOfResult(context, row.result);
    const message = [
      row.failure?.step !== undefined ? `step: ${row.failure.step}` : undefined,
      where,
      row.detail,
      ...failure,
      rerun !== undefined ? `rerun: ${rerun}` : undefined,
    ]
      .filter((part): part is string => part !== undefined && part !== '')
      .join('\n');
    lines.push(`::${level} ${properties.join(',')}::${escapeData(message || row.outcome)}`);
  }
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}
