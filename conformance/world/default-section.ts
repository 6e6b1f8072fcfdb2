/**
 * The plan-mode section a deployment carries unless a scenario or a session gives another. A module of its own:
 * the exploration's sessions use it too, and importing it from plan-world.ts brought cucumber's `World` and its
 * support code builder into the exploration's own process, which runs no scenario.
 */
export const DEFAULT_SECTION =
  'You are in plan mode. Explore and design before presenting the complete plan through exit_plan_mode.';
