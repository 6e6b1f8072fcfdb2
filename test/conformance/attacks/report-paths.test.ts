/**
 * Attack: report paths that would replace something other than a report (a
 * symlink, FIFO or device), point nowhere writable, or collide. Each is
 * refused before the run, every one listed; no partial file is left.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdir, readFile, readlink, symlink, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { CLI, ROOT, runCli } from '../cli-harness.js';
import { temporaryFolder } from '../../temporary-folder.js';
import { PROCESS_LIMIT_MS } from '../../limits.js';
import { fixtureRun } from './attack-harness.js';

describe('a report path that is a symlink, FIFO or device is never replaced', () => {
  it('a FIFO, a device and a process stream are refused before the run (exit 2, saying why)', async () => {
    const dir = await temporaryFolder('pmc-special-');
    expect(spawnSync('mkfifo', [`${dir}/pipe`]).status).toBe(0);
    const run = runCli([
      '--format',
      `json:${dir}/pipe`,
      '--format',
      'message:/dev/full',
      '--format',
      'junit:/dev/stdout',
      '--tags',
      '@SET-01',
    ]);
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
    const run = runCli(
      fixtureRun('without-fork.js', '--tags', 'not @id:fixture-undefined', '--format', `junit:${dir}/latest.xml`),
    );
    expect(run.status).toBe(0);
    expect(await readlink(`${dir}/latest.xml`)).toBe(`${dir}/target.xml`);
    expect(await readFile(`${dir}/target.xml`, 'utf8')).toContain('<testsuites');
    expect(readdirSync(dir).sort()).toEqual(['latest.xml', 'target.xml', 'to-device.xml']);
  });
});

describe('report paths checked before the run, one destination per format, no partial files', () => {
  it('a directory, a path under a file and /proc/nope are refused at once, every one listed', async () => {
    const dir = await temporaryFolder('pmc-paths-');
    await mkdir(`${dir}/a-folder`);
    await writeFile(`${dir}/a-file`, '');
    const run = runCli([
      ...fixtureRun('without-fork.js'),
      '--format',
      `junit:${dir}/a-folder`,
      '--format',
      `html:${dir}/a-file/report.html`,
      '--format',
      'markdown:/proc/nope/x.md',
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
    const twoFiles = runCli([
      ...fixtureRun('without-fork.js'),
      '--format',
      `junit:${dir}/out`,
      '--format',
      `results:${dir}/../${dir.split('/').at(-1)}/out`,
    ]);
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
    const args = fixtureRun(
      'without-fork.js',
      '--tags',
      'not @id:fixture-undefined',
      '--format',
      `markdown:${dir}/report.md`,
      '--format',
      `junit:${dir}/junit.xml`,
    );
    // A file size limit stands in for a full disk: one between the sizes of the two reports (the Markdown one lists
    // every clause, the JUnit one three scenarios), so the first cannot be written whole and the second can.
    expect(runCli(args).status).toBe(0);
    const [markdown, junit] = [statSync(`${dir}/report.md`).size, statSync(`${dir}/junit.xml`).size];
    const blocks = Math.ceil(junit / 512) + 1; // dash's ulimit -f counts 512-byte blocks
    expect(blocks * 512).toBeLessThan(markdown);
    const run = spawnSync('sh', ['-c', `ulimit -f ${blocks} && exec "$0" "$@"`, process.execPath, CLI, ...args], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: PROCESS_LIMIT_MS,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`report --format markdown:${dir}/report.md: cannot be written: EFBIG`);
    expect(run.stderr).not.toMatch(/unexpected error/);
    expect(run.stdout).toMatch(
      /conformance: 2 passed, 0 failed, 1 skipped \(partial: 1 required clause\(s\) unproven\)\n$/,
    );
    expect(await readFile(`${dir}/junit.xml`, 'utf8')).toContain('</testsuites>');
    expect(readdirSync(dir)).toEqual(['junit.xml']);
  });
});
