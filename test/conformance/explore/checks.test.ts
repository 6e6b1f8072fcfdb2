/**
 * The exploration's checks (conformance/explore/checks/), each on its own: a
 * check compares one prediction of the oracle with one observation and
 * returns what it found (findings.ts: what was compared, expected and
 * observed), so each is shown agreeing with what a conforming host shows and
 * disagreeing, with its class and clauses, with what a broken one shows; the
 * step a finding is worded as (finding-texts.ts) is shown where it matters.
 */
import { describe, expect, it } from 'vitest';
import { getFinding } from '../../../conformance/explore/checks/get.js';
import {
  loggedEventsFinding,
  observersFinding,
  projectionFinding,
  projectionPushesFinding,
} from '../../../conformance/explore/checks/idle.js';
import {
  boundaryFinding,
  catalogFinding,
  extraRequestFinding,
  imageBlocksFinding,
  noticeFinding,
  prefixFinding,
  provenanceFinding,
  standingLostFinding,
  sectionPlaceFinding,
  sectionTextFinding,
  userTextsFinding,
} from '../../../conformance/explore/checks/request.js';
import { IMAGE_NAMES, imagesNamed } from '../../../conformance/world/images.js';
import {
  reviewShapeFinding,
  reviewWithoutPlanFinding,
  unsubmittedPlanFinding,
} from '../../../conformance/explore/checks/review.js';
import { sectionLayoutProblem } from '../../../conformance/explore/checks/system-prompt.js';
import { toolSdkFinding } from '../../../conformance/explore/checks/tool-sdk.js';
import { layoutProblemText, worded } from '../../../conformance/explore/finding-texts.js';
import { createdAgent, forkedAgent } from '../../../conformance/oracle/session-oracle.js';
import { orderedProbeSection, PROBE_SECTIONS } from '../../../conformance/script/probes.js';
import type { Message, ModelRequest, Question, SessionEvent } from '../../../src/index.js';

const agent = () => createdAgent('the agent', 'agent-1', 'seed');

/** A system prompt laid out as a host joins sections: the kit's probes, and the plan section at order 50 when guided. */
function systemPrompt(section: string | undefined, separator = '\n\n', early = 'You are a coding agent.'): string {
  const sections = [
    ...PROBE_SECTIONS.map((probe) => ({ order: probe.order, text: probe.text })),
    { order: 0, text: early },
  ];
  if (section !== undefined) sections.push({ order: 50, text: section });
  return sections
    .sort((a, b) => a.order - b.order)
    .map((entry) => entry.text)
    .join(separator);
}

const exitTool = {
  name: 'exit_plan_mode',
  description: 'Present the plan',
  parameters: { type: 'object', properties: { plan: { type: 'string' } }, required: ['plan'] },
};

function request(overrides: Partial<ModelRequest> = {}): ModelRequest {
  return {
    agent: 'agent-1',
    systemPrompt: systemPrompt(undefined),
    messages: [],
    tools: [exitTool],
    ...overrides,
  } as ModelRequest;
}

describe('get (SET-05)', () => {
  it('agrees with the logged state, disagrees with another, naming the cause', () => {
    const one = agent();
    one.plan.set(true);
    expect(getFinding(one, { active: true }, undefined)).toBeUndefined();
    const found = getFinding(one, { active: false }, undefined);
    expect(found).toMatchObject({
      check: 'get-state',
      clauses: ['SET-05', 'SET-01', 'NARR-01'],
      where: { agent: 'the agent' },
      expected: { active: true },
      observed: { active: false },
    });
    expect(worded(found)?.step).toEqual({
      text: 'get reports plan mode on for the agent, no other mode pending',
      midTurn: false,
    });
  });

  it('phrases a mid-turn check as one made while the model handles the request', () => {
    const one = agent();
    const found = getFinding(one, { active: true }, { agent: one, n: 2 });
    expect(found?.where).toEqual({ agent: 'the agent', during: { n: 2, agent: 'the agent' } });
    expect(worded(found)?.step).toEqual({
      text: 'while the model handles request 2 of the agent, get reports plan mode off for the agent, no other mode pending',
      midTurn: true,
    });
  });
});

