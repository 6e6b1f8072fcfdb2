/**
 * The mutant matrix: deliberately broken variants of the reference, each a
 * patch on its sources, each declaring the clauses it breaks. The matrix
 * runner (matrix.ts) proves the suite rejects every one for the right reason.
 */
import { mutant, onlyIn, patch, type Mutant } from './mutant.js';
import { askBeforeChanges, PROBE_TOOL_EXECUTE } from './approval-policy.js';
import { BLIND_BATCH_R41_CATALOGUED } from './blind-batch-r41.js';
import { BLIND_BATCH_R42_CATALOGUED } from './blind-batch-r42.js';
import { BLIND_BATCH_R43_CATALOGUED } from './blind-batch-r43.js';
import { BLIND_BATCH_R44_CATALOGUED } from './blind-batch-r44.js';
import { BLIND_BATCH_R45_CATALOGUED } from './blind-batch-r45.js';
import { BLIND_BATCH_R46_CATALOGUED } from './blind-batch-r46.js';
import { BLIND_BATCH_R47_CATALOGUED } from './blind-batch-r47.js';
import { BLIND_BATCH_R48_CATALOGUED } from './blind-batch-r48.js';
import {
  AGENT,
  CODE_MODE,
  COMMAND,
  CONFIG,
  EXIT,
  HOST,
  NARRATION,
  PLUGIN,
  POLICY,
  PROJECTION,
  PROMPT,
  QUESTIONS,
  REVIEW,
  SERVICE,
  STATE,
  USER_INPUT,
} from './reference-sources.js';

