/**
 * The choices docs/clauses.md leaves open ("Left open by the seed", and the MAYs an
 * edition adds, such as rc.8's PROJ-02 push), one key per bullet. Every bullet must be taken by at least one variant (catalog.ts), so
 * the matrix proves the suite passes a host whichever way it chooses.
 */
export const LEFT_OPEN = {
  wording: 'the wording of notices, exit_plan_mode results and failures, /plan results and error messages',
  'malformed-plan': 'whether exit_plan_mode refuses a plan it considers malformed, or reviews any string',
  'approve-empty-text': 'whether Approve with an empty free-text answer counts as consent',
  'header-timing': 'when within one request the request/header record is logged',
  bookkeeping: 'whether turn/start and turn/end are logged, and what other bookkeeping records are kept',
  separator: 'how the system prompt joins sections',
  'subscribe-snapshot': 'whether a projection registry pushes a snapshot when a subscriber attaches',
  retries: 'how many times a failed request is retried, and whether giving up rejects the prompt or ends the turn',
  'tool-position': 'where the exit tool stands in the tool catalog',
  'plan-placement': 'whether the review carries the plan in its question text or its detail',
  'header-content': 'what a logged request header records beyond being there',
  'observed-events': 'which other events session observers are told about',
  'steer-notice-order': 'the order of a steered /plan message and a notice that reach the same request',
  'prompt-order': 'whether the prompt is logged before or after the pending selection is applied',
  'idle-notice-timing':
    "when an idle commit's notice is written to the log: at the commit, or when the next request is assembled (that request carrying it after what the model has already seen)",
  'code-mode-sdk':
    "under a code mode (TOOL-07/08): the program language, the SDK's text and shape and where it reaches the model, and how a program's call and result are logged",
  'approval-policy':
    "the host's own sandbox and approval policy (SCOPE-02: plan mode neither reads nor writes it), such as asking the user before a tool changes something",
  'withdrawn-pending':
    'whether get still reports a pending equal to active after a withdrawal, until the next boundary (SET-03)',
  'steer-timing':
    'whether a message steered while the agent runs keeps the turn going, or waits for the next step (the first of the next turn, ahead of its prompt); logged once, in order, under plan guidance',
  'command-record-push':
    "rc.8: whether a /plan line's command/run or command/done that leaves the view unchanged causes a push (PROJ-02)",
  'fork-ownership':
    "0.0.1-rc.1 and rc.8: whether a fresh fork of a live owned child is owned too, by its origin's owner, and so refused the review (REVIEW-07 ties ownership to the running host; fork lineage alone makes no agent owned)",
  'command-done-record':
    '0.0.1-rc.1 (as the seed): whether the host logs a command/done record after a /plan line, which a two-kind projection does not fold (PROJ-02)',
} as const;

export type LeftOpenChoice = keyof typeof LEFT_OPEN;
