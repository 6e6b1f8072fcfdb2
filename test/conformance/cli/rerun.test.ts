/**
 * `--rerun FILE` runs again exactly what failed or was flaky in a results
 * file: its failed scenarios by stable id (an outline's row alone), and each
 * exploration class's shrunk scenario replayed as a scenario (it fails on the
 * host it was found on, with the class's id and clauses, and passes on the
 * reference); a fault charged to no scenario is listed as not rerun and keeps
 * the rerun from passing. The closing line and the results file say it was a
 * rerun; it writes no baseline, and compare refuses it. The runs call the
 * CLI's `main` in this process (each forks its suite child, as the built CLI does).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ResultsDocumentSchema, type ResultsDocument, type ScenarioRecord } from '../../../src/index.js';
import { parseArguments } from '../../../conformance/cli/arguments.js';
import { FIXTURES } from '../cli-harness.js';
import { runMain } from '../in-process-cli.js';
import { temporaryFolder } from '../../temporary-folder.js';
import { limitForProcesses } from '../../limits.js';

/** Passes every scenario; the exploration finds its class in session 3 of seed 23 (exploration-in-run.test.ts). */
const ONLY_EXPLORATION_CATCHES = `${FIXTURES}adapters/fifth-agent-forgets.js`;
const OUTLINE_ROW = 'changing-tools-run-in-plan-mode/reading';
/** The session the exploration shrank this host's class to (seed 23, session 3), as its record keeps it. */
const SHRUNK = [
  'Scenario: explore found: get(agent "child 1") is {"active":false}; the oracle {"active":true} (or a pending equal to active)',
  '  Given the host presents its tools in both mode',
  '  When the user creates the agent',
  '  And the agent is forked as agent "fork 1"',
  '  And the host restarts',
  '  And the user creates agent "B"',
  '  And the agent is forked as agent "fork 2"',
  '  And the agent spawns the child agent "child 1"',
  '  Given while the model handles request 1 of the agent, the user turns plan mode on for agent "child 1"',
  '  And while the model handles request 1 of the agent, get reports plan mode on for agent "child 1", no other mode pending',
  '  When the user prompts the agent with "Task 1 for the agent"',
].join('\n');

const read = (path: string): ResultsDocument => ResultsDocumentSchema.parse(JSON.parse(readFileSync(path, 'utf8')));

