/**
 * The host handle: the contract's operations on a composed dsh host. Agents
 * are upstream agents (id = session id); plan state, commands and projections
 * are read from and sent to the upstream services, never recomputed here.
 * Images attached to a prompt or command line are admitted into the host's
 * attachment store as its prompt endpoint and command executor do.
 */
import type { Context } from '@deepseek-ai/cordis';
import type { Agent, AgentHandle, CreateAgentOptions } from '@deepseek-ai/dsh-agent';
import { createUserMessage } from '@deepseek-ai/dsh-llm';
import { SessionId } from '@deepseek-ai/dsh-session';
import type {
  CommandResult,
  HostHandle,
  ImageBlock,
  PlanModeState,
  PlanProjectionView,
  SessionEvent,
  SetOutcome,
} from '../../src/index.js';
import type { Composition } from './compose.js';
import { imageBlocksOf, toContractEvents, type UpstreamEvent } from './events.js';
import { admitImages, resolveImages, toEncodedImages } from './images.js';
import { KIT_MODEL, KIT_PROVIDER } from './model-bridge.js';

const AGENT_OPTIONS = { provider: KIT_PROVIDER, model: KIT_MODEL } as const;

/**
 * The handle on a composed host. `recompose` builds the host again on the same
 * store (given only where the host persists sessions: persistence.ts), which
 * `restart` uses; without it the handle has no `restart`.
 */
