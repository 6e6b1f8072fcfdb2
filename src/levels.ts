/**
 * Levels (docs/clauses.md, "Levels"): a clause is `required` (MUST: a host that
 * breaks it does not conform, its scenarios fail a run) or `recommended`
 * (SHOULD: reported on its own line, counted only at the strict run level).
 */
import { z } from 'zod';

export const ClauseLevelSchema = z.enum(['required', 'recommended']);
export type ClauseLevel = z.infer<typeof ClauseLevelSchema>;

/** `default` judges required scenarios only; `strict` counts recommended ones as well. */
export const RunLevelSchema = z.enum(['default', 'strict']);
export type RunLevel = z.infer<typeof RunLevelSchema>;
