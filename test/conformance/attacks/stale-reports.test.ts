/**
 * Attack: a report an earlier run left passing for this one. A run that exits
 * 2, has its baseline refused, or is interrupted removes the kit's reports.
 */
import { readdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli-harness.js';
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
    const broken = runCli(
      fixtureRun('without-fork.js', '--baseline', `${dir}/../baseline-${process.pid}.yaml`, ...kitReports(dir)),
    );
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
