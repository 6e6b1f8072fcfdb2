/**
 * Zod schemas for the contract values that `src/contract/` declares only as
 * TypeScript types (they cross the contract as function arguments and
 * results, so in process nothing had to parse them; over the wire everything
 * does). A compile-time check keeps each schema equal to its contract type,
 * so the contract stays the one source of truth.
 */
import { z } from 'zod';
import {
  ProbeToolEffectSchema,
  type Composition,
  type ProbeCommand,
  type ProbeSection,
  type ProbeTool,
} from '../contract/adapter.js';
import { AgentIdSchema } from '../contract/host.js';
import { ToolCallSchema, type ModelResponse } from '../contract/model.js';
import { AnswerItemReplySchema, type QuestionContext, type QuestionReply } from '../contract/questions.js';

export const ModelResponseSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('tool_calls'), text: z.string(), calls: z.array(ToolCallSchema) }),
  /** A failed request; the host should retry it (request recovery) when `retryable`. */
  z.object({ type: z.literal('failure'), message: z.string(), retryable: z.boolean() }),
]);

export const QuestionReplySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('answer'), selected: z.array(z.string()), freeText: z.string().optional() }),
  /** Several answer items for this question, in this order. */
  z.object({ type: z.literal('answers'), items: z.array(AnswerItemReplySchema) }),
  z.object({ type: z.literal('no-answer') }),
  z.object({ type: z.literal('dismiss') }),
  z.object({ type: z.literal('fail'), message: z.string() }),
  z.object({ type: z.literal('abort') }),
]);

export const QuestionContextSchema = z.object({ agent: AgentIdSchema });

export const ProbeSectionSchema = z.object({
  name: z.string().min(1),
  order: z.number(),
  text: z.string(),
});

/** A probe tool as the host registers it; the kit executes it when the host sends `tool`. */
export const ProbeToolDescriptorSchema = z.object({
  name: z.string().min(1),
  description: z.string(),
  /** JSON Schema of the parameters, as the model receives it. */
  parameters: z.record(z.string(), z.unknown()),
  /** What running it does (`read`, `write` into the store folder, `command`); absent means `read`. */
  effect: ProbeToolEffectSchema.optional(),
});

/** A probe command as the host registers it beside `/plan`; the kit runs it when the host sends `command`. */
export const ProbeCommandDescriptorSchema = z.object({
  /** Without the slash, e.g. `probe`. */
  name: z.string().min(1),
  description: z.string(),
});

export const CompositionSchema = z.object({
  commands: z.boolean(),
  questions: z.boolean(),
  projections: z.boolean(),
});

// Compile-time: each schema infers exactly the contract's type.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameModelResponse: Same<z.infer<typeof ModelResponseSchema>, ModelResponse> = true;
const sameQuestionReply: Same<z.infer<typeof QuestionReplySchema>, QuestionReply> = true;
const sameQuestionContext: Same<z.infer<typeof QuestionContextSchema>, QuestionContext> = true;
const sameProbeSection: Same<z.infer<typeof ProbeSectionSchema>, ProbeSection> = true;
const sameComposition: Same<z.infer<typeof CompositionSchema>, Composition> = true;
const sameProbeTool: Same<z.infer<typeof ProbeToolDescriptorSchema>, Omit<ProbeTool, 'execute'>> = true;
const sameProbeCommand: Same<z.infer<typeof ProbeCommandDescriptorSchema>, Omit<ProbeCommand, 'run'>> = true;
void [
  sameModelResponse,
  sameQuestionReply,
  sameQuestionContext,
  sameProbeSection,
  sameComposition,
  sameProbeTool,
  sameProbeCommand,
];
