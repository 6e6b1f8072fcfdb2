/**
 * Transport equivalence on a slice of the suite that exercises the protocol's
 * hard parts (restart as a new process, fork, spawn, compaction, questions,
 * mid-turn commands, and rc.8's images and owned children): the reference in
 * process and over stdio with a process per scenario give the same status per
 * scenario, in each edition it implements. With reused processes the whole
 * suite is compared by `npm run transport:check` (CI's `transport (EDITION)`
 * steps, .ci/matrices.mjs), of which this slice is a part: not run twice.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../cli-harness.js';
import { limitForProcesses } from '../../limits.js';

const SLICE =
  '@needs:restart or @needs:fork or @needs:spawn or @needs:compaction or @SET-05 or @REVIEW-04 or @CMD-09 or @REVIEW-07';

describe('transport equivalence', () => {
  it(
    'gives identical per-scenario results in process and over stdio with a process per scenario',
    () => {
      const run = spawnSync(
        process.execPath,
        ['dist/conformance/equivalence/equivalence-check.js', '--per-scenario-only', '--tags', SLICE],
        { cwd: ROOT, encoding: 'utf8', timeout: limitForProcesses(6) },
      );
      expect(run.stderr).toBe('');
      for (const edition of ['seed', '0.0.1-rc.1', 'rc.8']) {
        expect(run.stdout).toMatch(
          new RegExp(
            `transport \\(${edition.replace('.', '\\.')}\\): \\d+ scenarios, identical per-scenario results in process and over stdio \\(a process per scenario\\)`,
          ),
        );
      }
      expect(run.stdout).not.toMatch(/over stdio: /);
      expect(run.stdout).toMatch(/over stdio, a process per scenario: \d+ passed, 0 failed, 0 skipped/);
      expect(run.status).toBe(0);
    },
    limitForProcesses(6),
  ); // each edition in process and over stdio with a process per scenario (a generous guard)
});
