/**
 * What a results file must mean, beyond its shape: one record per scenario,
 * and each record's status agreeing with its other fields. A reader that
 * took a file breaking these would show a verdict the run never gave
 * (`compare` kept the last of two records of one id, so a failing duplicate
 * read as "0 regressed"). Checked on every version read (version 1 after its
 * upgrade), every problem reported at once.
 */
import { ResultsDocumentSchema, type ResultsDocument } from './results-document.js';

export interface MeaningIssue {
  path: Array<string | number>;
  message: string;
}

export function resultsMeaningIssues(document: ResultsDocument): MeaningIssue[] {
  const issues: MeaningIssue[] = [];
  const first = new Map<string, number>();
  document.scenarios.forEach((record, index) => {
    const at = (...rest: string[]): Array<string | number> => ['scenarios', index, ...rest];
    const earlier = first.get(record.id);
    if (earlier !== undefined)
      issues.push({
        path: at('id'),
        message: `the id ${record.id} is also scenarios.${earlier}'s: one record per scenario`,
      });
    else first.set(record.id, index);
    const says = `status ${record.status}`;
    if ((record.status === 'passed' || record.status === 'skipped') && record.failure)
      issues.push({ path: at('failure'), message: `${says} with a failure` });
    if ((record.status === 'passed' || record.status === 'skipped') && record.baseline)
      issues.push({ path: at('baseline'), message: `${says} with a baseline entry, which only a failure has` });
    if (record.status === 'baselined' && !record.baseline)
      issues.push({ path: at('status'), message: 'status baselined without the baseline entry that excused it' });
    if (record.status === 'baselined' && !record.failure)
      issues.push({ path: at('status'), message: 'status baselined without the failure it excuses' });
    // A failed record without a failure is a stale baseline entry (the scenario passed): its note says so.
    if (record.status === 'failed' && !record.failure && record.note === undefined)
      issues.push({ path: at('status'), message: 'status failed without a failure or a note saying why' });
    if (record.status === 'flaky') {
      if ((record.repeats?.length ?? 0) < 2)
        issues.push({ path: at('repeats'), message: 'status flaky without the outcomes of two or more repeats' });
      if (!document.repeat)
        issues.push({
          path: at('status'),
          message: 'status flaky in a run that did not repeat its scenarios (no "repeat")',
        });
    } else if (record.repeats) {
      issues.push({ path: at('repeats'), message: `${says} with repeat outcomes, which only a flaky record has` });
    }
    if (record.fault) {
      if (record.status !== 'failed' && record.status !== 'baselined')
        issues.push({ path: at('status'), message: `${says} on a fault record: a fault always fails` });
      if (record.failure && record.failure.kind !== record.fault.kind)
        issues.push({
          path: at('failure', 'kind'),
          message: `a fault of kind ${record.fault.kind} with a failure of kind ${record.failure.kind}`,
        });
    }
    if (record.skipReason !== undefined && record.status !== 'skipped')
      issues.push({ path: at('skipReason'), message: `${says} with a skip reason` });
  });
  return issues;
}

/** The results document with its meaning checked: every issue a zod issue at its path. */
export const MeaningfulResultsDocumentSchema = ResultsDocumentSchema.superRefine((document, context) => {
  for (const issue of resultsMeaningIssues(document))
    context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
});
