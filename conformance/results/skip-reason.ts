/** Media type of the attachment a skip hook leaves so reports can say why. */
export const SKIP_REASON_MEDIA_TYPE = 'text/x.plan-mode-conformance.skip-reason';
