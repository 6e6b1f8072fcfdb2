/**
 * The attack surface in one place (issue 25): each `describe` tries one kind
 * of hostile host or input that once gave a false verdict, lost data or made
 * the kit misbehave, and checks it now fails closed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readFile, readlink, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, FIXTURES, ROOT, runCli } from './cli-harness.js';
import { runIsolated, whenOutput } from './process-harness.js';
import { temporaryFolder } from '../temporary-folder.js';

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
    const started = Date.now();
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
    expect(Date.now() - started).toBeLessThan(30_000);
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
    // A file size limit (2 KiB: dash counts 512-byte blocks) stands in for a full disk: the HTML report cannot be written whole, the smaller JUnit one can.
    const args = fixtureRun('without-fork.js', '--tags', 'not @id:fixture-undefined', '--format', `html:${dir}/report.html`, '--format', `junit:${dir}/junit.xml`);
    const run = spawnSync('sh', ['-c', 'ulimit -f 4 && exec "$0" "$@"', process.execPath, CLI, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`report --format html:${dir}/report.html: cannot be written: EFBIG`);
    expect(run.stderr).not.toMatch(/unexpected error/);
    expect(run.stdout).toMatch(/conformance: 2 passed, 0 failed, 1 skipped\n$/);
    expect(await readFile(`${dir}/junit.xml`, 'utf8')).toContain('</testsuites>');
    expect(readdirSync(dir)).toEqual(['junit.xml']);
  });
});