export const MUTANTS: Mutant[] = [
  // SCOPE: state leaking between agents.
  mutant(
    'policy-shared-between-agents',
    ['SCOPE-01'],
    "Once any agent has been in plan mode, every agent's system prompt carries the plan section: the state leaks across agents.",
    patch(POLICY, 'export const POLICY_SECTION_NAME', 'let anyAgentActive = false;\nexport const POLICY_SECTION_NAME'),
    patch(
      POLICY,
      'policyText(foldPlanMode(ctx.readLog(agent)), section)',
      'policyText((anyAgentActive = anyAgentActive || foldPlanMode(ctx.readLog(agent))), section)',
    ),
  ),
  mutant(
    'probe-tool-refused-in-plan-mode',
    ['SCOPE-02'],
    'The read-only probe tool fails with "refused in plan mode" while plan mode is on, instead of running as usual.',
    patch(
      'host/tools.ts',
      "if (!tool) return { text: `Unknown tool '${name}'.`, isError: true };",
      "if (!tool) return { text: `Unknown tool '${name}'.`, isError: true };\n    if (name === 'probe_lookup' && JSON.stringify(context).length >= 0 && (globalThis as { planActive?: boolean }).planActive) return { text: 'refused in plan mode', isError: true };",
    ),
    patch(
      POLICY,
      'policyText(foldPlanMode(ctx.readLog(agent)), section)',
      'policyText(((globalThis as { planActive?: boolean }).planActive = foldPlanMode(ctx.readLog(agent))), section)',
    ),
  ),

  // STATE: the durable fact and its fold.
  mutant(
    'payload-carries-extra-key',
    ['STATE-01'],
    'The logged plan/mode event carries an extra key (`by`) beside `active`, so its payload is not exactly { active }.',
    patch(
      SERVICE,
      'return event(PLAN_MODE_EVENT, { active });',
      'return event(PLAN_MODE_EVENT, { active, by: "user" } as { active: boolean });',
    ),
  ),
  mutant(
    'plan-mode-record-in-history',
    ['STATE-01'],
    'Every logged plan/mode event also reaches the model, as a host message carrying its payload.',
    patch(
      'host/history.ts',
      "      case 'compaction':",
      "      case 'plan/mode':\n        messages.push({ role: 'user', source: 'host', text: JSON.stringify(e.payload) });\n        break;\n      case 'compaction':",
    ),
  ),
  mutant(
    'plan-mode-record-logged-as-host-message',
    ['STATE-01'],
    "Every plan/mode event is echoed into the model's history as a host message carrying its payload, and that message is logged as a host-sourced user message: the host's log vouches for the leak as a message of its own.",
    patch(
      'host/session-log.ts',
      '    this.bus.publish(this.agent, copy);\n  }',
      "    this.bus.publish(this.agent, copy);\n    if (copy.type === 'plan/mode') this.append({ type: 'user/message', payload: { source: 'host', text: JSON.stringify(copy.payload) } });\n  }",
    ),
  ),
  mutant(
    'context-message-while-active',
    ['MX-01', 'MX-03'],
    "While plan mode is active every request opens with a host message of its own the log never records (plan mode adds more than the section); out of plan mode it is gone. A constant context message is the host's own (it stands in every request of the agent); this one comes and goes with plan mode, so it is not (and leaving plan mode takes back a message the model saw, MX-03).",
    patch(
      AGENT,
      `      messages: deriveHistory(this.deps.log.read()),`,
      `      messages: this.deps.log
        .read()
        .filter((e) => e.type === 'plan/mode')
        .map((e) => (e.payload as { active?: boolean }).active)
        .at(-1)
        ? [{ role: 'user', source: 'host', text: '<environment>\\nmode: read-only\\n</environment>' }, ...deriveHistory(this.deps.log.read())]
        : deriveHistory(this.deps.log.read()),`,
    ),
  ),
  mutant(
    'context-message-names-the-mode',
    ['MX-01', 'MX-03'],
    "Every request opens with a host message of its own the log never records, whose text says whether plan mode is active: one text in every request of plan mode, another in every request out of it. It stands at the same place whatever the state, but its text changes at every switch and never between requests of one state, so it is plan mode's, not the host's (active plan mode adds exactly the section, inactive nothing; and a switch rewrites a message the model saw, MX-03). A host's own context message that changes (a clock, a counter) changes between requests of one state too.",
    patch(
      AGENT,
      `      messages: deriveHistory(this.deps.log.read()),`,
      `      messages: [
        {
          role: 'user',
          source: 'host',
          text: this.deps.log
            .read()
            .filter((e) => e.type === 'plan/mode')
            .map((e) => (e.payload as { active?: boolean }).active)
            .at(-1)
            ? '<environment>\\nmode: plan\\n</environment>'
            : '<environment>\\nmode: default\\n</environment>',
        },
        ...deriveHistory(this.deps.log.read()),
      ],`,
    ),
  ),
  mutant(
    'fold-sticks-at-first-activation',
    ['STATE-02', 'TOOL-05', 'SET-01'],
    'The fold of the log stops at the first activation: once plan mode was on, later events turning it off are ignored.',
    patch(
      STATE,
      'if (e.type === PLAN_MODE_EVENT) active = e.payload.active;',
      'if (e.type === PLAN_MODE_EVENT && !active) active = e.payload.active;',
    ),
  ),
  mutant(
    'fold-starts-active',
    ['STATE-02', 'POLICY-02', 'MX-01'],
    'The fold starts from "active", so an agent with no plan/mode event at all is in plan mode.',
    patch(STATE, 'let active = false;', 'let active = true;'),
  ),
  mutant(
    'restart-forgets-logged-state',
    ['STATE-03', 'LIM-01', 'PROJ-04'],
    'After a restart the fold ignores the persisted log, so a resumed agent loses its logged plan state.',
    patch(
      STATE,
      'for (const e of events) {',
      'for (const e of events.filter((candidate, index) => index >= events.length - 0 || !(globalThis as { restarted?: boolean }).restarted)) {',
    ),
    patch(
      'adapter.ts',
      'current().host.stop();\n      running = boot(options, planMode, observed, pushes);',
      'current().host.stop();\n      running = boot(options, planMode, observed, pushes);\n      (globalThis as { restarted?: boolean }).restarted = true;',
    ),
    patch(
      'adapter.ts',
      'running.host.stop();\n      disposed = true;',
      'running.host.stop();\n      disposed = true;\n      (globalThis as { restarted?: boolean }).restarted = false;',
    ),
  ),
  mutant(
    'running-flag-shared-by-agents',
    ['SET-02', 'SCOPE-01'],
    "Whether an agent is running also reads one host-wide busy flag, which the end of any agent's turn clears: once another agent's turn ends, a selection for an agent still in flight commits at once instead of waiting.",
    patch(
      'host/agent.ts',
      'export class Agent {\n  private turnOpen = false;',
      'let anyTurnOpen = false;\nexport class Agent {\n  private turnOpen = false;',
    ),
    patch('host/agent.ts', '    return this.turnOpen;\n  }', '    return this.turnOpen && anyTurnOpen;\n  }'),
    patch(
      'host/agent.ts',
      '    this.turnOpen = true;\n    try {',
      '    this.turnOpen = true;\n    anyTurnOpen = true;\n    try {',
    ),
    patch(
      'host/agent.ts',
      '        this.turnOpen = false;\n      }',
      '        this.turnOpen = false;\n        anyTurnOpen = false;\n      }',
    ),
  ),
  mutant(
    'fork-reloaded-from-origin',
    ['STATE-03', 'STATE-04'],
    "After a restart a fork is loaded from its origin's log instead of its own, so what either did after the fork is mixed up.",
    patch(
      'host/host.ts',
      'this.load(record, new SessionLog(record.id, this.store, this.bus, this.store.readEvents(record.id)));',
      'this.load(record, new SessionLog(record.id, this.store, this.bus, this.store.readEvents(record.forkOf ?? record.id)));',
    ),
  ),
  mutant(
    'agent-ids-restart-from-one',
    ['STATE-03', 'SCOPE-01'],
    'Agent ids are counted per process, so an agent created after a restart takes the id (and the log) of one made before it.',
    patch(
      'host/host.ts',
      '  private readonly records: AgentRecord[] = [];',
      '  private readonly records: AgentRecord[] = [];\n  private issued = 0;',
    ),
    patch(
      'host/host.ts',
      '    const used = this.records',
      '    if (this.issued >= 0) return `agent-${++this.issued}`;\n    const used = this.records',
    ),
  ),
  mutant(
    'fork-starts-empty',
    ['STATE-04'],
    "A fork copies its origin's log without the plan/mode events, so it starts outside plan mode whatever its origin's state.",
    patch(
      'host/host.ts',
      'return this.addAgent({ id: this.nextId(), forkOf: agent }, events);',
      'return this.addAgent({ id: this.nextId(), forkOf: agent }, events.filter((e) => e.type !== "plan/mode"));',
    ),
  ),
  mutant(
    'compaction-resets-plan-mode',
    ['STATE-05'],
    "Compacting an agent's history turns plan mode off.",
    patch(
      STATE,
      'if (e.type === PLAN_MODE_EVENT) active = e.payload.active;',
      'if (e.type === PLAN_MODE_EVENT) active = e.payload.active;\n    if (e.type === "compaction") active = false;',
    ),
  ),
  mutant(
    'observers-miss-plan-mode',
    ['STATE-06'],
    'Session observers are never told of plan/mode events, although they are logged.',
    patch('adapter.ts', 'list.push(toContractEvent(e));', 'if (e.type !== "plan/mode") list.push(toContractEvent(e));'),
  ),
  mutant(
    'spawned-child-starts-in-plan-mode',
    ['STATE-07'],
    'A newly spawned agent starts with a plan/mode event already active in its log.',
    patch(
      'host/host.ts',
      'return this.addAgent({ id: this.nextId(), parent }, []);',
      'return this.addAgent({ id: this.nextId(), parent }, [{ type: "plan/mode", payload: { active: true } } as SessionEvent]);',
    ),
  ),

  // SET: committing, queueing, cancelling, boundaries.
  mutant(
    'idle-set-is-queued',
    ['SET-01'],
    'set() on an idle agent is held as pending and answers `queued` instead of committing at once.',
    patch(SERVICE, "if (running) return 'queued';", "if (running || !running) return 'queued';"),
  ),
  mutant(
    'running-set-commits',
    ['SET-02', 'SET-06'],
    'set() while a turn is open commits at once instead of waiting for the next request boundary.',
    patch(SERVICE, "if (running) return 'queued';\n", ''),
  ),
  mutant(
    'cancel-reported-as-noop',
    ['SET-03'],
    'Withdrawing a pending selection works but answers `noop` instead of `cancelled`.',
    patch(SERVICE, "if (pending !== undefined) return 'cancelled';", "if (pending !== undefined) return 'noop';"),
  ),
  mutant(
    'cancel-keeps-pending',
    ['SET-03', 'SET-07', 'CMD-05'],
    'A set() back to the logged state answers `cancelled` but keeps the pending selection, so the next boundary applies it anyway.',
    patch(SERVICE, "if (outcome === 'cancelled') this.pending.delete(agent);", ''),
  ),
  mutant(
    'repeat-set-queued-again',
    ['SET-04'],
    'A set() to the target already pending answers `queued` again instead of `noop`.',
    patch(
      SERVICE,
      "if (pending !== undefined && target === pending) return 'noop';",
      "if (pending !== undefined && target === pending) return 'queued';",
    ),
  ),
  mutant(
    'same-state-set-commits',
    ['SET-04'],
    'An idle set() to the state already logged appends a second, identical plan/mode event instead of answering `noop`.',
    patch(SERVICE, "if (target === logged) return 'noop';", "if (target === logged && running) return 'noop';"),
  ),
  mutant(
    'get-always-reports-pending',
    ['SET-05'],
    'get() always reports a `pending` (equal to `active`) even when nothing waits.',
    patch(
      SERVICE,
      'if (pending === undefined) return { active };',
      'if (pending === undefined) return { active, pending: active };',
    ),
  ),
  mutant(
    'get-reports-target-as-active',
    ['SET-05'],
    'While a selection waits, get() reports the pending target as `active` instead of the logged state.',
    patch(SERVICE, 'return { active, pending };', 'return { active: pending, pending };'),
  ),
  mutant(
    'pending-applied-one-request-late',
    ['SET-06'],
    'A pending selection is applied one request boundary late: the request right after the selection still has the old state.',
    patch(
      SERVICE,
      'export type SetOutcome',
      'const lateTargets = new Map<string, boolean | undefined>();\nexport type SetOutcome',
    ),
    patch(
      SERVICE,
      'const target = this.pending.get(agent);\n    if (target === undefined) return;',
      'const target = lateTargets.get(agent);\n    lateTargets.set(agent, this.pending.get(agent));\n    if (target === undefined) return;',
    ),
  ),
  mutant(
    'pending-ignored-at-continuation',
    ['SET-06'],
    'A pending selection is not applied at an ordinary continuation (the request after tool results), only at the next prompt or retry.',
    patch(
      PLUGIN,
      'ctx.onBoundary(({ agent }) => selections.applyPending(agent));',
      "ctx.onBoundary(({ agent, kind }) => { if (kind !== 'continuation') selections.applyPending(agent); });",
    ),
  ),
  // Right in rc.8, whose retry is no boundary (its hooks never see one): a break of the seed's reading only.
  onlyIn(
    ['seed'],
    mutant(
      'pending-ignored-at-retry',
      ['SET-06'],
      'A pending selection is not applied when a failed request is retried, only at the next prompt or continuation.',
      patch(
        PLUGIN,
        'ctx.onBoundary(({ agent }) => selections.applyPending(agent));',
        "ctx.onBoundary(({ agent, kind }) => { if (kind !== 'retry') selections.applyPending(agent); });",
      ),
    ),
  ),
  mutant(
    'netted-selection-still-logged',
    ['SET-07'],
    'Selections that net out to the logged state before a boundary still append a plan/mode event at that boundary.',
    patch(
      SERVICE,
      "if (outcome === 'cancelled') this.pending.delete(agent);",
      "if (outcome === 'cancelled') this.pending.set(agent, active);",
    ),
    patch(
      SERVICE,
      'if (target === this.logged(agent)) return;\n    this.commitSelection(agent, target);',
      'this.commitSelection(agent, target);',
    ),
  ),
  mutant(
    'applied-selection-applied-again',
    ['SET-08'],
    'A selection applied at a boundary stays pending, so the next boundary appends it again.',
    patch(
      SERVICE,
      'this.pending.delete(agent);\n    if (target === this.logged(agent)) return;',
      'if (target === this.logged(agent) && Math.random() > 2) return;',
    ),
    patch(
      SERVICE,
      'if (target !== logged) return target;\n    this.pending.delete(agent);\n    return undefined;',
      'if (target !== logged) return target;\n    return undefined;',
    ),
  ),

  // NARR: notices.
  mutant(
    'no-notice-ever',
    ['NARR-01'],
    'No notice is ever added when the user switches plan mode, so the model is never told.',
    patch(
      SERVICE,
      'if (needsNotice(this.ctx.readLog(agent), active))',
      'if (false && needsNotice(this.ctx.readLog(agent), active))',
    ),
  ),
  // Notice wording is free; what a model cannot do without is telling entry and exit apart, and reading the same notice the same way every time.
  mutant(
    'notice-same-both-ways',
    ['NARR-01'],
    'The notice for leaving plan mode reads the same as the one for entering it, so the model cannot tell which way the user switched.',
    patch(NARRATION, 'return active ? ENTER_NOTICE : EXIT_NOTICE;', 'return active ? ENTER_NOTICE : ENTER_NOTICE;'),
  ),
  mutant(
    'notice-text-varies',
    ['NARR-01'],
    'Every notice carries a running count, so the same switch reads differently each time.',
    patch(
      NARRATION,
      'export function noticeText(active: boolean): string {',
      'let noticesSoFar = 0;\nexport function noticeText(active: boolean): string {\n  noticesSoFar += 1;\n  if (noticesSoFar > 0) return `${active ? ENTER_NOTICE : EXIT_NOTICE} (notice ${noticesSoFar})`;',
    ),
  ),
  mutant(
    'notice-sourced-as-user',
    ['NARR-01'],
    'Notices are logged as messages from the user instead of from the plugin.',
    patch(NARRATION, "source: 'plugin'", "source: 'user'"),
  ),
  mutant(
    'notice-before-any-request',
    ['NARR-02'],
    "A selection made before the agent's first request already adds a notice, although no request described the other state.",
    patch(NARRATION, 'if (described === undefined) return false;', 'if (described === undefined) return true;'),
  ),
  mutant(
    'notice-when-header-already-agrees',
    ['NARR-02'],
    'A notice is added on every committed selection, even when the last request header already described the committed state.',
    patch(NARRATION, 'return described !== committed;', 'return described !== undefined;'),
  ),
  mutant(
    'notice-on-cancel',
    ['NARR-03', 'CMD-05'],
    'Withdrawing a pending selection adds a notice, although no request ever saw the withdrawn state.',
    patch(
      SERVICE,
      "if (outcome === 'cancelled') this.pending.delete(agent);",
      "if (outcome === 'cancelled') {\n      this.pending.delete(agent);\n      this.ctx.append(agent, noticeEvent(active));\n    }",
    ),
  ),
  mutant(
    'notice-after-approved-exit',
    ['NARR-04'],
    'An exit approved through exit_plan_mode also adds a notice, as if the user had switched.',
    patch(
      SERVICE,
      'commitApprovedExit(agent: string): void {\n    this.ctx.append(agent, planModeEvent(false));',
      'commitApprovedExit(agent: string): void {\n    this.commitSelection(agent, false);',
    ),
  ),
  mutant(
    'notice-put-first-in-history',
    ['NARR-05', 'MX-03'],
    "Notices are put at the start of the model's history instead of after the conversation so far.",
    patch(
      'host/history.ts',
      'messages.push(userMessage(e.payload));',
      "if (e.payload.source === 'plugin') messages.unshift(userMessage(e.payload));\n        else messages.push(userMessage(e.payload));",
    ),
  ),

  // POLICY: the section at order 50.
  mutant(
    'section-at-order-49',
    ['POLICY-01', 'POLICY-04'],
    'The plan section is registered at prompt order 49 instead of 50.',
    patch(POLICY, 'export const POLICY_SECTION_ORDER = 50;', 'export const POLICY_SECTION_ORDER = 49;'),
  ),
  mutant(
    'sections-sorted-as-text',
    ['POLICY-01'],
    'The host sorts prompt sections by their order written as text, so 9 comes after 50 and 100 before it (the probes at 10..90 sort the same either way).',
    patch(
      'host/prompt.ts',
      'return [...this.sections].sort((a, b) => a.order - b.order);',
      'return [...this.sections].sort((a, b) => String(a.order).localeCompare(String(b.order)));',
    ),
  ),
  mutant(
    'section-at-order-51',
    ['POLICY-01'],
    'The plan section is registered at prompt order 51 instead of 50.',
    patch(POLICY, 'export const POLICY_SECTION_ORDER = 50;', 'export const POLICY_SECTION_ORDER = 51;'),
  ),
  mutant(
    'section-trimmed',
    ['POLICY-01', 'CFG-03'],
    'The configured section is trimmed of surrounding white space before it reaches the system prompt.',
    patch(POLICY, 'return active ? section : undefined;', 'return active ? section.trim() : undefined;'),
  ),
  mutant(
    'no-separator-before-white-space',
    ['CFG-03', 'POLICY-01'],
    'The host joins prompt sections with its separator except before a section that starts with white space, which it takes for the separator: a section written indented runs on from the last line of the section before it.',
    patch(
      PROMPT,
      `      .filter((text): text is string => typeof text === 'string' && text.length > 0)
      .join(SECTION_SEPARATOR);`,
      `      .filter((text): text is string => typeof text === 'string' && text.length > 0)
      .reduce((prompt, text) => (prompt === '' || /^\\s/.test(text) ? prompt + text : prompt + SECTION_SEPARATOR + text), '');`,
    ),
  ),
  mutant(
    'section-wrapped-in-heading',
    ['POLICY-01', 'MX-01'],
    'The configured section is put under an added heading ("## Plan mode") instead of appearing exactly.',
    patch(POLICY, 'return active ? section : undefined;', 'return active ? `## Plan mode\\n${section}` : undefined;'),
  ),
  mutant(
    'text-added-while-inactive',
    ['POLICY-02', 'MX-01'],
    'While plan mode is off the plugin adds the text "Plan mode is off." to the system prompt.',
    patch(POLICY, 'return active ? section : undefined;', "return active ? section : 'Plan mode is off.';"),
  ),
  mutant(
    'blank-text-while-inactive',
    ['POLICY-02'],
    'While plan mode is off the plugin adds a single space to the system prompt.',
    patch(POLICY, 'return active ? section : undefined;', "return active ? section : ' ';"),
  ),
  mutant(
    'section-varies-per-request',
    ['POLICY-03'],
    'Every second request in plan mode carries the section with a trailing space, so it is not byte-identical from request to request.',
    patch(
      POLICY,
      'policyText(foldPlanMode(ctx.readLog(agent)), section)',
      "policyText(foldPlanMode(ctx.readLog(agent)), ctx.readLog(agent).filter((e) => e.type === 'request/header').length % 2 === 1 ? `${section} ` : section)",
    ),
  ),
  mutant(
    'early-section-changes-with-mode',
    ['POLICY-04'],
    'The plugin adds a banner section at order 5 that appears only in plan mode, so switching changes the system prompt before order 50.',
    patch(
      PLUGIN,
      'ctx.registerSection(policySection(ctx, section));',
      "ctx.registerSection(policySection(ctx, section));\n      ctx.registerSection({ name: 'plan:banner', order: 5, render: (agent) => (ctx.readLog(agent).some((e) => e.type === 'plan/mode' && e.payload.active) ? 'PLANNING' : undefined) });",
    ),
  ),

  // TOOL: the exit tool and the catalog.
  mutant(
    'exit-tool-hidden-while-inactive',
    ['TOOL-01', 'TOOL-02'],
    'exit_plan_mode is left out of the tool catalog while plan mode is off.',
    patch(
      'host/tools.ts',
      'return this.tools.map(({ name, description, parameters }) => ({',
      "return this.tools.filter((tool) => tool.name !== 'exit_plan_mode' || (globalThis as { planActive?: boolean }).planActive).map(({ name, description, parameters }) => ({",
    ),
    patch(
      POLICY,
      'policyText(foldPlanMode(ctx.readLog(agent)), section)',
      'policyText(((globalThis as { planActive?: boolean }).planActive = foldPlanMode(ctx.readLog(agent))), section)',
    ),
  ),
  mutant(
    'plan-argument-renamed',
    ['TOOL-01'],
    'exit_plan_mode takes its plan as `markdown` instead of `plan`.',
    patch(EXIT, "plan: { type: 'string'", "markdown: { type: 'string'"),
    patch(EXIT, "required: ['plan'],", "required: ['markdown'],"),
  ),
  mutant(
    'exit-tool-description-follows-mode',
    ['TOOL-02'],
    'exit_plan_mode\'s description changes in plan mode ("available now"), so the catalog differs between the states.',
    patch(
      'host/tools.ts',
      'description,\n      parameters,',
      "description: name === 'exit_plan_mode' && (globalThis as { planActive?: boolean }).planActive ? `${description} (available now)` : description,\n      parameters,",
    ),
    patch(
      POLICY,
      'policyText(foldPlanMode(ctx.readLog(agent)), section)',
      'policyText(((globalThis as { planActive?: boolean }).planActive = foldPlanMode(ctx.readLog(agent))), section)',
    ),
  ),
  mutant(
    'exit-outside-plan-mode-opens-review',
    ['TOOL-03'],
    'exit_plan_mode called outside plan mode opens a review instead of failing.',
    patch(EXIT, 'if (!selections.logged(agent)) return failed(NOT_IN_PLAN_MODE);', ''),
  ),
  mutant(
    'exit-outside-plan-mode-asks-review-without-intent',
    ['TOOL-03'],
    "exit_plan_mode called outside plan mode still puts the plan to the user, as a question without the plan-review intent (so it passes for the host's own question), and then fails.",
    patch(
      EXIT,
      'if (!selections.logged(agent)) return failed(NOT_IN_PLAN_MODE);',
      "if (!selections.logged(agent)) {\n        if (typeof args['plan'] === 'string' && ctx.userInteraction) {\n          const { intent: _intent, ...generic } = reviewQuestion(args['plan']) as { intent?: string };\n          await ctx.userInteraction.ask(agent, generic as ReturnType<typeof reviewQuestion>, signal).catch(() => undefined);\n        }\n        return failed(NOT_IN_PLAN_MODE);\n      }",
    ),
  ),
  mutant(
    'exit-outside-plan-mode-succeeds',
    ['TOOL-03'],
    'exit_plan_mode called outside plan mode reports success instead of failing.',
    patch(
      EXIT,
      'if (!selections.logged(agent)) return failed(NOT_IN_PLAN_MODE);',
      'if (!selections.logged(agent)) return { text: NOT_IN_PLAN_MODE };',
    ),
  ),
  mutant(
    'review-plan-capped',
    ['TOOL-04'],
    'The review carries at most the first 8192 characters of the plan, so a plan of tens of kilobytes is cut short.',
    patch(REVIEW, 'detail: plan,', 'detail: plan.slice(0, 8192),'),
  ),
  mutant(
    'review-carries-trimmed-plan',
    ['TOOL-04'],
    'The review carries only the first line of the trimmed plan instead of the plan as submitted.',
    patch(REVIEW, 'detail: plan,', 'detail: plan.trim().split("\\n")[0],'),
  ),
  mutant(
    'review-plan-trimmed',
    ['TOOL-04'],
    'The review carries the plan trimmed of its surrounding white space instead of byte for byte as submitted.',
    patch(REVIEW, 'detail: plan,', 'detail: plan.trim(),'),
  ),
  mutant(
    'approval-does-not-leave',
    ['TOOL-05', 'TOOL-04'],
    'An approved review returns its confirmation but plan mode stays on.',
    patch(EXIT, 'if (selections.logged(agent)) selections.commitApprovedExit(agent);', ''),
  ),
  mutant(
    'approval-reported-as-failure',
    ['TOOL-05'],
    'An approved review leaves plan mode but the tool result is marked as failed.',
    patch(
      EXIT,
      'return { text: APPROVED_TEXT, value: { approved: true } };',
      'return { text: APPROVED_TEXT, value: { approved: true }, isError: true };',
    ),
  ),
  mutant(
    'plan-call-dropped-from-history',
    ['TOOL-06', 'MX-03'],
    "exit_plan_mode's result is left out of the model's history.",
    patch(
      'host/history.ts',
      "case 'tool/result':\n        messages.push({",
      "case 'tool/result':\n        if (e.payload.toolName !== 'exit_plan_mode') messages.push({",
    ),
  ),

  // REVIEW: the exchange with the user.
  mutant(
    'review-without-intent',
    ['REVIEW-01'],
    'The review question does not declare the `plan-review` intent.',
    patch(REVIEW, 'intent: REVIEW_INTENT,', ''),
  ),
  mutant(
    'review-without-keep-planning',
    ['REVIEW-01'],
    'The review offers no keep-planning option beside Approve.',
    patch(REVIEW, "{ label: KEEP_PLANNING_LABEL, description: 'Stay in plan mode and keep refining the plan.' },", ''),
  ),
  mutant(
    'approve-label-renamed',
    ['REVIEW-01', 'REVIEW-02', 'LIM-02'],
    'The approving label is "Yes" instead of "Approve".',
    patch(REVIEW, "export const APPROVE_LABEL = 'Approve';", "export const APPROVE_LABEL = 'Yes';"),
  ),
  mutant(
    'approval-needs-rendered-intent',
    ['REVIEW-02', 'LIM-02'],
    'Approve counts only when the UI rendered the plan-review intent, so a generic question flow that selects Approve does not approve.',
    patch(
      REVIEW,
      'if (answer.selected[0] !== APPROVE_LABEL) return false;',
      'if (answer.selected[0] !== APPROVE_LABEL) return false;\n  if (!(answer as { viaIntent?: boolean }).viaIntent) return false;',
    ),
  ),
  mutant(
    'approve-plus-text-is-consent',
    ['REVIEW-03'],
    'Approve with free text next to it counts as consent.',
    patch(REVIEW, 'return !hasFreeText(answer);', 'return true;'),
  ),
  mutant(
    'two-selections-are-consent',
    ['REVIEW-03'],
    'An answer selecting Approve and another label counts as consent.',
    patch(REVIEW, 'if (answer.selected.length !== 1) return false;', 'if (answer.selected.length < 1) return false;'),
  ),
  mutant(
    'keep-planning-is-consent',
    ['REVIEW-03', 'REVIEW-04'],
    'Any selected label, keep planning included, counts as consent.',
    patch(REVIEW, 'if (answer.selected[0] !== APPROVE_LABEL) return false;', ''),
  ),
  mutant(
    'missing-answer-is-consent',
    ['REVIEW-03'],
    'A review answered with no answer item counts as consent.',
    patch(REVIEW, 'if (answer === undefined) return false;', 'if (answer === undefined) return true;'),
  ),
  mutant(
    'feedback-dropped',
    ['REVIEW-04'],
    "A rejection with feedback fails without carrying the user's feedback to the model.",
    patch(EXIT, 'return failed(`${REJECTED_TEXT} User feedback: ${feedback}`);', 'return failed(REJECTED_TEXT);'),
  ),
  mutant(
    'rejection-reported-as-success',
    ['REVIEW-04'],
    'A rejection without feedback is reported as a successful tool call.',
    patch(
      EXIT,
      'if (feedback === undefined) return failed(REJECTED_TEXT);',
      'if (feedback === undefined) return { text: REJECTED_TEXT };',
    ),
  ),
  // The dismissal reads exactly like the seam's own abort error, so the model cannot tell the user is taking over.
  mutant(
    'dismissal-reported-as-seam-abort',
    ['REVIEW-05'],
    "A dismissed review is reported with the seam's own abort error, so the model cannot tell the user is taking over.",
    patch(
      EXIT,
      "if (outcome.kind === 'dismissed') return failed(DISMISSED_TEXT);",
      "if (outcome.kind === 'dismissed') return reviewFailed('user-question seam: the question was aborted before it was answered');",
    ),
  ),
  mutant(
    'dismissal-reported-as-rejection',
    ['REVIEW-05'],
    'A dismissed review is reported like a keep-planning rejection.',
    patch(
      EXIT,
      "if (outcome.kind === 'dismissed') return failed(DISMISSED_TEXT);",
      "if (outcome.kind === 'dismissed') return rejected(undefined);",
    ),
  ),
  mutant(
    'seam-message-replaced',
    ['REVIEW-06'],
    "A review failure replaces the seam's own error message with a generic one.",
    patch(
      EXIT,
      'return reviewFailed(errorMessage(error));',
      "return reviewFailed('the review could not be completed');",
    ),
  ),
  mutant(
    'seam-failure-leaves-plan-mode',
    ['REVIEW-06'],
    "A failed review (the seam's error) leaves plan mode.",
    patch(
      EXIT,
      'return reviewFailed(errorMessage(error));',
      'selections.commitApprovedExit(agent);\n        return reviewFailed(errorMessage(error));',
    ),
  ),

  // CMD: the /plan command.
  mutant(
    'command-not-registered',
    ['CMD-01'],
    '/plan is never registered in the command registry.',
    patch(
      PLUGIN,
      'ctx.commands?.register(planCommand(ctx, selections, { takesImages: rules.commandTakesImages }));',
      '',
    ),
  ),
  mutant(
    'bare-plan-does-not-select',
    ['CMD-02'],
    'Bare /plan does not select plan mode (it selects inactive instead).',
    patch(
      COMMAND,
      'if (message.length === 0) return ok(text);',
      'if (message.length === 0) return ok(selections.set(agent, false) && text);',
    ),
  ),
  mutant(
    'bare-plan-sends-a-message',
    ['CMD-02', 'MX-02'],
    'Bare /plan also steers the word "plan" to the model.',
    patch(
      COMMAND,
      'if (message.length === 0) return ok(text);',
      "if (message.length === 0) {\n        await ctx.steer(agent, 'plan');\n        return ok(text);\n      }",
    ),
  ),
  mutant(
    'message-not-trimmed',
    ['CMD-03'],
    '/plan <message> steers the message untrimmed, surrounding white space included.',
    patch(COMMAND, 'await ctx.steer(agent, message);', 'await ctx.steer(agent, rawArgs);'),
  ),
  mutant(
    'message-sent-before-selecting',
    ['CMD-03', 'PROJ-05'],
    "/plan <message> steers the message before selecting plan mode, so the message's step does not run under plan guidance.",
    patch(
      COMMAND,
      'const outcome = selections.set(agent, true);',
      'if (message.length > 0) await ctx.steer(agent, message);\n      const outcome = selections.set(agent, true);',
    ),
    patch(COMMAND, 'await ctx.steer(agent, message);\n      return ok', 'return ok'),
  ),
  mutant(
    'off-is-case-insensitive',
    ['CMD-04'],
    '/plan Off (any case) leaves plan mode instead of being a message.',
    patch(COMMAND, 'return args.trim() === OFF_ARGUMENT;', 'return args.trim().toLowerCase() === OFF_ARGUMENT;'),
  ),
  mutant(
    'off-prefix-means-off',
    ['CMD-04'],
    '/plan off now (any argument starting with "off") leaves plan mode instead of being a message.',
    patch(COMMAND, 'return args.trim() === OFF_ARGUMENT;', 'return args.trim().startsWith(OFF_ARGUMENT);'),
  ),
  mutant(
    'off-does-not-cancel-entry',
    ['CMD-05'],
    '/plan off leaves a pending entry in place instead of withdrawing it.',
    patch(
      COMMAND,
      'const outcome = selections.set(agent, false);',
      "const outcome = selections.get(agent).pending !== undefined ? 'noop' : selections.set(agent, false);",
    ),
  ),
  mutant(
    'command-line-steered-to-model',
    ['CMD-06', 'MX-02'],
    '/plan off also sends the line "/plan off" to the model.',
    patch(
      COMMAND,
      'const outcome = selections.set(agent, false);',
      "const outcome = selections.set(agent, false);\n        await ctx.steer(agent, '/plan off');",
    ),
  ),
  mutant(
    'command-line-kept-as-host-message',
    ['CMD-06'],
    'Every command line the user types reaches the model, as a host message in its history.',
    patch(
      'host/history.ts',
      "      case 'compaction':",
      "      case 'command/run':\n        messages.push({ role: 'user', source: 'host', text: `/${e.payload.name} ${e.payload.args}` });\n        break;\n      case 'compaction':",
    ),
  ),
  mutant(
    'command-line-logged-as-host-message',
    ['CMD-06'],
    "Every command line the user types is echoed into the model's history as a host message, and that message is logged as a host-sourced user message: the host's log vouches for the leak as a message of its own.",
    patch(
      'host/session-log.ts',
      '    this.bus.publish(this.agent, copy);\n  }',
      "    this.bus.publish(this.agent, copy);\n    if (copy.type === 'command/run') this.append({ type: 'user/message', payload: { source: 'host', text: `/${copy.payload.name} ${copy.payload.args}` } });\n  }",
    ),
  ),
  mutant(
    'command-result-not-ok',
    ['CMD-07'],
    'Every /plan result is reported as failed.',
    patch(COMMAND, 'return { ok: true, text };', 'return { ok: false, text };'),
  ),
  // Recommended (CMD-08): results reporting different outcomes differ.
  mutant(
    'command-results-indistinct',
    ['CMD-08'],
    '/plan answers "Entered plan mode." both when it entered and when it only queued the entry.',
    patch(COMMAND, "queued: 'Plan mode is queued for the next step.',", "queued: 'Entered plan mode.',"),
  ),

  // PROJ: the plan projection.
  mutant(
    'projection-not-registered',
    ['PROJ-01'],
    'The plan projection unit is never registered.',
    patch(
      PLUGIN,
      'ctx.sessionProjections?.register(planProjection({ settlesOnDone: rules.projectionSettlesOnDone }));',
      '',
    ),
  ),
  mutant(
    'projection-returns-new-object',
    ['PROJ-02'],
    'The projection returns a new state object for every unrelated event, so subscribers get pushes that change nothing.',
    patch(
      PROJECTION,
      '    return { active: e.payload.active, target: undefined, unsettled: undefined };\n  }\n  return state;',
      '    return { active: e.payload.active, target: undefined, unsettled: undefined };\n  }\n  return { ...state };',
    ),
  ),
  mutant(
    'projection-ignores-commands',
    ['PROJ-02', 'PROJ-03', 'PROJ-05'],
    'The projection ignores /plan command records, so it never shows a pending target.',
    patch(
      PROJECTION,
      "if (e.type === 'command/run' && e.payload.name === PLAN_COMMAND_NAME) {",
      "if (e.type === 'command/run' && e.payload.name === 'plan-mode') {",
    ),
  ),
  mutant(
    'projection-off-untrimmed',
    ['PROJ-02'],
    'The projection reads " off " (with white space) as an entry instead of an exit.',
    patch(PROJECTION, 'return !isOffArgument(args);', "return args !== 'off';"),
  ),
  mutant(
    'projection-keeps-target-after-commit',
    ['PROJ-02', 'PROJ-03'],
    'The projection keeps the target after plan/mode commits it, instead of clearing it.',
    patch(
      PROJECTION,
      'return { active: e.payload.active, target: undefined, unsettled: undefined };',
      'return { active: e.payload.active, target: state.target, unsettled: state.unsettled };',
    ),
  ),
  mutant(
    'projection-pending-whenever-targeted',
    ['PROJ-03'],
    'The projection reports pending whenever a target exists, even one equal to the logged state.',
    patch(
      PROJECTION,
      'const pending = selected !== undefined && selected !== state.active;',
      'const pending = selected !== undefined;',
    ),
  ),
  mutant(
    'projection-remembers-across-restart',
    ['PROJ-04'],
    "The projection's view is remembered across a restart instead of being folded again from the log.",
    patch(
      PROJECTION,
      'export function viewPlanProjection(state: PlanProjectionState): PlanProjectionView {',
      'const seenViews = new Map<PlanProjectionState, PlanProjectionView>();\nlet lastView: PlanProjectionView | undefined;\nexport function viewPlanProjection(state: PlanProjectionState): PlanProjectionView {\n  if (lastView && state === INITIAL_PLAN_PROJECTION) return lastView;\n  void seenViews;',
    ),
    patch(
      PROJECTION,
      'return { active: state.active, pending };',
      'return (lastView = { active: state.active, pending });',
    ),
  ),

  // CFG: configuration.
  mutant(
    'unknown-keys-accepted',
    ['CFG-02'],
    'The configuration accepts keys besides `section`.',
    patch(
      CONFIG,
      ".object({ section: SectionSchema }, { error: `${PREFIX}: expected a mapping with a 'section' key` })\n  .strict();",
      ".object({ section: SectionSchema }, { error: `${PREFIX}: expected a mapping with a 'section' key` });",
    ),
  ),
  // Recommended (CFG-04): the load error names the unknown key.
  mutant(
    'unknown-key-not-named',
    ['CFG-04'],
    'A load error for an unknown key does not name the key.',
    patch(
      CONFIG,
      'if (keys.length === 1) return `${PREFIX}: unknown key ${quoteKeys(keys)}`;',
      'if (keys.length === 1) return `${PREFIX}: invalid configuration`;',
    ),
  ),
  mutant(
    'blank-section-accepted',
    ['CFG-01'],
    'A section of white space only is accepted.',
    patch(
      CONFIG,
      '.refine((text) => text.length === 0 || !isBlank(text),',
      '.refine((text) => text.length >= 0 || !isBlank(text),',
    ),
  ),
  mutant(
    'empty-section-accepted',
    ['CFG-01'],
    'An empty section is accepted.',
    patch(
      CONFIG,
      ".min(1, { error: `${PREFIX}: 'section' must not be empty` })\n  .refine((text) => text.length === 0 || !isBlank(text),",
      ".min(0, { error: `${PREFIX}: 'section' must not be empty` })\n  .refine((text) => text.length === 0 || !isBlank(text),",
    ),
  ),
  mutant(
    'non-string-section-coerced',
    ['CFG-01'],
    'A section that is not a string (a number, a list) is coerced to text and accepted.',
    patch(CONFIG, 'const SectionSchema = z\n  .string(', 'const SectionSchema = z.coerce\n  .string('),
  ),

  // LIM: what may be lost, and what may not appear.
  mutant(
    'phantom-plan-mode-at-boundaries',
    ['LIM-01', 'SET-08'],
    'Every request boundary in plan mode appends another plan/mode event that no selection asked for.',
    patch(
      SERVICE,
      'const target = this.pending.get(agent);\n    if (target === undefined) return;',
      'const target = this.pending.get(agent);\n    if (target === undefined) {\n      if (this.logged(agent)) this.ctx.append(agent, planModeEvent(true));\n      return;\n    }',
    ),
  ),
];

