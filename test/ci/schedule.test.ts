/**
 * CI's step scheduler (.ci/schedule.mjs, which .ci/matrices.mjs runs test:matrices with): never
 * more steps' cores at once than it has, a step only after the steps it needs have passed, and a
 * step whose need failed not run at all. Each step writes when it starts and ends to a log, so
 * the order is read from what the steps did, never from a clock.
 */
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EXTRA_CA_VARIABLE, runSteps, SET_ASIDE_CA_VARIABLE, stepEnv, timesTable } from '../../.ci/schedule.mjs';

const work = mkdtempSync(join(tmpdir(), 'pmc-schedule-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A step that logs its start, then its end, and exits with `code`. */
function step(log: string, name: string, cores: number, needs: string[] = [], code = 0) {
  const script = `const fs=require('fs');fs.appendFileSync(${JSON.stringify(log)},'start ${name}\\n');setTimeout(()=>{fs.appendFileSync(${JSON.stringify(log)},'end ${name}\\n');process.exit(${code})},300)`;
  return { name, cores, needs, command: [process.execPath, '-e', script] };
}

/** The most steps' cores running at once, read from the log. */
function mostCoresAtOnce(events: string[], cores: Record<string, number>): number {
  let now = 0;
  let most = 0;
  for (const event of events) {
    const [kind, name] = event.split(' ') as [string, string];
    now += kind === 'start' ? cores[name]! : -cores[name]!;
    most = Math.max(most, now);
  }
  return most;
}

async function schedule(steps: ReturnType<typeof step>[], cores: number, log: string) {
  const printed: string[] = [];
  const outcomes = await runSteps(steps, { cores, log: (text: string) => printed.push(text) });
  const events = readFileSync(log, 'utf8').trim().split('\n');
  return { outcomes, events, printed: printed.join('') };
}

describe("CI's step scheduler", () => {
  it('runs at most its cores at once, and a step after the steps it needs', async () => {
    const log = join(work, 'cores.log');
    appendFileSync(log, '');
    const steps = [
      step(log, 'two-a', 2),
      step(log, 'one-a', 1),
      step(log, 'one-b', 1),
      step(log, 'after-one-a', 1, ['one-a']),
      step(log, 'two-b', 2, ['two-a']),
    ];
    const { outcomes, events } = await schedule(steps, 2, log);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(Array(5).fill('passed'));
    expect(events).toHaveLength(10);
    expect(mostCoresAtOnce(events, Object.fromEntries(steps.map((s) => [s.name, s.cores])))).toBe(2);
    expect(events.indexOf('start after-one-a')).toBeGreaterThan(events.indexOf('end one-a'));
    expect(events.indexOf('start two-b')).toBeGreaterThan(events.indexOf('end two-a'));
    // The CPU each step took, read from its line (where /proc tells it).
    if (process.platform === 'linux') for (const outcome of outcomes) expect(outcome.cpuS).toBeGreaterThanOrEqual(0);
  });

  it('does not run a step whose need failed, and says so; the others still run', async () => {
    const log = join(work, 'failed.log');
    appendFileSync(log, '');
    const { outcomes, events, printed } = await schedule(
      [step(log, 'breaks', 1, [], 3), step(log, 'needs-it', 1, ['breaks']), step(log, 'other', 1)],
      1,
      log,
    );
    expect(outcomes.map((outcome) => [outcome.name, outcome.status])).toEqual([
      ['breaks', 'failed'],
      ['needs-it', 'not run'],
      ['other', 'passed'],
    ]);
    expect(events).not.toContain('start needs-it');
    expect(printed).toMatch(/^FAIL breaks \(/m);
    expect(printed).toContain('NOT RUN needs-it: it needs breaks, which did not pass');
    expect(timesTable(outcomes, 1)).toMatch(/^needs-it +not run/m);
  });

  it("reads a step's own CPU, not that of a step inside it whose line ends its output", async () => {
    // As .ci/on-node.sh's steps do: the step's last line is an inner step's `ok` line, which its own line then quotes.
    const inner = "console.log('ok   inner (1.0 s, CPU 99.0 s): inner passed')";
    const [outcome] = await runSteps([{ name: 'nesting', cores: 1, command: [process.execPath, '-e', inner] }], {
      cores: 1,
      log: () => {},
    });
    expect(outcome!.status).toBe('passed');
    if (process.platform === 'linux') expect(outcome!.cpuS).toBeLessThan(99);
  });

  it('refuses a step that needs a step it does not have', async () => {
    await expect(runSteps([step(join(work, 'x.log'), 'lonely', 1, ['missing'])], { cores: 1 })).rejects.toThrow(
      'step lonely needs missing, which is not a step',
    );
  });
});

describe("a CI step's environment (the extra CA bundle only where the registry is reached)", () => {
  const withBundle = { PATH: '/usr/bin', [EXTRA_CA_VARIABLE]: '/etc/ssl/certs/ca-certificates.crt' };
  const offline = { name: 'offline', cores: 1, command: ['node', '-e', '0'] };

  it('runs a step not marked network without the bundle, and keeps the rest of the environment', () => {
    const env = stepEnv(offline, withBundle);
    expect(env).not.toHaveProperty(EXTRA_CA_VARIABLE);
    // Set aside under a name Node does not read, for a command inside that reaches the registry.
    expect(env).toEqual({ PATH: '/usr/bin', [SET_ASIDE_CA_VARIABLE]: withBundle[EXTRA_CA_VARIABLE] });
    // The runner's own environment is left as it was.
    expect(withBundle).toHaveProperty(EXTRA_CA_VARIABLE);
  });

  it('keeps the bundle for a step marked network', () => {
    expect(stepEnv({ ...offline, network: true }, withBundle)).toEqual(withBundle);
  });

  it('changes nothing when the variable is not set', () => {
    const env = { PATH: '/usr/bin' };
    expect(stepEnv(offline, env)).toBe(env);
    expect(stepEnv({ ...offline, network: true }, env)).toBe(env);
  });
});