describe('an idle agent (STATE-01, PROJ-02..04, STATE-06)', () => {
  it('compares the events the agent logged itself, after those a fork inherited', () => {
    const origin = agent();
    origin.plan.set(true);
    const fork = forkedAgent('agent "fork 1"', 'fork-1', origin, 1);
    fork.plan.set(false);
    expect(loggedEventsFinding(fork, [{ active: true }, { active: false }])).toBeUndefined();
    expect(loggedEventsFinding(fork, [{ active: true }, { active: false }, { active: false }])).toMatchObject({
      check: 'logged-events',
      clauses: ['STATE-01', 'SET-01', 'NARR-01'],
    });
    expect(
      loggedEventsFinding(fork, [{ active: true }, { active: false, by: 'user' } as { active: boolean }])?.check,
    ).toBe('logged-events');
  });

  it('compares the projection with the fold of the log', () => {
    const one = agent();
    one.plan.openTurn();
    one.plan.set(true);
    one.plan.commandRun(true);
    expect(projectionFinding(one, { active: false, pending: true })).toBeUndefined();
    expect(projectionFinding(one, { active: false, pending: false })).toMatchObject({
      check: 'projection-fold',
      clauses: ['PROJ-02', 'PROJ-03', 'PROJ-04'],
    });
  });

  it('compares what observers were told with the whole log', () => {
    const logged = [{ active: true }, { active: false }];
    expect(observersFinding(agent(), logged, logged)).toBeUndefined();
    expect(observersFinding(agent(), logged.slice(0, 1), logged)).toMatchObject({
      check: 'observers-told',
      clauses: ['STATE-06'],
    });
  });
});

describe("the projection's pushes between two idle observations (PROJ-02)", () => {
  const off = { active: false, pending: false };
  const on = { active: true, pending: false };
  const run = (args: string): SessionEvent => ({ type: 'command/run', name: 'plan', args });
  const done: SessionEvent = { type: 'command/done', name: 'plan', ok: true };
  const message: SessionEvent = { type: 'user/message', source: 'user', text: 'go' } as SessionEvent;
  const mode = (active: boolean): SessionEvent => ({ type: 'plan/mode', payload: { active } });
  // A snapshot pushed when the subscriber attached, before the agent was first observed: the registry's own.
  const before = { pushes: [off], logLength: 1, view: off };

  it('accepts a push per folded event, fewer for a change that left the view alone, none for other events', () => {
    const log = [message, message, run('on'), mode(true)];
    expect(projectionPushesFinding(agent(), before, { pushes: [off, on], log, view: on }, 'seed')).toBeUndefined();
    expect(projectionPushesFinding(agent(), before, { pushes: [off, off, on], log, view: on }, 'seed')).toBeUndefined();
    expect(
      projectionPushesFinding(agent(), before, { pushes: [off], log: [message, message], view: off }, 'seed'),
    ).toBeUndefined();
  });

  it('fails a push for an event the unit does not fold, or a rewritten feed', () => {
    const log = [message, message, message];
    expect(projectionPushesFinding(agent(), before, { pushes: [off, off], log, view: off }, 'seed')).toMatchObject({
      check: 'projection-pushes-unfolded',
      clauses: ['PROJ-02'],
    });
    expect(projectionPushesFinding(agent(), before, { pushes: [on], log, view: off }, 'seed')?.check).toBe(
      'projection-pushes-unfolded',
    );
  });

  it("counts a /plan line's command/done as folded only where the projection settles on it (rc.8)", () => {
    const log = [message, run('off'), done];
    const twice = { pushes: [off, off, off], log, view: off };
    expect(projectionPushesFinding(agent(), before, twice, 'rc.8')).toBeUndefined();
    expect(projectionPushesFinding(agent(), before, twice, '0.0.1-rc.1')?.check).toBe('projection-pushes-unfolded');
  });

  it('fails a push of a view the log never folded to since, such as one folded onto a state forgotten at a restart', () => {
    const onNow = { pushes: [], logLength: 1, view: on };
    // `/plan` while on: the log folds to on with nothing pending; a registry that forgot the state pushes off, pending.
    const log = [mode(true), run('')];
    const forgotten = { active: false, pending: true };
    expect(projectionPushesFinding(agent(), onNow, { pushes: [forgotten], log, view: on }, 'seed')).toMatchObject({
      check: 'projection-pushes-folded',
      clauses: ['PROJ-02', 'PROJ-04'],
    });
    // Late pushes are views the log folded to, in order: accepted, the same one twice included.
    const leaving = [mode(true), run('off'), mode(false)];
    const pendingExit = { active: true, pending: true };
    for (const pushes of [
      [pendingExit, off],
      [off, off],
      [on, off],
    ])
      expect(projectionPushesFinding(agent(), onNow, { pushes, log: leaving, view: off }, 'seed')).toBeUndefined();
    // One push per folded event and the last one the view now shown, yet the first a view the log never had.
    expect(
      projectionPushesFinding(agent(), onNow, { pushes: [forgotten, off], log: leaving, view: off }, 'seed')?.check,
    ).toBe('projection-pushes-folded');
  });

  it('fails a changed view that was not pushed, or not pushed last', () => {
    const log = [message, run('on'), mode(true)];
    expect(projectionPushesFinding(agent(), before, { pushes: [off], log, view: on }, 'seed')).toMatchObject({
      check: 'projection-pushed-change',
      clauses: ['PROJ-02'],
    });
    const pending = { active: false, pending: true };
    expect(projectionPushesFinding(agent(), before, { pushes: [off, pending], log, view: on }, 'seed')?.check).toBe(
      'projection-pushed-change',
    );
  });
});