// ---------------------------------------------------------------------------
// Issue 9, "no false passes": one break per class of miss, each passing the
// suite before the scenarios of that class existed (contract helper's block;
// keep it last so the catalog merges cleanly).

MUTANTS.push(
  // More than one agent at a time.
  mutant(
    'steer-goes-to-the-running-agent',
    ['SCOPE-01', 'CMD-03'],
    'A message steered with /plan goes to whichever agent is running, not the agent the line was typed for.',
    patch(
      HOST,
      'steer(agent: string, text: string, images: readonly ImageAttachment[] = []): Promise<void> {\n    return this.agent(agent).steer(text, images);',
      'steer(agent: string, text: string, images: readonly ImageAttachment[] = []): Promise<void> {\n    const running = [...this.agents.values()].find((candidate) => candidate.running);\n    return (running ?? this.agent(agent)).steer(text, images);',
    ),
  ),
  mutant(
    'one-pending-slot-for-all-agents',
    ['SCOPE-01', 'SET-06'],
    "All agents share one pending slot: a selection queued for one agent erases another agent's pending selection.",
    patch(
      SERVICE,
      "if (outcome === 'queued') this.pending.set(agent, active);",
      "if (outcome === 'queued') {\n      this.pending.clear();\n      this.pending.set(agent, active);\n    }",
    ),
  ),
  mutant(
    'fork-copies-log-up-to-last-turn-end',
    ['STATE-04'],
    "A fork copies its origin's log only up to the last turn end, so a selection committed after it is lost in the fork.",
    patch(
      HOST,
      'return this.addAgent({ id: this.nextId(), forkOf: agent }, events);',
      "return this.addAgent({ id: this.nextId(), forkOf: agent }, events.slice(0, events.map((e) => e.type).lastIndexOf('turn/end') + 1));",
    ),
  ),

  // Sequences, not single switches.
  mutant(
    'notice-text-not-repeated',
    ['NARR-01'],
    'A notice whose text was already logged once is not added again, so a second switch the same way is never told.',
    patch(
      NARRATION,
      'if (described === undefined) return false;',
      "if (described === undefined) return false;\n  if (events.some((e) => e.type === 'user/message' && e.payload.source === 'plugin' && e.payload.text === noticeText(committed))) return false;",
    ),
  ),
  mutant(
    'set-compares-with-state-at-turn-start',
    ['SET-04'],
    'While running, set() compares with the state at the start of the turn instead of the logged state, so a selection applied mid-turn is misjudged.',
    patch(
      SERVICE,
      'const logged = this.logged(agent);\n    const pending = this.settledPending(agent, logged);',
      "const log = this.ctx.readLog(agent);\n    const turnStart = log.map((e) => e.type).lastIndexOf('turn/start');\n    const logged = this.ctx.isRunning(agent) && turnStart >= 0 ? foldPlanMode(log.slice(0, turnStart)) : this.logged(agent);\n    const pending = this.settledPending(agent, logged);",
    ),
  ),
  mutant(
    'notice-forgets-requests-before-compaction',
    ['NARR-01'],
    'After a compaction the notice rule forgets the request headers before it, so a switch after compaction is never told.',
    patch(
      STATE,
      'const index = lastRequestIndex(events);\n  if (index < 0) return undefined;',
      "const index = lastRequestIndex(events);\n  if (index < 0 || index < events.map((e) => e.type).lastIndexOf('compaction')) return undefined;",
    ),
  ),
  mutant(
    'approval-remembered-per-agent',
    ['TOOL-04'],
    "Once an agent's plan was approved, its later exit_plan_mode calls leave plan mode without opening a review.",
    patch(
      EXIT,
      '  options: ExitToolOptions,\n): ToolDefinition {',
      '  options: ExitToolOptions,\n): ToolDefinition {\n  const approvedBefore = new Set<string>();',
    ),
    patch(
      EXIT,
      "if (typeof plan !== 'string') return failed(PLAN_ARGUMENT_MISSING);",
      "if (typeof plan !== 'string') return failed(PLAN_ARGUMENT_MISSING);\n      if (approvedBefore.has(agent)) {\n        selections.commitApprovedExit(agent);\n        return approved();\n      }",
    ),
    patch(
      EXIT,
      'if (selections.logged(agent)) selections.commitApprovedExit(agent);',
      'approvedBefore.add(agent);\n      if (selections.logged(agent)) selections.commitApprovedExit(agent);',
    ),
  ),
  // A plan the seed lets a host refuse as malformed (no heading first): TOOL-04's one review, or a failure, never a way out.
  mutant(
    'heading-less-plan-approved-unasked',
    ['TOOL-04'],
    'exit_plan_mode approves a plan that does not open with a Markdown heading without asking the user: no review, and plan mode is left.',
    patch(
      EXIT,
      "if (typeof plan !== 'string') return failed(PLAN_ARGUMENT_MISSING);",
      "if (typeof plan !== 'string') return failed(PLAN_ARGUMENT_MISSING);\n      if (!plan.startsWith('# ')) {\n        selections.commitApprovedExit(agent);\n        return approved();\n      }",
    ),
  ),
  mutant(
    'heading-less-plan-refused-leaves',
    ['TOOL-04'],
    'exit_plan_mode refuses a plan that does not open with a Markdown heading without a review, as the seed allows, but leaves plan mode all the same.',
    patch(
      EXIT,
      "if (typeof plan !== 'string') return failed(PLAN_ARGUMENT_MISSING);",
      "if (typeof plan !== 'string') return failed(PLAN_ARGUMENT_MISSING);\n      if (!plan.startsWith('# ')) {\n        selections.commitApprovedExit(agent);\n        return failed('A plan must open with a Markdown heading.');\n      }",
    ),
  ),

  // Edge inputs of every input the spec defines.
  mutant(
    'null-section-gets-a-default',
    ['CFG-01'],
    'A null section is replaced with a default text instead of failing.',
    patch(
      CONFIG,
      'const result = PlanModeConfigSchema.safeParse(config);',
      "const result = PlanModeConfigSchema.safeParse(config !== null && typeof config === 'object' && (config as { section?: unknown }).section === null ? { ...config, section: 'Plan before you act.' } : config);",
    ),
  ),
  mutant(
    'section-line-ends-trimmed',
    ['CFG-03'],
    "The section's lines are trimmed at their ends, so a block-scalar section does not keep its text exactly.",
    patch(
      CONFIG,
      'return { section: result.data.section };',
      "return { section: result.data.section.split('\\n').map((line) => line.trimEnd()).join('\\n') };",
    ),
  ),
  mutant(
    'plan-argument-trimmed-of-spaces-only',
    ['CMD-03', 'CMD-04'],
    '/plan trims only spaces from its argument, so a message or "off" surrounded by tabs or newlines is misread.',
    patch(COMMAND, 'const message = rawArgs.trim();', "const message = rawArgs.replace(/^ +| +$/g, '');"),
  ),
  mutant(
    'one-word-starting-with-off-leaves',
    ['CMD-04'],
    '/plan with one word starting with "off" (offline) leaves plan mode instead of steering a message.',
    patch(COMMAND, 'if (isOffArgument(message)) {', 'if (isOffArgument(message) || /^off\\S*$/.test(message)) {'),
  ),
  mutant(
    'approve-label-compared-case-insensitively',
    ['REVIEW-03'],
    '"approve" in any case counts as consent.',
    patch(
      REVIEW,
      'if (answer.selected[0] !== APPROVE_LABEL) return false;',
      'if (answer.selected[0]?.toLowerCase() !== APPROVE_LABEL.toLowerCase()) return false;',
    ),
  ),
  mutant(
    'approve-label-trimmed',
    ['REVIEW-03'],
    '" Approve " with white space around it counts as consent.',
    patch(
      REVIEW,
      'if (answer.selected[0] !== APPROVE_LABEL) return false;',
      'if (answer.selected[0]?.trim() !== APPROVE_LABEL) return false;',
    ),
  ),
  mutant(
    'repeated-approve-counted-once',
    ['REVIEW-03'],
    'Approve selected twice counts as one selection, so as consent.',
    patch(
      REVIEW,
      'if (answer.selected.length !== 1) return false;',
      'if (new Set(answer.selected).size !== 1) return false;',
    ),
  ),
  mutant(
    'first-answer-item-read',
    ['REVIEW-03'],
    'Only the first answer item of a reply is read, so Approve followed by another item counts as consent.',
    patch(
      QUESTIONS,
      'const items = reply.answers.filter((item) => item.questionId === questionId);',
      'const items = reply.answers.filter((item) => item.questionId === questionId).slice(0, 1);',
    ),
  ),

  // What the contract could not see before.
  mutant(
    'approved-value-dropped',
    ['TOOL-05'],
    'An approved review leaves plan mode but its tool result carries no { approved: true } value.',
    patch(EXIT, 'return { text: APPROVED_TEXT, value: { approved: true } };', 'return { text: APPROVED_TEXT };'),
  ),
  mutant(
    'plan-mode-asks-before-changes',
    ['SCOPE-02'],
    'In plan mode the user is asked before a tool that writes or runs a command may run: plan mode writes an approval policy of its own.',
    patch(
      'adapter.ts',
      PROBE_TOOL_EXECUTE,
      askBeforeChanges(
        "ctx.readLog(context.agent).filter((e) => e.type === 'plan/mode').map((e) => (e.payload as { active: boolean }).active).at(-1) === true",
      ),
    ),
  ),
  mutant(
    'plan-mode-skips-the-hosts-approvals',
    ['SCOPE-02'],
    "The host asks before every write and command, except in plan mode, which waives the host's approval policy.",
    patch(
      'adapter.ts',
      PROBE_TOOL_EXECUTE,
      askBeforeChanges(
        "!(ctx.readLog(context.agent).filter((e) => e.type === 'plan/mode').map((e) => (e.payload as { active: boolean }).active).at(-1) === true)",
      ),
    ),
  ),
  mutant(
    'changing-tools-refused-in-plan-mode',
    ['SCOPE-02'],
    'Writing and command tools are refused while plan mode is on.',
    patch(
      'adapter.ts',
      'execute: async (args) => ({ text: await tool.execute(args) }),',
      "execute: async (args) => ((globalThis as { planActive?: boolean }).planActive && (tool.effect ?? 'read') !== 'read' ? { text: 'Refused: plan mode only allows reading.', isError: true } : { text: await tool.execute(args) }),",
    ),
    patch(
      POLICY,
      'policyText(foldPlanMode(ctx.readLog(agent)), section)',
      'policyText(((globalThis as { planActive?: boolean }).planActive = foldPlanMode(ctx.readLog(agent))), section)',
    ),
  ),
  mutant(
    'writing-tools-dry-run-in-plan-mode',
    ['SCOPE-02'],
    'Writing tools pretend to succeed in plan mode but write nothing.',
    patch(
      'adapter.ts',
      'execute: async (args) => ({ text: await tool.execute(args) }),',
      "execute: async (args) => ((globalThis as { planActive?: boolean }).planActive && tool.effect === 'write' ? { text: 'Dry run in plan mode: nothing was written.' } : { text: await tool.execute(args) }),",
    ),
    patch(
      POLICY,
      'policyText(foldPlanMode(ctx.readLog(agent)), section)',
      'policyText(((globalThis as { planActive?: boolean }).planActive = foldPlanMode(ctx.readLog(agent))), section)',
    ),
  ),
  mutant(
    'projection-folds-every-command',
    ['PROJ-02'],
    "The projection folds every command's record, not only /plan's, as a plan target.",
    patch(
      PROJECTION,
      "if (e.type === 'command/run' && e.payload.name === PLAN_COMMAND_NAME) {",
      "if (e.type === 'command/run') {",
    ),
  ),
  mutant(
    'idle-noop-set-adds-notice',
    ['NARR-01'],
    'An idle selection repeating the state it just committed (a noop) adds a notice again while the last request described the other state.',
    patch(
      SERVICE,
      "if (outcome === 'committed') this.commitSelection(agent, active);",
      "if (outcome === 'committed') this.commitSelection(agent, active);\n    if (outcome === 'noop' && !this.ctx.isRunning(agent) && needsNotice(this.ctx.readLog(agent), active)) this.ctx.append(agent, noticeEvent(active));",
    ),
  ),
  mutant(
    'queued-plan-off-applied-without-notice',
    ['NARR-01', 'CMD-04'],
    'A /plan off queued while the model works is applied at the next boundary without the exit notice it owes.',
    patch(
      SERVICE,
      'private readonly pending = new Map<string, boolean>();',
      'private readonly pending = new Map<string, boolean>();\n  readonly silent = new Set<string>();',
    ),
    patch(
      SERVICE,
      'if (needsNotice(this.ctx.readLog(agent), active)) this.ctx.append(agent, noticeEvent(active));',
      'if (needsNotice(this.ctx.readLog(agent), active) && !this.silent.delete(agent)) this.ctx.append(agent, noticeEvent(active));',
    ),
    patch(
      COMMAND,
      'const outcome = selections.set(agent, false);',
      "const outcome = selections.set(agent, false);\n        if (outcome === 'queued') selections.silent.add(agent);",
    ),
  ),
  mutant(
    'queued-plan-entry-applied-without-notice',
    ['NARR-01', 'CMD-02'],
    'A bare /plan queued while the model works is applied at the next boundary without the entry notice it owes.',
    patch(
      SERVICE,
      'private readonly pending = new Map<string, boolean>();',
      'private readonly pending = new Map<string, boolean>();\n  readonly silent = new Set<string>();',
    ),
    patch(
      SERVICE,
      'if (needsNotice(this.ctx.readLog(agent), active)) this.ctx.append(agent, noticeEvent(active));',
      'if (needsNotice(this.ctx.readLog(agent), active) && !this.silent.delete(agent)) this.ctx.append(agent, noticeEvent(active));',
    ),
    patch(
      COMMAND,
      'const outcome = selections.set(agent, true);',
      "const outcome = selections.set(agent, true);\n      if (outcome === 'queued') selections.silent.add(agent);",
    ),
  ),
  mutant(
    'projection-never-pushes',
    ['PROJ-02'],
    'The projection registry never pushes a view to subscribers: the view changes, and no one is told.',
    patch(
      'adapter.ts',
      'if (unit !== PLAN_PROJECTION_NAME) return;',
      'if (unit !== PLAN_PROJECTION_NAME || unit === PLAN_PROJECTION_NAME) return;',
    ),
  ),
  mutant(
    'pending-change-never-pushed',
    ['PROJ-02', 'PROJ-03'],
    'The registry pushes a new view only when it shows nothing pending, so a /plan waiting for the next request never reaches subscribers as pending.',
    patch(
      'host/projections.ts',
      'if (after !== before) for (const listener',
      'if (after !== before && (unit.view(after) as { pending?: boolean }).pending !== true) for (const listener',
    ),
  ),
  mutant(
    'fork-projection-ignores-inherited-commands',
    ['PROJ-04'],
    "A fork's view folds its log without the command/run records, so a /plan it inherited never shows as pending.",
    patch(
      'host/host.ts',
      'return this.projections.view(name, this.agent(agent).log.read());',
      "const record = this.agentRecord(agent);\n    return this.projections.view(name, this.agent(agent).log.read().filter((e) => record?.forkOf === undefined || e.type !== 'command/run'));",
    ),
  ),
  mutant(
    'plan-off-commits-without-notice',
    ['NARR-01', 'CMD-04'],
    '/plan off while idle in plan mode leaves through the approved-exit path, so no exit notice is added.',
    patch(
      COMMAND,
      'if (isOffArgument(message)) {\n        const outcome = selections.set(agent, false);',
      'if (isOffArgument(message)) {\n        if (selections.logged(agent) && selections.get(agent).pending === undefined && !(ctx as unknown as { isRunning(agent: string): boolean }).isRunning(agent)) {\n          selections.commitApprovedExit(agent);\n          return ok(LEAVE_TEXTS.committed);\n        }\n        const outcome = selections.set(agent, false);',
    ),
  ),

  // Steps that checked less than their titles.
  mutant(
    'provider-error-first-line-only',
    ['REVIEW-06'],
    "A question provider's error reaches the model with only its first line.",
    patch(
      QUESTIONS,
      'throw new QuestionProviderError(`user-question provider failed: ${errorMessage(error)}`, { cause: error });',
      "throw new QuestionProviderError(`user-question provider failed: ${errorMessage(error).split('\\n')[0]}`, { cause: error });",
    ),
  ),
);

