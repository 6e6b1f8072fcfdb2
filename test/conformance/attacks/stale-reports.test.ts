/**
 * Attack: a report an earlier run left passing for this one. A run that exits
 * 2, has its baseline refused, or is interrupted removes the kit's reports.
 * One green run writes the reports (each test gets its own copy of them); the
 * runs that exit 2 call the CLI's `main` in this process, the interrupted
 * ones are the built CLI, signalled.
 */
import { readdirSync } from 'node:fs';
import { copyFile, writeFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { runMain } from '../in-process-cli.js';
import { runIsolated, whenOutput } from '../process-harness.js';
import { temporaryFolder } from '../../temporary-folder.js';
import { fixtureRun } from './attack-harness.js';

/** The kit's own formats, each to a file in `dir`. */
const kitReports = (dir: string) =>
  ['junit:junit.xml', 'results:results.json', 'html:report.html', 'markdown:report.md'].flatMap((format) => [
    '--format',
    format.replace(':', `:${dir}/`),
  ]);
const KIT_REPORT_FILES = ['junit.xml', 'report.html', 'report.md', 'results.json'];

describe('no stale report passes for this run', () => {
  /** The folder the green run wrote its reports to. */
  let green: string;
  beforeAll(async () => {
    green = await temporaryFolder('pmc-green-');
    const run = await runMain(
      fixtureRun('without-fork.js', '--tags', 'not @id:fixture-undefined', ...kitReports(green)),
    );
    expect(run.status).toBe(0);
    expect(readdirSync(green).sort()).toEqual(KIT_REPORT_FILES);
  });

  /** A folder of its own holding the green run's reports. */
  async function greenReports(): Promise<string> {
    const dir = await temporaryFolder('pmc-stale-');
    for (const file of KIT_REPORT_FILES) await copyFile(`${green}/${file}`, `${dir}/${file}`);
    return dir;
  }

  it('a run that exits 2 removes the kit reports an earlier run left', async () => {
    const dir = await greenReports();
    const broken = await runMain(fixtureRun('import-fails.js', ...kitReports(dir)));
    expect(broken.status).toBe(2);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('so does a run whose baseline is refused while it runs', async () => {
    const dir = await greenReports();
    // Beside the reports' folder, not in it (that folder must end empty), and in a folder the file's hooks remove.
    const baseline = `${await temporaryFolder('pmc-baseline-')}/baseline.yaml`;
    await writeFile(baseline, 'known_failures:\n  - id: nope\n');
    const broken = await runMain(fixtureRun('without-fork.js', '--baseline', baseline, ...kitReports(dir)));
    expect(broken.status).toBe(2);
    expect(readdirSync(dir)).toEqual([]);
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`an interrupted run (${signal}) removes them too`, async () => {
      const dir = await greenReports();
      const run = await runIsolated(
        [
          ...fixtureRun('prompt-hangs-after-start.js', '--tags', 'not @id:fixture-undefined', '--call-limit', '60000'),
          ...kitReports(dir),
        ],
        {
          onStart: (child, stderr) =>
            void whenOutput(child, stderr, 'fixture: prompt in flight').then(() => child.kill(signal)),
        },
      );
      expect(run.status).toBe(signal === 'SIGINT' ? 130 : 143);
      expect(readdirSync(dir)).toEqual([]);
    });
  }
});
