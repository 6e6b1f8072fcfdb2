/**
 * What the suite's child process decided once the adapter loaded, handed back
 * to the CLI as one value: the adapter as it declared itself, the edition it
 * is judged against (and whether `--force-edition` imposed it), and the level
 * the run judges at. The CLI builds its reports from this value alone, so
 * nothing stands in for it before the child has said; it is checked against
 * its schema where the CLI uses it (the child runs the host's code).
 */
import { z } from 'zod';
import { CapabilitiesSchema, EditionSchema, RunLevelSchema } from '../../src/index.js';

export const SuiteDecisionSchema = z.strictObject({
  adapter: z.strictObject({
    name: z.string(),
    capabilities: CapabilitiesSchema,
    editions: z.array(EditionSchema).optional(),
  }),
  /** The release of the host the adapter says it drives (`Adapter.release`), if any. */
  release: z.string().optional(),
  edition: EditionSchema,
  /** `--force-edition` judged the host against an edition it does not declare. */
  forced: z.boolean(),
  level: RunLevelSchema,
});

export type SuiteDecision = z.infer<typeof SuiteDecisionSchema>;
