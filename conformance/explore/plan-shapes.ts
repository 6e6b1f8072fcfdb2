/** Plans of generated length, padding and text, which a review must carry byte for byte (TOOL-04, TOOL-08). */
import fc from 'fast-check';
import type { PlanShape } from './moves.js';
import { texts } from './values/texts.js';

/** White space around a plan (no line feeds: a printed scenario holds the plan in one Gherkin string). */
const planPadding = fc.constantFrom('', ' ', '  ', '\t', ' \t ');

/** Plans of generated length: up to a page, or tens of kilobytes (an exit without a shape submits a one-line plan). */
// A text of the whole domain in two plans of three: invisible and format characters, NFD, line breaks, 64 KiB now and then.
const planBodyText = fc.option(
  texts({ long: true }).map(({ text }) => text),
  { nil: undefined, freq: 3 },
);

export const planShapes: fc.Arbitrary<PlanShape> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record(
      { length: fc.integer({ min: 1, max: 2_000 }), lead: planPadding, trail: planPadding, text: planBodyText },
      { requiredKeys: ['length', 'lead', 'trail'] },
    ),
  },
  {
    weight: 1,
    arbitrary: fc.record({ length: fc.integer({ min: 10_000, max: 40_000 }), lead: planPadding, trail: planPadding }),
  },
);

/** The plan the model submits with the session's `n`th tool call: a heading, the shape's text, then numbered steps to its length. */
export function planText(n: number, shape: PlanShape | undefined): string {
  let body = `# Plan ${n}: map the callers, then change them one by one`;
  if (!shape) return body;
  if (shape.text !== undefined) body += `\n${shape.text}\n`;
  // Every fourth step is Markdown markup a renderer would hide (an HTML comment): the review carries it all the same.
  for (let step = 1; body.length < shape.length; step += 1)
    body +=
      step % 4 === 0
        ? ` <!-- ${step}: ask the owners first -->`
        : ` ${step}. Change caller ${step} and rerun its tests.`;
  return `${shape.lead}${body}${shape.trail}`;
}
