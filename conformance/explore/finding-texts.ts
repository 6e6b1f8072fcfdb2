/**
 * The one wording of what checks find (findings.ts): each finding written as
 * the disagreement's message, for a reader, and the suite step that fails on
 * the host, for the printed scenario. Checks hand back data; only this module
 * turns it into text, as step-texts.ts does for the transcript's steps.
 */
import { type Disagreement, disagreement } from './disagreement.js';
import type { Finding, FindingCheck, FindingOf, FindingPlace, LayoutProblem } from './findings.js';
import { onOff, onOffList, quote } from './step-texts.js';

type Worded = { message: string; step: { text: string; midTurn: boolean } };

/** The finding as the disagreement a session records (undefined stays undefined: nothing was found). */
export function worded(finding: Finding): Disagreement;
export function worded(finding: Finding | undefined): Disagreement | undefined;
export function worded(finding: Finding | undefined): Disagreement | undefined {
  if (!finding) return undefined;
  const { message, step } = (WORDINGS[finding.check] as (finding: Finding) => Worded)(finding);
  return disagreement(finding.check, finding.clauses, message, step);
}

/** A layout problem in words (the suite's `request N is (not) in plan mode` steps read the prompt the same way). */
export function layoutProblemText(problem: LayoutProblem): string {
  switch (problem.kind) {
    case 'unreadable':
      return problem.problem;
    case 'section-count':
      return `the configured section appears ${problem.count} time(s) in the system prompt`;
    case 'section-not-alone':
      return problem.otherState === undefined
        ? `order 50 should hold the section between two of the host's separators ${JSON.stringify(problem.separator)}; it holds ${JSON.stringify(problem.held.slice(0, 300))}`
        : `order 50 should hold what it held out of plan mode (${JSON.stringify(problem.otherState.slice(0, 300))}) and the section with one of the host's separators ${JSON.stringify(problem.separator)}, the section between two of them; it holds ${JSON.stringify(problem.held.slice(0, 300))}`;
    case 'inactive-not-empty':
      return problem.otherState === undefined
        ? `while inactive order 50 should not hold the section; it holds ${JSON.stringify(problem.held.slice(0, 300))}`
        : `while inactive order 50 should hold what it held in plan mode (${JSON.stringify(problem.otherState.slice(0, 300))}) without the section and one of the host's separators ${JSON.stringify(problem.separator)}; it holds ${JSON.stringify(problem.held.slice(0, 300))}`;
  }
}

const step = (text: string, midTurn = false) => ({ text, midTurn });

/** `request N of AGENT`, where a finding was seen. */
function request(where: FindingPlace, n = where.request): string {
  return `request ${n} of ${where.agent}`;
}

/** A step checked now, or, made while the model handles a request (`where.during`), worded as one and marked mid-turn. */
function whileHandling(where: FindingPlace, text: string) {
  const { during } = where;
  return step(
    during ? `while the model handles request ${during.n} of ${during.agent}, ${text}` : text,
    during !== undefined,
  );
}

const isOrNot = (active: boolean): string => (active ? 'is' : 'is not');

function noticesStep(where: FindingPlace, notices: string[]) {
  return step(`${request(where)} carries the notices ${quote(notices.length === 0 ? 'none' : notices.join(', '))}`);
}

function userTextsStep(where: FindingPlace, texts: string[]) {
  return step(`${request(where)} adds the user texts ${quote(texts.length === 0 ? 'none' : texts.join(' | '))}`);
}

/** What the step calls each probe tool's result (SCOPE-02). */
const TOOL_RESULT = { read: 'probe tool', write: 'writing probe tool', command: 'command-running probe tool' } as const;

function exitFailing(where: FindingPlace) {
  return step(`${request(where)} shows exit_plan_mode failing`);
}

