/** Plans of generated length and padding, which a review must carry byte for byte (TOOL-04). */
import fc from 'fast-check';
import type { PlanShape } from './moves.js';

/** White space around a plan (no line feeds: a printed scenario holds the plan in one Gherkin string). */
const planPadding = fc.constantFrom('', ' ', '  ', '\t', ' \t ');

/** Plans of generated length: up to a page, or tens of kilobytes (an exit without a shape submits a one-line plan). */
export const planShapes: fc.Arbitrary<PlanShape> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ length: fc.integer({ min: 1, max: 2_000 }), lead: planPadding, trail: planPadding }) },
  { weight: 1, arbitrary: fc.record({ length: fc.integer({ min: 10_000, max: 40_000 }), lead: planPadding, trail: planPadding }) },
);

/** The plan the model submits with the session's `n`th tool call. */
export function planText(n: number, shape: PlanShape | undefined): string {
  let body = `# Plan ${n}: map the callers, then change them one by one`;
  if (!shape) return body;
  for (let step = 1; body.length < shape.length; step += 1) body += ` ${step}. Change caller ${step} and rerun its tests.`;
  return `${shape.lead}${body}${shape.trail}`;
}