export function createHandle(first: Composition, recompose?: () => Promise<Composition>): HostHandle {
  let composition = first;
  const agents = new Map<string, AgentHandle>();
  const observed = new Map<string, UpstreamEvent[]>();
  const pushes = new Map<string, PlanProjectionView[]>();
  let counter = 0;
  let disposed = false;

  /** What a UI keeps of a host it watches, across restarts: the session stream and the projection feed. */
  const watch = (ctx: Context): void => {
    // Everything the session stream tells a subscriber, per session, in the order told (mapped when read).
    ctx.on('session/event', (session: { id: string }, event: UpstreamEvent) => {
      const list = observed.get(String(session.id)) ?? [];
      list.push(event);
      observed.set(String(session.id), list);
    });
    // The projection registry's change feed: one call per unit whose state reference changed.
    ctx.get('sessionProjections')?.onChanged((session: { id: string }, key: string, value: unknown) => {
      if (key !== 'plan') return;
      const { active, pending } = value as PlanProjectionView;
      pushes.set(String(session.id), [...(pushes.get(String(session.id)) ?? []), { active, pending }]);
    });
  };
  watch(composition.ctx);

  /** Upstream events as contract events, their images read back from the store. */
  const contractEvents = async (events: readonly UpstreamEvent[]): Promise<SessionEvent[]> =>
    toContractEvents(events, await resolveImages(live(), imageBlocksOf(events)));

  const live = (): Context => {
    if (disposed) throw new Error('the dsh host was disposed');
    return composition.ctx;
  };
  const agentOf = (id: string): Agent => {
    live();
    const handle = agents.get(id);
    if (!handle) throw new Error(`unknown agent '${id}'`);
    return handle.agent;
  };
  const nextId = (): string => {
    let id: string;
    do id = `agent-${++counter}`;
    while (agents.has(id) || live().sessions.get(SessionId(id)) !== undefined);
    return id;
  };
  const adopt = (handle: AgentHandle): string => {
    const id = String(handle.agent.id);
    agents.set(id, handle);
    return id;
  };
  /**
   * A delegated sub-agent: created through the parent agent's scoped context,
   * which makes the registry record the parent as its live owner (so it is no
   * runtime root, and the user-questions seam refuses it: REVIEW-07 of rc.8),
   * with the session lineage a sub-agent carries.
   */
  const createChild = async (parent: Agent): Promise<AgentHandle> => {
    const depth = (parent.session.header.delegationDepth ?? 0) + 1;
    return parent.ctx.agents.create({
      sessionId: SessionId(nextId()),
      meta: { parentSession: parent.id, origin: 'subagent', delegationDepth: depth },
      agentOptions: AGENT_OPTIONS,
    });
  };

  return {
    async createAgent() {
      return adopt(await live().agents.create({ sessionId: SessionId(nextId()), agentOptions: AGENT_OPTIONS }));
    },

    async prompt(id, text, images: ImageBlock[] = []) {
      const agent = agentOf(id);
      // As a composer submits: the images first, in order, then the text (an image-only prompt has no empty text block).
      const imageBlocks = await admitImages(live(), images);
      const textBlocks = text === '' && imageBlocks.length > 0 ? [] : [{ type: 'text' as const, text }];
      agent.followup(createUserMessage({ content: [...imageBlocks, ...textBlocks], source: { kind: 'user' } }));
      await untilIdle(agent);
    },

    async setPlanMode(id, active): Promise<SetOutcome> {
      return live().planMode.set(agentOf(id), active);
    },

    async getPlanMode(id): Promise<PlanModeState> {
      return { ...live().planMode.get(agentOf(id)) };
    },

    async readLog(id) {
      return contractEvents(agentOf(id).session.events as readonly UpstreamEvent[]);
    },

    async readObserved(id) {
      agentOf(id);
      return contractEvents([...(observed.get(id) ?? [])]);
    },

    async runCommand(id, line, images: ImageBlock[] = []): Promise<CommandResult> {
      const agent = agentOf(id);
      const commands = live().get('commands');
      if (commands === undefined) throw new Error('this dsh host composes no command service');
      const wasIdle = agent.status === 'idle';
      // The composer's attachments go to the executor, which admits them into the store (or settles an error result).
      const execution = await commands.execute(agent, line, toEncodedImages(images), new AbortController().signal);
      // A command that started a turn on an idle agent (`/plan <message>`) is done when that turn is.
      if (wasIdle && agent.status !== 'idle') await untilIdle(agent);
      if (execution === undefined) return { ok: false, text: `not a known command: ${line}` };
      return { ok: execution.result.kind === 'success', text: execution.result.text ?? '' };
    },

    async readProjection(id): Promise<PlanProjectionView> {
      const agent = agentOf(id);
      const projections = live().get('sessionProjections');
      if (projections === undefined) throw new Error('this dsh host composes no session-projection registry');
      const view = projections.snapshot(agent.session).values.plan;
      if (view === undefined) throw new Error('the plan projection is not registered');
      return { active: view.active, pending: view.pending };
    },

    async readProjectionPushes(id): Promise<PlanProjectionView[]> {
      agentOf(id);
      if (live().get('sessionProjections') === undefined)
        throw new Error('this dsh host composes no session-projection registry');
      return [...(pushes.get(id) ?? [])];
    },

    async fork(id) {
      const source = agentOf(id);
      const seed = source.session.events;
      const header = source.session.header;
      return adopt(
        await live().agents.create({
          sessionId: SessionId(nextId()),
          seed,
          meta: {
            ...(header.cwd === undefined ? {} : { cwd: header.cwd }),
            parentSession: source.id,
            seedLength: seed.length,
          },
          agentOptions: AGENT_OPTIONS,
        }),
      );
    },

    async spawn(id) {
      return adopt(await createChild(agentOf(id)));
    },

    async spawnOwnedChild(ownerId) {
      const owner = agentOf(ownerId);
      const child = adopt(await createChild(owner));
      // rc.8's REVIEW-07 is about runtime ownership (the registry's owner, not the session's lineage): say so if it is not.
      if (!live().agents.isOwnedBy(SessionId(child), owner)) {
        throw new Error(
          `dsh adapter: the agent registry does not record ${child} as owned by ${ownerId}, though it was created through ${ownerId}'s context`,
        );
      }
      return child;
    },

    async compact(id) {
      const agent = agentOf(id);
      const compaction = live().get('compaction');
      if (compaction === undefined) throw new Error('this dsh host composes no compaction engine');
      try {
        await compaction.compactNow(agent, new AbortController().signal);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        throw new Error(`the upstream compaction engine refused: ${message}`, { cause: error });
      }
      await untilIdle(agent);
    },

    ...(recompose === undefined
      ? {}
      : {
          /**
           * The host stopped as its process would exit (the context disposed: the persistence backend drains what
           * it took, as on any shutdown; nothing else is saved), composed again on the same store, and every agent
           * resumed from its persisted session by the registry (`ctx.agents.resume`), in creation order. A resumed
           * agent is a runtime root: ownership by a live agent does not outlive the process. The backend writes a
           * session lazily, at its first event, so one with none has nothing stored: its log was empty, and it is
           * created again, empty, with its header's lineage (`reborn`), as a dsh user starting it afresh would.
           */
          async restart() {
            const before = [...agents].map(([id, handle]) => ({
              id,
              empty: handle.agent.session.events.length === 0,
              header: handle.agent.session.header,
            }));
            agents.clear();
            await composition.dispose();
            composition = await recompose();
            watch(composition.ctx);
            for (const { id, empty, header } of before) {
              const sessionId = SessionId(id);
              agents.set(
                id,
                empty
                  ? await live().agents.create({ sessionId, meta: reborn(header), agentOptions: AGENT_OPTIONS })
                  : await live().agents.resume({ resumeSessionId: sessionId, agentOptions: AGENT_OPTIONS }),
              );
            }
          },
        }),

    async dispose() {
      if (disposed) return;
      disposed = true;
      const handles = [...agents.values()].reverse();
      agents.clear();
      for (const handle of handles) await handle.dispose().catch(() => undefined);
      await composition.dispose();
    },
  };
}

/** The creation metadata of a session's header (what `ctx.agents.create` takes back; `createdAt` is the factory's). */
function reborn(header: Agent['session']['header']): NonNullable<CreateAgentOptions['meta']> {
  const { cwd, parentSession, seedLength, origin, delegationDepth } = header;
  return Object.fromEntries(
    Object.entries({ cwd, parentSession, seedLength, origin, delegationDepth }).filter(
      ([, value]) => value !== undefined,
    ),
  );
}

/** Resolves once the agent has no work left (its turn, and any turn its inbox wakes, has ended). */
async function untilIdle(agent: Agent): Promise<void> {
  await agent.whenIdle();
}
