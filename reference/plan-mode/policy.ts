/** POLICY: the `plan:policy` section at order 50, the configured text while active and nothing otherwise. */
import type { PromptSection, PluginContext } from '../host/index.js';
import { foldPlanMode } from './state.js';

export const POLICY_SECTION_NAME = 'plan:policy';
export const POLICY_SECTION_ORDER = 50;

export function policyText(active: boolean, section: string): string | undefined {
  return active ? section : undefined;
}

export function policySection(ctx: Pick<PluginContext, 'readLog'>, section: string): PromptSection {
  return {
    name: POLICY_SECTION_NAME,
    order: POLICY_SECTION_ORDER,
    render: (agent) => policyText(foldPlanMode(ctx.readLog(agent)), section),
  };
}
