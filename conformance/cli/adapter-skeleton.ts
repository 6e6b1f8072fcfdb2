/**
 * The adapter skeleton `init` writes: an ES module using only the package's
 * public exports, with every contract method present and commented. Until a
 * host is connected, `start` throws, so the kit loads it and every scenario
 * fails, naming what is missing, rather than anything passing unchecked.
 */
export const ADAPTER_SKELETON = `// A plan-mode-conformance adapter: it starts your host for one scenario and
// answers the kit's calls through it. Written by \`plan-mode-conformance init\`.
//
// Run it:   npx plan-mode-conformance --adapter ./__FILE__
// Until you connect your host below, start() throws "not implemented: connect
// your host here" and the run stops (exit 2, the host cannot start): nothing
// passes unchecked.
//
// The contract (types, schemas and comments): node_modules/plan-mode-conformance/dist/src/contract/
// The clauses each scenario proves: node_modules/plan-mode-conformance/features/
import { defineAdapter, readPlanModeEntry } from 'plan-mode-conformance';

/** Thrown by every part not connected yet; the kit reports it as an adapter error of that method. */
function notImplemented(what) {
  return new Error(\`not implemented: connect your host here (\${what})\`);
}

export default defineAdapter({
  // A short name for reports.
  name: 'my-host',

  // The editions of the plan-mode README your host implements: 'rc.8' (the README
  // published with @deepseek-ai/dsh-plan-mode 0.1.0-rc.8; target it for a new host)
  // and/or 'seed' (the earlier README). A run judges the newest one declared, or the
  // one --edition names; leave \`editions\` out to be judged against the seed.
  editions: ['rc.8'],

  // What your host supports. \`true\`, or \`{ missing: 'why' }\`: scenarios that need a
  // missing capability are skipped and reported with your reason, never passed.
  capabilities: {
    commands: true, //    runCommand: lines such as "/plan off"
    questions: true, //   the user-question seam (plan review through exit_plan_mode)
    projections: true, // the "plan" session projection and its change feed
    fork: true, //        fork an agent with its history and log
    spawn: true, //       spawn a child agent
    restart: true, //     stop and start again from the persisted store
    compaction: true, //  compact an agent's history on demand
    retry: true, //       retry a failed model request (request recovery)
    ownedChild: true, //  rc.8: a child agent owned by a live agent (spawnOwnedChild)
    // Tool registry modes (TOOL-07/08): codeMode, the model reaches the tools through one
    // code-running tool and a generated SDK text; bothMode, native schemas and that tool together.
    codeMode: { missing: 'the tool registry presents tools natively only' },
    bothMode: { missing: 'the tool registry presents tools natively only' },
  },

  // With codeMode or bothMode: your code-running tool's wire name and the arguments of one call
  // whose program, in your host's language, calls exit_plan_mode; the kit puts the plan where
  // {{plan}} stands, as a JSON string literal. start() then gets options.toolMode ('code' or
  // 'both'), and each model request carries \`toolSdk\`: the SDK text exactly as the model sees it.
  // codeTool: { name: 'run_code', exitArguments: { code: 'return await tools.exit_plan_mode({ plan: {{plan}} })' } },

  /**
   * Start one host for one scenario.
   * @param {import('plan-mode-conformance').StartOptions} options
   * @returns {Promise<import('plan-mode-conformance').HostHandle>}
   */
  async start(options) {
    const {
      storeDir, //  a fresh, empty folder for everything your host persists (restart reuses it)
      deployment, // the plugin list as the seed's YAML; give the plan-mode entry's config to your
      //             plugin, and reject (throw) with its message when the plugin refuses it
      compose, //    { commands, questions, projections }: which optional services to compose
      model, //      the only model: send every model request here and use its answer
      questions, //  the only user: send every question of the user-question seam here
      probes, //     { sections, tools }: extra prompt sections and tools, register them like any other
      toolMode, //   absent (native), or 'code' / 'both' when you declare codeMode / bothMode
    } = options;
    const planModeConfig = readPlanModeEntry(deployment).config;
    void [storeDir, compose, model, questions, probes, toolMode, planModeConfig];

    // Start your host here, e.g.:
    //   const host = await startMyHost({ dir: storeDir, planMode: planModeConfig, llm: model, ... });
    throw notImplemented('start');

    // Then return the handle; every method receives the agent id your host gave out.
    // eslint-disable-next-line no-unreachable
    return {
      /** Create a new top-level agent with an empty session; return its id. */
      async createAgent() {
        throw notImplemented('createAgent');
      },
      /**
       * Submit a prompt as the user; resolve when the agent is idle again. rc.8: \`images\`
       * (absent when none) are attached to it, [{ type: 'image', mediaType, data (base64) }];
       * a user message holding images reports its blocks in order as \`content\`.
       */
      async prompt(agent, text, images) {
        throw notImplemented('prompt');
      },
      /** The plan-mode service's set(agent, active): 'committed' | 'queued' | 'cancelled' | 'noop'. */
      async setPlanMode(agent, active) {
        throw notImplemented('setPlanMode');
      },
      /** The plan-mode service's get(agent): { active } plus pending only while a selection waits. */
      async getPlanMode(agent) {
        throw notImplemented('getPlanMode');
      },
      /** The agent's session log, oldest first, mapped onto the contract's events (see SessionEventSchema). */
      async readLog(agent) {
        throw notImplemented('readLog');
      },
      /** Every event your session-event stream told observers about this agent, in order. */
      async readObserved(agent) {
        throw notImplemented('readObserved');
      },
      /** capability commands: run a command line such as "/plan off"; return { ok, text }. rc.8: with \`images\` attached. */
      async runCommand(agent, line, images) {
        throw notImplemented('runCommand');
      },
      /** capability projections: the agent's "plan" projection view { active, pending }. */
      async readProjection(agent) {
        throw notImplemented('readProjection');
      },
      /** capability projections: every view the registry pushed to subscribers, oldest first. */
      async readProjectionPushes(agent) {
        throw notImplemented('readProjectionPushes');
      },
      /** capability fork: fork the agent (same history and log); return the fork's id. */
      async fork(agent) {
        throw notImplemented('fork');
      },
      /** capability spawn: spawn a new child agent of this agent; return its id. */
      async spawn(agent) {
        throw notImplemented('spawn');
      },
      /** capability ownedChild (rc.8): an idle child agent, empty session, owned by the live agent \`owner\`; return its id. */
      async spawnOwnedChild(owner) {
        throw notImplemented('spawnOwnedChild');
      },
      /** capability compaction: compact the agent's history now. */
      async compact(agent) {
        throw notImplemented('compact');
      },
      /** capability restart: stop as a process exit would, then start again from storeDir. */
      async restart() {
        throw notImplemented('restart');
      },
      /** Release everything; called once per scenario, also when it failed. */
      async dispose() {},
    };
  },
});
`;
