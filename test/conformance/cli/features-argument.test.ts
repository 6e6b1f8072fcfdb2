/** `--features` names a folder: a file or a missing path is exit 2 with a sentence, never a stack. */
import { describe, expect, it } from 'vitest';
import { runMain } from '../in-process-cli.js';

describe('--features given something other than a folder', () => {
  it('a feature file instead of its folder', async () => {
    const run = await runMain(['--features', 'features/selection.feature']);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/selection\.feature is a file; give the folder that holds the \.feature files/);
    expect(run.stderr).not.toMatch(/ENOTDIR|\n\s+at /);
  });

  it('a path that does not exist', async () => {
    const run = await runMain(['--features', '/nonexistent-features-folder']);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/nonexistent-features-folder does not exist/);
  });
});
