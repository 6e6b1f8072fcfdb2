"""The harness: agents over a store folder, with the registries plugins use.

A plugin is an object with ``install(host)``; through the host it registers
prompt sections, tools, commands, projection units and request-boundary hooks,
appends session events and asks the user questions.  Optional services are
``None`` when the deployment does not compose them (``host.commands``,
``host.projections``); the question seam always exists but fails every
question when it has no provider.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Any, Awaitable, Callable, Optional, Sequence

from .agent import Agent
from .commands import CommandRegistry
from .editions import SEED, Edition
from .events import Event
from .projections import ProjectionRegistry
from .prompt import PromptSections
from .questions import Provider, QuestionSeam
from .store import Store
from .tools import ToolRegistry

ModelPort = Callable[[dict[str, Any]], Awaitable[dict[str, Any]]]
BoundaryHook = Callable[[str], None]


@dataclass
class Composition:
    commands: bool
    questions: bool
    projections: bool


class Host:
    def __init__(
        self,
        store_dir: str,
        model: ModelPort,
        question_provider: Optional[Provider],
        compose: Composition,
        edition: Edition = SEED,
    ) -> None:
        self.model = model
        self.edition = edition
        self.sections = PromptSections()
        self.tools = ToolRegistry()
        self.commands: Optional[CommandRegistry] = (
            CommandRegistry(self.append, logs_done=edition.logs_command_done) if compose.commands else None
        )
        self.projections: Optional[ProjectionRegistry] = ProjectionRegistry() if compose.projections else None
        self.questions = QuestionSeam(question_provider if compose.questions else None)
        self._boundary_hooks: list[BoundaryHook] = []
        self._event_subscribers: list[Callable[[str, Event], None]] = []
        self.store = Store(store_dir, self._on_append)
        self._agents: dict[str, Agent] = {}
        # Which live agent owns which child: a runtime relation, in memory only, so a restart (a new
        # process) ends it; the child's log and lineage stay.
        self._owners: dict[str, str] = {}

    # -- what plugins use --------------------------------------------------------

    def install(self, plugin: Any) -> Any:
        return plugin.install(self)

    def on_request_boundary(self, hook: BoundaryHook) -> None:
        """`hook(agent_id)` runs just before each model request is assembled."""
        self._boundary_hooks.append(hook)

    def subscribe(self, subscriber: Callable[[str, Event], None]) -> None:
        """The session/event stream: every appended event, per agent, in log order."""
        self._event_subscribers.append(subscriber)

    def append(self, agent_id: str, record: Event) -> None:
        self.agent(agent_id).log.append(record)

    def log(self, agent_id: str) -> list[Event]:
        return self.agent(agent_id).log.events

    def is_running(self, agent_id: str) -> bool:
        return self.agent(agent_id).running

    async def steer(self, agent_id: str, text: str, images: Sequence[dict[str, Any]] = ()) -> None:
        """A user message (images first, then text) for the agent's next step; on an idle agent it starts a turn."""
        agent = self.agent(agent_id)
        if agent.running:
            agent.steer(text, images)
        else:
            await agent.run_turn(text, images)

    def owner_of(self, agent_id: str) -> Optional[str]:
        """The live agent that owns this one, if any (a fork or a plain spawned child has none)."""
        return self._owners.get(agent_id)

    # -- agents -------------------------------------------------------------------

    def agent(self, agent_id: str) -> Agent:
        agent = self._agents.get(agent_id)
        if agent is None:
            log = self.store.log(agent_id)  # raises UnknownAgent
            agent = Agent(agent_id, log, self)
            self._agents[agent_id] = agent
            if self.projections is not None:
                self.projections.load(agent_id, log.events)
        return agent

    def create_agent(self) -> str:
        return self.agent(self.store.create("create")).id

    def fork(self, agent_id: str) -> str:
        """A new agent with a copy of the log, hence the same history and plan state."""
        source = self.agent(agent_id)
        return self.agent(self.store.create("fork", parent=agent_id, copy_of=list(source.log.events))).id

    def spawn(self, agent_id: str) -> str:
        """A child agent with an empty log (so outside plan mode, like every new agent)."""
        self.agent(agent_id)
        return self.agent(self.store.create("spawn", parent=agent_id)).id

    def spawn_owned_child(self, owner_id: str) -> str:
        """A child with an empty log, owned by the live agent `owner_id` (it delegated work to the child)."""
        child = self.spawn(owner_id)
        self._owners[child] = owner_id
        return child

    def compact(self, agent_id: str) -> None:
        self.agent(agent_id).compact()

    async def prompt(self, agent_id: str, text: str, images: Sequence[dict[str, Any]] = ()) -> None:
        agent = self.agent(agent_id)
        if agent.running:
            raise RuntimeError(f"agent {agent_id} is already running a turn")
        await agent.run_turn(text, images)

    # -- internals -----------------------------------------------------------------

    def run_boundary_hooks(self, agent_id: str) -> None:
        for hook in self._boundary_hooks:
            hook(agent_id)

    def _on_append(self, agent_id: str, record: Event) -> None:
        if self.projections is not None:
            self.projections.on_event(agent_id, record)
        for subscriber in self._event_subscribers:
            try:
                subscriber(agent_id, record)
            except Exception as error:  # an observer never breaks the agent
                print(f"[host] session observer failed: {error}", file=sys.stderr)