describe('what a request shows', () => {
  it('notices: exactly those predicted, the same text each way, different ways apart (NARR-01, NARR-02)', () => {
    const expectation = { known: true, expected: ['entering' as const, 'leaving' as const] };
    expect(noticeFinding(agent(), 3, expectation, ['on', 'off'])).toBeUndefined();
    expect(noticeFinding(agent(), 3, expectation, ['on'])).toMatchObject({
      check: 'notice-count',
      clauses: ['NARR-01', 'NARR-02'],
    });
    expect(noticeFinding(agent(), 3, expectation, ['same', 'same'])).toMatchObject({
      check: 'notice-text',
      clauses: ['NARR-01'],
    });
  });

  it('notices after a compaction: at least those since, more allowed', () => {
    const since = { known: false, expected: ['leaving' as const] };
    expect(noticeFinding(agent(), 4, since, ['a summary notice', 'off'])).toBeUndefined();
    expect(noticeFinding(agent(), 4, since, [])).toMatchObject({ check: 'notice-count', clauses: ['NARR-01'] });
  });

  it('the prompt before order 50 stays the same across a switch (POLICY-04)', () => {
    const off = { n: 1, guided: false, systemPrompt: systemPrompt(undefined) };
    const on = { n: 2, guided: true, systemPrompt: systemPrompt('PLAN') };
    expect(prefixFinding(agent(), undefined, on)).toBeUndefined();
    expect(prefixFinding(agent(), off, on)).toBeUndefined();
    const changed = { n: 2, guided: true, systemPrompt: systemPrompt('PLAN', '\n\n', 'You are a planning agent.') };
    expect(prefixFinding(agent(), off, changed)).toMatchObject({
      check: 'prompt-before-order-50',
      clauses: ['POLICY-04'],
    });
    // Two requests in the same state are not compared (a host may change its early sections as it likes).
    expect(prefixFinding(agent(), { ...changed, n: 1 }, { ...on, n: 2 })).toBeUndefined();
  });

  it('the section sits at order 50 exactly once in plan mode, nothing there outside it (POLICY-01, POLICY-02)', () => {
    expect(sectionLayoutProblem(systemPrompt('PLAN'), 'PLAN', true)).toBeUndefined();
    expect(sectionLayoutProblem(systemPrompt(undefined), 'PLAN', false)).toBeUndefined();
    const notAlone = sectionLayoutProblem(systemPrompt('PLAN '), 'PLAN', true);
    expect(notAlone).toEqual({ kind: 'section-not-alone', separator: '\n\n', held: '\n\nPLAN \n\n' });
    expect(layoutProblemText(notAlone!)).toMatch(/order 50 should hold the section between two/);
    const inactive = sectionLayoutProblem(systemPrompt('PLAN'), 'PLAN', false);
    expect(inactive).toMatchObject({ kind: 'inactive-not-empty', held: '\n\nPLAN\n\n' });
    expect(layoutProblemText(inactive!)).toMatch(/while inactive/);
    // Against the agent's request in the other state: order 50 changes by the section and one separator alone.
    const off = systemPrompt(undefined);
    const on = systemPrompt('PLAN');
    expect(sectionLayoutProblem(on, 'PLAN', true, off)).toBeUndefined();
    expect(sectionLayoutProblem(off, 'PLAN', false, on)).toBeUndefined();
    const junkOff = systemPrompt('Plan mode is off.');
    expect(sectionLayoutProblem(on, 'PLAN', true, junkOff)).toMatchObject({
      kind: 'section-not-alone',
      otherState: '\n\nPlan mode is off.\n\n',
    });
    expect(sectionLayoutProblem(junkOff, 'PLAN', false, on)).toMatchObject({ kind: 'inactive-not-empty' });
    expect(layoutProblemText(sectionLayoutProblem(junkOff, 'PLAN', false, on)!)).toMatch(/what it held in plan mode/);
    // Glued to the probe before it, with two separators after: the comparison alone would take it (one separator
    // out of plan mode), but the section stands apart only with a separator on each side.
    const glued = on.replace('\n\nPLAN\n\n', 'PLAN\n\n\n\n');
    expect(sectionLayoutProblem(glued, 'PLAN', true, off)).toMatchObject({ kind: 'section-not-alone' });
    expect(sectionLayoutProblem(on.replace('\n\nPLAN\n\n', '\n\n\n\nPLAN'), 'PLAN', true, off)).toMatchObject({
      kind: 'section-not-alone',
    });
    const headed = systemPrompt('## Plan mode\n\nPLAN');
    expect(sectionLayoutProblem(headed, 'PLAN', true)).toBeUndefined();
    expect(sectionLayoutProblem(headed, 'PLAN', true, off)).toMatchObject({ kind: 'section-not-alone' });
  });

  it("a section of the host's own at order 50 is the host's, in either state (POLICY-01 places only the plan section)", () => {
    const hostOwn = 'HOST SECTION AT ORDER 50';
    const off = systemPrompt(hostOwn);
    for (const on of [systemPrompt(`${hostOwn}\n\nPLAN`), systemPrompt(`PLAN\n\n${hostOwn}`)]) {
      expect(sectionLayoutProblem(on, 'PLAN', true)).toBeUndefined();
      expect(sectionLayoutProblem(on, 'PLAN', true, off)).toBeUndefined();
      expect(sectionLayoutProblem(off, 'PLAN', false, on)).toBeUndefined();
    }
    expect(sectionLayoutProblem(off, 'PLAN', false)).toBeUndefined();
    // The host's own section between the probes at 49 and 49.5 is not read as its separator.
    const between = systemPrompt('PLAN').replace(
      'PROBE SECTION AT ORDER 49\n\n',
      `PROBE SECTION AT ORDER 49\n\n${hostOwn}\n\n`,
    );
    expect(between).toContain(hostOwn);
    expect(sectionLayoutProblem(between, 'PLAN', true)).toBeUndefined();
    expect(sectionLayoutProblem(systemPrompt('ZQX\n\nZQX'), 'ZQX', true)).toEqual({
      kind: 'section-count',
      count: 2,
    });
  });

  it('the catalog offers exit_plan_mode with a required string plan, then never changes (TOOL-01, TOOL-02)', () => {
    expect(catalogFinding('native', agent(), request(), 1, undefined)).toBeUndefined();
    const renamed = {
      ...exitTool,
      parameters: { type: 'object', properties: { steps: { type: 'string' } }, required: ['steps'] },
    };
    expect(catalogFinding('native', agent(), request({ tools: [renamed] }), 1, undefined)).toMatchObject({
      check: 'exit-tool-offered',
      clauses: ['TOOL-01'],
    });
    expect(catalogFinding('code', agent(), request({ tools: [] }), 1, undefined)).toBeUndefined();
    expect(catalogFinding('native', agent(), request(), 2, { tools: [exitTool], n: 1 })).toBeUndefined();
    expect(catalogFinding('native', agent(), request({ tools: [] }), 2, { tools: [exitTool], n: 1 })).toMatchObject({
      check: 'tool-catalog-stable',
      clauses: ['TOOL-02'],
    });
  });

  it('under a code mode the SDK text names the exit, reaches the model and never changes (TOOL-07)', () => {
    const code = { name: 'run_code', description: 'Runs a program', parameters: { type: 'object' } };
    const sdk = 'await tools.exit_plan_mode({ plan })';
    const shown = request({ tools: [code], toolSdk: sdk, systemPrompt: `${systemPrompt(undefined)}\n${sdk}` });
    expect(toolSdkFinding('native', undefined, agent(), request(), 1, undefined)).toBeUndefined();
    expect(toolSdkFinding('code', 'run_code', agent(), shown, 1, undefined)).toBeUndefined();
    expect(
      toolSdkFinding('code', 'run_code', agent(), { ...shown, systemPrompt: systemPrompt(undefined) }, 1, undefined),
    ).toMatchObject({ check: 'exit-reachable-in-mode' });
    expect(
      toolSdkFinding('code', 'run_code', agent(), { ...shown, tools: [code, exitTool] }, 1, undefined),
    ).toMatchObject({ check: 'exit-reachable-in-mode' });
    expect(
      toolSdkFinding('both', 'run_code', agent(), { ...shown, tools: [code, exitTool] }, 1, undefined),
    ).toBeUndefined();
    expect(toolSdkFinding('code', 'run_code', agent(), shown, 2, { sdk: `${sdk} `, n: 1 })).toMatchObject({
      check: 'tool-sdk-stable',
      clauses: ['TOOL-07'],
    });
  });

  it('holds only messages the user, the model, tools and the plugin authored (STATE-01, CMD-06)', () => {
    const kit = {
      prompted: ['Task 1'],
      typedLines: [] as string[],
      model: { replies: [] as string[] },
      compacted: false,
    } as unknown as Parameters<typeof provenanceFinding>[0];
    const prompt = { role: 'user', source: 'user', text: 'Task 1' } as const;
    expect(provenanceFinding(kit, agent(), request({ messages: [prompt] }), 1)).toBeUndefined();
    const record = { role: 'user', source: 'host', text: '{"active":true}' } as const;
    expect(provenanceFinding(kit, agent(), request({ messages: [prompt, record] }), 1)).toMatchObject({
      check: 'message-provenance',
      clauses: ['STATE-01'],
    });
    // The host's own message, which its log records as a host-sourced user message, is no stray one.
    const context = { role: 'user', source: 'host', text: '<environment>linux</environment>' } as const;
    const logged = new Set([context.text]);
    expect(provenanceFinding(kit, agent(), request({ messages: [context, prompt] }), 1, logged)).toBeUndefined();
    expect(provenanceFinding(kit, agent(), request({ messages: [context, prompt, record] }), 1, logged)).toMatchObject({
      check: 'message-provenance',
    });
  });

  it("a host message at the agent's standing places is the host's own; one that comes and goes is not", () => {
    const kit = {
      prompted: ['Task 1'],
      typedLines: [] as string[],
      model: { replies: [] as string[] },
      compacted: false,
    } as unknown as Parameters<typeof provenanceFinding>[0];
    const prompt = { role: 'user', source: 'user', text: 'Task 1' } as const;
    const context = { role: 'user', source: 'host', text: '<environment>linux</environment>' } as const;
    const unlogged = new Set<string>();
    // Standing (every request so far opened with it): not stray, though the log does not record it.
    expect(provenanceFinding(kit, agent(), request({ messages: [context, prompt] }), 1, unlogged, 1)).toBeUndefined();
    // Not standing: an unlogged host message is stray, first or not.
    expect(provenanceFinding(kit, agent(), request({ messages: [context, prompt] }), 2, unlogged, 0)).toMatchObject({
      check: 'message-provenance',
      observed: { index: 0 },
    });
    expect(provenanceFinding(kit, agent(), request({ messages: [prompt, context] }), 1, unlogged, 0)).toMatchObject({
      check: 'message-provenance',
      observed: { index: 1 },
    });
    // One every earlier request opened with, missing now: it came and went.
    const before = request({ messages: [context, prompt] });
    const without = request({ messages: [prompt] });
    expect(standingLostFinding({ compacted: false }, agent(), without, 2, 1, 0, before)).toMatchObject({
      check: 'message-provenance',
      clauses: ['STATE-01', 'MX-01'],
      where: { request: 2 },
      observed: { index: 0, stray: context },
    });
    // Still there, but its place now follows the plan state: the message itself is named.
    const named = { role: 'user', source: 'host', text: 'mode: plan' } as const;
    expect(
      standingLostFinding({ compacted: false }, agent(), request({ messages: [named, prompt] }), 3, 1, 0, before),
    ).toMatchObject({ observed: { index: 0, stray: named } });
    expect(standingLostFinding({ compacted: false }, agent(), before, 2, 1, 1, before)).toBeUndefined();
    expect(standingLostFinding({ compacted: false }, agent(), without, 1, undefined, 0)).toBeUndefined();
    expect(standingLostFinding({ compacted: true }, agent(), without, 2, 1, 0, before)).toBeUndefined();
  });

  it('no request after the final answer unless something was steered (CMD-02, CMD-06, MX-02)', () => {
    const turn = { planned: [{ answer: { type: 'text' as const }, during: [] }] };
    const text = { type: 'text' as const };
    expect(extraRequestFinding(agent(), turn, 0, undefined, 1)).toBeUndefined();
    expect(extraRequestFinding(agent(), turn, 1, text, 2)).toMatchObject({ check: 'extra-request', clauses: [] });
    const typed = extraRequestFinding(agent(), { ...turn, typed: true }, 1, text, 2);
    expect(typed).toMatchObject({
      check: 'extra-request',
      clauses: ['CMD-02', 'CMD-06', 'MX-02'],
      expected: { requests: 1 },
      observed: { requests: 2 },
    });
    expect(worded(typed)?.step?.text).toBe('the number of model requests of the agent is 1');
    expect(extraRequestFinding({ name: 'the agent', steered: ['more'] }, turn, 1, text, 2)).toBeUndefined();
    expect(extraRequestFinding(agent(), turn, 1, { type: 'failure' }, 2)).toBeUndefined();
  });

  it('the boundary: in plan mode exactly when predicted, from a log folded the same way (SET-06, STATE-02)', () => {
    const seen = (guided: boolean, inPlanMode: boolean, folded = inPlanMode) => ({
      guided,
      predicted: { inPlanMode },
      clauses: ['SET-06'],
      logClauses: ['STATE-02'],
      folded,
      section: 'PLAN',
      systemPrompt: systemPrompt(guided ? 'PLAN' : undefined),
    });
    expect(boundaryFinding(agent(), 2, 'submission', seen(true, true))).toBeUndefined();
    expect(boundaryFinding(agent(), 2, 'submission', seen(false, false))).toBeUndefined();
    const missing = boundaryFinding(agent(), 2, 'submission', seen(false, true));
    expect(missing).toMatchObject({
      check: 'request-in-plan-mode',
      clauses: ['SET-06'],
      where: { agent: 'the agent', request: 2, requestKind: 'submission' },
      expected: { inPlanMode: true },
      observed: { inPlanMode: false },
    });
    expect(worded(missing)?.step?.text).toBe('request 2 of the agent is in plan mode');
    expect(boundaryFinding(agent(), 2, 'retry', seen(true, false))).toMatchObject({
      check: 'request-in-plan-mode',
    });
    expect(boundaryFinding(agent(), 2, 'submission', seen(true, true, false))).toMatchObject({
      check: 'log-at-request',
      clauses: ['STATE-02'],
    });
    // Due in plan mode, but order 50 holds a changed section: the section clauses, not the boundary.
    const changed = { ...seen(false, true), systemPrompt: systemPrompt('PLAN\u200b') };
    expect(boundaryFinding(agent(), 2, 'submission', changed)).toMatchObject({
      check: 'section-text',
      clauses: ['POLICY-01', 'CFG-03'],
    });
    expect(sectionTextFinding('PLAN', 'the agent', systemPrompt(undefined), 2)).toBeUndefined();
  });

  it('the section sits among the probe sections by order, in a prompt laid out around it (POLICY-01, MX-01)', () => {
    expect(sectionPlaceFinding(agent(), 1, true, systemPrompt('PLAN'), 'PLAN', [])).toBeUndefined();
    expect(sectionPlaceFinding(agent(), 1, false, systemPrompt(undefined), 'PLAN', [])).toBeUndefined();
    expect(sectionPlaceFinding(agent(), 1, true, systemPrompt('PLAN '), 'PLAN', [])).toMatchObject({
      check: 'section-layout',
      clauses: ['POLICY-01', 'MX-01'],
    });
    expect(sectionPlaceFinding(agent(), 1, false, systemPrompt('PLAN'), 'PLAN', [])).toMatchObject({
      check: 'section-layout',
      clauses: ['POLICY-02', 'MX-01'],
    });
    // A further probe section at order 40 sits before the plan section; put after it, the plan section is misplaced.
    const probe = orderedProbeSection(40);
    const joined = (order: number) =>
      [
        ...PROBE_SECTIONS,
        { order: 0, text: 'You are a coding agent.' },
        { order: 50, text: 'PLAN' },
        { ...probe, order },
      ]
        .sort((a, b) => a.order - b.order)
        .map((entry) => entry.text)
        .join('\n\n');
    expect(sectionPlaceFinding(agent(), 1, true, joined(40), 'PLAN', [40])).toBeUndefined();
    const misplaced = joined(60);
    expect(sectionPlaceFinding(agent(), 1, true, misplaced, 'PLAN', [40])).toMatchObject({
      check: 'section-order',
      clauses: ['POLICY-01'],
    });
  });

  describe('the user texts a request adds (CMD-03, CMD-06, MX-02, MX-03)', () => {
    const prompt = { role: 'user', source: 'user', text: 'Task 1' } as const;
    const reply: Message = { role: 'assistant', text: 'done', toolCalls: [] };
    const steered = { role: 'user', source: 'user', text: 'steer' } as const;
    const kit = (earlier: ModelRequest[]) =>
      ({
        model: { requestsOf: () => earlier },
        steeredImages: new Map<string, string[][]>(),
        prompted: ['Task 1', 'Task 2'],
        turns: new Map([['agent-1', { start: earlier.length - 1 }]]),
      }) as unknown as Parameters<typeof userTextsFinding>[0];
    const first = request({ messages: [prompt] });

    it('agrees with the texts the oracle expects, in any order', () => {
      expect(userTextsFinding(kit([first]), agent(), first, 1, { expected: ['Task 1'], steered: [] })).toBe(undefined);
      const second = request({ messages: [prompt, reply, steered, { ...prompt, text: 'Task 2' }] });
      expect(
        userTextsFinding(kit([first, second]), agent(), second, 2, { expected: ['Task 2', 'steer'], steered: [] }),
      ).toBeUndefined();
    });

    it('disagrees when the history is not repeated, a text is missing, or a steered one comes after the prompt', () => {
      const rewritten = request({ messages: [{ ...prompt, text: 'Task 0' }, reply] });
      expect(
        userTextsFinding(kit([first, rewritten]), agent(), rewritten, 2, { expected: [], steered: [] }),
      ).toMatchObject({ check: 'history-repeated', clauses: ['MX-03', 'NARR-05'] });
      const second = request({ messages: [prompt, reply, { ...prompt, text: 'Task 2' }] });
      const missing = userTextsFinding(kit([first, second]), agent(), second, 2, {
        expected: ['Task 2', 'steer'],
        steered: [],
      });
      expect(missing).toMatchObject({
        check: 'user-texts',
        clauses: ['CMD-03', 'CMD-06', 'MX-02'],
        expected: { texts: ['Task 2', 'steer'] },
        observed: { texts: ['Task 2'] },
      });
      expect(worded(missing)?.step?.text).toBe('request 2 of the agent adds the user texts "Task 2 | steer"');
      const late = request({ messages: [prompt, reply, { ...prompt, text: 'Task 2' }, steered] });
      expect(
        userTextsFinding(kit([first, late]), agent(), late, 2, {
          expected: ['Task 2', 'steer'],
          steered: ['steer'],
        }),
      ).toMatchObject({ check: 'steered-before-prompt', clauses: ['CMD-03'] });
    });

    it('disagrees when messages steered before one request reach it in another order than typed', () => {
      const later = { role: 'user', source: 'user', text: 'steer again' } as const;
      const kept = request({ messages: [prompt, reply, steered, later] });
      const typed = { expected: ['steer', 'steer again'], steered: ['steer', 'steer again'] };
      // A continuation of the turn (it started at request 1), so the order of a turn's first request is not in play.
      const midTurn = (earlier: ModelRequest[]) =>
        ({ ...kit(earlier), turns: new Map([['agent-1', { start: 0 }]]) }) as unknown as Parameters<
          typeof userTextsFinding
        >[0];
      expect(userTextsFinding(midTurn([first, kept]), agent(), kept, 2, typed)).toBeUndefined();
      const reversed = request({ messages: [prompt, reply, later, steered] });
      const found = userTextsFinding(midTurn([first, reversed]), agent(), reversed, 2, typed);
      expect(found).toMatchObject({
        check: 'steered-order',
        clauses: ['CMD-03'],
        expected: { typed: ['steer', 'steer again'] },
        observed: { texts: ['steer again', 'steer'] },
      });
      expect(worded(found)?.step?.text).toBe(
        'request 2 of the agent adds the user texts "steer | steer again" in the order typed',
      );
    });

    it("is not judged right after a compaction, nor on a fork's first request", () => {
      const compacted = agent();
      compacted.compactedSinceRequest = true;
      const empty = request({ messages: [] });
      expect(userTextsFinding(kit([empty]), compacted, empty, 1, { expected: ['x'], steered: [] })).toBe(undefined);
      const fork = forkedAgent('the fork', 'agent-2', agent(), 0);
      expect(userTextsFinding(kit([empty]), fork, empty, 1, { expected: ['x'], steered: [] })).toBeUndefined();
    });
  });

  it('a steered message holds the images it was typed with, then its text (CMD-03, CMD-09)', () => {
    const name = IMAGE_NAMES[0]!;
    const typed = () => ({
      steeredImages: new Map([[`agent-1\nlook`, [[name]]]]),
      prompted: [] as string[],
    });
    const text = { type: 'text' as const, text: 'look' };
    const withImage: Message = { role: 'user', source: 'user', text: 'look', content: [...imagesNamed(name), text] };
    expect(imageBlocksFinding(typed(), agent(), [withImage], 2)).toBeUndefined();
    const without: Message = { role: 'user', source: 'user', text: 'look', content: [text] };
    expect(imageBlocksFinding(typed(), agent(), [without], 2)).toMatchObject({
      check: 'user-message-blocks',
      clauses: ['CMD-03', 'CMD-09', 'MX-02'],
    });
    // A prompt's message holds its text alone.
    const prompt = { role: 'user', source: 'user', text: 'Task 1' } as const;
    expect(imageBlocksFinding({ steeredImages: new Map(), prompted: ['Task 1'] }, agent(), [prompt], 1)).toBe(
      undefined,
    );
  });
});