// The rc.8 edition: image attachments on /plan and prompts (rc.8 only), and children owned by a live
// agent (rc.8 and 0.0.1-rc.1).
const IMAGES_FIRST =
  "const content: ContentBlock[] = [...input.images];\n  if (input.text.length > 0) content.push({ type: 'text', text: input.text });";
const OFF_WITH_IMAGES_REFUSED = 'if (isOffArgument(message) && images.length > 0) return error(OFF_WITH_IMAGES);';
const STEER_WITH_IMAGES = 'await ctx.steer(agent, message, images);';
const OWNED_CHILD_REFUSED =
  'if (options.ownedChildrenCannotReview && ctx.ownerOf(agent) !== undefined) return failed(OWNED_CHILD_TEXT);';
const LIVE_OWNER = 'return owner !== undefined && this.agents.has(owner) ? owner : undefined;';
MUTANTS.push(
  onlyIn(
    ['rc.8'],
    mutant(
      'images-after-text',
      ['CMD-03'],
      'A message sent with images holds its text block first and the images after it, instead of the images first.',
      patch(
        USER_INPUT,
        IMAGES_FIRST,
        "const content: ContentBlock[] = input.text.length > 0 ? [{ type: 'text', text: input.text }] : [];\n  content.push(...input.images);",
      ),
    ),
  ),
  onlyIn(
    ['rc.8'],
    mutant(
      'images-reversed',
      ['CMD-03', 'CMD-09'],
      'Attached images reach the model in the reverse of the order they were attached.',
      patch(
        USER_INPUT,
        IMAGES_FIRST,
        "const content: ContentBlock[] = [...input.images].reverse();\n  if (input.text.length > 0) content.push({ type: 'text', text: input.text });",
      ),
    ),
  ),
  onlyIn(
    ['rc.8'],
    mutant(
      'plan-images-dropped',
      ['CMD-03', 'CMD-09', 'MX-02'],
      '/plan drops the images attached to its line: the message goes without them, and bare /plan steers an empty message.',
      patch(COMMAND, STEER_WITH_IMAGES, 'await ctx.steer(agent, message);'),
    ),
  ),
  onlyIn(
    ['rc.8'],
    mutant(
      'plan-images-steered-apart',
      ['CMD-03', 'MX-02'],
      '/plan <message> with images steers two messages, the images in one and the text in another.',
      patch(
        COMMAND,
        STEER_WITH_IMAGES,
        "await ctx.steer(agent, '', images);\n        if (message.length > 0) await ctx.steer(agent, message);",
      ),
    ),
  ),
  onlyIn(
    ['rc.8'],
    mutant(
      'bare-plan-images-steer-nothing',
      ['CMD-09'],
      'Bare /plan with images selects plan mode but sends nothing: the images are lost.',
      patch(COMMAND, STEER_WITH_IMAGES, 'if (message.length > 0) await ctx.steer(agent, message, images);'),
    ),
  ),
  onlyIn(
    ['rc.8'],
    mutant(
      'prompt-images-dropped',
      ['MX-02'],
      'A prompt drops its image attachments, so /plan <message> with images costs more than submitting the same content.',
      patch(HOST, 'return this.agent(agent).prompt(text, images);', 'return this.agent(agent).prompt(text);'),
    ),
  ),
  onlyIn(
    ['rc.8'],
    mutant(
      'plan-off-images-selects',
      ['CMD-10', 'CMD-07'],
      '/plan off with images is not refused: it leaves plan mode like /plan off and reports a success.',
      patch(COMMAND, OFF_WITH_IMAGES_REFUSED, ''),
    ),
  ),
  onlyIn(
    ['rc.8'],
    mutant(
      'plan-off-images-selects-then-fails',
      ['CMD-10'],
      '/plan off with images reports an error but has already selected inactive.',
      patch(
        COMMAND,
        OFF_WITH_IMAGES_REFUSED,
        'if (isOffArgument(message) && images.length > 0) {\n        selections.set(agent, false);\n        return error(OFF_WITH_IMAGES);\n      }',
      ),
    ),
  ),
  onlyIn(
    ['rc.8'],
    mutant(
      'plan-off-images-cancels-entry',
      ['CMD-10'],
      '/plan off with images reports an error but withdraws a pending entry on the way.',
      patch(
        COMMAND,
        OFF_WITH_IMAGES_REFUSED,
        'if (isOffArgument(message) && images.length > 0) {\n        if (selections.get(agent).pending === true) selections.set(agent, false);\n        return error(OFF_WITH_IMAGES);\n      }',
      ),
    ),
  ),
  onlyIn(
    ['rc.8'],
    mutant(
      'failed-plan-line-drops-kept-selection',
      ['PROJ-03', 'PROJ-05'],
      'The projection keeps one selection: a /plan line that fails (/plan off with images) drops the entry an earlier /plan kept, which get still reports pending.',
      patch(
        PROJECTION,
        'const kept = e.payload.ok ? state.unsettled : state.target;',
        'const kept = e.payload.ok ? state.unsettled : undefined;',
      ),
    ),
  ),
  onlyIn(
    ['0.0.1-rc.1', 'rc.8'],
    mutant(
      'owned-child-opens-review',
      ['REVIEW-07'],
      'A child owned by a live agent opens the plan review like any agent.',
      patch(EXIT, OWNED_CHILD_REFUSED, ''),
    ),
  ),
  onlyIn(
    ['0.0.1-rc.1', 'rc.8'],
    mutant(
      'owned-child-refusal-leaves-plan-mode',
      ['REVIEW-07'],
      "An owned child's exit_plan_mode fails without a review, but plan mode is left anyway.",
      patch(
        EXIT,
        OWNED_CHILD_REFUSED,
        'if (options.ownedChildrenCannotReview && ctx.ownerOf(agent) !== undefined) {\n        selections.commitApprovedExit(agent);\n        return failed(OWNED_CHILD_TEXT);\n      }',
      ),
    ),
  ),
  onlyIn(
    ['0.0.1-rc.1', 'rc.8'],
    mutant(
      'fork-counted-as-owned',
      ['REVIEW-07', 'TOOL-04'],
      'A fork counts as owned by the agent it was forked from, so it is refused the review.',
      patch(
        HOST,
        LIVE_OWNER,
        'return owner !== undefined && this.agents.has(owner) ? owner : this.agentRecord(agent)?.forkOf;',
      ),
    ),
  ),
  onlyIn(
    ['0.0.1-rc.1', 'rc.8'],
    mutant(
      'fork-of-owned-child-half-owned',
      ['REVIEW-07', 'TOOL-04'],
      "A fork of an owned child may still ask the user for the review, but the host then fails the answer as a delegated agent's: a review is opened and the exit fails whatever the user chose, neither an owned agent's refusal nor the review as usual.",
      patch(
        HOST,
        'private readonly owners = new Map<string, string>();',
        'private readonly owners = new Map<string, string>();\n  private readonly delegatedForks = new Set<string>();',
      ),
      patch(
        HOST,
        'return this.addAgent({ id: this.nextId(), forkOf: agent }, events);',
        'const fork = this.addAgent({ id: this.nextId(), forkOf: agent }, events);\n    if (this.owners.has(agent) || this.delegatedForks.has(agent)) this.delegatedForks.add(fork);\n    return fork;',
      ),
      patch(
        HOST,
        'ask: (agent, question, signal) => {\n          this.store.flush();\n          return questions.ask(agent, question, signal);',
        "ask: async (agent, question, signal) => {\n          this.store.flush();\n          const outcome = await questions.ask(agent, question, signal);\n          if (this.delegatedForks.has(agent)) throw new Error('a delegated fork answers to its owner');\n          return outcome;",
      ),
    ),
  ),
  onlyIn(
    ['0.0.1-rc.1', 'rc.8'],
    mutant(
      'owner-counted-as-owned',
      ['TOOL-04', 'REVIEW-07'],
      'An agent that owns a live child is itself refused the review.',
      patch(
        HOST,
        LIVE_OWNER,
        'return owner !== undefined && this.agents.has(owner) ? owner : [...this.owners.entries()].find(([, parent]) => parent === agent)?.[0];',
      ),
    ),
  ),
);

