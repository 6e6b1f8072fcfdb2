/**
 * The dsh adapter of `@deepseek-ai/dsh-plan-mode@0.0.1-rc.1` on the real
 * packages (the release under its npm alias, rc.8's runtime packages, the
 * stand-in for `@deepseek-ai/dsh-user-interaction` and the forwarding
 * `ctx.userInteraction`): what the 0.0.1-rc.1 edition reads differently from
 * rc.8 (a `/plan` message is one text block; the projection folds two kinds),
 * what it keeps (the owned child, the same-step retry), the review reaching
 * the user through the forwarder with its codes kept, and why the compaction
 * scenarios build a long conversation before compacting. Each test pins the
 * upstream mechanism it relies on, so an upgrade that moves it fails here.
 */
import { describe, expect, it } from 'vitest';
import { UserInteractionError } from '@deepseek-ai/dsh-user-interaction';
import { HarnessError } from '@deepseek-ai/dsh-llm';
import rc1 from '../../../adapters/dsh/adapter-0.0.1-rc.1.js';
import { harness, SECTION, withHost } from './dsh-harness.js';

const exitCall = (id: string) => ({
  type: 'tool_calls' as const,
  text: '',
  calls: [{ id, name: 'exit_plan_mode', arguments: { plan: '# Plan\n- do' } }],
});

describe('dsh@0.0.1-rc.1: what it declares and what it loads', () => {
  it('declares the 0.0.1-rc.1 edition only, and the ownedChild capability', () => {
    expect(rc1.name).toBe('dsh@0.0.1-rc.1');
    expect(rc1.editions).toEqual(['0.0.1-rc.1']);
    expect(rc1.capabilities.ownedChild).toBe(true);
  });

  it('composes the published 0.0.1-rc.1 package from its alias, and the stand-in error keeps its code', async () => {
    const manifest = (await import('dsh-plan-mode-0.0.1-rc.1/package.json', { with: { type: 'json' } })).default as {
      name: string;
      version: string;
    };
    expect(manifest).toMatchObject({ name: '@deepseek-ai/dsh-plan-mode', version: '0.0.1-rc.1' });
    const error = new UserInteractionError('closed', 'ASK_CANCELLED');
    expect(error).toBeInstanceOf(HarnessError);
    expect(error).toMatchObject({ name: 'UserInteractionError', code: 'ASK_CANCELLED', message: 'closed' });
  });
});

describe('dsh@0.0.1-rc.1: the review through ctx.userInteraction (forwarded to rc.8 userQuestions)', () => {
  it('asks the user with the plan-review intent; an exact Approve leaves plan mode', async () => {
    const h = harness();
    await withHost(
      h,
      async (host) => {
        const agent = await host.createAgent();
        await host.setPlanMode(agent, true);
        h.responses.push(exitCall('c1'));
        h.replies.push({ type: 'answer', selected: ['Approve'] });
        await host.prompt(agent, 'plan it');
        expect(h.asked).toEqual([`${agent}:plan-review`]);
        expect(await host.getPlanMode(agent)).toEqual({ active: false });
      },
      rc1,
    );
  });

  it('tells a dismissal (ASK_CANCELLED, rethrown as the stand-in class) from a provider failure, whose message is kept', async () => {
    const h = harness();
    await withHost(
      h,
      async (host) => {
        const agent = await host.createAgent();
        await host.setPlanMode(agent, true);
        h.responses.push(exitCall('c1'), exitCall('c2'));
        h.replies.push({ type: 'dismiss' }, { type: 'fail', message: 'the UI went away' });
        await host.prompt(agent, 'plan it');
        const results = h.requests.flatMap((request) => request.messages).filter((message) => message.role === 'tool');
        expect(results[0]).toMatchObject({ isError: true, text: expect.stringContaining('speak instead') });
        expect(results.at(-1)).toMatchObject({ isError: true, text: expect.stringContaining('the UI went away') });
        expect(await host.getPlanMode(agent)).toEqual({ active: true });
      },
      rc1,
    );
  });

  it("keeps rc.8 userQuestions' owned-child check (REVIEW-07): the child fails without a review, a fork still reviews", async () => {
    const h = harness();
    await withHost(
      h,
      async (host) => {
        const owner = await host.createAgent();
        const child = await host.spawnOwnedChild!(owner);
        await host.setPlanMode(child, true);
        h.responses.push(exitCall('c1'));
        await host.prompt(child, 'plan it');
        expect(h.asked).toEqual([]);
        expect(h.requests.at(-1)!.messages.at(-1)).toMatchObject({
          role: 'tool',
          isError: true,
          text: expect.stringContaining('final result'),
        });
        expect(await host.getPlanMode(child)).toEqual({ active: true });
        await host.setPlanMode(owner, true);
        const fork = await host.fork!(owner);
        h.responses.push(exitCall('c2'));
        h.replies.push({ type: 'answer', selected: ['Approve'] });
        await host.prompt(fork, 'plan it');
        expect(h.asked).toEqual([`${fork}:plan-review`]);
      },
      rc1,
    );
  });
});

