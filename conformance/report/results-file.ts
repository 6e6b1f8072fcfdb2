/**
 * The results file (`--format results:FILE`): the run as one JSON document of
 * the documented schema (src/results/results-document.ts), read by `docs` and
 * `compare`. Validated before it is written: a document the schema refuses is
 * the kit's own bug and is never written.
 */
import {
  ResultsDocumentSchema,
  RESULTS_SCHEMA_ID,
  RESULTS_VERSION,
  signatureMessage,
  type ResultsDocument,
  type ScenarioRecord,
} from '../../src/index.js';
import type { BaselineVerdict } from '../results/baseline.js';
import type { ScenarioResult } from '../results/scenario-result.js';
import { rerunOfResult, type RunContext } from '../results/run-context.js';
import { scenarioRows } from './scenario-rows.js';

export function resultsDocument(
  context: RunContext,
  results: ScenarioResult[],
  verdict: BaselineVerdict,
): ResultsDocument {
  const scenarios = scenarioRows(results, verdict).map((row): ScenarioRecord => {
    const { result } = row;
    const record: ScenarioRecord = {
      id: row.id,
      name: result.name,
      uri: result.uri,
      clauses: result.clauses,
      level: result.level,
      status: row.outcome === 'not-counted' ? 'failed' : row.outcome,
      durationMs: Math.max(0, result.durationMs),
    };
    if (result.line !== undefined) record.line = result.line;
    if (row.failure) record.failure = row.failure;
    if (result.skipReason !== undefined) record.skipReason = result.skipReason;
    if (row.baseline) {
      const { reason, class: kind, link, expires } = row.baseline;
      const clause = 'explore' in row.baseline ? row.baseline.explore.clause : row.baseline.clause;
      record.baseline = {
        reason,
        clause,
        ...(kind ? { class: kind } : {}),
        ...(link ? { link } : {}),
        ...(expires ? { expires } : {}),
        ...('explore' in row.baseline && row.baseline.shows !== undefined ? { shows: row.baseline.shows } : {}),
      };
    }
    if (row.note !== undefined) record.note = row.note;
    if (result.flaky) {
      record.repeats = result.flaky.map((one) => ({
        status: one.status,
        ...(one.failureKind !== undefined ? { kind: one.failureKind } : {}),
        ...(one.failedStep !== undefined ? { step: one.failedStep } : {}),
        ...(one.message !== undefined ? { message: signatureMessage(one.message) } : {}),
      }));
    }
    if (result.exploration) record.exploration = result.exploration;
    if (result.fault) record.fault = result.fault;
    const rerun = record.status === 'failed' || record.status === 'flaky' ? rerunOfResult(context, result) : undefined;
    if (rerun !== undefined) record.rerun = rerun;
    return record;
  });
  const document: ResultsDocument = {
    schema: RESULTS_SCHEMA_ID,
    version: RESULTS_VERSION,
    kit: context.kit,
    spec: context.spec,
    adapter: context.adapter,
    ...(context.host ? { host: context.host } : {}),
    level: context.level,
    baseline: context.baseline,
    startedAt: context.startedAt,
    durationMs: Math.max(0, context.durationMs),
    ...(context.shard ? { shard: context.shard } : {}),
    ...(context.repeat ? { repeat: context.repeat } : {}),
    ...(context.exploration ? { exploration: context.exploration } : {}),
    ...(context.features ? { features: context.features } : {}),
    ...(context.rerun ? { rerun: context.rerun } : {}),
    ...(context.unproven ? { unproven: context.unproven } : {}),
    scenarios,
    reviewTexts: context.reviewTexts,
  };
  const checked = ResultsDocumentSchema.safeParse(document);
  if (!checked.success) {
    const problems = checked.error.issues.slice(0, 5).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`the results document does not match its own schema (a kit bug): ${problems.join('; ')}`);
  }
  return checked.data;
}

export function resultsFile(context: RunContext, results: ScenarioResult[], verdict: BaselineVerdict): string {
  return `${JSON.stringify(resultsDocument(context, results, verdict), null, 2)}\n`;
}