// ---------------------------------------------------------------------------
// Issue 18, the rc.8 edition's retry rule and projection: breaks of readings
// only rc.8 holds (its three-kind projection) or rc.8 and 0.0.1-rc.1 (the
// same-step retry), run against those editions alone (rc8-retry-projection's block).

MUTANTS.push(
  onlyIn(
    ['0.0.1-rc.1', 'rc.8'],
    mutant(
      'frozen-retry-applies-selection',
      ['SET-06'],
      'A retry re-sends the failed request unchanged, yet applies the selection made meanwhile (its plan/mode event and notice are logged), so get stops reporting it pending and no later pre-step applies it.',
      patch(
        AGENT,
        'const request = frozen ?? (await this.preStep(kind));',
        'if (frozen) for (const hook of this.deps.hooks()) await hook({ agent: this.id, kind });\n      const request = frozen ?? (await this.preStep(kind));',
      ),
    ),
  ),
  onlyIn(
    ['0.0.1-rc.1', 'rc.8'],
    mutant(
      'retry-reassembled-at-a-boundary',
      ['SET-06'],
      "A retry assembles a new request at a boundary, as the seed's does: the selection made while the failed request was in flight is applied at the retry.",
      patch(AGENT, 'if (this.deps.options.retryReusesRequest) frozen = request;', ''),
    ),
  ),
  onlyIn(
    ['0.0.1-rc.1', 'rc.8'],
    mutant(
      'retry-takes-steered-message',
      ['CMD-03', 'SET-06'],
      'A retry keeps its plan guidance but takes in the /plan message typed while the failed request was in flight, so it is not the request that failed.',
      patch(
        AGENT,
        'const request = frozen ?? (await this.preStep(kind));',
        'const request = frozen ? await this.withSteered(() => this.assemble()) : await this.preStep(kind);',
      ),
      patch(
        AGENT,
        '  /** A pre-step: the boundary',
        "  private async withSteered(assemble: () => ModelRequest): Promise<ModelRequest> {\n    for (const text of this.steered.splice(0)) this.deps.log.append(event('user/message', { source: 'user', text }));\n    return assemble();\n  }\n\n  /** A pre-step: the boundary",
      ),
    ),
  ),
  onlyIn(
    ['rc.8'],
    mutant(
      'projection-done-drops-successful-selection',
      ['PROJ-02', 'PROJ-03', 'PROJ-05'],
      "The projection drops a /plan line's selection when its command/done reports success, so a /plan waiting for the next step shows nothing pending while get reports it.",
      patch(
        PROJECTION,
        'const kept = e.payload.ok ? state.unsettled : state.target;',
        'const kept = e.payload.ok ? state.target : state.target;',
      ),
    ),
  ),
  onlyIn(
    ['rc.8'],
    mutant(
      'projection-ignores-command-done',
      ['PROJ-02', 'PROJ-03', 'PROJ-05'],
      'The projection ignores command/done, so a /plan line that failed (a refused /plan off with images) still shows as a pending selection.',
      patch(
        PROJECTION,
        "if (rules.settlesOnDone && e.type === 'command/done'",
        "if (!rules.settlesOnDone && e.type === 'command/done'",
      ),
    ),
  ),
  onlyIn(
    ['rc.8'],
    mutant(
      'failed-plan-line-keeps-its-target',
      ['PROJ-02', 'PROJ-03', 'PROJ-05'],
      "The projection keeps a /plan line's target even when its command/done reports failure, so a refused /plan off shows a pending exit that get does not have.",
      patch(PROJECTION, 'const kept = e.payload.ok ? state.unsettled : state.target;', 'const kept = state.unsettled;'),
    ),
  ),
  // 0.0.1-rc.1 folds two kinds, as the seed does: a command/done is any other event there.
  onlyIn(
    ['0.0.1-rc.1'],
    mutant(
      'projection-folds-command-done',
      ['PROJ-02'],
      "The 0.0.1-rc.1 projection folds three kinds, as rc.8's does: a /plan line's command/done settles its target into a new state, so subscribers get a push for an event the unit must not fold.",
      patch(
        'editions.ts',
        'logsCommandDone: true,\n    projectionSettlesOnDone: false,',
        'logsCommandDone: true,\n    projectionSettlesOnDone: true,',
      ),
    ),
  ),
);

