"""The kit's protocol methods mapped onto the host.

This is the part a harness author rewrites least: it is the "adapter" between
the conformance kit and a harness.  It starts the host on `start`, registers
the kit's probe sections, tools and commands like any other, answers the
kit's calls, and routes the host's model requests, questions and probe tool
runs to the kit.

One process serves scenario after scenario (``reuse`` in ``initialize``):
each ``start`` builds a new ``Host`` on that scenario's store folder and
``dispose`` drops it; a model request, question or probe run of a disposed
host is refused here instead of reaching the next scenario.  ``--no-reuse``
declares nothing, and the kit starts a process per scenario.

What the kit's stand-in UI saw (every session event told to observers, every
view the `plan` projection pushed) is written under `<store>/ui/`, because the
kit restarts this process and the UI's memory must outlive it, as a real UI's
would.
"""
from __future__ import annotations

import os
from typing import Any, Optional

from .deployment import plan_mode_config
from .editions import EDITIONS, SEED
from .events import to_contract
from .host import Composition, Host
from .jsonl import JsonLinesFile
from .plan_mode import PlanModePlugin, parse_config
from .plan_mode.projection import PROJECTION_NAME
from .plan_mode.service import PlanModeService
from .prompt import Section
from .commands import Command, CommandResult
from .rpc import InvalidParams, Peer, RpcError
from .tools import Tool, ToolCallContext, ToolResult

PROTOCOL_VERSION = 1
HOST_NAME = "python-plan-mode-host"
CAPABILITIES = {
    "commands": True,
    "questions": True,
    "projections": True,
    "fork": True,
    "spawn": True,
    "restart": True,
    "compaction": True,
    "retry": True,
    "ownedChild": True,
}

# The host's own base prompt, ahead of everything plugins add.
BASE_SECTION = Section(
    name="host:base",
    order=0,
    render=lambda agent_id: "You are a coding agent working in the user's project. Use the tools you are given.",
)