const WORDINGS: { [C in FindingCheck]: (finding: FindingOf<C>) => Worded } = {
  'get-state': ({ where, expected, observed }) => {
    const phrase =
      expected.pending === undefined
        ? `get reports plan mode ${onOff(expected.active)} for ${where.agent}, no other mode pending`
        : `get reports plan mode ${onOff(expected.active)} for ${where.agent}, plan mode ${onOff(expected.pending)} pending`;
    const described =
      expected.pending === undefined
        ? `{"active":${expected.active}} (or a pending equal to active)`
        : JSON.stringify(expected);
    return {
      message: `get(${where.agent}) is ${JSON.stringify(observed)}; the oracle ${described}`,
      step: whileHandling(where, phrase),
    };
  },
  'logged-events': ({ where, expected, observed }) => ({
    message: `the plan/mode events ${where.agent} logged are ${JSON.stringify(observed)}; the oracle ${JSON.stringify(expected.map((active) => ({ active })))}`,
    step: step(`the plan/mode events ${where.agent} logged itself are ${onOffList(expected)}`),
  }),
  'projection-fold': ({ where, expected, observed }) => ({
    message: `the projection of ${where.agent} is ${JSON.stringify(observed)}; the log folds to ${JSON.stringify(expected)}`,
    step: step(
      `the projection of ${where.agent} shows plan mode ${onOff(expected.active)} with ${expected.pending ? 'a selection pending' : 'nothing pending'}`,
    ),
  }),
  'observers-told': ({ where, expected, observed }) => ({
    message: `observers of ${where.agent} were told of ${JSON.stringify(observed)}; the log holds ${JSON.stringify(expected)}`,
    step: step(
      `observers of ${where.agent} were told of the plan/mode events ${onOffList(expected.map((payload) => payload.active === true))}`,
    ),
  }),
  'projection-pushes-unfolded': ({ where, expected, observed }) => ({
    message:
      'pushed' in observed
        ? `the projection of ${where.agent} pushed ${observed.pushed.length} view(s) ${JSON.stringify(observed.pushed)} for ${expected.folded} event(s) the plan unit folds (of ${observed.logged.length} logged: ${JSON.stringify(observed.logged)})`
        : `the views the projection of ${where.agent} pushed earlier changed: ${JSON.stringify(expected.earlierPushes)}, now ${JSON.stringify(observed.earlierPushes)}`,
    step: step(`since then the projection of ${where.agent} pushed no view for an event the plan unit does not fold`),
  }),
  'projection-pushed-change': ({ where, expected, observed }) => ({
    message: `the view of ${where.agent} changed from ${JSON.stringify(observed.viewBefore)} to ${JSON.stringify(expected.lastPush)}; the registry pushed ${JSON.stringify(observed.pushed)} since`,
    step: step(`since then the projection of ${where.agent} pushed the view it now shows`),
  }),
  'projection-pushes-folded': ({ where, expected, observed }) => ({
    message: `the projection of ${where.agent} pushed ${JSON.stringify(observed.unfolded)} (of ${JSON.stringify(observed.pushed)}), a view its log never folded to since it was noted: ${JSON.stringify(expected.folds)}`,
    step: step(`since then every view the projection of ${where.agent} pushed is one its log folds to`),
  }),
  'exit-reachable-in-mode': ({ where, expected, observed }) => {
    const { sdk } = observed;
    const sdkText =
      sdk === undefined
        ? 'absent'
        : `${sdk.shown ? 'shown' : 'not shown to the model'}, ${sdk.namesExit ? 'naming' : 'not naming'} exit_plan_mode`;
    return {
      message: `${request(where)} does not reach exit_plan_mode the way ${expected.mode} mode reaches tools (wire tools ${JSON.stringify(observed.wireTools)}; SDK text ${sdkText})`,
      step: step(`${request(where)} reaches exit_plan_mode the way ${expected.mode} mode reaches tools`),
    };
  },
  'tool-sdk-stable': ({ where, expected }) => ({
    message: `the SDK text of ${request(where)} differs from that of its request ${expected.sameAsRequest}`,
    step: step('every request showed the same SDK text'),
  }),
  'review-shows-plan': ({ where, expected, observed }) => ({
    message: `the plan review for ${where.agent} does not carry the submitted plan (${expected.plan.length} characters) unchanged: ${JSON.stringify(observed.question.slice(0, 200))}`,
    step: step(`plan review ${expected.review} was asked for ${where.agent}, showing the plan ${quote(expected.plan)}`),
  }),
  'review-carries-submitted-plan': ({ where, expected, observed }) => ({
    message: `the host asked a question for ${where.agent ?? 'an agent'} that carries no plan the model submitted: ${JSON.stringify(observed.question)}`,
    step: step(`the user was asked ${expected.reviewsBefore} plan reviews`),
  }),
  'review-declares-intent': ({ observed }) => ({
    message: `the plan review declares the intent ${JSON.stringify(observed.intent)} and the approving label ${JSON.stringify(observed.approveLabel)}`,
    step: step('the review declares the plan-review intent and names Approve as approving'),
  }),
  'review-offers-keep-planning': ({ observed }) => ({
    message: `the plan review offers ${JSON.stringify(observed.labels)}: Approve beside a keep-planning option is due`,
    step: step('the review offers Approve beside a keep-planning option'),
  }),
  'section-text': ({ where, expected, observed }) => ({
    message: `${request(where)}: order 50 holds ${JSON.stringify(observed.atOrder50.slice(0, 300))}, not the configured section ${JSON.stringify(expected.section.slice(0, 300))} byte for byte`,
    step: step(`${request(where)} is in plan mode`),
  }),
  'extra-request': ({ where, expected, observed }) => ({
    message: `${where.agent} made request ${observed.requests} after the model's final answer, with nothing steered`,
    step: step(`the number of model requests of ${where.agent} is ${expected.requests}`),
  }),
  'request-in-plan-mode': ({ where, expected, observed }) => ({
    message: `${request(where)} (${where.requestKind}) ${isOrNot(observed.inPlanMode)} in plan mode; the oracle says it ${isOrNot(expected.inPlanMode)}`,
    step: step(`${request(where)} ${isOrNot(expected.inPlanMode)} in plan mode`),
  }),
  'log-at-request': ({ where, expected, observed }) => ({
    message: `when ${request(where)} reached the model its log folded to ${onOff(observed.logFolded)}; the request should be assembled ${onOff(expected.inPlanMode)}`,
    step: step(`when ${request(where)} reached the model, its log folded to plan mode ${onOff(expected.inPlanMode)}`),
  }),
  'section-order': ({ where, observed }) => ({
    message: `${request(where)}: ${observed.problem}`,
    step: step(`${request(where)} is in plan mode`),
  }),
  'section-layout': ({ where, expected, observed }) => ({
    message: `${request(where)}: ${layoutProblemText(observed)}`,
    step: step(`${request(where)} ${isOrNot(expected.inPlanMode)} in plan mode`),
  }),
  'notice-count': ({ where, expected, observed }) =>
    expected.sinceCompaction
      ? {
          message: `${request(where)} carries ${observed.notices.length} notice(s); ${expected.notices.length} were added since its history was compacted (${expected.notices.join(', ')})`,
          step: step(`${request(where)} ends with the notices ${quote(expected.notices.join(', '))}`),
        }
      : {
          message: `${request(where)} carries ${observed.notices.length} notice(s); the oracle ${expected.notices.length} (${expected.notices.join(', ') || 'none'})`,
          step: noticesStep(where, expected.notices),
        },
  'notice-text': ({ where, expected, observed }) => ({
    message: `${request(where)}: ${observed.problem}`,
    step: noticesStep(where, expected.notices),
  }),
  'history-repeated': ({ where, expected }) => ({
    message: `${request(where)} does not repeat the messages of request ${expected.repeats} before adding its own`,
    step: userTextsStep(where, expected.texts),
  }),
  'user-texts': ({ where, expected, observed }) => ({
    message: `${request(where)} adds the user texts ${JSON.stringify(observed.texts)}; the oracle ${JSON.stringify(expected.texts)}`,
    step: userTextsStep(where, expected.texts),
  }),
  'steered-before-prompt': ({ where, expected, observed }) => ({
    message: `${request(where)} adds ${JSON.stringify(observed.texts)}: the steered message(s) ${JSON.stringify(expected.steeredFirst)} that waited for this turn must come before its prompt`,
    step: userTextsStep(where, expected.texts),
  }),
  'steered-order': ({ where, expected, observed }) => ({
    message: `${request(where)} adds ${JSON.stringify(observed.texts)}: the steered messages ${JSON.stringify(expected.typed)} must come in the order typed`,
    step: step(`${request(where)} adds the user texts ${quote(expected.typed.join(' | '))} in the order typed`),
  }),
  'prompt-before-order-50': ({ where, expected }) => ({
    message: `the system prompt of ${request(where)} differs before order 50 from that of its request ${expected.sameAsRequest}, assembled in the other plan state`,
    step: step(
      `the system prompts of ${request(where, expected.sameAsRequest)} and ${request(where)} are identical up to order 50`,
    ),
  }),
  'message-provenance': ({ where, observed }) => ({
    message: `${request(where)}: message ${observed.index + 1} ${JSON.stringify(observed.stray).slice(0, 300)} is ${observed.why}`,
    step: step('no model request carries a plan/mode record'),
  }),
  'user-message-blocks': ({ where, expected, observed }) => ({
    message: `${request(where)} carries the user message ${JSON.stringify(expected.text)} as the blocks ${JSON.stringify(observed.blocks)}; it should hold ${expected.images.length} image(s) (${expected.images.join(', ') || 'none'}) and then its text`,
    step: step(
      `${request(where)} adds a user message holding the images ${quote(expected.images.join(', ') || 'none')} and then the text ${quote(expected.text)}`,
    ),
  }),
  'exit-tool-offered': ({ where, observed }) => ({
    message: `${request(where)} does not offer exit_plan_mode taking a required string 'plan': ${JSON.stringify(observed.offered)}`,
    step: step(`${request(where)} offers exit_plan_mode taking a string "plan"`),
  }),
  'tool-catalog-stable': ({ where, expected }) => ({
    message: `the tool catalog of ${request(where)} differs from that of its request ${expected.sameAsRequest}`,
    step: step(`${request(where)} and ${request(where, expected.sameAsRequest)} carry the same tool catalog`),
  }),
  'exit-result-present': ({ where, expected }) => ({
    message: `${request(where)} carries no result for the exit_plan_mode call ${expected.callId}`,
    step: exitFailing(where),
  }),
  'exit-outside-plan-mode-asks-no-review': ({ where, expected, observed }) => ({
    message: `exit_plan_mode outside plan mode opened ${observed.reviews} review(s) for ${where.agent}`,
    step: step(`the user was asked ${expected.reviewsBefore} plan reviews`),
  }),
  'program-exit-outside-plan-mode-asks-no-review': ({ where, expected, observed }) => ({
    message: `a program's exit_plan_mode outside plan mode opened ${observed.reviews} review(s) for ${where.agent}`,
    step: step(`the user was asked ${expected.reviewsBefore} plan reviews`),
  }),
  'exit-opens-review-without-intent': ({ where, expected, observed }) => ({
    message: `${where.program ? "a program's " : ''}exit_plan_mode for ${where.agent}, which must open no review, asked ${observed.reviewLike} question(s) reading as a plan review without its intent`,
    step: step(`the user was asked ${expected.reviewLikeBefore} questions that read as a plan review`),
  }),
  'host-questions-across-modes': ({ where, expected, observed }) => ({
    message: `${expected.tool} called first by ${where.agent} ${observed.active ? 'in' : 'outside'} plan mode (${request(where)}) brought the host's questions ${JSON.stringify(observed.shapes)}; called first by ${expected.other.agent} ${expected.other.active ? 'in' : 'outside'} it (request ${expected.other.request}), ${JSON.stringify(expected.shapes)}: plan mode changed the host's approval questions`,
    step: step(
      expected.askedBefore !== undefined
        ? `${where.agent} was asked ${expected.askedBefore + expected.shapes.length} questions besides plan reviews`
        : observed.active
          ? `${where.agent} in plan mode was asked the same questions besides plan reviews as ${expected.other.agent} outside it`
          : `${expected.other.agent} in plan mode was asked the same questions besides plan reviews as ${where.agent} outside it`,
    ),
  }),
  'exit-outside-plan-mode-fails': ({ where, observed }) => ({
    message: `exit_plan_mode outside plan mode succeeded for ${where.agent}: ${JSON.stringify(observed.text)}`,
    step: exitFailing(where),
  }),
  'owned-child-refused-review': ({ where, expected, observed }) =>
    where.program
      ? {
          message: `a program's exit_plan_mode of the owned child ${where.agent} opened ${observed.reviews} review(s)`,
          step: step(`the user was asked ${expected.reviewsBefore} plan reviews`),
        }
      : {
          message: `exit_plan_mode of the owned child ${where.agent} ${observed.reviews > 0 ? `opened ${observed.reviews} review(s)` : 'succeeded'}`,
          step: step(`${request(where)} shows exit_plan_mode failing without a review`),
        },
  'review-count': ({ where, expected, observed }) => ({
    message: `exit_plan_mode in plan mode opened ${observed.reviews} reviews for ${where.agent}; exactly one is due`,
    step: step(`the user was asked ${expected.reviewsBefore + 1} plan reviews`),
  }),
  'program-exit-review-count': ({ where, expected, observed }) => ({
    message: `a program's exit_plan_mode in plan mode opened ${observed.reviews} reviews for ${where.agent}; exactly one is due`,
    step: step(`the user was asked ${expected.reviewsBefore + 1} plan reviews`),
  }),
  'exit-unasked-fails': ({ where }) => ({
    message: `exit_plan_mode succeeded for ${where.agent} without asking the user`,
    step: exitFailing(where),
  }),
  'approved-exit-succeeds': ({ where, observed }) => ({
    message: `the review of ${where.agent} was approved, yet exit_plan_mode answered ${JSON.stringify({ isError: observed.isError, value: observed.value })}; an approval succeeds with the value { approved: true }`,
    step: step(`${request(where)} shows exit_plan_mode succeeding`),
  }),
  'refused-exit-fails': ({ where, expected }) => ({
    message: `the review of ${where.agent} answered ${expected.answer} is not consent, yet exit_plan_mode succeeded`,
    step: exitFailing(where),
  }),
  'refusal-carries-text': ({ where, expected, observed }) => ({
    message: `the failed exit_plan_mode of ${where.agent} (${expected.answer}) does not carry ${JSON.stringify(expected.text)}: ${JSON.stringify(observed.text)}`,
    step: step(`${request(where)} shows exit_plan_mode failing with a message containing ${quote(expected.text)}`),
  }),
  'tool-result': ({ where, expected, observed }) => ({
    message: `${request(where)} shows the result of ${expected.tool} as ${JSON.stringify(observed.result)}`,
    step: step(`${request(where)} shows the ${TOOL_RESULT[expected.effect]} result`),
  }),
  'set-outcome': ({ where, expected, observed }) => ({
    message: `set(${where.agent}, ${expected.active}) answered ${observed.outcome}, the oracle ${expected.outcome}`,
    step: step(`the set results were ${quote(expected.outcomes.join(', '))}`),
  }),
  'command-succeeds': ({ where, observed }) => ({
    message: `${JSON.stringify(where.line)} for ${where.agent} answered a failure: ${JSON.stringify(observed.text)}`,
    step: step('every command result so far is a success'),
  }),
  'plan-off-with-images-refused': ({ where, observed }) => ({
    message: `${JSON.stringify(where.line)} with images for ${where.agent} answered a success: ${JSON.stringify(observed.text)}`,
    step: step('the command failed'),
  }),
  'projection-after-refused-command': ({ where, expected, observed }) => {
    const pending = expected.projection.pending ? 'a selection pending' : 'nothing pending';
    const text = `the projection of ${where.agent} shows plan mode ${onOff(expected.projection.active)} with ${pending}`;
    return {
      message: `after ${JSON.stringify(where.line)} with images the projection of ${where.agent} is ${JSON.stringify(observed.projection)}, the oracle ${JSON.stringify(expected.projection)}`,
      step: whileHandling(where, text),
    };
  },
  'projection-agrees-with-get': ({ where, expected, observed }) => ({
    message: `after ${JSON.stringify(where.line)} the projection of ${where.agent} is ${JSON.stringify(observed.projection)}, get ${JSON.stringify(expected.agreeingWith)}`,
    step: whileHandling(where, `the projection of ${where.agent} agrees with get`),
  }),
  'command-texts-differ': ({ expected, observed }) => ({
    message: `commands ${expected.commands[0]} and ${expected.commands[1]} report different outcomes (${expected.outcomes[0]}, ${expected.outcomes[1]}) with the same text ${JSON.stringify(observed.text)}`,
    step: step(`the results of commands ${expected.commands[0]} and ${expected.commands[1]} differ`),
  }),
  'request-count': ({ where, expected, observed }) => ({
    message: `${where.agent} made ${observed.made} model request(s) in the turn, the session scripted ${expected.planned}`,
    step: step(`the number of model requests of ${where.agent} is ${expected.requests}`),
  }),
  'invalid-configuration-refused': ({ expected }) => ({
    message: `the host started on a plan-mode configuration with ${expected.why}: ${JSON.stringify(expected.config)}`,
    step: step('the host refuses to start'),
  }),
  'unknown-key-named': ({ expected, observed }) => ({
    message: `the host refused a plan-mode configuration with keys besides section (${expected.keys.join(', ')}) without naming one: ${JSON.stringify(observed.message)}`,
    step: step(`the host refuses to start with a message naming ${quote(expected.keys.join(' or '))}`),
  }),
  'dismissal-distinct': ({ where, expected, observed }) => ({
    message: `the failure of a dismissed review reads like that of ${expected.unlikeAnswer} for ${where.agent}: ${JSON.stringify(observed.text)}`,
    step: step(`${request(where)} shows exit_plan_mode result ${expected.dismissal} unlike result ${expected.unlike}`),
  }),
};
