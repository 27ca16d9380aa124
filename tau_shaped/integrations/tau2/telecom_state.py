"""tau2's telecom world as a tau-shaped state: both sides of dual control in one JSON dict.

tau2's telecom has two databases: the carrier's (``TelecomDB``: plans, customers, lines, bills,
devices), which the agent's tools act on, and the customer's (``TelecomUserDB``: the phone's
``device`` settings and the ``surroundings``: where they are, whether the line lets them roam,
a payment request), which the customer's own tools act on. tau-shaped's state holds both:

- ``plans``, ``customers``, ``lines``, ``bills``, ``devices``: the carrier's, as tau2 dumps them;
- ``user``: ``{"device": ..., "surroundings": ...}``, the customer's, as tau2 dumps it;
- ``env_assertions``: the task's environment assertions (tau2's ENV_ASSERTION reward basis),
  each with ``met``, recomputed after every call: the canonical outcome compares them with the
  ground truth's (all met), so the verdict requires what tau2's reward requires of the device.

Each call runs tau2's own tool on tau2's own environment (:func:`call`): both databases
validated from the state, the call made with its requestor, then tau2's ``sync_tools`` (the
phone learns whether its line is active, may roam, is over its data limit, has a payment
request), as tau2's ``get_response`` does; what changed is written back.

A task's world (:func:`register_world`) is the package's databases after the task's
``initialization_actions``; the task's ``seed`` names it (a digest of the initialization and
assertions, so tasks with one world share it). The functions data may name are checked against
the toolkits' own (:func:`checked_call`): a tool, an initialization function or an assertion
that tau2's telecom defines; never a private or inherited attribute.
"""

from __future__ import annotations

import functools
import hashlib
import json
from typing import Any, Dict, List, Optional, Tuple

from tau_shaped.env.episode import episode_running
from tau_shaped.env.tool import Tool

USER_SIDE = "user:"  # the customer's own tools: "user:toggle_roaming" (the side is in the name)
AGENT_TABLES = ("plans", "customers", "lines", "bills", "devices")
_SEED_DIGITS = 15  # hex digits of a world's digest: below 2**63, as a task seed must be


class TelecomDataError(ValueError):
    """A task's world or assertion that tau2's telecom cannot build or check (one line)."""


def _classes() -> Tuple[Any, Any, Any, Any, Any]:
    from tau2.domains.telecom.data_model import TelecomDB
    from tau2.domains.telecom.environment import TelecomEnvironment
    from tau2.domains.telecom.tools import TelecomTools
    from tau2.domains.telecom.user_data_model import TelecomUserDB
    from tau2.domains.telecom.user_tools import TelecomUserTools

    return TelecomDB, TelecomUserDB, TelecomTools, TelecomUserTools, TelecomEnvironment


@functools.lru_cache(maxsize=None)
def callable_names(side: str) -> frozenset:
    """The functions of a side's toolkit that data may name: those its class defines itself
    (tools, initialization functions, assertions), never private ones or the base toolkit's."""
    _, _, agent_kit, user_kit, _ = _classes()
    kit = user_kit if side == "user" else agent_kit
    return frozenset(name for name, value in vars(kit).items() if not name.startswith("_") and callable(value))


@functools.lru_cache(maxsize=None)
def tool_names(side: str) -> Tuple[str, ...]:
    """The tools tau2 offers a side (the agent's, or the customer's on their phone)."""
    _, _, agent_kit, user_kit, _ = _classes()
    kit = (user_kit if side == "user" else agent_kit)(None)
    return tuple(kit.tools)


@functools.lru_cache(maxsize=None)
def writing_tools(side: str) -> frozenset:
    from tau2.environment.toolkit import ToolType

    _, _, agent_kit, user_kit, _ = _classes()
    kit = (user_kit if side == "user" else agent_kit)(None)
    return frozenset(n for n in kit.tools if kit.tool_type(n) == ToolType.WRITE)


@functools.lru_cache(maxsize=1)
def base_databases() -> Tuple[Dict[str, Any], Dict[str, Any]]:
    """The package's carrier and customer databases, as tau2 dumps them (read once)."""
    from tau2.domains.telecom.utils import TELECOM_DB_PATH, TELECOM_USER_DB_PATH

    db_class, user_class, *_ = _classes()
    return (db_class.load(str(TELECOM_DB_PATH)).model_dump(mode="json"),
            user_class.load(str(TELECOM_USER_DB_PATH)).model_dump(mode="json"))