class ProtocolServer:
    def __init__(self, reuse: bool = True) -> None:
        self.reuse = reuse
        # Counts starts: the kit ports of one scenario's host compare theirs with it.
        self._scenario = 0
        self.peer: Optional[Peer] = None
        self.host: Optional[Host] = None
        self.plan_mode: Optional[PlanModeService] = None
        self._observed: Optional[UiMemory] = None
        self._pushes: Optional[UiMemory] = None

    def handlers(self) -> dict[str, Any]:
        return {
            "initialize": self.initialize,
            "start": self.start,
            "createAgent": self.create_agent,
            "prompt": self.prompt,
            "setPlanMode": self.set_plan_mode,
            "getPlanMode": self.get_plan_mode,
            "readLog": self.read_log,
            "readObserved": self.read_observed,
            "runCommand": self.run_command,
            "readProjection": self.read_projection,
            "readProjectionPushes": self.read_projection_pushes,
            "fork": self.fork,
            "spawn": self.spawn,
            "spawnOwnedChild": self.spawn_owned_child,
            "compact": self.compact,
            "dispose": self.dispose,
            "ping": self.ping,
        }

    # -- handshake ------------------------------------------------------------------

    async def initialize(self, params: dict[str, Any]) -> Any:
        version = params.get("protocolVersion")
        if version != PROTOCOL_VERSION:
            raise RpcError(-32000, f"this host speaks protocol version {PROTOCOL_VERSION} only, not {version!r}")
        # Both editions of the README: `start` says which one a run judges.
        result = {"protocolVersion": PROTOCOL_VERSION, "name": HOST_NAME, "capabilities": CAPABILITIES, "editions": list(EDITIONS)}
        if self.reuse:
            result["reuse"] = True
        return result

    async def start(self, params: dict[str, Any]) -> Any:
        if self.host is not None:
            raise RpcError(-32000, "the host is already started")
        store_dir = _string(params, "storeDir")
        deployment = _string(params, "deployment")
        edition_name = params.get("edition", SEED.name)  # an older kit names none: the seed
        if edition_name not in EDITIONS:
            raise InvalidParams(f"params.edition must be one of {', '.join(EDITIONS)}, not {edition_name!r}")
        compose_raw = params.get("compose") or {}
        compose = Composition(
            commands=compose_raw.get("commands") is True,
            questions=compose_raw.get("questions") is True,
            projections=compose_raw.get("projections") is True,
        )
        # The plugin's own error (bad YAML, unknown key, missing section) is the reply's message.
        config = parse_config(plan_mode_config(deployment))
        probes = params.get("probes") or {}

        os.makedirs(os.path.join(store_dir, "ui"), exist_ok=True)
        observed = UiMemory(os.path.join(store_dir, "ui", "observed.jsonl"))
        self._observed = observed
        pushes = UiMemory(os.path.join(store_dir, "ui", "projection-pushes.jsonl"))
        self._pushes = pushes

        self._scenario += 1
        scenario = self._scenario
        host = Host(store_dir, model=self._kit_port(scenario, self._model), question_provider=self._kit_port(scenario, self._ask_user), compose=compose, edition=EDITIONS[edition_name])
        host.subscribe(lambda agent_id, record: observed.add(agent_id, to_contract(record)))
        if host.projections is not None:
            host.projections.subscribe(lambda agent_id, unit, view: _remember_push(pushes, agent_id, unit, view))
        host.sections.register(BASE_SECTION)
        self.plan_mode = host.install(PlanModePlugin(config))
        self._register_probes(host, probes)
        self.host = host
        return None

    def _register_probes(self, host: Host, probes: dict[str, Any]) -> None:
        for section in probes.get("sections") or []:
            text = str(section["text"])
            host.sections.register(Section(name=str(section["name"]), order=float(section["order"]), render=lambda _agent, text=text: text))
        for tool in probes.get("tools") or []:
            host.tools.register(self._probe_tool(tool, self._scenario))
        if host.commands is not None:
            for command in probes.get("commands") or []:
                host.commands.register(self._probe_command(command, self._scenario))

    def _kit_port(self, scenario: int, port: Any) -> Any:
        """`port`, refused once the scenario's host is disposed (a late call must not reach the next scenario)."""

        async def call(*args: Any) -> Any:
            self._check_scenario(scenario)
            return await port(*args)

        return call

    def _check_scenario(self, scenario: int) -> None:
        if scenario != self._scenario or self.host is None:
            raise RuntimeError("the host of this call was disposed")

    def _probe_tool(self, spec: dict[str, Any], scenario: int) -> Tool:
        name = str(spec["name"])

        async def execute(arguments: dict[str, Any], context: ToolCallContext) -> ToolResult:
            # The kit runs its probe tools itself; we ask it to, like any remote tool.
            self._check_scenario(scenario)
            try:
                result = await self._peer().request("tool", {"name": name, "arguments": arguments})
            except RpcError as error:
                return ToolResult.failure(f"The tool {name} failed: {error.message}")
            return ToolResult(text=str(result.get("text", "")), value=result.get("value"))

        return Tool(name=name, description=str(spec.get("description", "")), parameters=spec.get("parameters") or {}, execute=execute)

    def _probe_command(self, spec: dict[str, Any], scenario: int) -> Command:
        name = str(spec["name"])

        async def run(agent_id: str, args: str, images: Any = ()) -> CommandResult:
            self._check_scenario(scenario)
            result = await self._peer().request("command", {"name": name, "agent": agent_id, "args": args})
            return CommandResult(ok=True, text=str(result.get("text", "")))

        return Command(name=name, description=str(spec.get("description", "")), run=run)

    # -- the kit as model and user ------------------------------------------------------

    async def _model(self, request: dict[str, Any]) -> dict[str, Any]:
        return await self._peer().request("model", {"request": request})

    async def _ask_user(self, question: dict[str, Any], agent_id: str) -> dict[str, Any]:
        # An error reply (the kit's user failing) surfaces as the provider's own error.
        return await self._peer().request("question", {"question": question, "context": {"agent": agent_id}})

    # -- kit -> host methods ----------------------------------------------------------------

    async def create_agent(self, params: dict[str, Any]) -> Any:
        return self._host().create_agent()

    async def prompt(self, params: dict[str, Any]) -> Any:
        await self._host().prompt(self._agent(params), _string(params, "text"), _images(params))
        return None

    async def set_plan_mode(self, params: dict[str, Any]) -> Any:
        agent_id = self._agent(params)
        active = params.get("active")
        if not isinstance(active, bool):
            raise InvalidParams("setPlanMode: params.active must be a boolean")
        return self._service().set(agent_id, active)

    async def get_plan_mode(self, params: dict[str, Any]) -> Any:
        return self._service().get(self._agent(params))

    async def read_log(self, params: dict[str, Any]) -> Any:
        return [to_contract(record) for record in self._host().log(self._agent(params))]

    async def read_observed(self, params: dict[str, Any]) -> Any:
        return self._memory(self._observed).read(self._agent(params))

    async def run_command(self, params: dict[str, Any]) -> Any:
        host = self._host()
        agent_id = self._agent(params)
        if host.commands is None:
            raise RpcError(-32000, "this host was started without a command registry")
        result = await host.commands.run(agent_id, _string(params, "line"), _images(params))
        return {"ok": result.ok, "text": result.text}

    async def read_projection(self, params: dict[str, Any]) -> Any:
        host = self._host()
        agent_id = self._agent(params)
        if host.projections is None:
            raise RpcError(-32000, "this host was started without a projection registry")
        return host.projections.read(agent_id, PROJECTION_NAME)

    async def read_projection_pushes(self, params: dict[str, Any]) -> Any:
        return self._memory(self._pushes).read(self._agent(params))

    async def fork(self, params: dict[str, Any]) -> Any:
        return self._host().fork(self._agent(params))

    async def spawn(self, params: dict[str, Any]) -> Any:
        return self._host().spawn(self._agent(params))

    async def spawn_owned_child(self, params: dict[str, Any]) -> Any:
        owner = _string(params, "owner")
        self._host().agent(owner)  # an unknown owner fails here, by name
        return self._host().spawn_owned_child(owner)

    async def compact(self, params: dict[str, Any]) -> Any:
        self._host().compact(self._agent(params))
        return None

    async def dispose(self, params: dict[str, Any]) -> Any:
        # Everything is already on disk: drop the host; the next start builds a new one
        # (or the kit closes stdin and we exit).
        self.host = None
        self.plan_mode = None
        self._observed = None
        self._pushes = None
        return None

    async def ping(self, params: dict[str, Any]) -> Any:
        # The kit's barrier after dispose: everything written before this answer is the disposed scenario's.
        return None

    # -- helpers ---------------------------------------------------------------------------

    def _peer(self) -> Peer:
        assert self.peer is not None
        return self.peer

    def _host(self) -> Host:
        if self.host is None:
            raise RpcError(-32000, "the host is not started (or was disposed)")
        return self.host

    def _service(self) -> PlanModeService:
        self._host()
        assert self.plan_mode is not None
        return self.plan_mode

    def _agent(self, params: dict[str, Any]) -> str:
        agent_id = _string(params, "agent")
        self._host().agent(agent_id)  # an unknown agent fails here, by name
        return agent_id

    @staticmethod
    def _memory(memory: Optional["UiMemory"]) -> "UiMemory":
        if memory is None:
            raise RpcError(-32000, "the host is not started")
        return memory


