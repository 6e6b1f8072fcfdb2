/**
 * The kit's exit codes, one table for the run and every verb: what a CI job
 * reads of a run (docs/cli.md). 0: every counted scenario passed (or failed
 * as its baseline says); 1: something failed that counts; 2: the input was
 * unusable (arguments, adapter, features, baseline, a report that could not
 * be written), so nothing was judged.
 */
export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;
