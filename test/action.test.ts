/**
 * The kit's GitHub Action (action.yml at the repository root), its steps
 * played here as a runner would play them (workflow-player.ts), against this
 * checkout's built kit: a green run (the reference) and a red run (a host
 * whose `get` throws) each write the Markdown report to the job summary,
 * print annotations only for what fails, upload the results file and end the
 * step as the kit's exit code says; a repository without the kit gets one
 * error saying how to install it. actionlint checks the action where a
 * workflow calls it (`npm run lint:workflow`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ResultsDocument } from '../src/index.js';
import { FIXTURES } from './conformance/cli-harness.js';
import { actionFile, playAction, type ActionRun } from './workflow-player.js';
import { temporaryFolder } from './temporary-folder.js';
import { limitForProcesses } from './limits.js';

/** A few scenarios, no exploration: the action's steps are what is judged here, not the host. */
const SMALL = { tags: '@SET-01', explore: 'off' };

async function play(
  inputs: Record<string, string>,
  actionPath?: string,
): Promise<{ run: ActionRun; workspace: string }> {
  const workspace = await temporaryFolder('pmc-action-');
  const scratch = await temporaryFolder('pmc-action-runner-');
  return { run: playAction(inputs, { workspace, scratch, ...(actionPath ? { actionPath } : {}) }), workspace };
}

describe('the GitHub Action', () => {
  it('declares the inputs a host author sets, each described', () => {
    const { inputs, outputs } = actionFile();
    expect(Object.keys(inputs)).toEqual(
      expect.arrayContaining([
        'adapter',
        'edition',
        'baseline',
        'level',
        'explore',
        'explore-seed',
        'shard',
        'results',
      ]),
    );
    for (const [name, input] of Object.entries(inputs))
      expect((input as { description?: string }).description, name).toBeTruthy();
    expect(Object.keys(outputs)).toEqual(['status', 'results']);
  });

  describe('a green run', () => {
    let green: Awaited<ReturnType<typeof play>>;
    beforeAll(async () => {
      green = await play({ adapter: 'reference', ...SMALL, shard: '1/1' });
    }, limitForProcesses(1));

    it('passes, with the report in the job summary and no annotation', () => {
      const { run } = green;
      expect(run.outcome, run.stderr).toBe('success');
      expect(run.outputs.status).toBe('0');
      expect(run.summary).toMatch(/^# Plan mode compatibility: reference/);
      expect(run.summary).toMatch(/\d+ scenarios: \d+ passed, 0 failed/);
      expect(run.stdout).not.toMatch(/^::error/m);
    });

    it('uploads the results file, named for its shard', () => {
      const { run, workspace } = green;
      expect(run.uploads).toEqual([
        {
          name: 'conformance-results-shard-1-of-1',
          path: join(workspace, 'reports/conformance-results.json'),
          found: true,
        },
      ]);
      const results = JSON.parse(readFileSync(run.uploads[0]!.path, 'utf8')) as ResultsDocument;
      expect(results.scenarios.length).toBeGreaterThan(0);
      expect(results.scenarios.every((record) => record.status === 'passed')).toBe(true);
      expect(results.shard).toMatchObject({ index: 1, count: 1, tags: '@SET-01' });
    });
  });

  describe('a red run', () => {
    let red: Awaited<ReturnType<typeof play>>;
    beforeAll(async () => {
      red = await play({
        adapter: `${FIXTURES}adapters/get-throws.js`,
        ...SMALL,
        results: 'out/results.json',
        artifact: 'my-host',
      });
    }, limitForProcesses(1));

    it("fails the step with the kit's exit code, after the report and the upload", () => {
      const { run, workspace } = red;
      expect(run.outcome).toBe('failure');
      expect(run.outputs.status).toBe('1');
      expect(run.summary).toMatch(/\d+ scenarios: \d+ passed, [1-9]\d* failed/);
      expect(run.uploads).toEqual([{ name: 'my-host', path: join(workspace, 'out/results.json'), found: true }]);
      const results = JSON.parse(readFileSync(run.uploads[0]!.path, 'utf8')) as ResultsDocument;
      expect(results.scenarios.some((record) => record.status === 'failed')).toBe(true);
    });

    it("annotates each failure; the kit's own feature files, outside the host's checkout, are named in the message, not as a file", () => {
      const annotations = red.run.stdout.split('\n').filter((line) => line.startsWith('::error'));
      expect(annotations.length).toBeGreaterThan(0);
      // GitHub annotates only files of the repository: the kit's features are not the host's.
      for (const line of annotations) {
        expect(line).toMatch(/^::error title=[^:]+::/);
        expect(line).toMatch(/(::|%0A)feature: [\w/-]+\.feature:\d+ \(the kit's features\)%0A/);
        expect(line).toContain('rerun: npx plan-mode-conformance --adapter ');
      }
    });
  });

  it('in a repository without the kit, fails with one error saying how to install it', async () => {
    const nowhere = await temporaryFolder('pmc-action-unbuilt-');
    const { run } = await play({ adapter: 'reference' }, nowhere);
    expect(run.outcome).toBe('failure');
    expect(run.outputs.status).toBe('2');
    expect(run.stdout).toMatch(
      /^::error title=plan-mode conformance::the kit is not installed here: npm install --save-dev/m,
    );
    expect(run.summary).toContain('could not run the host (exit 2)');
    expect(run.uploads).toEqual([]);
  });
});