class UiMemory:
    """What the kit's stand-in UI was shown, per agent, kept across restarts."""

    def __init__(self, path: str) -> None:
        self._file = JsonLinesFile(path)
        self._by_agent: dict[str, list[Any]] = {}
        for record in self._file.read():
            self._by_agent.setdefault(record["agent"], []).append(record["value"])

    def add(self, agent_id: str, value: Any) -> None:
        self._file.append({"agent": agent_id, "value": value})
        self._by_agent.setdefault(agent_id, []).append(value)

    def read(self, agent_id: str) -> list[Any]:
        return list(self._by_agent.get(agent_id, []))


def _remember_push(pushes: "UiMemory", agent_id: str, unit: str, view: Any) -> None:
    if unit == PROJECTION_NAME:
        pushes.add(agent_id, view)


def _images(params: dict[str, Any]) -> list[dict[str, Any]]:
    """The composer's image attachments (rc.8): `[{type: "image", mediaType, data}]`, in order; absent means none."""
    images = params.get("images", [])
    if not isinstance(images, list):
        raise InvalidParams("params.images must be a list of image blocks")
    for index, image in enumerate(images):
        if not (isinstance(image, dict) and image.get("type") == "image"
                and isinstance(image.get("mediaType"), str) and isinstance(image.get("data"), str)):
            raise InvalidParams(f"params.images[{index}] must be {{type: 'image', mediaType, data}} with string mediaType and data")
    return images


def _string(params: dict[str, Any], name: str) -> str:
    value = params.get(name)
    if not isinstance(value, str):
        raise InvalidParams(f"params.{name} must be a string")
    return value
