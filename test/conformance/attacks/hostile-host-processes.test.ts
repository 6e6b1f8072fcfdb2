/**
 * The attack surface in one place (issue 25): each `describe` tries one kind
 * of hostile host or input that once gave a false verdict, lost data or made
 * the kit misbehave, and checks it now fails closed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdir, readFile, readlink, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import MarkdownIt from 'markdown-it';
import { afterEach, describe, expect, it } from 'vitest';
import { planModeDeployment, type ModelRequest, type StartOptions } from '../../../src/index.js';
import { startGuardedHost } from '../../../conformance/guard/guarded-host.js';
import { consoleText, markdownBlock, markdownText } from '../../../conformance/report/host-text.js';
import { loadExecAdapter, type ExecAdapter } from '../../../conformance/transport/exec-adapter.js';
import { CLI, FIXTURES, ROOT, runCli } from '../cli-harness.js';
import { runIsolated, whenOutput } from '../process-harness.js';
import { temporaryFolder } from '../../temporary-folder.js';
import { upgradeResultsV1, type ResultsDocumentV1 } from '../../../src/index.js';
import { kitScenarioIds } from '../../../conformance/features/kit-scenario-ids.js';
import { EVIDENCE_SCHEMA_ID, EVIDENCE_VERSION, type MutationEvidence } from '../../../conformance/evidence/mutation-evidence.js';
import { catalogFingerprint, loadCatalogFileSync } from '../../../conformance/catalog/clause-catalog.js';
import { kitIdentity } from '../../../conformance/report/run-context.js';
import { limitForProcesses, PROCESS_LIMIT_MS } from '../../limits.js';

/** A features folder holding `files` (name → Gherkin text). */
async function featuresFolder(prefix: string, files: Record<string, string>): Promise<string> {
  const dir = await temporaryFolder(prefix);
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
  return dir;
}

/** An outline whose two rows share their first cell, so their stable id; the second row always fails. */
const OUTLINE_SHARING_AN_ID = `Feature: two rows, one id

  @id:shared-row @SET-01
  Scenario Outline: rows sharing their first cell
    When the user turns plan mode <mode>
    And the user prompts "Hello"
    Then request 1 is not in plan mode

    Examples:
      | name | mode |
      | same | off  |
      | same | on   |
`;

