/**
 * Attack: a host that dies or breaks the protocol where a baseline excuses an
 * adapter error. Each failure has its own kind, and the baseline tells them apart.
 */
import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { temporaryFolder } from '../../temporary-folder.js';
import { byId, runHostile } from './attack-harness.js';

describe('a dead host is a crash, a protocol fault a protocol-error, and a baseline entry tells them apart', () => {
  const step = 'the user prompts "Hello"';
  const only = ['--tags', '@id:fixture-prompt-only'];

  it('classifies a host error, a host that dies and a host that breaks the protocol each by its own kind', async () => {
    const [error, dead, garbage] = await Promise.all([
      runHostile('error-on-prompt', only),
      runHostile('exit-on-prompt', only),
      runHostile('garbage-on-prompt', only),
    ]);
    expect(byId(error, 'fixture-prompt-only')?.failure).toMatchObject({
      kind: 'adapter-error',
      step,
      message: expect.stringContaining('adapter method prompt: threw: the prompt failed in the host'),
    });
    expect(byId(dead, 'fixture-prompt-only')?.failure).toMatchObject({
      kind: 'crash',
      step,
      message: expect.stringContaining('adapter method prompt: the host process exited with code 3'),
    });
    expect(byId(garbage, 'fixture-prompt-only')?.failure).toMatchObject({
      kind: 'protocol-error',
      step,
      message: expect.stringContaining('adapter method prompt: the host broke the protocol'),
    });
  });

  it('a baseline entry for an adapter-error at a step excuses neither the host dying there nor protocol garbage there', async () => {
    const dir = await temporaryFolder('pmc-attack-baseline-');
    const baseline = `${dir}/baseline.yaml`;
    await writeFile(
      baseline,
      `known_failures:\n  - id: fixture-prompt-only\n    step: ${JSON.stringify(step)}\n    kind: adapter-error\n    clause: POLICY-02\n    reason: the prompt fails in this host\n`,
    );
    const args = [...only, '--baseline', baseline];
    const [error, dead, garbage] = await Promise.all([
      runHostile('error-on-prompt', args),
      runHostile('exit-on-prompt', args),
      runHostile('garbage-on-prompt', args),
    ]);
    expect(error.status).toBe(0);
    expect(dead.status).toBe(1);
    expect(dead.stdout + dead.stderr).toMatch(
      /expected adapter-error at "the user prompts \\"Hello\\""|expected adapter-error at "the user prompts "Hello"", actual crash/,
    );
    expect(garbage.status).toBe(1);
    expect(garbage.stdout + garbage.stderr).toMatch(/actual protocol-error/);
  });
});