describe('plan reviews (checks/review.ts)', () => {
  const review = (overrides: Partial<Question> = {}): Question => ({
    id: 'review-1',
    question: 'Approve this plan?\n\nthe plan',
    options: [{ label: 'Approve' }, { label: 'Keep planning' }],
    intent: 'plan-review',
    approveLabel: 'Approve',
    ...overrides,
  });

  it('REVIEW-01: the intent, the approving label, and Approve beside a keep-planning option', () => {
    expect(reviewShapeFinding(review())).toBeUndefined();
    expect(reviewShapeFinding(review({ intent: undefined }))).toMatchObject({
      check: 'review-declares-intent',
      clauses: ['REVIEW-01'],
    });
    expect(reviewShapeFinding(review({ approveLabel: 'OK' }))?.check).toBe('review-declares-intent');
    expect(reviewShapeFinding(review({ options: [{ label: 'Approve' }, { label: '  ' }] }))).toMatchObject({
      check: 'review-offers-keep-planning',
    });
    expect(reviewShapeFinding(review({ options: [{ label: 'Yes' }, { label: 'No' }] }))?.check).toBe(
      'review-offers-keep-planning',
    );
  });

  it('TOOL-04: a review without the submitted plan, or for a plan nobody submitted, names the step that replays it', () => {
    const withoutPlan = reviewWithoutPlanFinding('agent "B"', 'the plan ', review(), 2);
    expect(withoutPlan).toMatchObject({
      check: 'review-shows-plan',
      clauses: ['TOOL-04'],
      expected: { plan: 'the plan ', review: 2 },
    });
    expect(worded(withoutPlan)?.step?.text).toBe('plan review 2 was asked for agent "B", showing the plan "the plan "');
    const unsubmitted = unsubmittedPlanFinding(undefined, review(), 3);
    expect(unsubmitted).toMatchObject({ check: 'review-carries-submitted-plan', where: {} });
    expect(worded(unsubmitted)).toMatchObject({
      step: { text: 'the user was asked 2 plan reviews' },
      message: expect.stringMatching(/^the host asked a question for an agent that carries no plan/),
    });
  });
});
