/**
 * Attack: a host that writes after its dispose reply, hoping to reach the
 * next scenario. The scenario it belongs to fails; no other sees it.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { ModelRequest } from '../../../src/index.js';
import { startGuardedHost } from '../../../conformance/guard/guarded-host.js';
import { temporaryFolder } from '../../temporary-folder.js';
import { byId, loadProxy, runHostile, scenarioOptions, withEnv } from './attack-harness.js';

describe('output after dispose fails the scenario it belongs to and never reaches another', () => {
  for (const [fault, shows] of [
    [
      'stray-after-dispose',
      /adapter method dispose: the host broke the protocol: a model request after its dispose reply/,
    ],
    [
      'garbage-after-dispose',
      /adapter method dispose: the host broke the protocol: it sent a line that is not JSON: "released the store"/,
    ],
    // 0 ms later the request may come before the ping's answer or after it: either way the disposing scenario is charged.
    [
      'stray-after-dispose-ms:0',
      /adapter method dispose: the host (broke the protocol|wrote on stdout while it served no scenario)/,
    ],
  ] as const) {
    it(`${fault}: the scenario that disposed fails (protocol-error, at its end); the next ones pass`, async () => {
      const once = `${await temporaryFolder('pmc-attack-once-')}/faulted`;
      const run = await runHostile(fault, [], { HOSTILE_ONCE: once });
      expect(run.status).toBe(1);
      expect(byId(run, 'fixture-set-and-log')).toMatchObject({
        status: 'failed',
        failure: { kind: 'protocol-error', step: '(After hook)', message: expect.stringMatching(shows) },
      });
      expect(byId(run, 'fixture-prompt-only')?.status).toBe('passed');
      expect(byId(run, 'fixture-fork')?.status).toBe('passed');
    });
  }

  it("what the parked process of the run's last scenario writes as the run ends (its stdin closed) fails that scenario", async () => {
    const run = await runHostile('stray-on-close', ['--tags', '@id:fixture-set-and-log']);
    expect(run.status).toBe(1);
    expect(byId(run, 'fixture-set-and-log')).toMatchObject({
      status: 'failed',
      failure: {
        kind: 'protocol-error',
        message: expect.stringMatching(
          /after this scenario ended .*the host wrote on stdout while it served no scenario/,
        ),
      },
    });
  });

  it('a request sent after the dispose reply, to a parked process, is charged to the scenario that parked it; the next scenario gets a new process and never sees it', async () => {
    // The host writes when told (SIGUSR2), once dispose has resolved and the process is parked: an event, not a
    // time, so a loaded machine cannot move the request before the ping answer. The proxy that faulted names its pid.
    const once = `${await temporaryFolder('pmc-attack-once-')}/faulted`;
    await withEnv('HOSTILE_ONCE', once, async () => {
      const adapter = await loadProxy('stray-after-dispose-on-signal');
      const late = new Promise<{ storeDir: string; message: string }>((resolve) =>
        adapter.onLateOutput((storeDir, message) => resolve({ storeDir, message })),
      );
      const first = await scenarioOptions();
      const host = await startGuardedHost(adapter, first, 5_000);
      await host.createAgent();
      await host.dispose();
      process.kill(Number((await readFile(once, 'utf8')).trim()), 'SIGUSR2');
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
});
