/**
 * Transport equivalence on a slice of the suite that exercises the protocol's
 * hard parts (restart as a new process, fork, spawn, compaction, questions,
 * mid-turn commands, and rc.8's images and owned children): the reference in
 * process and over stdio with a process per scenario give the same status per
 * scenario. With reused processes the whole suite is compared by
 * `npm run transport:check` in every edition (CI's `transport (EDITION)`
 * steps, .ci/matrices.mjs), of which this slice is a part: not run twice.
 *
 * In rc.8 alone: what a process per scenario adds to those steps is the
 * process's life (spawned, initialized and disposed for each scenario, a host
 * that declares no `reuse`), which is the exec adapter's and the stdio host's
 * code and the same in every edition; what each edition sends over the wire
 * (and a restart as a new process, which reused processes start too) those
 * steps compare over the whole suite. rc.8 sends the most: images, owned
 * children, `command/done` (docs/ci.md, "The kit's own CI").
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
        [
          'dist/conformance/equivalence/equivalence-check.js',
          '--per-scenario-only',
          '--edition',
          'rc.8',
          '--tags',
          SLICE,
        ],
        { cwd: ROOT, encoding: 'utf8', timeout: limitForProcesses(3) },
      );
      expect(run.stderr).toBe('');
      expect(run.stdout).toMatch(
        /transport \(rc\.8\): \d+ scenarios, identical per-scenario results in process and over stdio \(a process per scenario\)/,
      );
      expect(run.stdout).not.toMatch(/over stdio: /);
      expect(run.stdout).toMatch(/over stdio, a process per scenario: \d+ passed, 0 failed, 0 skipped/);
      expect(run.status).toBe(0);
    },
    limitForProcesses(3),
  ); // in process and over stdio with a process per scenario: rc.8, the largest slice (a generous guard)
});