// ---------------------------------------------------------------------------
// Issue 24, the tool registry's code modes (TOOL-07/08): what the model is
// shown of the tools, and an exit called from a program.
const NOTE_PLAN_STATE = patch(
  POLICY,
  'policyText(foldPlanMode(ctx.readLog(agent)), section)',
  'policyText(((globalThis as { planActive?: boolean }).planActive = foldPlanMode(ctx.readLog(agent))), section)',
);

MUTANTS.push(
  mutant(
    'sdk-text-follows-plan-mode',
    ['TOOL-07'],
    'Under a code mode the SDK text gains a line telling the model to finish with exit_plan_mode while plan mode is on, so it changes when plan mode is entered or left (the wire tools stay the same).',
    patch(
      'host/tools.ts',
      'return sdkText(this.tools);',
      "return sdkText(this.tools) + ((globalThis as { planActive?: boolean }).planActive ? '\\n\\n(Plan mode is on: finish with tools.exit_plan_mode.)' : '');",
    ),
    NOTE_PLAN_STATE,
  ),
  mutant(
    'exit-binding-missing-in-plan-mode',
    ['TOOL-07', 'TOOL-08'],
    'A program run in plan mode gets no exit_plan_mode binding (the SDK still lists it), so the exit is unreachable under a code mode exactly when it is needed.',
    patch(
      CODE_MODE,
      'for (const tool of tools()) {',
      "for (const tool of tools().filter((candidate) => candidate.name !== 'exit_plan_mode' || !(globalThis as { planActive?: boolean }).planActive)) {",
    ),
    NOTE_PLAN_STATE,
  ),
  mutant(
    'program-exit-skips-review',
    ['TOOL-08'],
    'An exit_plan_mode call made from a program leaves plan mode at once, as if approved, without asking the user for a review.',
    patch(EXIT, 'async execute(args, { agent, signal }) {', 'async execute(args, { agent, signal, toolCallId }) {'),
    patch(
      EXIT,
      'if (!selections.logged(agent)) return failed(NOT_IN_PLAN_MODE);',
      "if (!selections.logged(agent)) return failed(NOT_IN_PLAN_MODE);\n      if (toolCallId.includes(':code:')) {\n        selections.commitApprovedExit(agent);\n        return approved();\n      }",
    ),
  ),
  mutant(
    'program-plan-re-encoded',
    ['TOOL-08', 'TOOL-04'],
    "A program's binding call re-encodes its arguments on the way (UTF-8 bytes read back as Latin-1), so the review shows a plan with any non-ASCII character garbled instead of byte for byte.",
    patch(
      CODE_MODE,
      'const copy: unknown = JSON.parse(JSON.stringify(args ?? {}));',
      "const copy: unknown = JSON.parse(Buffer.from(JSON.stringify(args ?? {}), 'utf8').toString('latin1'));",
    ),
  ),
);

