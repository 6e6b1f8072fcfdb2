/**
 * The plan-mode plugin, composed only through the plugin API. Installing it
 * returns the plan-mode service (`set`/`get`).
 */
import { definePlugin, type Plugin } from '../host/index.js';
import { planCommand } from './command.js';
import { parsePlanModeConfig } from './config.js';
import { exitPlanModeTool } from './exit-tool.js';
import { policySection } from './policy.js';
import { planProjection, SEED_PROJECTION_RULES } from './projection.js';
import { PlanModeSelections, type PlanModeService } from './service.js';

export const PLAN_MODE_PLUGIN_NAME = 'plan-mode';

export interface PlanModeExports {
  planMode: PlanModeService;
}

/** What the plugin does differently per edition of the spec; the seed's by default. */
export interface PlanModeRules {
  /** rc.8 CMD-03/09/10: `/plan` takes image attachments. */
  commandTakesImages: boolean;
  /** rc.8 REVIEW-07: a child owned by a live agent cannot open the review. */
  ownedChildrenCannotReview: boolean;
  /** rc.8 (PROJ-02): the projection keeps a `/plan` selection once its `command/done` reports success. */
  projectionSettlesOnDone: boolean;
}

export const SEED_PLAN_MODE_RULES: PlanModeRules = Object.freeze({
  commandTakesImages: false,
  ownedChildrenCannotReview: false,
  projectionSettlesOnDone: SEED_PROJECTION_RULES.settlesOnDone,
});

/** Validates `config` at once (a bad config fails when the plugin loads) and returns the plugin. */
export function planModePlugin(config: unknown, rules: PlanModeRules = SEED_PLAN_MODE_RULES): Plugin<PlanModeExports> {
  const { section } = parsePlanModeConfig(config);
  return definePlugin({
    name: PLAN_MODE_PLUGIN_NAME,
    install(ctx) {
      const selections = new PlanModeSelections(ctx);
      ctx.registerSection(policySection(ctx, section));
      ctx.registerTool(
        exitPlanModeTool(ctx, selections, { ownedChildrenCannotReview: rules.ownedChildrenCannotReview }),
      );
      ctx.onBoundary(({ agent }) => selections.applyPending(agent));
      ctx.commands?.register(planCommand(ctx, selections, { takesImages: rules.commandTakesImages }));
      ctx.sessionProjections?.register(planProjection({ settlesOnDone: rules.projectionSettlesOnDone }));
      return { planMode: selections };
    },
  });
}