describe('dsh@0.0.1-rc.1: where its README reads otherwise than rc.8', () => {
  it("steers a /plan message as one text block (CMD-03) and keeps rc.8's frozen retry (SET-06)", async () => {
    const h = harness();
    h.responses.push({ type: 'failure', message: 'transient', retryable: true });
    await withHost(
      h,
      async (host) => {
        const agent = await host.createAgent();
        h.duringRequest = async (_request, n) => {
          if (n === 1)
            expect(await host.runCommand!(agent, '/plan   weigh both designs  ')).toMatchObject({ ok: true });
        };
        await host.prompt(agent, 'go');
        // The retry re-sends the failed request; the steered message joins the next step, under plan guidance.
        expect(h.requests).toHaveLength(3);
        expect(h.requests[1]!.messages).toEqual(h.requests[0]!.messages);
        expect(h.requests[1]!.systemPrompt).not.toContain(SECTION);
        expect(h.requests[2]!.systemPrompt).toContain(SECTION);
        const steered = h.requests[2]!.messages.filter(
          (message) => message.role === 'user' && message.source === 'user',
        ).at(-1);
        expect(steered).toEqual({ role: 'user', source: 'user', text: 'weigh both designs' });
      },
      rc1,
    );
  });

  it('folds two kinds (PROJ-02): the host logs command/done, and the plan unit pushes nothing for it', async () => {
    const h = harness();
    await withHost(
      h,
      async (host) => {
        const agent = await host.createAgent();
        await host.runCommand!(agent, '/plan');
        await host.runCommand!(agent, '/plan');
        const log = await host.readLog(agent);
        expect(log.filter((event) => event.type === 'command/done')).toHaveLength(2);
        // The first line pushes its target and its commit; the second changes nothing, so nothing is pushed for it.
        const pushes = await host.readProjectionPushes!(agent);
        expect(pushes.at(-1)).toEqual({ active: true, pending: false });
        const folded = log.filter((event) => event.type === 'plan/mode' || event.type === 'command/run').length;
        expect(pushes.length).toBeLessThanOrEqual(folded);
      },
      rc1,
    );
  });
});

describe('dsh@0.0.1-rc.1: compaction on the real engine', () => {
  // Why every compaction scenario (STATE-05) builds a long conversation first: compacting one short turn is
  // refused by the engine itself, which says nothing about plan mode.
  it('refuses a history shorter than its checkpoint frame', async () => {
    const h = harness();
    await withHost(
      h,
      async (host) => {
        const agent = await host.createAgent();
        await host.prompt(agent, 'Look around');
        await expect(host.compact!(agent)).rejects.toThrow(/could not produce a smaller summary/);
      },
      rc1,
    );
  });
});