// ---------------------------------------------------------------------------
// Issue 23, combinations no scenario happened to write down: notices after a
// restart and in a fork, a fork of a fork, a turn that gives up on a failed
// request. Exploration finds each; features/give-up-and-lineage.feature
// writes one session of each down.
MUTANTS.push(
  mutant(
    'notices-judged-from-memory',
    ['NARR-01', 'STATE-03', 'STATE-04'],
    "Whether a switch owes a notice is judged from the state the plugin remembers each agent's last request was assembled in, not from the log: after a restart, and in a fork, it remembers nothing, so the first switch there tells the model nothing although its last request described the other state.",
    patch(
      SERVICE,
      'private readonly pending = new Map<string, boolean>();',
      'private readonly pending = new Map<string, boolean>();\n  private readonly described = new Map<string, boolean>();',
    ),
    patch(
      SERVICE,
      `applyPending(agent: string): void {
    const target = this.pending.get(agent);`,
      `applyPending(agent: string): void {
    this.applyWaiting(agent);
    this.described.set(agent, this.logged(agent));
  }

  private applyWaiting(agent: string): void {
    const target = this.pending.get(agent);`,
    ),
    patch(
      SERVICE,
      'if (needsNotice(this.ctx.readLog(agent), active)) this.ctx.append(agent, noticeEvent(active));',
      'if (this.described.has(agent) && this.described.get(agent) !== active && needsNotice.length >= 0) this.ctx.append(agent, noticeEvent(active));',
    ),
  ),
  mutant(
    'fork-of-fork-copies-first-origin',
    ['STATE-04'],
    "Forking an agent that is itself a fork copies the log of the agent that fork was made from, so a fork of a fork starts from its grandparent's state and history, not its parent's.",
    patch(
      'host/host.ts',
      'const events = this.agent(agent).log.read();',
      'const events = this.agent(this.records.find((record) => record.id === agent)?.forkOf ?? agent).log.read();',
    ),
  ),
  mutant(
    'gave-up-request-forgotten',
    ['NARR-01'],
    'A request whose failure was not retryable counts as never made when deciding on a notice: after a turn that gives up on it, the next switch adds no notice although the model saw the other state.',
    patch(
      STATE,
      `export function lastRequestIndex(events: readonly SessionEvent[]): number {
  return events.map((e) => e.type).lastIndexOf('request/header');`,
      `export function lastRequestIndex(events: readonly SessionEvent[]): number {
  const types = events.map((e) => e.type);
  let index = types.lastIndexOf('request/header');
  const gaveUp = (from: number) => events.slice(from).some((e) => e.type === 'request/failure' && (e.payload as { retryable?: boolean }).retryable === false);
  while (index >= 0 && gaveUp(index)) index = types.lastIndexOf('request/header', index - 1);
  return index;`,
    ),
  ),
);

