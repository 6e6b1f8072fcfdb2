/**
 * Baselines: scenarios a host is known to fail on purpose, each with a reason.
 * A run passes when exactly the listed scenarios fail; an unlisted failure or
 * a listed scenario that now passes (a stale entry) fails it.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { parse, stringify } from 'yaml';
import { z } from 'zod';
import { isFailing, type ScenarioResult } from './scenario-result.js';

export const BaselineSchema = z
  .object({
    adapter: z.string().optional(),
    known_failures: z.array(
      z
        .object({
          id: z.string().min(1, 'id must not be empty'),
          reason: z.string().trim().min(1, 'every known failure needs a reason'),
        })
        .strict(),
    ),
  })
  .strict();
export type Baseline = z.infer<typeof BaselineSchema>;

export class BaselineError extends Error {
  override name = 'BaselineError';
}

export async function readBaseline(path: string, knownIds: Set<string>): Promise<Baseline> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    throw new BaselineError(`baseline file ${path} cannot be read`);
  }
  let value: unknown;
  try {
    value = parse(text);
  } catch (error) {
    throw new BaselineError(`baseline file ${path} is not valid YAML: ${(error as Error).message.split('\n')[0]}`);
  }
  const parsed = BaselineSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new BaselineError(`baseline file ${path}: ${issue.path.join('.') || '(top)'}: ${issue.message}`);
  }
  const seen = new Set<string>();
  for (const entry of parsed.data.known_failures) {
    if (seen.has(entry.id)) throw new BaselineError(`baseline file ${path}: ${entry.id} is listed twice`);
    seen.add(entry.id);
    if (!knownIds.has(entry.id)) throw new BaselineError(`baseline file ${path}: no scenario has the id ${entry.id}`);
  }
  return parsed.data;
}

export interface BaselineVerdict {
  /** Failing scenarios not in the baseline. */
  unexpected: ScenarioResult[];
  /** Failing scenarios the baseline lists, with its reason. */
  baselined: Array<{ result: ScenarioResult; reason: string }>;
  /** Listed scenarios that ran and passed. */
  stale: ScenarioResult[];
}

export function judge(results: ScenarioResult[], baseline: Baseline | undefined): BaselineVerdict {
  const reasons = new Map((baseline?.known_failures ?? []).map((entry) => [entry.id, entry.reason]));
  const verdict: BaselineVerdict = { unexpected: [], baselined: [], stale: [] };
  for (const result of results) {
    const reason = result.stableId === undefined ? undefined : reasons.get(result.stableId);
    if (isFailing(result.status)) {
      if (reason !== undefined && result.status === 'failed') verdict.baselined.push({ result, reason });
      else verdict.unexpected.push(result);
    } else if (reason !== undefined && result.status === 'passed') {
      verdict.stale.push(result);
    }
  }
  return verdict;
}

/** Writes a baseline listing every current failure; reasons are left for a person to fill in. */
export async function writeBaseline(path: string, adapter: string, results: ScenarioResult[], previous?: Baseline): Promise<number> {
  const earlier = new Map((previous?.known_failures ?? []).map((entry) => [entry.id, entry.reason]));
  const known_failures = results
    .filter((result) => result.status === 'failed' && result.stableId !== undefined)
    .map((result) => ({
      id: result.stableId!,
      reason: earlier.get(result.stableId!) ?? `TODO: state the observed difference (${firstLine(result.message)})`,
    }));
  await writeFile(path, stringify({ adapter, known_failures }, { lineWidth: 0 }));
  return known_failures.length;
}

function firstLine(text: string | undefined): string {
  return (text ?? 'failed').split('\n')[0]!.slice(0, 200);
}
