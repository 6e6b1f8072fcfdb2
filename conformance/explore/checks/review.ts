/**
 * What a plan review the host asks shows, compared with what the session
 * submitted and with REVIEW-01: the plan carried byte for byte (TOOL-04), a
 * question only for a plan the model submitted, and the review's shape. Each
 * returns the disagreement; the review seam (review-seam.ts), inside the
 * host's call into the kit, records it and answers the host.
 */
import type { Question } from '../../../src/index.js';
import { APPROVE } from '../../oracle/exit-review.js';
import type { Disagreement } from '../disagreement.js';
import { quote } from '../step-texts.js';

/** TOOL-04: the review for the agent named `name`, whose exit call submitted `plan`, does not carry it unchanged. */
export function reviewWithoutPlanDisagreement(
  name: string,
  plan: string,
  question: Question,
  reviewsAsked: number,
): Disagreement {
  return {
    clauses: ['TOOL-04'],
    check: 'review-shows-plan',
    message: `the plan review for ${name} does not carry the submitted plan (${plan.length} characters) unchanged: ${JSON.stringify(question.question.slice(0, 200))}`,
    step: {
      text: `plan review ${reviewsAsked} was asked for ${name}, showing the plan ${quote(plan)}`,
      midTurn: false,
    },
  };
}

/** TOOL-04: a plan review carrying no plan the model submitted (`agent`: the id the host named, if any). */
export function unsubmittedPlanDisagreement(
  agent: string | undefined,
  question: Question,
  reviewsAsked: number,
): Disagreement {
  return {
    clauses: ['TOOL-04'],
    check: 'review-carries-submitted-plan',
    message: `the host asked a question for ${agent ?? 'an agent'} that carries no plan the model submitted: ${JSON.stringify(question.question)}`,
    step: { text: `the user was asked ${reviewsAsked - 1} plan reviews`, midTurn: false },
  };
}

/** REVIEW-01: the review declares the plan-review intent, names Approve as approving, and offers it beside a keep-planning option. */
export function reviewShapeDisagreement(question: Question): Disagreement | undefined {
  const labels = question.options.map((option) => option.label);
  if (question.intent !== 'plan-review' || question.approveLabel !== APPROVE) {
    return {
      clauses: ['REVIEW-01'],
      check: 'review-declares-intent',
      message: `the plan review declares the intent ${JSON.stringify(question.intent)} and the approving label ${JSON.stringify(question.approveLabel)}`,
      step: { text: 'the review declares the plan-review intent and names Approve as approving', midTurn: false },
    };
  }
  if (!labels.includes(APPROVE) || !labels.some((label) => label !== APPROVE && label.trim().length > 0)) {
    return {
      clauses: ['REVIEW-01'],
      check: 'review-offers-keep-planning',
      message: `the plan review offers ${JSON.stringify(labels)}: Approve beside a keep-planning option is due`,
      step: { text: 'the review offers Approve beside a keep-planning option', midTurn: false },
    };
  }
  return undefined;
}
