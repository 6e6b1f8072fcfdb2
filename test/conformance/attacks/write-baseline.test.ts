/**
 * Attack: `--write-baseline` losing hand-reviewed entries. It keeps what the
 * run did not judge, and a run that did not complete writes nothing.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { runMain } from '../in-process-cli.js';
import { temporaryFolder } from '../../temporary-folder.js';
import { fixtureRun } from './attack-harness.js';

describe('--write-baseline keeps what the run did not judge', () => {
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
    const run = await runMain(
      fixtureRun('without-fork.js', '--tags', '@id:fixture-prompt-only', '--write-baseline', `${dir}/b.yaml`),
    );
    expect(run.status).toBe(0);
    const written = await readFile(`${dir}/b.yaml`, 'utf8');
    expect(written).toContain('id: fixture-set-and-log');
    expect(written).toContain('reason: the host answers set asynchronously (reviewed by hand)');
    expect(written).toContain('# hand-written, reviewed');
  });

  it('a run that did not complete writes nothing', async () => {
    const dir = await temporaryFolder('pmc-write-baseline-');
    await writeFile(`${dir}/b.yaml`, handWritten);
    const run = await runMain(
      fixtureRun('prompt-exits.js', '--tags', 'not @id:fixture-undefined', '--write-baseline', `${dir}/b.yaml`),
    );
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(`baseline: ${dir}/b.yaml left as it was: the run did not complete`);
    expect(await readFile(`${dir}/b.yaml`, 'utf8')).toBe(handWritten);
  });
});
