/**
 * JUnit XML written by the kit from its results, so it agrees with the exit
 * code: one test per scenario named by its stable id; a baselined failure is
 * `skipped` with `expected failure (baseline): reason`; a recommended failure
 * of a default run is `skipped` too (it does not fail the run); properties name
 * adapter, kit, spec, baseline and level.
 */
import type { BaselineVerdict } from '../runner/baseline.js';
import type { ScenarioResult } from '../runner/scenario-result.js';
import { editionOfRun, type RunContext } from './run-context.js';
import { firstLine, scenarioRows } from './scenario-rows.js';

/** Escapes text for XML attributes and content, dropping characters XML 1.0 cannot carry. */
export function xmlEscape(text: string): string {
  return text
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const seconds = (ms: number) => (Math.max(0, ms) / 1000).toFixed(3);

export function junitReport(context: RunContext, results: ScenarioResult[], verdict: BaselineVerdict): string {
  const rows = scenarioRows(results, verdict);
  // A flaky scenario fails the run, and so this report, unless flaky scenarios are allowed (or it is not counted).
  const counted = new Set(verdict.flaky);
  const failing = (row: (typeof rows)[number]): boolean => row.outcome === 'failed' || (row.outcome === 'flaky' && counted.has(row.result) && !verdict.allowFlaky);
  const failures = rows.filter(failing).length;
  const skipped = rows.filter((row) => row.outcome !== 'failed' && row.outcome !== 'passed' && row.outcome !== 'flaky').length;
  const suiteName = `plan-mode-conformance: ${context.adapter.name}`;
  const properties: Array<[string, string]> = [
    ['adapter', context.adapter.name],
    ['kit.version', context.kit.version],
    ['spec.edition', editionOfRun(context)],
    ['spec.readme', context.spec.readme],
    ['spec.clauses', context.spec.clauses],
    ['baseline', context.baseline?.path ?? 'none'],
    ['level', context.level],
    ...(context.shard ? [['shard', `${context.shard.index}/${context.shard.count}`] as [string, string]] : []),
    ...(context.repeat ? [['repeat', String(context.repeat.times)] as [string, string], ['flaky.allowed', String(context.repeat.flakyAllowed)] as [string, string]] : []),
  ];
  const attributes = `tests="${rows.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${seconds(context.durationMs)}"`;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xmlEscape(suiteName)}" ${attributes}>`,
    `  <testsuite name="${xmlEscape(suiteName)}" ${attributes} timestamp="${xmlEscape(context.startedAt)}">`,
    '    <properties>',
    ...properties.map(([name, value]) => `      <property name="${xmlEscape(name)}" value="${xmlEscape(value)}"/>`),
    '    </properties>',
  ];
  for (const row of rows) {
    const classname = row.result.uri.replace(/\.feature$/, '').replace(/[\\/]/g, '.');
    lines.push(`    <testcase name="${xmlEscape(row.id)}" classname="${xmlEscape(classname)}" time="${seconds(row.result.durationMs)}">`);
    lines.push(
      '      <properties>',
      `        <property name="clauses" value="${xmlEscape(row.result.clauses.join(' '))}"/>`,
      `        <property name="level" value="${row.result.level}"/>`,
      '      </properties>',
    );
    if (row.outcome === 'flaky') {
      const outcomes = row.result.flaky ?? [];
      if (failing(row)) {
        lines.push(`      <failure message="${xmlEscape(row.detail ?? 'flaky')}" type="flaky">${xmlEscape(outcomes.map((one, index) => `repeat ${index + 1}: ${one.status}${one.message ? `: ${one.message}` : ''}`).join('\n'))}</failure>`);
      } else {
        // Passing, with each failing repeat as a flakyFailure (the rerun report format of Maven Surefire, which CI tools read).
        for (const one of outcomes.filter((candidate) => candidate.status !== 'passed' && candidate.status !== 'skipped')) {
          lines.push(`      <flakyFailure message="${xmlEscape(one.message ?? one.status)}" type="${xmlEscape(one.failureKind ?? one.status)}"/>`);
        }
        lines.push(`      <system-out>${xmlEscape(row.detail ?? 'flaky')}</system-out>`);
      }
    } else if (row.outcome === 'failed') {
      const type = row.failure?.kind ?? 'baseline';
      const body = [row.note, row.failure?.step ? `step: ${row.failure.step}` : undefined, row.failure?.message].filter(Boolean).join('\n');
      lines.push(`      <failure message="${xmlEscape(row.detail ?? 'failed')}" type="${xmlEscape(type)}">${xmlEscape(body)}</failure>`);
    } else if (row.outcome === 'baselined' || row.outcome === 'not-counted' || row.outcome === 'skipped') {
      lines.push(`      <skipped message="${xmlEscape(row.detail ?? row.outcome)}"/>`);
      if (row.failure) lines.push(`      <system-out>${xmlEscape(`${row.failure.step ? `step: ${row.failure.step}\n` : ''}${firstLine(row.failure.message)}`)}</system-out>`);
    }
    lines.push('    </testcase>');
  }
  lines.push('  </testsuite>', '</testsuites>', '');
  return lines.join('\n');
}
