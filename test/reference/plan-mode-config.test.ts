import { describe, expect, it } from 'vitest';
import { parsePlanModeConfig, PlanModeConfigError, planModePlugin } from '../../reference/plan-mode/index.js';
import adapter from '../../reference/adapter.js';
import { planModeDeployment, readPlanModeEntry } from '../../src/index.js';
import { tempStore } from './helpers.js';

describe('plan-mode config', () => {
  it('accepts exactly { section } and keeps the text as written', () => {
    expect(parsePlanModeConfig({ section: '  Plan first.\n' })).toEqual({ section: '  Plan first.\n' });
  });

  it.each([
    [{ section: 'x', modes: ['plan'] }, "plan-mode config: unknown key 'modes'"],
    [{ section: 'x', tools: 1, sandbox: 2 }, "plan-mode config: unknown keys 'tools', 'sandbox'"],
    [{ approvalPolicy: 'never' }, "plan-mode config: unknown key 'approvalPolicy'"],
    [{}, "plan-mode config: 'section' is required"],
    [{ section: 42 }, "plan-mode config: 'section' must be a string"],
    [{ section: null }, "plan-mode config: 'section' must be a string"],
    [{ section: '' }, "plan-mode config: 'section' must not be empty"],
    [{ section: ' \n\t ' }, "plan-mode config: 'section' must not be blank"],
    [undefined, "plan-mode config: expected a mapping with a 'section' key"],
    ['section', "plan-mode config: expected a mapping with a 'section' key"],
    [['section'], "plan-mode config: expected a mapping with a 'section' key"],
  ])('rejects %j with a clear message', (config, message) => {
    expect(() => parsePlanModeConfig(config)).toThrow(PlanModeConfigError);
    expect(() => parsePlanModeConfig(config)).toThrow(message);
    expect(() => planModePlugin(config)).toThrow(message);
  });

  it('reads a block-scalar section from the seed YAML form exactly', () => {
    const yaml = [
      '- id: plan-mode',
      "  name: '@deepseek-ai/dsh-plan-mode'",
      '  config:',
      '    section: |',
      '      You are in plan mode. Explore and design before presenting the complete',
      '      plan through exit_plan_mode.',
      '',
    ].join('\n');
    expect(parsePlanModeConfig(readPlanModeEntry(yaml).config).section).toBe(
      'You are in plan mode. Explore and design before presenting the complete\nplan through exit_plan_mode.\n',
    );
  });

  it('makes the adapter start reject with the plugin message', async () => {
    const options = {
      storeDir: tempStore(),
      edition: 'seed' as const,
      deployment: planModeDeployment({ section: 'x', filters: [] }),
      compose: { commands: true, questions: true, projections: true },
      model: async () => ({ type: 'text' as const, text: 'ok' }),
      questions: async () => ({ type: 'dismiss' as const }),
      probes: { sections: [], tools: [] },
    };
    await expect(adapter.start(options)).rejects.toThrow("plan-mode config: unknown key 'filters'");
  });
});
