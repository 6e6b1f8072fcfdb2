/**
 * Output that points at the fix: every failed scenario carries the command
 * that reruns just it (the run's adapter, features, edition and level, quoted
 * for a POSIX shell), and after the failures a table by clause says how many
 * failures each clause has and which scenario to read first. The command is
 * run as printed: it judges exactly the failed scenario again.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { rerunCommand, shellWord } from '../../../conformance/results/rerun-command.js';
import { failureDetail, failuresByClause, BY_CLAUSE_ROWS } from '../../../conformance/results/summary.js';
import type { ScenarioResult } from '../../../conformance/results/scenario-result.js';
import { ADAPTER_OPTION } from '../../../conformance/options/shared-options.js';
import { BUILT_IN_ADAPTERS } from '../../../conformance/adapters/adapter-path.js';
import { CLI, fixtureRun, FIXTURES, ROOT } from '../cli-harness.js';
import { PROCESS_LIMIT_MS } from '../../limits.js';
import { judge } from '../../../conformance/results/baseline.js';
import { CAPABILITIES } from '../../../src/contract/adapter.js';
import type { RunContext } from '../../../conformance/results/run-context.js';
import { markdownReport } from '../../../conformance/report/markdown-report.js';
import { resultsDocument } from '../../../conformance/report/results-file.js';

/** The words a POSIX shell makes of a command line (sh runs nothing but printf). */
function wordsOf(command: string): string[] {
  const run = spawnSync('/bin/sh', ['-c', `printf '%s\\0' ${command}`], { encoding: 'utf8' });
  expect(run.status).toBe(0);
  return run.stdout.split('\0').slice(0, -1);
}

function failed(id: string, clauses: string[], line: number, failedStepLine: number): ScenarioResult {
  return {
    stableId: id,
    name: id,
    uri: 'a.feature',
    line,
    clauses,
    level: 'required',
    status: 'failed',
    failedStep: 'a step',
    failedStepLine,
    message: 'ConformanceFailure: no',
    durationMs: 1,
  };
}

describe('the rerun command', () => {
  it('quotes every word a person or a host chose, so the shell reads each back whole and runs none of it', () => {
    const hostile = [
      "exec:python3 'my host'/host.py --flag",
      'exec:node host.js; touch /tmp/pwned',
      'exec:sh -c "$(id)" `id` \\ \n $HOME',
      "it's",
      '',
    ];
    for (const word of hostile) expect(wordsOf(shellWord(word))).toEqual([word]);
    expect(shellWord('reference')).toBe('reference');
    expect(shellWord('./adapters/my-host.js')).toBe('./adapters/my-host.js');
  });

  it("carries the run's adapter, features, edition and level, turns the exploration off and names the scenario's tag", () => {
    const command = rerunCommand(
      {
        adapter: 'exec:python3 host.py',
        features: 'my features',
        edition: '0.1.0-rc.8',
        forceEdition: true,
        level: 'strict',
      },
      'cmd-argument/message',
    );
    expect(wordsOf(command.replace(/^npx plan-mode-conformance /, ''))).toEqual([
      '--adapter',
      'exec:python3 host.py',
      '--features',
      'my features',
      '--edition',
      '0.1.0-rc.8',
      '--force-edition',
      '--level',
      'strict',
      '--explore',
      'off',
      '--tags',
      // An outline row: its outline's tag (the row's part is not a tag).
      '@id:cmd-argument',
    ]);
    expect(rerunCommand({ adapter: 'reference', level: 'default' }, 'set-idle')).toBe(
      'npx plan-mode-conformance --adapter reference --explore off --tags @id:set-idle',
    );
  });

  it("is a failure line of its own, under the failure's message", () => {
    const lines = failureDetail(failed('set-idle', ['SET-01'], 3, 5), {
      rerun: { adapter: 'exec:./my host', level: 'default' },
    });
    expect(lines.at(-1)).toBe(
      "    rerun: npx plan-mode-conformance --adapter 'exec:./my host' --explore off --tags @id:set-idle",
    );
    // Nothing to rerun by tag: an exploration class (it has its replay command) or a fault.
    const fault = { ...failed('fault:x', [], 1, 1), uri: '~fault' };
    expect(failureDetail(fault, { rerun: { adapter: 'reference', level: 'default' } }).join('\n')).not.toContain(
      'rerun:',
    );
  });

  it('reruns just the failed scenario when run as printed', () => {
    const run = fixtureRun('get-throws.js');
    expect(run.status).toBe(1);
    const printed = run.stdout.match(/^ {4}rerun: (npx plan-mode-conformance .*)$/m)?.[1];
    expect(printed).toBeDefined();
    expect(printed).toContain('--tags @id:fixture-set-and-log');
    const again = spawnSync(
      '/bin/sh',
      ['-c', printed!.replace(/^npx plan-mode-conformance/, `node ${shellWord(CLI)}`)],
      {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: PROCESS_LIMIT_MS,
      },
    );
    expect(again.status).toBe(1);
    expect(again.stdout.trim().split('\n').at(-1)).toBe('conformance: 0 passed, 1 failed, 0 skipped');
    expect(again.stdout).toContain('failed: fixture-set-and-log');
    expect(FIXTURES).toContain(ROOT);
  });
});