def _environment(state: Dict[str, Any]) -> Any:
    db_class, user_class, agent_kit, user_kit, env_class = _classes()
    db = db_class.model_validate({name: state[name] for name in AGENT_TABLES if name in state})
    user = user_class.model_validate(state["user"])
    return env_class(domain_name="telecom", policy="", tools=agent_kit(db), user_tools=user_kit(user))


def _dump(env: Any) -> Dict[str, Any]:
    out = env.tools.db.model_dump(mode="json")
    out["user"] = env.user_tools.db.model_dump(mode="json")
    return out


def checked_call(env: Any, side: str, name: str, arguments: Any, where: str) -> Any:
    """Run the function ``name`` of a side's toolkit (see :func:`callable_names`)."""
    if side not in ("user", "assistant"):
        raise TelecomDataError(f"{where}: env_type {side!r} is neither 'user' nor 'assistant'")
    if not isinstance(name, str) or name not in callable_names(side):
        raise TelecomDataError(f"{where}: {name!r} is not a function of tau2's telecom {side} toolkit")
    if not isinstance(arguments, dict):
        raise TelecomDataError(f"{where}: arguments must be an object")
    kit = env.user_tools if side == "user" else env.tools
    result = getattr(kit, name)(**arguments)
    env.sync_tools()
    return result


def assertion_met(env: Any, assertion: Dict[str, Any], where: str) -> bool:
    """Whether one tau2 environment assertion holds in ``env`` (tau2's ``run_env_assertion``)."""
    name = assertion.get("func_name")
    if not isinstance(name, str) or not name.startswith("assert_"):
        raise TelecomDataError(f"{where}: func_name {name!r} is not an assertion")
    value = checked_call(env, assertion.get("env_type"), name, assertion.get("arguments") or {}, where)
    if not isinstance(value, bool):
        raise TelecomDataError(f"{where}: {name} gave {type(value).__name__}, not a boolean")
    return value == assertion.get("assert_value", True)


def _refresh(env: Any, state: Dict[str, Any]) -> List[Dict[str, Any]]:
    out = []
    for i, assertion in enumerate(state.get("env_assertions") or []):
        try:
            met = assertion_met(env, {k: v for k, v in assertion.items() if k != "met"}, f"env_assertions[{i}]")
        except Exception:  # noqa: BLE001 - an assertion that cannot run is not met
            met = False
        out.append({**assertion, "met": met})
    return out


def call(state: Dict[str, Any], side: str, name: str, kwargs: Dict[str, Any]) -> str:
    """One tool call of ``side`` on the state, as tau2 answers it (its text), the changed parts
    of both databases and the assertions written back. An error raises (``Error: ...``)."""
    from tau2.environment.environment import Environment

    env = _environment(state)
    before = {key: state.get(key) for key in AGENT_TABLES} if _WATCH[0] is not None else None
    failed = True
    try:
        result = env.make_tool_call(name, requestor=side, **kwargs)
        env.sync_tools()
        failed = False
    finally:  # a tool that raised halfway keeps its half-done change, as in tau2
        after = _dump(env)
        for key, value in after.items():
            if state.get(key) != value:
                state[key] = value
        if state.get("env_assertions"):
            met = _refresh(env, state)
            if met != state["env_assertions"]:
                state["env_assertions"] = met
        if before is not None and episode_running():  # events are an episode's log (SPEC §5)
            _WATCH[0](side, name, kwargs, before, failed)
    return Environment.to_json_str(result)


# the domain's watch: (side, tool, kwargs, the carrier's tables before the call, failed) -> None
_WATCH: List[Any] = [None]


def set_watch(watch: Any) -> None:
    """The domain package's watch (records the events its rules judge)."""
    _WATCH[0] = watch


# -- a task's world ----------------------------------------------------------------------------

_WORLDS: Dict[int, Dict[str, Any]] = {}


def _plain(value: Any) -> Any:
    return value.model_dump(mode="json") if hasattr(value, "model_dump") else value


