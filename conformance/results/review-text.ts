/**
 * Texts the kit does not judge by wording (docs/clauses.md: "Text is never judged by
 * its wording") are shown to a person instead. A step that meets such a text
 * attaches it with this media type; the result collector keeps one example
 * per kind for the reports.
 */
export const REVIEW_TEXT_MEDIA_TYPE = 'application/x.plan-mode-conformance.review-text+json';

/** The kinds of text a person should read, with what each is meant to say. */
export const REVIEW_TEXT_KINDS = {
  'entry-notice': 'tells the model the user switched to plan mode',
  'exit-notice': 'tells the model the user switched back to the default mode',
  'exit-approved-result': 'confirms the plan was approved and plan mode is over',
  'exit-outside-plan-failure': 'says exit_plan_mode only works in plan mode',
  'keep-planning-failure': 'says the user wants more planning, with their feedback',
  'dismissal-failure': 'says the user is taking over: stay in plan mode, stop, wait for their message',
  'seam-error-failure': "carries the question seam's own error",
  'command-result': 'reports what the /plan line did',
  'command-error': 'says why /plan off with images changed nothing (rc.8)',
  'owned-child-review-failure':
    'tells a delegated child it cannot open the review: put the unresolved decision in its final result (rc.8)',
  'config-error': 'explains why the plan-mode configuration was refused',
} as const;
export type ReviewTextKind = keyof typeof REVIEW_TEXT_KINDS;

export interface ReviewTextAttachment {
  kind: ReviewTextKind;
  text: string;
}