describe('the table of failures by clause', () => {
  it('counts the failures citing each clause and names the most specific one to read first', () => {
    const broad = failed('broad', ['SET-01', 'SET-02', 'CMD-01'], 10, 20);
    const late = failed('late', ['SET-01'], 30, 39);
    const soon = failed('soon', ['SET-01'], 40, 41);
    const table = failuresByClause([broad, late, soon]);
    expect(table[0]).toBe(
      'failures by clause: 3 failure(s) break 3 clause(s) (a failure counts under each clause it cites); read first:',
    );
    expect(table.slice(1)).toEqual([
      '    clause  failures  read first',
      '    SET-01         3  soon (a.feature:40)',
      '    CMD-01         1  broad (a.feature:10)',
      '    SET-02         1  broad (a.feature:10)',
    ]);
  });

  it('says nothing for a single failure, and stays short when one bug breaks many clauses', () => {
    expect(failuresByClause([failed('one', ['SET-01'], 1, 2)])).toEqual([]);
    const many = Array.from({ length: 30 }, (_, index) =>
      failed(`f${index}`, [`X-${String(index).padStart(2, '0')}`], 1, 2),
    );
    const table = failuresByClause(many);
    expect(table).toHaveLength(2 + BY_CLAUSE_ROWS + 1);
    expect(table.at(-1)).toContain(`and ${30 - BY_CLAUSE_ROWS} more clause(s)`);
  });
});

describe('--help on --adapter', () => {
  it('lists every adapter form: each built-in name, a module path and exec: with an example', () => {
    for (const name of Object.keys(BUILT_IN_ADAPTERS)) {
      expect(ADAPTER_OPTION.help).toContain(name);
      expect(ADAPTER_OPTION.docs).toContain(`\`${name}\``);
    }
    expect(ADAPTER_OPTION.help).toMatch(/adapter module/);
    expect(ADAPTER_OPTION.help).toMatch(
      /--adapter "exec:python3 node_modules\/plan-mode-conformance\/examples\/python-host\/host\.py"/,
    );
  });
});

describe('the rerun command in the reports', () => {
  const context: RunContext = {
    adapter: {
      name: 'host',
      capabilities: Object.fromEntries(
        CAPABILITIES.map((name) => [name, true]),
      ) as RunContext['adapter']['capabilities'],
    },
    kit: { name: 'plan-mode-conformance', version: '0' },
    spec: { edition: 'seed', readme: 'r', clauses: '1' } as RunContext['spec'],
    level: 'default',
    baseline: null,
    startedAt: '2026-12-05T00:00:00.000Z',
    durationMs: 1,
    catalog: [],
    reviewTexts: [],
    rerunBase: { adapter: 'exec:python3 my host.py', level: 'default' },
  };
  const command = "npx plan-mode-conformance --adapter 'exec:python3 my host.py' --explore off --tags @id:set-idle";

  it('is under each failure of the Markdown report, and the record field rerun of the results file; none for a passed one', () => {
    const results = [
      failed('set-idle', ['SET-01'], 3, 5),
      { ...failed('ok', ['SET-02'], 9, 9), status: 'passed' as const },
    ];
    const verdict = judge(results, undefined, {});
    expect(markdownReport(context, results, verdict)).toContain(
      `  Rerun it with (an outline row: its outline):\n\n  \`\`\`text\n  ${command}\n  \`\`\``,
    );
    const records = resultsDocument(context, results, verdict).scenarios;
    expect(records.map((record) => record.rerun)).toEqual([command, undefined]);
  });
});
