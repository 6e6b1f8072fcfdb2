/**
 * dsh's Code Mode from npm (adapters/dsh/code-mode.ts). Its backend loads only
 * on a Node that type-strips (22.13+), so the host tests run there
 * (`npm run unit:dsh-node22`) and the capability's reason is checked here on any Node.
 * They fail loudly when an upgrade moves what the adapter reads of upstream:
 * the SDK's prompt section (`tools:sdk`) and the `run_code` transport.
 */
import { describe, expect, it } from 'vitest';
import adapter from '../../../adapters/dsh/adapter.js';
import { codeModeSupport, DSH_CODE_TOOL, nodeStripsTypes } from '../../../adapters/dsh/code-mode.js';
import { exitProgramArguments } from '../../../src/index.js';
import { harness, withHost } from './dsh-harness.js';

describe('dsh Code Mode: the capability', () => {
  it('is missing on a Node without stripTypeScriptTypes, saying which Node and the command that gets one', () => {
    expect(nodeStripsTypes({})).toBe(false);
    expect(nodeStripsTypes({ stripTypeScriptTypes: () => '' })).toBe(true);
    const support = codeModeSupport(false);
    expect(support).toMatchObject({ missing: expect.stringContaining('Node 22.13') });
    expect(support).toMatchObject({ missing: expect.stringContaining('npx -y -p node@22') });
    expect(codeModeSupport(true)).toBe(true);
  });

  it('declares both modes as this Node allows, with the run_code template', () => {
    expect(adapter.capabilities.codeMode).toEqual(codeModeSupport());
    expect(adapter.capabilities.bothMode).toEqual(codeModeSupport());
    expect(adapter.codeTool).toEqual(DSH_CODE_TOOL);
    expect(DSH_CODE_TOOL.name).toBe('run_code');
  });
});

describe.runIf(nodeStripsTypes())('dsh Code Mode: the composed host', () => {
  it('under code mode puts only run_code on the wire and reports the tools:sdk text, which holds the exit binding', async () => {
    const h = harness();
    h.options.toolMode = 'code';
    await withHost(h, async (host) => {
      const agent = await host.createAgent();
      await host.prompt(agent, 'hello');
      const [request] = h.requests;
      expect(request!.tools.map((tool) => tool.name)).toEqual(['run_code']);
      expect(request!.toolSdk).toContain('exit_plan_mode');
      expect(request!.systemPrompt).toContain(request!.toolSdk);
    });
  });

  it('under both modes keeps the native schemas beside run_code, with the same SDK text', async () => {
    const h = harness();
    h.options.toolMode = 'both';
    await withHost(h, async (host) => {
      const agent = await host.createAgent();
      await host.prompt(agent, 'hello');
      const names = h.requests[0]!.tools.map((tool) => tool.name);
      expect(names).toEqual(expect.arrayContaining(['exit_plan_mode', 'probe_lookup', 'run_code']));
      expect(h.requests[0]!.toolSdk).toContain('exit_plan_mode');
    });
  });

  it('runs a program that exits plan mode through one review carrying the plan unchanged', async () => {
    const h = harness();
    h.options.toolMode = 'code';
    const plan = '# Plan\n\n- keep "quotes", \\backslashes\\ and 设置 ✓ as they are  ';
    h.responses.push({
      type: 'tool_calls',
      text: '',
      calls: [{ id: 'c1', name: 'run_code', arguments: exitProgramArguments(DSH_CODE_TOOL, plan) }],
    });
    h.replies.push({ type: 'answer', selected: ['Approve'] });
    const questions: string[] = [];
    const ask = h.options.questions;
    h.options.questions = async (question, context) => {
      questions.push(`${question.question}\n${question.detail ?? ''}`);
      return ask(question, context);
    };
    await withHost(h, async (host) => {
      const agent = await host.createAgent();
      expect(await host.setPlanMode(agent, true)).toBe('committed');
      await host.prompt(agent, 'plan it');
      expect(questions).toHaveLength(1);
      expect(questions[0]).toContain(plan);
      expect(await host.getPlanMode(agent)).toEqual({ active: false });
      expect(h.requests[1]!.toolSdk).toBe(h.requests[0]!.toolSdk);
    });
  });
});
