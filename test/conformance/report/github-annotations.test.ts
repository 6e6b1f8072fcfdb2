/**
 * `--format github`: one GitHub Actions workflow command per scenario that
 * fails the run (`::error`), on the feature file's line as the checkout names
 * it, so the check run shows each failure where the scenario is written.
 */
import { describe, expect, it } from 'vitest';
import { dirname, join } from 'node:path';
import { fixtureArgs } from '../cli-harness.js';
import { runMain } from '../in-process-cli.js';
import { githubAnnotations } from '../../../conformance/report/github-annotations.js';
import { judge } from '../../../conformance/results/baseline.js';
import type { RunContext } from '../../../conformance/results/run-context.js';
import type { ScenarioResult } from '../../../conformance/results/scenario-result.js';

describe('the github format', () => {
  it('annotates each counted failure on its feature line, without stack frames, and agrees with the exit code', async () => {
    const run = await runMain([...fixtureArgs('get-throws.js'), '--format', 'github']);
    expect(run.status).toBe(1);
    const commands = run.stdout.split('\n').filter((line) => line.startsWith('::'));
    expect(commands.length).toBeGreaterThan(0);
    for (const command of commands) {
      expect(command).toMatch(
        /^::error file=test\/fixtures\/features\/fail-closed\.feature,line=\d+,title=broken-getPlanMode%3A fixture-[\w-]+ \([A-Z]+-\d+( [A-Z]+-\d+)*\)::\S/,
      );
      expect(command).toContain('adapter method getPlanMode');
      expect(command).not.toMatch(/%0A\s+at /);
    }
    // The kit's own lines go to stderr, so stdout holds the workflow commands only.
    expect(
      run.stdout
        .trim()
        .split('\n')
        .every((line) => line.startsWith('::')),
    ).toBe(true);
    expect(run.stderr).toMatch(/conformance: \d+ passed, [1-9]\d* failed/);
  });

  it('says nothing for a run with no failure', async () => {
    const run = await runMain([...fixtureArgs('without-fork.js'), '--format', 'github']);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('');
  });
});

describe('a github annotation', () => {
  const result = (uri: string): ScenarioResult => ({
    stableId: 'cmd-argument',
    name: 'cmd-argument',
    uri,
    line: 36,
    clauses: ['CMD-04'],
    level: 'required',
    status: 'failed',
    failureKind: 'assertion',
    failedStep: 'the result reports plan mode on',
    failedStepLine: 40,
    message:
      'ConformanceFailure: expected the result {\n  "entered": true\n} but the host said {\n  "entered": false\n}',
    durationMs: 1,
  });
  const context = (featuresDir: string): RunContext => ({
    adapter: { name: 'host', capabilities: {} as RunContext['adapter']['capabilities'] },
    kit: { name: 'plan-mode-conformance', version: '0' },
    spec: { edition: 'seed', readme: 'r', clauses: '1' } as RunContext['spec'],
    level: 'default',
    baseline: null,
    startedAt: '2026-12-05T00:00:00.000Z',
    durationMs: 1,
    catalog: [],
    reviewTexts: [],
    featuresDir,
    rerunBase: { adapter: 'exec:python3 host.py', level: 'default' },
  });
  const annotate = (featuresDir: string, uri: string) => {
    const results = [result(uri)];
    return githubAnnotations(context(featuresDir), results, judge(results, undefined, {})).trim();
  };

  it('points at a feature file of the checkout, and keeps the step out of the message it shows whole', () => {
    const line = annotate(join(process.cwd(), 'features'), 'plan-command.feature');
    expect(line).toMatch(/^::error file=features\/plan-command\.feature,line=36,title=/);
    const message = decodeURIComponent(line.slice(line.indexOf('::', 2) + 2));
    expect(message).toBe(
      [
        'step: the result reports plan mode on',
        'ConformanceFailure: expected the result {\n  "entered": true\n} but the host said {\n  "entered": false\n}',
        "rerun: npx plan-mode-conformance --adapter 'exec:python3 host.py' --explore off --tags @id:cmd-argument",
      ].join('\n'),
    );
  });

  it("points at no file for the installed kit's features (node_modules) or a folder outside the checkout, naming the feature in the message", () => {
    for (const featuresDir of [
      join(process.cwd(), 'node_modules', 'plan-mode-conformance', 'features'),
      join(dirname(process.cwd()), 'elsewhere', 'features'),
    ]) {
      const line = annotate(featuresDir, 'plan-command.feature');
      expect(line).toMatch(/^::error title=/);
      expect(line).not.toContain('file=');
      expect(decodeURIComponent(line.slice(line.indexOf('::', 2) + 2))).toContain(
        "feature: plan-command.feature:36 (the kit's features)",
      );
    }
  });
});
