/**
 * What a plan review the host asks shows, compared with what the session
 * submitted and with REVIEW-01: the plan carried byte for byte (TOOL-04), a
 * question only for a plan the model submitted, and the review's shape. Each
 * returns what it found (findings.ts); the review seam (review-seam.ts), inside
 * the host's call into the kit, records it and answers the host.
 */
import type { Question } from '../../../src/index.js';
import { APPROVE } from '../../oracle/exit-review.js';
import type { FindingOf } from '../findings.js';

/** TOOL-04: the review for the agent named `name`, whose exit call submitted `plan`, does not carry it unchanged. */
export function reviewWithoutPlanFinding(
  name: string,
  plan: string,
  question: Question,
  reviewsAsked: number,
): FindingOf<'review-shows-plan'> {
  return {
    check: 'review-shows-plan',
    clauses: ['TOOL-04'],
    where: { agent: name },
    expected: { plan, review: reviewsAsked },
    observed: { question: question.question },
  };
}

/** TOOL-04: a plan review carrying no plan the model submitted (`agent`: the id the host named, if any). */
export function unsubmittedPlanFinding(
  agent: string | undefined,
  question: Question,
  reviewsAsked: number,
): FindingOf<'review-carries-submitted-plan'> {
  return {
    check: 'review-carries-submitted-plan',
    clauses: ['TOOL-04'],
    where: agent === undefined ? {} : { agent },
    expected: { reviewsBefore: reviewsAsked - 1 },
    observed: { question: question.question },
  };
}

/** REVIEW-01: the review declares the plan-review intent, names Approve as approving, and offers it beside a keep-planning option. */
export function reviewShapeFinding(
  question: Question,
): FindingOf<'review-declares-intent'> | FindingOf<'review-offers-keep-planning'> | undefined {
  const labels = question.options.map((option) => option.label);
  if (question.intent !== 'plan-review' || question.approveLabel !== APPROVE) {
    return {
      check: 'review-declares-intent',
      clauses: ['REVIEW-01'],
      where: {},
      expected: { intent: 'plan-review', approveLabel: APPROVE },
      observed: { intent: question.intent, approveLabel: question.approveLabel },
    };
  }
  if (!labels.includes(APPROVE) || !labels.some((label) => label !== APPROVE && label.trim().length > 0)) {
    return {
      check: 'review-offers-keep-planning',
      clauses: ['REVIEW-01'],
      where: {},
      expected: { approveLabel: APPROVE },
      observed: { labels },
    };
  }
  return undefined;
}
