/**
 * One set of tallies, the kit's: cucumber's own closing counts (which call a
 * baselined scenario failed) are not printed by its console formats; the
 * kit's closing lines, JUnit's suite properties and the results file agree.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isCucumberTallies } from '../../../conformance/runner/cucumber-tallies.js';
import { fixtureRun } from '../cli-harness.js';
import { temporaryFolder } from '../../temporary-folder.js';
import { writeReasons } from '../baseline-reasons.js';

describe('tallies', () => {
  it("recognises cucumber's closing counts, coloured or not, and nothing else", () => {
    expect(
      isCucumberTallies(
        '3 scenarios (1 failed, 2 passed)\n10 steps (1 failed, 2 skipped, 7 passed)\n0m00.123s (executing steps: 0m00.100s)\n',
      ),
    ).toBe(true);
    expect(
      isCucumberTallies('1 scenario (1 passed)\n1 step (1 passed)\n1m02.003s (executing steps: 1m01.000s)\n'),
    ).toBe(true);
    expect(isCucumberTallies('0 scenarios\n0 steps\n0m00.000s (executing steps: 0m00.000s)\n')).toBe(true);
    expect(
      isCucumberTallies(
        '\u001b[31m1 scenario (\u001b[31m1 failed\u001b[39m)\u001b[39m\n1 step (1 failed)\n0m00.010s (executing steps: 0m00.001s)\n',
      ),
    ).toBe(true);
    expect(isCucumberTallies('Failures:\n\n1) Scenario: x\n')).toBe(false);
    expect(isCucumberTallies('3 scenarios (1 failed, 2 passed)\nand more\n')).toBe(false);
    expect(isCucumberTallies('....F..\n')).toBe(false);
  });

  it("a baselined run: cucumber's summary format prints no counts of its own; the kit's lines and JUnit agree", async () => {
    const dir = await temporaryFolder('pmc-tallies-');
    fixtureRun('get-throws.js', ['--write-baseline', join(dir, 'baseline.yaml')]);
    writeReasons(join(dir, 'baseline.yaml'));
    for (const format of ['summary', 'progress', 'pretty']) {
      const run = fixtureRun('get-throws.js', [
        '--baseline',
        join(dir, 'baseline.yaml'),
        '--format',
        format,
        '--format',
        `junit:${join(dir, `${format}.xml`)}`,
      ]);
      expect(run.status, format).toBe(0);
      expect(run.stdout, format).not.toMatch(/^\d+ scenarios? \(/m);
      expect(run.stdout, format).not.toMatch(/^\d+ steps? \(/m);
      expect(run.summary).toBe('conformance: 2 passed, 0 failed, 0 skipped (partial: 1 required clause(s) unproven)');
      expect(run.stdout).toContain('baselined: 1 known failure(s)');
      const junit = readFileSync(join(dir, `${format}.xml`), 'utf8');
      expect(junit).toContain(
        '<property name="conformance" value="conformance: 2 passed, 0 failed, 0 skipped (partial: 1 required clause(s) unproven)"/>',
      );
      expect(junit).toContain('<property name="tally.baselined" value="1"/>');
      expect(junit).toMatch(/<testsuite [^>]*failures="0" errors="0" skipped="1"/);
    }
  });
});