describe('item 1: duplicate stable ids', () => {
  it('a run refuses features in which two scenarios share an id, naming both places, before anything runs', async () => {
    const features = await featuresFolder('pmc-dup-ids-', { 'rows.feature': OUTLINE_SHARING_AN_ID });
    const run = runCli(['--adapter', `${FIXTURES}adapters/without-fork.js`, '--features', features, '--repeat', '2', '--allow-flaky']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('rows.feature:11');
    expect(run.stderr).toContain('rows.feature:12');
    expect(run.stderr).toContain('shared-row/same');
    expect(run.stdout).not.toContain('conformance:');
  });

  it('across files too', async () => {
    const scenario = (line: string) => `Feature: ${line}\n\n  @id:twice @SET-01\n  Scenario: ${line}\n    When the user prompts "Hello"\n    Then request 1 is not in plan mode\n`;
    const features = await featuresFolder('pmc-dup-ids-', { 'a.feature': scenario('one'), 'b.feature': scenario('two') });
    const run = runCli(['--adapter', `${FIXTURES}adapters/without-fork.js`, '--features', features]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/b\.feature:4 \("two"\) repeats the stable id twice of a\.feature:4 \("one"\)/);
  });
});

const fixtureRun = (adapter: string, ...extra: string[]) => ['--adapter', `${FIXTURES}adapters/${adapter}`, '--features', `${FIXTURES}features`, ...extra];

describe('item 2: --write-baseline keeps what the run did not judge', () => {
  const handWritten = `# hand-written, reviewed
adapter: without-fork
known_failures:
  - id: fixture-set-and-log
    step: set returned committed
    kind: assertion
    clause: SET-01
    reason: the host answers set asynchronously (reviewed by hand)
`;

  it('an entry for a scenario outside --tags is kept as written', async () => {
    const dir = await temporaryFolder('pmc-write-baseline-');
    await writeFile(`${dir}/b.yaml`, handWritten);
    const run = runCli(fixtureRun('without-fork.js', '--tags', '@id:fixture-prompt-only', '--write-baseline', `${dir}/b.yaml`));
    expect(run.status).toBe(0);
    const written = await readFile(`${dir}/b.yaml`, 'utf8');
    expect(written).toContain('id: fixture-set-and-log');
    expect(written).toContain('reason: the host answers set asynchronously (reviewed by hand)');
    expect(written).toContain('# hand-written, reviewed');
  });

  it('a run that did not complete writes nothing', async () => {
    const dir = await temporaryFolder('pmc-write-baseline-');
    await writeFile(`${dir}/b.yaml`, handWritten);
    const run = runCli(fixtureRun('prompt-exits.js', '--tags', 'not @id:fixture-undefined', '--write-baseline', `${dir}/b.yaml`));
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(`baseline: ${dir}/b.yaml left as it was: the run did not complete`);
    expect(await readFile(`${dir}/b.yaml`, 'utf8')).toBe(handWritten);
  });
});

/** The kit's own formats, each to a file in `dir`. */
const kitReports = (dir: string) => ['junit:junit.xml', 'results:results.json', 'html:report.html', 'markdown:report.md'].flatMap((format) => ['--format', format.replace(':', `:${dir}/`)]);
const KIT_REPORT_FILES = ['junit.xml', 'report.html', 'report.md', 'results.json'];

describe('item 3: no stale report passes for this run', () => {
  async function greenReports(): Promise<string> {
    const dir = await temporaryFolder('pmc-stale-');
    const green = runCli(fixtureRun('without-fork.js', '--tags', 'not @id:fixture-undefined', ...kitReports(dir)));
    expect(green.status).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(KIT_REPORT_FILES);
    return dir;
  }

  it('a run that exits 2 removes the kit reports an earlier run left', async () => {
    const dir = await greenReports();
    const broken = runCli(fixtureRun('import-fails.js', ...kitReports(dir)));
    expect(broken.status).toBe(2);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('so does a run whose baseline is refused while it runs', async () => {
    const dir = await greenReports();
    await writeFile(`${dir}/../baseline-${process.pid}.yaml`, 'known_failures:\n  - id: nope\n');
    const broken = runCli(fixtureRun('without-fork.js', '--baseline', `${dir}/../baseline-${process.pid}.yaml`, ...kitReports(dir)));
    expect(broken.status).toBe(2);
    expect(readdirSync(dir)).toEqual([]);
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`an interrupted run (${signal}) removes them too`, async () => {
      const dir = await greenReports();
      const run = await runIsolated([...fixtureRun('prompt-hangs-after-start.js', '--tags', 'not @id:fixture-undefined', '--call-limit', '60000'), ...kitReports(dir)], {
        onStart: (child, stderr) => void whenOutput(child, stderr, 'fixture: prompt in flight').then(() => child.kill(signal)),
      });
      expect(run.status).toBe(signal === 'SIGINT' ? 130 : 143);
      expect(readdirSync(dir)).toEqual([]);
    });
  }
});

describe('item 11: a report path that is a symlink, FIFO or device is never replaced', () => {
  it('a FIFO, a device and a process stream are refused before the run (exit 2, saying why)', async () => {
    const dir = await temporaryFolder('pmc-special-');
    expect(spawnSync('mkfifo', [`${dir}/pipe`]).status).toBe(0);
    const run = runCli(['--format', `json:${dir}/pipe`, '--format', 'message:/dev/full', '--format', 'junit:/dev/stdout', '--tags', '@SET-01']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`--format json:${dir}/pipe: ${dir}/pipe is a FIFO (named pipe)`);
    expect(run.stderr).toContain('--format message:/dev/full: /dev/full is a device');
    expect(run.stderr).toContain("--format junit:/dev/stdout: /dev/stdout is one of this process's own streams");
    expect(run.stdout).not.toContain('conformance:');
    expect(existsSync('/dev/full')).toBe(true);
  });

  it('a symlink to a regular file is written through: the link stays, its target gets the report', async () => {
    const dir = await temporaryFolder('pmc-special-');
    await writeFile(`${dir}/target.xml`, 'earlier');
    await symlink(`${dir}/target.xml`, `${dir}/latest.xml`);
    await symlink('/dev/null', `${dir}/to-device.xml`);
    const refused = runCli(fixtureRun('without-fork.js', '--format', `junit:${dir}/to-device.xml`));
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain(`${dir}/to-device.xml is a symlink to a device`);
    expect(await readlink(`${dir}/to-device.xml`)).toBe('/dev/null');
    const run = runCli(fixtureRun('without-fork.js', '--tags', 'not @id:fixture-undefined', '--format', `junit:${dir}/latest.xml`));
    expect(run.status).toBe(0);
    expect(await readlink(`${dir}/latest.xml`)).toBe(`${dir}/target.xml`);
    expect(await readFile(`${dir}/target.xml`, 'utf8')).toContain('<testsuites');
    expect(readdirSync(dir).sort()).toEqual(['latest.xml', 'target.xml', 'to-device.xml']);
  });
});

describe('item 12: report paths checked before the run, one destination per format, no partial files', () => {
  it('a directory, a path under a file and /proc/nope are refused at once, every one listed', async () => {
    const dir = await temporaryFolder('pmc-paths-');
    await mkdir(`${dir}/a-folder`);
    await writeFile(`${dir}/a-file`, '');
    const run = runCli([
      ...fixtureRun('without-fork.js'),
      '--format', `junit:${dir}/a-folder`,
      '--format', `html:${dir}/a-file/report.html`,
      '--format', 'markdown:/proc/nope/x.md',
    ]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("cannot write the run's reports (3)");
    expect(run.stderr).toContain(`--format junit:${dir}/a-folder: ${dir}/a-folder is a directory`);
    expect(run.stderr).toContain(`--format html:${dir}/a-file/report.html: ${dir}/a-file is a file, not a directory`);
    expect(run.stderr).toContain('--format markdown:/proc/nope/x.md: cannot make the folder /proc/nope');
    expect(run.stderr).not.toMatch(/unexpected error|\n\s+at /);
    // Refused before the run: no scenario ran, so no closing line.
    expect(run.stdout).not.toMatch(/^conformance:/m);
    expect(readdirSync(dir).sort()).toEqual(['a-file', 'a-folder']);
  });

  it('two formats to one file, or two to stdout, are refused', async () => {
    const dir = await temporaryFolder('pmc-paths-');
    const twoFiles = runCli([...fixtureRun('without-fork.js'), '--format', `junit:${dir}/out`, '--format', `results:${dir}/../${dir.split('/').at(-1)}/out`]);
    expect(twoFiles.status).toBe(2);
    expect(twoFiles.stderr).toContain(`--format junit:${dir}/out and --format results:`);
    expect(twoFiles.stderr).toContain(`would both write ${dir}/out`);
    const twoStdout = runCli([...fixtureRun('without-fork.js'), '--format', 'summary', '--format', 'results']);
    expect(twoStdout.status).toBe(2);
    expect(twoStdout.stderr).toContain('--format summary and --format results would both write to stdout');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a report that cannot be written at the end is named; the other reports and the closing lines are not lost, and no partial file is left', async () => {
    const dir = await temporaryFolder('pmc-paths-');
    const args = fixtureRun('without-fork.js', '--tags', 'not @id:fixture-undefined', '--format', `markdown:${dir}/report.md`, '--format', `junit:${dir}/junit.xml`);
    // A file size limit stands in for a full disk: one between the sizes of the two reports (the Markdown one lists
    // every clause, the JUnit one three scenarios), so the first cannot be written whole and the second can.
    expect(runCli(args).status).toBe(0);
    const [markdown, junit] = [statSync(`${dir}/report.md`).size, statSync(`${dir}/junit.xml`).size];
    const blocks = Math.ceil(junit / 512) + 1; // dash's ulimit -f counts 512-byte blocks
    expect(blocks * 512).toBeLessThan(markdown);
    const run = spawnSync('sh', ['-c', `ulimit -f ${blocks} && exec "$0" "$@"`, process.execPath, CLI, ...args], { cwd: ROOT, encoding: 'utf8', timeout: PROCESS_LIMIT_MS });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`report --format markdown:${dir}/report.md: cannot be written: EFBIG`);
    expect(run.stderr).not.toMatch(/unexpected error/);
    expect(run.stdout).toMatch(/conformance: 2 passed, 0 failed, 1 skipped\n$/);
    expect(await readFile(`${dir}/junit.xml`, 'utf8')).toContain('</testsuites>');
    expect(readdirSync(dir)).toEqual(['junit.xml']);
  });
});

/*
 * Hostile hosts (items 5 to 10, and --process-per-scenario):
 * test/fixtures/hosts/faulty-proxy.mjs is the reference's stdio host (which
 * passes everything) behind a proxy injecting one fault.
 */
const PROXY = 'test/fixtures/hosts/faulty-proxy.mjs';
const FIXTURE_FEATURES = ['--features', `${FIXTURES}features`];

interface ScenarioRecord {
  id: string;
  status: string;
  failure?: { kind: string; step?: string; message: string };
}

interface HostileRun {
  status: number | null;
  stdout: string;
  stderr: string;
  scenarios: ScenarioRecord[];
}

/** Runs the CLI against the faulty proxy with `fault`, serially, on the fixture features (`--tags` in `args` narrows them). */
async function runHostile(fault: string, args: string[] = [], env: Record<string, string> = {}): Promise<HostileRun> {
  const tags = args.includes('--tags') ? [] : ['--tags', 'not @id:fixture-undefined'];
  const dir = await temporaryFolder('pmc-attack-');
  const results = `${dir}/results.json`;
  const run = spawnSync(
    process.execPath,
    [CLI, '--adapter', `exec:node ${PROXY} ${fault}`, ...FIXTURE_FEATURES, ...tags, '--parallel', '1', '--format', `results:${results}`, ...args],
    { cwd: ROOT, encoding: 'utf8', timeout: PROCESS_LIMIT_MS, env: { ...process.env, ...env } },
  );
  const scenarios = await readFile(results, 'utf8').then(
    (text) => (JSON.parse(text) as { scenarios: ScenarioRecord[] }).scenarios,
    () => [],
  );
  return { status: run.status, stdout: run.stdout, stderr: run.stderr, scenarios };
}

const byId = (run: HostileRun, id: string): ScenarioRecord | undefined => run.scenarios.find((scenario) => scenario.id === id);

const adapters: ExecAdapter[] = [];
afterEach(async () => {
  for (const adapter of adapters.splice(0)) await adapter.closeIdleProcesses();
});

async function loadProxy(fault: string, ...hostArgs: string[]): Promise<ExecAdapter> {
  const adapter = await loadExecAdapter({ argv: [process.execPath, PROXY, fault, ...hostArgs], cwd: ROOT });
  adapters.push(adapter);
  return adapter;
}

async function scenarioOptions(modelRequests: ModelRequest[] = []): Promise<StartOptions> {
  return {
    storeDir: await temporaryFolder('pmc-attack-store-'),
    edition: 'rc.8',
    deployment: planModeDeployment({ section: 'You are in plan mode.' }),
    compose: { commands: true, questions: true, projections: true },
    model: async (request) => {
      modelRequests.push(request);
      return { type: 'text', text: 'Done.' };
    },
    questions: async () => ({ type: 'no-answer' }),
    probes: { sections: [], tools: [] },
  };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Whether `pid` is gone within `ms` (a killed process group is reaped asynchronously). */
async function goneWithin(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (alive(pid)) {
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return true;
}

async function pidsIn(file: string): Promise<number[]> {
  return (await readFile(file, 'utf8').catch(() => '')).split('\n').filter(Boolean).map(Number);
}

/** Runs `body` with an environment variable set for the host processes it spawns. */
async function withEnv<T>(name: string, value: string, body: () => Promise<T>): Promise<T> {
  const before = process.env[name];
  process.env[name] = value;
  try {
    return await body();
  } finally {
    if (before === undefined) delete process.env[name];
    else process.env[name] = before;
  }
}

describe('item 5: --parallel N with a cucumber console format written to a file holds the whole run, with one tally', () => {
  /** The report `format` writes to a file in a run of the fixture features against a host whose prompts fail, with `workers`. */
  async function consoleReport(format: string, workers: number): Promise<{ status: number | null; text: string }> {
    const file = `${await temporaryFolder('pmc-attack-console-')}/${format}.txt`;
    const run = spawnSync(
      process.execPath,
      [CLI, '--adapter', `exec:node ${PROXY} error-on-prompt`, ...FIXTURE_FEATURES, '--tags', 'not @id:fixture-undefined', '--parallel', String(workers), '--format', `${format}:${file}`],
      { cwd: ROOT, encoding: 'utf8', timeout: PROCESS_LIMIT_MS },
    );
    return { status: run.status, text: await readFile(file, 'utf8').catch(() => '') };
  }
  /** Without its last line: the run's duration. */
  const withoutDuration = (text: string): string => text.trimEnd().split('\n').slice(0, -1).join('\n');

  for (const format of ['summary', 'progress', 'pretty']) {
    it(`${format}: the file of a run with 2 workers says what the serial run's says, one tally for all 3 scenarios`, async () => {
      const [serial, parallel] = await Promise.all([consoleReport(format, 1), consoleReport(format, 2)]);
      expect(parallel.status).toBe(1);
      expect(parallel.text.match(/^\d+ scenarios? \(.*\)$/gm)).toEqual(['3 scenarios (2 failed, 1 passed)']);
      expect(withoutDuration(parallel.text)).toBe(withoutDuration(serial.text));
    });
  }
});

describe('item 6: a crash on start of a reused process fails its scenario', () => {
  it('a host that crashes on its 2nd start (a reused process) fails that scenario as a crash, and the run', async () => {
    const run = await runHostile('crash-on-start:2');
    expect(run.status).toBe(1);
    expect(byId(run, 'fixture-set-and-log')?.status).toBe('passed');
    expect(byId(run, 'fixture-prompt-only')).toMatchObject({
      status: 'failed',
      failure: { kind: 'crash', message: expect.stringContaining('adapter method start: the host process exited with code 3') },
    });
    // The next scenario gets a new process and passes.
    expect(byId(run, 'fixture-fork')?.status).toBe('passed');
  });
});

describe('item 7: output after dispose fails the scenario it belongs to and never reaches another', () => {
  for (const [fault, shows] of [
    ['stray-after-dispose', /adapter method dispose: the host broke the protocol: a model request after its dispose reply/],
    ['garbage-after-dispose', /adapter method dispose: the host broke the protocol: it sent a line that is not JSON: "released the store"/],
    // 0 ms later the request may come before the ping's answer or after it: either way the disposing scenario is charged.
    ['stray-after-dispose-ms:0', /adapter method dispose: the host (broke the protocol|wrote on stdout while it served no scenario)/],
  ] as const) {
    it(`${fault}: the scenario that disposed fails (protocol-error, at its end); the next ones pass`, async () => {
      const once = `${await temporaryFolder('pmc-attack-once-')}/faulted`;
      const run = await runHostile(fault, [], { HOSTILE_ONCE: once });
      expect(run.status).toBe(1);
      expect(byId(run, 'fixture-set-and-log')).toMatchObject({ status: 'failed', failure: { kind: 'protocol-error', step: '(After hook)', message: expect.stringMatching(shows) } });
      expect(byId(run, 'fixture-prompt-only')?.status).toBe('passed');
      expect(byId(run, 'fixture-fork')?.status).toBe('passed');
    });
  }

  it('what the parked process of the run\'s last scenario writes as the run ends (its stdin closed) fails that scenario', async () => {
    const run = await runHostile('stray-on-close', ['--tags', '@id:fixture-set-and-log']);
    expect(run.status).toBe(1);
    expect(byId(run, 'fixture-set-and-log')).toMatchObject({
      status: 'failed',
      failure: { kind: 'protocol-error', message: expect.stringMatching(/after this scenario ended .*the host wrote on stdout while it served no scenario/) },
    });
  });

  it('a request sent a while after the dispose reply, to a parked process, is charged to the scenario that parked it; the next scenario gets a new process and never sees it', async () => {
    // Long enough after the reply to come after the ping answer even on a loaded machine (40 ms may not).
    const adapter = await loadProxy('stray-after-dispose-ms:400');
    const late = new Promise<{ storeDir: string; message: string }>((resolve) => adapter.onLateOutput((storeDir, message) => resolve({ storeDir, message })));
    const first = await scenarioOptions();
    const host = await startGuardedHost(adapter, first, 5_000);
    await host.createAgent();
    await host.dispose();
    const { storeDir, message } = await late;
    expect(storeDir).toBe(first.storeDir);
    expect(message).toMatch(/the host wrote on stdout while it served no scenario .*method.*model/);
    const seen: ModelRequest[] = [];
    const next = await startGuardedHost(adapter, await scenarioOptions(seen), 5_000);
    const agent = await next.createAgent();
    await next.prompt(agent, 'Hello');
    await next.dispose();
    expect(seen.map((request) => request.agent)).toEqual([agent]);
  });
});

describe('item 8: a dead host is a crash, a protocol fault a protocol-error, and a baseline entry tells them apart', () => {
  const step = 'the user prompts "Hello"';
  const only = ['--tags', '@id:fixture-prompt-only'];

  it('classifies a host error, a host that dies and a host that breaks the protocol each by its own kind', async () => {
    const [error, dead, garbage] = await Promise.all([runHostile('error-on-prompt', only), runHostile('exit-on-prompt', only), runHostile('garbage-on-prompt', only)]);
    expect(byId(error, 'fixture-prompt-only')?.failure).toMatchObject({ kind: 'adapter-error', step, message: expect.stringContaining('adapter method prompt: threw: the prompt failed in the host') });
    expect(byId(dead, 'fixture-prompt-only')?.failure).toMatchObject({ kind: 'crash', step, message: expect.stringContaining('adapter method prompt: the host process exited with code 3') });
    expect(byId(garbage, 'fixture-prompt-only')?.failure).toMatchObject({ kind: 'protocol-error', step, message: expect.stringContaining('adapter method prompt: the host broke the protocol') });
  });

  it('a baseline entry for an adapter-error at a step excuses neither the host dying there nor protocol garbage there', async () => {
    const dir = await temporaryFolder('pmc-attack-baseline-');
    const baseline = `${dir}/baseline.yaml`;
    await writeFile(
      baseline,
      `known_failures:\n  - id: fixture-prompt-only\n    step: ${JSON.stringify(step)}\n    kind: adapter-error\n    clause: POLICY-02\n    reason: the prompt fails in this host\n`,
    );
    const args = [...only, '--baseline', baseline];
    const [error, dead, garbage] = await Promise.all([runHostile('error-on-prompt', args), runHostile('exit-on-prompt', args), runHostile('garbage-on-prompt', args)]);
    expect(error.status).toBe(0);
    expect(dead.status).toBe(1);
    expect(dead.stdout + dead.stderr).toMatch(/expected adapter-error at "the user prompts \\"Hello\\""|expected adapter-error at "the user prompts "Hello"", actual crash/);
    expect(garbage.status).toBe(1);
    expect(garbage.stdout + garbage.stderr).toMatch(/actual protocol-error/);
  });
});

describe('item 9: a host process that misses its start limit is killed then', () => {
  it('a reused process that never answers start is killed when the start limit passes', async () => {
    const pids = `${await temporaryFolder('pmc-attack-pids-')}/pids`;
    await withEnv('HOSTILE_PIDS_FILE', pids, async () => {
      const adapter = await loadProxy('hang-start');
      await expect(startGuardedHost(adapter, await scenarioOptions(), 1_000, 300)).rejects.toThrow('adapter method start: did not answer within 300 ms');
      const [hung] = await pidsIn(pids);
      expect(await goneWithin(hung!, 3_000)).toBe(true);
    });
  });

  it('a new process that never answers initialize is killed when the start limit of the scenario waiting on it passes', async () => {
    const folder = await temporaryFolder('pmc-attack-init-');
    await withEnv('HOSTILE_PIDS_FILE', `${folder}/pids`, async () => {
      // Without reuse: the process at load serves the first scenario, the next one a process started ahead.
      const adapter = await loadProxy(`hang-initialize-after-first:${folder}/marker`, '--no-reuse');
      const first = await startGuardedHost(adapter, await scenarioOptions(), 10_000);
      await first.dispose();
      await expect(startGuardedHost(adapter, await scenarioOptions(), 1_000, 300)).rejects.toThrow('adapter method start: did not answer within 300 ms');
      // Besides the process at load: the one the scenario waited on, which must be gone, and the
      // one started ahead for the next scenario (both spawned under load: their order in the file may vary).
      let later: number[] = [];
      for (const until = Date.now() + 5_000; later.length < 2 && Date.now() < until; await new Promise((resolve) => setTimeout(resolve, 25))) {
        later = (await pidsIn(`${folder}/pids`)).slice(1);
      }
      expect(later).toHaveLength(2);
      const oneLeft = async (): Promise<boolean> => {
        for (const until = Date.now() + 3_000; Date.now() < until; await new Promise((resolve) => setTimeout(resolve, 25))) {
          if (later.filter(alive).length <= 1) return true;
        }
        return false;
      };
      expect(await oneLeft()).toBe(true);
    });
  });
});

describe('item 10: a call limit above 30 s is honoured, and its timeout names the adapter method', () => {
  it('a prompt that never returns fails at the 31 s call limit, not at a step timeout of the kit', { timeout: limitForProcesses(1) }, async () => {
    const run = await runHostile('hang-on-prompt', ['--tags', '@id:fixture-prompt-only', '--call-limit', '31000', '--start-limit', '5000']);
    expect(run.status).toBe(1);
    expect(byId(run, 'fixture-prompt-only')?.failure).toMatchObject({
      kind: 'timeout',
      step: 'the user prompts "Hello"',
      message: expect.stringContaining('adapter method prompt: did not answer within 31000 ms'),
    });
  });
});

describe('--process-per-scenario: a new host process for every scenario, to confirm a suspected state leak', () => {
  const args = ['--tags', '@id:fixture-set-and-log', '--repeat', '2'];

  it('a host whose reused process leaks state into its next scenario fails with reuse and passes with a process per scenario', async () => {
    const reused = await runHostile('leak', args);
    expect(reused.status).toBe(1);
    expect(byId(reused, 'fixture-set-and-log')?.status).toBe('flaky');
    const perScenario = await runHostile('leak', [...args, '--process-per-scenario']);
    expect(perScenario.status).toBe(0);
    expect(byId(perScenario, 'fixture-set-and-log')?.status).toBe('passed');
  });

  it('is refused for an adapter that runs in the kit\'s process (exit 2)', () => {
    const run = spawnSync(process.execPath, [CLI, '--process-per-scenario'], { cwd: ROOT, encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/--process-per-scenario needs an exec: adapter/);
  });
});

describe('item 4: host text cannot forge or hide a verdict in reports or on the terminal', () => {
  const hostileRun = async () => {
    const dir = await temporaryFolder('pmc-host-text-');
    const run = runCli(fixtureRun('hostile-text.js', '--tags', 'not @id:fixture-undefined', '--format', `markdown:${dir}/report.md`, '--format', `html:${dir}/report.html`, '--format', `junit:${dir}/junit.xml`));
    return { run, dir };
  };

  it('the Markdown report, rendered by a CommonMark renderer with raw HTML on, still shows every verdict and nothing the host wrote as markup', async () => {
    const { run, dir } = await hostileRun();
    expect(run.status).toBe(1);
    // CommonMark with GitHub's tables, raw HTML passed through as GitHub and most viewers do.
    const rendered = new MarkdownIt({ html: true }).render(await readFile(`${dir}/report.md`, 'utf8'));
    // What a browser shows: comments hidden, tags gone, entities read.
    const entities: Record<string, string> = { '&quot;': '"', '&lt;': '<', '&gt;': '>', '&amp;': '&' };
    const shown = rendered
      .replace(/<!--[\s\S]*?(-->|$)/g, '')
      .replace(/<[^>]+>/g, '')
      .replace(/&(quot|lt|gt|amp);/g, (entity) => entities[entity]!);
    expect(shown).toContain('conformance: 1 passed, 1 failed, 1 skipped');
    expect(shown).toMatch(/fixture-set-and-log set, get and the log \(fail-closed\.feature(:\d+)?\) at "get reports plan mode on with nothing pending" \(adapter-error\)/);
    expect(shown).toMatch(/\nSET-01\nrequired\n.*\n0\n1\n0\n0\nfixture-set-and-log failed\n/);
    expect(rendered).not.toMatch(/<!--|<script|<img|href="javascript/);
    // Only the kit's own headings: the host's "## Verdict: everything passed" is text.
    expect([...rendered.matchAll(/<h[1-6]>([^<]*)</g)].map((heading) => heading[1])).toEqual([
      'Plan mode compatibility: my-host\\r&lt;!--',
      'Failures',
      'Skipped',
      'Human review',
    ]);
    expect(shown).toContain('boom\\r## Verdict: everything passed');
  });

  it('the HTML and JUnit reports show control characters as escapes, markup as text', async () => {
    const { dir } = await hostileRun();
    const html = await readFile(`${dir}/report.html`, 'utf8');
    expect(html).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
    expect(html).not.toMatch(/<script|<img|<!--/);
    expect(html).toContain('my-host\\r&lt;!--');
    const junit = await readFile(`${dir}/junit.xml`, 'utf8');
    expect(junit).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
    expect(junit).toContain('\\x1b[32mconformance: 99 passed');
  });

  it("the console's failed: and skipped lines show escapes, never raw ANSI or CR, and the closing line is the kit's", async () => {
    const { run } = await hostileRun();
    const console = run.stdout + run.stderr;
    expect(console).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
    expect(run.stdout).toContain('skipped 1: missing capability fork: \\x1b[2K\\rno fork\\x1b]8;;http://evil\\x07');
    expect(run.stdout).toContain('threw: boom\\r## Verdict: everything passed');
    // The host's fake closing line stays indented under its failure, escapes and all: no line of its own.
    expect(run.stdout.split('\n').filter((line) => line.startsWith('conformance: ') && / passed, /.test(line))).toEqual(['conformance: 1 passed, 1 failed, 1 skipped']);
    expect(run.summary).toBe('conformance: 1 passed, 1 failed, 1 skipped');
  });
});

describe('item 4: host-text neutralising', () => {
  it('makes control characters visible and Markdown inert', () => {
    expect(consoleText('a\x1b[2K\rb\u202ec\td\ne')).toBe('a\\x1b[2K\\rb\\u202ec\td\\ne');
    expect(markdownText('x\r<!-- *y* [l](u) `c` |')).toBe('x\\\\r&lt;!-- \\*y\\* \\[l\\](u) \\`c\\` \\|');
    expect(markdownBlock('a\n```\nb')).toEqual(['````text', 'a', '```', 'b', '````']);
  });
});

describe('item 13: inputs that contradict themselves are refused, every problem at once', () => {
  /** The fixture results file (version 1) with records that contradict themselves. */
  async function contradictoryResults(dir: string): Promise<string> {
    const document = JSON.parse(await readFile(`${FIXTURES}results/reference.json`, 'utf8')) as { scenarios: Array<Record<string, unknown>> };
    const [a, b, c, d] = document.scenarios;
    Object.assign(a!, { failure: { kind: 'assertion', message: 'it failed' } }); // passed with a failure
    Object.assign(b!, { status: 'baselined', failure: { kind: 'assertion', message: 'it failed' } }); // baselined without a baseline
    Object.assign(c!, { status: 'flaky' }); // flaky without repeats, in a run that did not repeat
    document.scenarios.push({ ...d!, status: 'failed', failure: { kind: 'assertion', message: 'hidden' } }); // a second record of d's id
    const path = `${dir}/contradictory.json`;
    await writeFile(path, JSON.stringify(document));
    return path;
  }

  it('compare, merge and docs refuse a results file whose records contradict their status, or repeat an id', async () => {
    const dir = await temporaryFolder('pmc-contradictions-');
    const bad = await contradictoryResults(dir);
    for (const args of [['compare', `${FIXTURES}results/reference.json`, bad], ['merge', '--out', `${dir}/merged.json`, bad], ['docs', '--out', `${dir}/site`, bad]]) {
      const run = runCli(args);
      expect(run.status, args[0]).toBe(2);
      expect(run.stderr).toContain(`${bad} contradicts itself (5 problems):`);
      expect(run.stderr).toMatch(/scenarios\.0\.failure: status passed with a failure/);
      expect(run.stderr).toMatch(/scenarios\.1\.status: status baselined without the baseline entry that excused it/);
      expect(run.stderr).toMatch(/scenarios\.2\.repeats: status flaky without the outcomes of two or more repeats/);
      expect(run.stderr).toMatch(/scenarios\.2\.status: status flaky in a run that did not repeat its scenarios/);
      expect(run.stderr).toMatch(/scenarios\.268\.id: the id \S+ is also scenarios\.3's: one record per scenario/);
    }
    expect(readdirSync(dir)).toEqual(['contradictory.json']);
  });

  it("a baseline's impossible expiry date and its id problems are reported with another entry's schema errors, at once", async () => {
    const dir = await temporaryFolder('pmc-contradictions-');
    await writeFile(
      `${dir}/b.yaml`,
      `known_failures:
  - id: fixture-set-and-log
    step: set returned committed
    kind: assertion
    clause: SET-01
    reason: never expires
    expires: 2027-99-99
  - id: no-such-scenario
    step: a step
    kind: assertion
    clause: SET-01
    reason: an id no feature has
  - id: fixture-prompt-only
    kind: not-a-kind
`,
    );
    const run = runCli(fixtureRun('without-fork.js', '--baseline', `${dir}/b.yaml`));
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/b\.yaml:7:14: known_failures\[0\] \(id fixture-set-and-log\): expires: expires is not a day of the calendar/);
    expect(run.stderr).toMatch(/known_failures\[2\] \(id fixture-prompt-only\): kind: /);
    expect(run.stderr).toMatch(/known_failures\[1\] \(id no-such-scenario\): no scenario has this id/);
  });

  /** The fixture results (version 1) as a version 2 file of a run on the kit's features, its records those the kit has, plus `extra`. */
  async function resultsOfKitRun(dir: string, name: string, features: 'kit' | 'given', extra: Array<Record<string, unknown>>): Promise<string> {
    const ids = await kitScenarioIds();
    const upgraded = upgradeResultsV1(JSON.parse(await readFile(`${FIXTURES}results/reference.json`, 'utf8')) as ResultsDocumentV1);
    const kept = upgraded.scenarios.filter((record) => ids.has(record.id));
    const document = { ...upgraded, features, scenarios: [...kept, ...extra.map((fields) => ({ ...kept[0]!, ...fields }))] };
    const path = `${dir}/${name}.json`;
    await writeFile(path, JSON.stringify(document));
    return path;
  }

  it("compare, merge and docs refuse a record whose id none of the kit's features has, in a run on the kit's features only", async () => {
    const dir = await temporaryFolder('pmc-unknown-ids-');
    const stray = [{ id: 'no-such-scenario' }, { id: 'nor-this/row' }, { id: 'explore', uri: '~exploration' }, { id: 'explore:SET-01/some-check', uri: '~exploration' }];
    const kit = await resultsOfKitRun(dir, 'kit', 'kit', stray);
    for (const args of [['compare', kit, kit], ['merge', '--out', `${dir}/merged.json`, kit], ['docs', '--out', `${dir}/site`, kit]]) {
      const run = runCli(args);
      expect(run.status, args[0]).toBe(2);
      expect(run.stderr).toContain(`${kit} contradicts itself (2 problems):`);
      expect(run.stderr).toMatch(/scenarios\.\d+\.id: no scenario of the kit's features has the id no-such-scenario/);
      expect(run.stderr).toMatch(/scenarios\.\d+\.id: no scenario of the kit's features has the id nor-this\/row/);
      expect(run.stderr).not.toMatch(/the id explore/);
    }
    // A run with --features judged other scenarios, and a version 1 file did not say which it judged: their ids are not checked.
    const given = await resultsOfKitRun(dir, 'given', 'given', stray);
    expect(runCli(['compare', given, given]).status).toBe(0);
    const v1 = JSON.parse(await readFile(`${FIXTURES}results/reference.json`, 'utf8')) as { scenarios: Array<Record<string, unknown>> };
    v1.scenarios.push({ ...v1.scenarios[0]!, id: 'no-such-scenario' });
    await writeFile(`${dir}/v1.json`, JSON.stringify(v1));
    expect(runCli(['compare', `${dir}/v1.json`, `${dir}/v1.json`]).status).toBe(0);
    expect(existsSync(`${dir}/merged.json`) || existsSync(`${dir}/site`)).toBe(false);
  });

  it('a run records in its results file whether it judged the kit\'s features or a --features folder', async () => {
    const dir = await temporaryFolder('pmc-unknown-ids-');
    const run = runCli(fixtureRun('without-fork.js', '--tags', '@id:fixture-prompt-only', '--format', `results:${dir}/r.json`));
    expect(run.status).toBe(0);
    expect((JSON.parse(await readFile(`${dir}/r.json`, 'utf8')) as { features?: string }).features).toBe('given');
  });

  /** Mutation evidence as `npm run mutants` writes it for this kit, changed by `change`. */
  async function evidenceFile(dir: string, change: (evidence: MutationEvidence) => MutationEvidence): Promise<string> {
    const catalog = loadCatalogFileSync();
    const evidence: MutationEvidence = {
      schema: EVIDENCE_SCHEMA_ID,
      version: EVIDENCE_VERSION,
      kit: kitIdentity(),
      catalog: catalog.version,
      catalogFingerprint: catalogFingerprint(catalog),
      writtenAt: '2026-12-02T00:00:00.000Z',
      editions: ['seed'],
      mutants: [
        {
          name: 'running-set-commits',
          description: 'set() while a turn is open commits at once.',
          clauses: ['SET-02'],
          caughtBy: ['selection-running-queues/enter'],
          runs: [{ edition: 'seed', caughtBy: [{ id: 'selection-running-queues/enter', clauses: ['SET-02'], kind: 'assertion' }] }],
        },
      ],
    };
    const path = `${dir}/evidence.json`;
    await writeFile(path, JSON.stringify(change(evidence)));
    return path;
  }

  it("docs --mutants refuses evidence of another kit or catalog version, or naming a catching scenario the kit lacks, every problem at once", async () => {
    const dir = await temporaryFolder('pmc-evidence-');
    expect(runCli(['docs', '--out', `${dir}/fits`, '--mutants', await evidenceFile(dir, (evidence) => evidence)]).status).toBe(0);
    const { catalogFingerprint: _fingerprint, ...older } = await (async () => JSON.parse(await readFile(await evidenceFile(dir, (evidence) => evidence), 'utf8')) as MutationEvidence)();
    void _fingerprint;
    const stale = await evidenceFile(dir, () => ({
      ...older,
      kit: { name: 'plan-mode-conformance', version: '0.0.9' },
      catalog: '1999-01-01',
      mutants: [{ ...older.mutants[0]!, clauses: ['SET-02'], caughtBy: ['made-up-scenario'], runs: [{ edition: 'seed', caughtBy: [{ id: 'made-up-scenario', clauses: ['SET-02'] }] }] }],
    }));
    const run = runCli(['docs', '--out', `${dir}/site`, '--mutants', stale]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`${stale} is not this kit's mutation evidence (4 problems`);
    expect(run.stderr).toMatch(/kit: written by plan-mode-conformance 0\.0\.9, not by this kit/);
    expect(run.stderr).toMatch(/catalog: written for clause catalog 1999-01-01/);
    expect(run.stderr).toMatch(/mutants\.0\.caughtBy\.0 \(running-set-commits\): no scenario of the kit has the id made-up-scenario/);
    expect(run.stderr).toMatch(/mutants\.0\.runs\.0\.caughtBy\.0 \(running-set-commits, seed\): no scenario of the kit has the id made-up-scenario/);
    // Same version strings, other clauses: the catalog's fingerprint tells them apart.
    const otherClauses = await evidenceFile(dir, (evidence) => ({ ...evidence, catalogFingerprint: 'sha256:0000' }));
    const second = runCli(['docs', '--out', `${dir}/site`, '--mutants', otherClauses]);
    expect(second.status).toBe(2);
    expect(second.stderr).toMatch(/catalogFingerprint: written for another clause catalog \(sha256:0000\)/);
    expect(existsSync(`${dir}/site`)).toBe(false);
  });
});
