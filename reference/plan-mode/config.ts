/**
 * CFG: the plugin's configuration is exactly `{ section }`, `section` a string
 * that is neither empty nor blank. Any other key is rejected by name.
 */
import { z } from 'zod';

export interface PlanModeConfig {
  section: string;
}

export class PlanModeConfigError extends Error {
  override name = 'PlanModeConfigError';
}

const PREFIX = 'plan-mode config';

function isBlank(text: string): boolean {
  return text.trim().length === 0;
}

function sectionTypeMessage(input: unknown): string {
  if (input === undefined) return `${PREFIX}: 'section' is required`;
  return `${PREFIX}: 'section' must be a string`;
}

const SectionSchema = z
  .string({ error: (issue) => sectionTypeMessage(issue.input) })
  .min(1, { error: `${PREFIX}: 'section' must not be empty` })
  .refine((text) => text.length === 0 || !isBlank(text), { error: `${PREFIX}: 'section' must not be blank` });

const PlanModeConfigSchema = z
  .object({ section: SectionSchema }, { error: `${PREFIX}: expected a mapping with a 'section' key` })
  .strict();

function quoteKeys(keys: readonly string[]): string {
  return keys.map((key) => `'${key}'`).join(', ');
}

function unknownKeysMessage(keys: readonly string[]): string {
  if (keys.length === 1) return `${PREFIX}: unknown key ${quoteKeys(keys)}`;
  return `${PREFIX}: unknown keys ${quoteKeys(keys)}`;
}

/** The first problem, unknown keys before anything else so a misspelt key is named. */
function firstProblem(issues: readonly z.core.$ZodIssue[]): string {
  const unknown = issues.find((issue) => issue.code === 'unrecognized_keys');
  if (unknown && unknown.code === 'unrecognized_keys') return unknownKeysMessage(unknown.keys);
  return issues[0]?.message ?? `${PREFIX}: invalid`;
}

/** Validates a deployment's plan-mode `config`; throws `PlanModeConfigError` naming the problem. */
export function parsePlanModeConfig(config: unknown): PlanModeConfig {
  const result = PlanModeConfigSchema.safeParse(config);
  if (!result.success) throw new PlanModeConfigError(firstProblem(result.error.issues));
  return { section: result.data.section };
}
