/**
 * JUnit XML written by the kit from its results, so it agrees with the exit
 * code: one test per scenario named by its stable id; a baselined failure is
 * `skipped` with `expected failure (baseline): reason`; a recommended failure
 * of a default run is `skipped` too (it does not fail the run); the suite's
 * properties name adapter, kit, spec, baseline, level and the kit's tallies.
 * The structure is that of the Jenkins xUnit plugin's junit-10 schema, the
 * strictest common consumer (docs/junit-report.xsd, checked with xmllint):
 * no properties inside a test case, no `skipped` on <testsuites>. Each test
 * case has `file` and `line` (the failing step's, else the scenario's), which
 * annotation tools read, and its clauses and level in its <system-out> and in
 * its failure's text.
 */
import type { BaselineVerdict } from '../results/baseline.js';
import type { ScenarioResult } from '../results/scenario-result.js';
import { summaryLine } from '../results/summary.js';
import { citationText, citeClauses } from '../results/clause-citation.js';
import { editionOfRun, featureFilePath, type RunContext } from '../results/run-context.js';
import { scenarioRows, type ScenarioRow } from './scenario-rows.js';
import { visibleControls } from '../results/host-text.js';
import { partialSuffix } from '../results/unproven-clauses.js';

/** Escapes text for XML attributes and content: control characters shown as escapes (host text), characters XML 1.0 cannot carry dropped. */
export function xmlEscape(text: string): string {
  return visibleControls(text, '\n\t')
    .replace(/[\uFFFE\uFFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const seconds = (ms: number) => (Math.max(0, ms) / 1000).toFixed(3);

/** A scenario's clauses and their level, as a consumer reads them: in the test case's output and in each failure. */
function clauseLines(context: RunContext, row: ScenarioRow): string[] {
  return citeClauses(row.result.clauses, context.catalog).map((citation) => `clause ${citationText(citation)}`);
}

/** Where a failure happened: the step (at its feature file line), the clauses it breaks, the whole message. */
function failureBody(context: RunContext, row: ScenarioRow, file: string): string {
  const step =
    row.failure?.step !== undefined
      ? `step: ${row.failure.step}${row.result.failedStepLine !== undefined ? ` (${file}:${row.result.failedStepLine})` : ''}`
      : undefined;
  return [row.note, ...clauseLines(context, row), step, row.failure?.message]
    .filter((part) => part !== undefined && part !== '')
    .join('\n');
}

export function junitReport(context: RunContext, results: ScenarioResult[], verdict: BaselineVerdict): string {
  const rows = scenarioRows(results, verdict);
  // A flaky scenario fails the run, and so this report, unless flaky scenarios are allowed (or it is not counted).
  const counted = new Set(verdict.flaky);
  const failing = (row: ScenarioRow): boolean =>
    row.outcome === 'failed' || (row.outcome === 'flaky' && counted.has(row.result) && !verdict.allowFlaky);
  const failures = rows.filter(failing).length;
  const skipped = rows.filter(
    (row) => row.outcome !== 'failed' && row.outcome !== 'passed' && row.outcome !== 'flaky',
  ).length;
  const suiteName = `plan-mode-conformance: ${context.adapter.name}`;
  const tally = (outcome: ScenarioRow['outcome']) => String(rows.filter((row) => row.outcome === outcome).length);
  const properties: Array<[string, string]> = [
    ['adapter', context.adapter.name],
    ['kit.version', context.kit.version],
    ['spec.edition', editionOfRun(context)],
    ['spec.readme', context.spec.readme],
    ['spec.clauses', context.spec.clauses],
    ['baseline', context.baseline?.path ?? 'none'],
    ['level', context.level],
    ...(context.shard ? [['shard', `${context.shard.index}/${context.shard.count}`] as [string, string]] : []),
    ...(context.repeat
      ? [
          ['repeat', String(context.repeat.times)] as [string, string],
          ['flaky.allowed', String(context.repeat.flakyAllowed)] as [string, string],
        ]
      : []),
    // The kit's tallies, the same as its closing lines: JUnit's `skipped` also holds the baselined and not-counted scenarios.
    ['conformance', `${summaryLine(verdict).text}${partialSuffix(context.unproven ?? [])}`],
    ['tally.passed', tally('passed')],
    ['tally.failed', tally('failed')],
    ['tally.skipped', tally('skipped')],
    ['tally.baselined', tally('baselined')],
    ['tally.flaky', tally('flaky')],
    ['tally.not-counted', tally('not-counted')],
    // Required clauses no passing scenario proved (the closing line's "partial"), each with why.
    ...(context.unproven ? [['unproven', String(context.unproven.length)] as [string, string]] : []),
    ...(context.unproven ?? []).map(({ clause, reason }): [string, string] => [`unproven.${clause}`, reason]),
  ];
  const time = `time="${seconds(context.durationMs)}"`;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    // No `skipped` on <testsuites>: the xUnit plugin's junit-10 schema refuses it (docs/junit-report.xsd).
    `<testsuites name="${xmlEscape(suiteName)}" tests="${rows.length}" failures="${failures}" errors="0" ${time}>`,
    `  <testsuite name="${xmlEscape(suiteName)}" tests="${rows.length}" failures="${failures}" errors="0" skipped="${skipped}" ${time} timestamp="${xmlEscape(context.startedAt)}">`,
    '    <properties>',
    ...properties.map(([name, value]) => `      <property name="${xmlEscape(name)}" value="${xmlEscape(value)}"/>`),
    '    </properties>',
  ];
  for (const row of rows) {
    const classname = row.result.uri.replace(/\.feature$/, '').replace(/[\\/]/g, '.');
    const file = featureFilePath(context, row.result.uri);
    // Annotations point at the failing step where there is one, else at the scenario.
    const line = (isFailingRow(row) ? row.result.failedStepLine : undefined) ?? row.result.line;
    const located = `file="${xmlEscape(file)}"${line !== undefined ? ` line="${line}"` : ''}`;
    lines.push(
      `    <testcase name="${xmlEscape(row.id)}" classname="${xmlEscape(classname)}" time="${seconds(row.result.durationMs)}" ${located}>`,
    );
    const out = [...clauseLines(context, row), `level: ${row.result.level}`];
    if (row.outcome === 'flaky') {
      const outcomes = row.result.flaky ?? [];
      if (failing(row)) {
        lines.push(
          `      <failure message="${xmlEscape(row.detail ?? 'flaky')}" type="flaky">${xmlEscape([...clauseLines(context, row), ...outcomes.map((one, index) => `repeat ${index + 1}: ${one.status}${one.message ? `: ${one.message}` : ''}`)].join('\n'))}</failure>`,
        );
      } else {
        // Passing, with each failing repeat as a flakyFailure (the rerun report format of Maven Surefire, which CI tools read).
        for (const one of outcomes.filter(
          (candidate) => candidate.status !== 'passed' && candidate.status !== 'skipped',
        )) {
          lines.push(
            `      <flakyFailure message="${xmlEscape(one.message ?? one.status)}" type="${xmlEscape(one.failureKind ?? one.status)}"/>`,
          );
        }
        out.push(row.detail ?? 'flaky');
      }
    } else if (row.outcome === 'failed') {
      const type = row.failure?.kind ?? 'baseline';
      lines.push(
        `      <failure message="${xmlEscape(row.detail ?? 'failed')}" type="${xmlEscape(type)}">${xmlEscape(failureBody(context, row, file))}</failure>`,
      );
    } else if (row.outcome === 'baselined' || row.outcome === 'not-counted' || row.outcome === 'skipped') {
      lines.push(`      <skipped message="${xmlEscape(row.detail ?? row.outcome)}"/>`);
      if (row.failure) out.push(`${row.failure.step ? `step: ${row.failure.step}\n` : ''}${row.failure.message}`);
    }
    lines.push(`      <system-out>${xmlEscape(out.join('\n'))}</system-out>`);
    lines.push('    </testcase>');
  }
  lines.push('  </testsuite>', '</testsuites>', '');
  return lines.join('\n');
}

function isFailingRow(row: ScenarioRow): boolean {
  return row.failure !== undefined;
}