def world_seed(initial_state: Any, assertions: Any) -> int:
    """The seed naming a task's world: a digest of its initialization and its assertions."""
    text = json.dumps([_plain(initial_state), _plain(assertions)], sort_keys=True, default=str)
    return int(hashlib.sha256(text.encode("utf-8")).hexdigest()[:_SEED_DIGITS], 16)


def build_world(initial_state: Any, assertions: Any, where: str) -> Dict[str, Any]:
    """The state a task starts from: the package's databases, the task's initialization data
    and actions run by tau2's toolkits, and its assertions (with whether each holds already)."""
    init = _plain(initial_state) or {}
    if init.get("message_history"):
        raise TelecomDataError(f"{where}: initial_state.message_history: a conversation to resume is not supported")
    agent, user = base_databases()
    env = _environment({**json.loads(json.dumps(agent)), "user": json.loads(json.dumps(user))})
    data = init.get("initialization_data") or {}
    try:
        if data.get("agent_data") is not None:
            env.tools.update_db(data["agent_data"])
        if data.get("user_data") is not None:
            env.user_tools.update_db(data["user_data"])
        for i, action in enumerate(init.get("initialization_actions") or []):
            checked_call(env, action.get("env_type"), action.get("func_name"), action.get("arguments") or {},
                         f"{where}: initial_state.initialization_actions[{i}]")
        env.sync_tools()
    except TelecomDataError:
        raise
    except Exception as exc:  # noqa: BLE001 - tau2's functions raise ValueError, others on bad arguments
        raise TelecomDataError(f"{where}: initial_state: {type(exc).__name__}: {exc}") from None
    state = _dump(env)
    state["env_assertions"] = [dict(_plain(a)) for a in (_plain(assertions) or [])]
    state["env_assertions"] = _refresh(env, state)
    return state


def register_world(initial_state: Any, assertions: Any, where: str) -> int:
    """Build the world of a task once a process; its seed."""
    seed = world_seed(initial_state, assertions)
    if seed not in _WORLDS:
        _WORLDS[seed] = build_world(initial_state, assertions, where)
    return seed


def load_world(seed: int = 0) -> Dict[str, Any]:
    """The state of the world ``seed`` (a copy); seed 0, or a world not registered in this
    process, is the package's databases with no assertions."""
    world = _WORLDS.get(seed)
    if world is None:
        agent, user = base_databases()
        world = {**agent, "user": user, "env_assertions": []}
    return json.loads(json.dumps(world))


# -- tools ---------------------------------------------------------------------------------------

def _tool_class(side: str, name: str, schema: Dict[str, Any]) -> type:
    def invoke(data: Dict[str, Any], **kwargs: Any) -> str:
        return call(data, side, name, kwargs)

    def get_info() -> Dict[str, Any]:
        return json.loads(json.dumps(schema))

    shown = USER_SIDE + name if side == "user" else name
    doc = f"tau2's telecom {'customer' if side == 'user' else 'agent'} tool {name}."
    return type(f"Tau2Telecom_{side}_{name}", (Tool,), {"invoke": staticmethod(invoke),
                                                         "get_info": staticmethod(get_info), "__doc__": doc,
                                                         "tau2_name": shown})


@functools.lru_cache(maxsize=None)
def tool_classes(side: str) -> Tuple[type, ...]:
    """A tau-bench ``Tool`` class per tool of a side; the customer's are named ``user:<tool>``."""
    from tau2.environment.tool import as_tool

    _, _, agent_kit, user_kit, _ = _classes()
    kit = (user_kit if side == "user" else agent_kit)(None)
    out = []
    for name, func in kit.tools.items():
        schema = as_tool(func).openai_schema
        if side == "user":
            schema = {**schema, "function": {**schema["function"], "name": USER_SIDE + name}}
        out.append(_tool_class(side, name, schema))
    return tuple(out)


def side_of(name: str) -> Tuple[str, str]:
    """(side, tau2's tool name) of a tau-shaped tool name."""
    return ("user", name[len(USER_SIDE):]) if name.startswith(USER_SIDE) else ("assistant", name)


def user_tool(name: str) -> Optional[str]:
    """tau2's name of a customer tool given as ``user:<tool>``, else None."""
    side, tool = side_of(name)
    return tool if side == "user" and tool in tool_names("user") else None