// ---------------------------------------------------------------------------
// Issue 30, values from the whole domain: one broken host per value class
// (white space trim removes or keeps, line breaks, invisible and format
// characters, NFC/NFD, non-ASCII, images, configuration shapes) and per
// family of combinations (a compaction while a selection waits, a message
// steered into a turn that gives up). Each is a bug a host written from the
// spec made; input-edges, lifecycle, give-up-and-lineage, configuration,
// tool-modes and plan-command-images write one session of each down.
const INVISIBLES = String.raw`/[\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/g`;
const ASCII_WHITE_SPACE_AT_ENDS = String.raw`/^[ \t\n\r]+|[ \t\n\r]+$/g`;
MUTANTS.push(
  mutant(
    'section-normalized-to-nfc',
    ['CFG-03', 'POLICY-01'],
    'The configured section is normalized to NFC when the plugin loads, so a section written with combining accents (NFD) reaches the prompt changed.',
    patch(
      CONFIG,
      'return { section: result.data.section };',
      "return { section: result.data.section.normalize('NFC') };",
    ),
  ),
  mutant(
    'program-plan-stripped-of-invisibles',
    ['TOOL-08', 'TOOL-04'],
    "A program's binding call strips zero-width, bidi and other format characters from its arguments, so a plan sent through a code-mode program reaches the review changed.",
    patch(
      CODE_MODE,
      'const copy: unknown = JSON.parse(JSON.stringify(args ?? {}));',
      `const copy: unknown = JSON.parse(JSON.stringify(args ?? {}).replace(${INVISIBLES}, ''));`,
    ),
  ),
  mutant(
    'plan-off-trimmed-of-ascii-white-space-only',
    ['CMD-04', 'CMD-03'],
    '/plan trims only ASCII white space from its argument, so `/plan off` followed by an ideographic space (U+3000, typed by Chinese input methods) is taken for a message.',
    patch(
      COMMAND,
      'const message = rawArgs.trim();',
      `const message = rawArgs.replace(${ASCII_WHITE_SPACE_AT_ENDS}, '');`,
    ),
    patch(
      COMMAND,
      'return args.trim() === OFF_ARGUMENT;',
      `return args.replace(${ASCII_WHITE_SPACE_AT_ENDS}, '') === OFF_ARGUMENT;`,
    ),
  ),
  mutant(
    'feedback-cut-to-first-line',
    ['REVIEW-04'],
    'Review feedback reaches the model cut to its first line: the rest of a multi-line answer is lost.',
    patch(
      REVIEW,
      'const text = answer?.freeText;',
      String.raw`const text = answer?.freeText?.split(/\r\n|\r|\n|\u2028|\u2029/)[0];`,
    ),
  ),
  mutant(
    'log-read-back-as-latin1',
    ['STATE-03', 'MX-03', 'POLICY-03'],
    'The session log is read back as Latin-1 after a restart: the plan state survives, but non-ASCII prompts, plans, feedback and headers come back garbled.',
    patch(
      'host/jsonl.ts',
      "const lines = bytes.subarray(0, terminatedLength).toString('utf8').split('\\n');",
      "const lines = bytes.subarray(0, terminatedLength).toString('latin1').split('\\n');",
    ),
  ),
  onlyIn(
    ['rc.8'],
    mutant(
      'identical-images-deduplicated',
      ['CMD-03', 'CMD-09'],
      'The same image attached twice is sent once: a user message keeps only the first of identical images.',
      patch(
        USER_INPUT,
        'return { text, images: images.map((image) =>',
        'return { text, images: images.filter((image, index) => images.findIndex((other) => other.data === image.data && other.mediaType === image.mediaType) === index).map((image) =>',
      ),
    ),
  ),
  mutant(
    'null-config-key-ignored',
    ['CFG-02'],
    'A configuration key present with an empty value (YAML `modes:` is null) is ignored instead of failing the load.',
    patch(
      CONFIG,
      'const result = PlanModeConfigSchema.safeParse(config);',
      "const result = PlanModeConfigSchema.safeParse(config !== null && typeof config === 'object' && !Array.isArray(config) ? Object.fromEntries(Object.entries(config).filter(([key, value]) => key === 'section' || (value !== null && value !== '' && !(typeof value === 'object' && Object.keys(value).length === 0)))) : config);",
    ),
  ),
  mutant(
    'pending-forgotten-on-compaction',
    ['STATE-05', 'SET-06'],
    "A selection still waiting when the agent's history is compacted is forgotten: the next prompt runs in the old state.",
    // (A fork copies its origin's log before the new agent exists: nothing of it waits, so a throw there is ignored.)
    patch(
      PLUGIN,
      'const selections = new PlanModeSelections(ctx);',
      "const selections = new PlanModeSelections(ctx);\n      ctx.subscribe((agent, e) => {\n        if (e.type !== 'compaction') return;\n        try {\n          if (selections.get(agent).pending !== undefined) selections.set(agent, selections.logged(agent));\n        } catch {}\n      });",
    ),
  ),
  mutant(
    'steered-message-dropped-on-give-up',
    ['CMD-03'],
    'A message steered into a turn that then gives up on a failed request is dropped: it never reaches the log or the model.',
    patch(
      AGENT,
      'if (!response.retryable || attempt >= this.deps.options.maxAttempts) return;',
      'if (!response.retryable || attempt >= this.deps.options.maxAttempts) {\n          this.steered.splice(0);\n          return;\n        }',
    ),
  ),
);

// Issue 30's blind batch of 2026-12-06 (blind-batch-r41.ts): the hosts one half of the default run missed then.
MUTANTS.push(...BLIND_BATCH_R41_CATALOGUED);

// Issue 30's blind batch of round 42 (blind-batch-r42.ts): the hosts one half of the default run missed then.
MUTANTS.push(...BLIND_BATCH_R42_CATALOGUED);

// Issue 30's blind batch of round 43 (blind-batch-r43.ts): the hosts one half of the default run missed then.
MUTANTS.push(...BLIND_BATCH_R43_CATALOGUED);

// Issue 30's blind batch of round 44 (blind-batch-r44.ts): the hosts one half of the default run missed then.
MUTANTS.push(...BLIND_BATCH_R44_CATALOGUED);

// Issue 30's blind batch of round 45 (blind-batch-r45.ts): the hosts one half of the default run missed then.
MUTANTS.push(...BLIND_BATCH_R45_CATALOGUED);

// Issue 30's blind batch of round 46 (blind-batch-r46.ts): the hosts one half of the default run missed then.
MUTANTS.push(...BLIND_BATCH_R46_CATALOGUED);

// Issue 30's blind batch of round 47 (blind-batch-r47.ts): the hosts one half of the default run missed then.
MUTANTS.push(...BLIND_BATCH_R47_CATALOGUED);

// Issue 30's blind batch of round 48 (blind-batch-r48.ts): the hosts one half of the default run missed then.
MUTANTS.push(...BLIND_BATCH_R48_CATALOGUED);