describe('--rerun', () => {
  let dir: string;
  let original: ResultsDocument;
  let explorationClass: ScenarioRecord;
  /** The file a run with failures leaves: the exploration class, a scenario and an outline row failed, and a fault. */
  let withFault: string;
  let withoutFault: string;
  let failedScenario: string;

  beforeAll(async () => {
    dir = await temporaryFolder('pmc-rerun-');
    // The scenarios' records from a real run; the exploration class as the exploration recorded it on this host
    // (written here, so the test does not hang on which session of a seed the generators now reach it in).
    const run = await runMain([
      '--adapter',
      ONLY_EXPLORATION_CATCHES,
      '--tags',
      `@SET-01 or @id:${OUTLINE_ROW.split('/')[0]}`,
      '--explore',
      'off',
      '--format',
      `results:${join(dir, 'run.json')}`,
    ]);
    expect(run.status, run.stdout + run.stderr).toBe(0);
    original = read(join(dir, 'run.json'));
    explorationClass = {
      id: 'explore:SET-05/get-state',
      name: 'explore found: get(agent "child 1") is {"active":false}',
      uri: '~exploration',
      clauses: ['SET-05', 'SET-01', 'NARR-01'],
      level: 'required',
      status: 'failed',
      durationMs: 0,
      failure: {
        clauses: ['SET-05', 'SET-01', 'NARR-01'],
        kind: 'assertion',
        step: 'get-state',
        message: 'explore:SET-05/get-state: get(agent "child 1") is {"active":false}',
      },
      exploration: {
        seed: 23,
        budget: 200,
        check: 'get-state',
        count: 1,
        session: 3,
        path: '3:1:0:0:0:0:6:7:7:8:7:7:9:9:9:9:9',
        scenario: SHRUNK,
      },
    };
    original = {
      ...original,
      exploration: { seed: 23, budget: 200, maxSteps: 12, sessions: 200, share: 200 },
      scenarios: [...original.scenarios, explorationClass],
    };
    // As a host with failing scenarios would have left it: two scenario records failed (one an outline's row).
    const crafted = structuredClone(original);
    failedScenario = crafted.scenarios.find(
      (record) => record.clauses.includes('SET-01') && !record.id.includes('/') && record.uri !== '~exploration',
    )!.id;
    for (const record of crafted.scenarios.filter((one) => one.id === failedScenario || one.id === OUTLINE_ROW)) {
      record.status = 'failed';
      record.failure = {
        clauses: record.clauses,
        kind: 'assertion',
        step: 'get reports plan mode on',
        message: 'expected on',
      };
    }
    withoutFault = join(dir, 'failed.json');
    writeFileSync(withoutFault, JSON.stringify(crafted));
    crafted.scenarios.push({
      id: 'fault:between-scenarios',
      name: 'a fault between scenarios',
      uri: '~fault',
      clauses: [],
      level: 'required',
      status: 'failed',
      failure: { clauses: [], kind: 'crash', message: 'the host process exited' },
      fault: { kind: 'crash', during: 'between-scenarios' },
      durationMs: 0,
    });
    withFault = join(dir, 'failed-and-fault.json');
    writeFileSync(withFault, JSON.stringify(crafted));
  }, limitForProcesses(1));

  it(
    'on the host the file came from: reruns exactly the failures, the class replayed fails as it did, the fault listed as not rerun',
    async () => {
      const results = join(dir, 'rerun.json');
      const run = await runMain([
        '--adapter',
        ONLY_EXPLORATION_CATCHES,
        '--rerun',
        withFault,
        '--format',
        `results:${results}`,
      ]);
      expect(run.status).toBe(1);
      expect(run.stdout).toContain(
        'not rerun: fault:between-scenarios: a fault charged to no scenario (crash between scenarios)',
      );
      expect(run.summary).toBe(
        `conformance: 2 passed, 1 failed, 0 skipped (a rerun of what failed in ${withFault}, 1 not rerun: not a full run)`,
      );
      expect(run.stdout).not.toMatch(/^exploration:/m);
      const document = read(results);
      expect(document.rerun).toEqual({ from: withFault });
      expect(document.exploration).toBeUndefined();
      expect(document.spec.edition).toBe(original.spec.edition);
      expect(document.scenarios.map((record) => record.id).sort()).toEqual(
        [explorationClass.id, failedScenario, OUTLINE_ROW].sort(),
      );
      const replayed = document.scenarios.find((record) => record.id === explorationClass.id)!;
      expect(replayed).toMatchObject({
        uri: '~replay',
        status: 'failed',
        clauses: explorationClass.clauses,
        level: explorationClass.level,
      });
    },
    limitForProcesses(1),
  );

  it(
    'on a correct host: the replayed class and the scenarios pass, and the rerun passes',
    async () => {
      const run = await runMain(['--rerun', withoutFault]);
      expect(run.status, run.stdout).toBe(0);
      expect(run.summary).toBe(
        `conformance: 3 passed, 0 failed, 0 skipped (a rerun of what failed in ${withoutFault}: not a full run)`,
      );
    },
    limitForProcesses(1),
  );

  it('with nothing failed, runs nothing and says so', async () => {
    const passing = join(dir, 'passing.json');
    writeFileSync(
      passing,
      JSON.stringify({ ...original, scenarios: original.scenarios.filter((record) => record.status === 'passed') }),
    );
    const run = await runMain(['--rerun', passing]);
    expect(run.status).toBe(0);
    expect(run.summary).toBe(`conformance: nothing to rerun: nothing failed or was flaky in ${passing}`);
  });

  it('refuses a file that is no results file, and every option that would widen, narrow or record it as a whole run', async () => {
    const missing = await runMain(['--rerun', join(dir, 'none.json')]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/^plan-mode-conformance: --rerun .*none\.json/m);
    expect(() =>
      parseArguments([
        '--rerun',
        'r.json',
        '--write-baseline',
        'b.yaml',
        '--tags',
        '@SET-01',
        '--shard',
        '1/2',
        '--explore',
        '5',
      ]),
    ).toThrow(
      /--rerun cannot be combined with --write-baseline[^\n]*\n--rerun cannot be combined with --tags[^\n]*\n--rerun cannot be combined with --shard[^\n]*\n--rerun cannot be combined with --explore:/,
    );
    expect(parseArguments(['--rerun', 'r.json', '--baseline', 'b.yaml']).rerun).toBe('r.json');
  });

  it('is refused by compare: a rerun never stands in for a full run', async () => {
    const rerun = join(dir, 'rerun.json');
    const run = await runMain(['compare', join(dir, 'run.json'), rerun]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(
      `${rerun} is a rerun of what failed in ${withFault}, not a full run: nothing is compared`,
    );
  });
});
