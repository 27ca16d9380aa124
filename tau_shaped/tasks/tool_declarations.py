"""What a domain declares about its tools, as a task's perturbations read it (SPEC §6.2).

- each argument's type and allowed values, from the tool's schema (``get_info()``: a ``Literal``
  is an ``enum``, a ``float`` a ``number``, an ``int`` an ``integer``);
- the tools whose call is a change the customer must want (``write_tools``, what an extra write
  calls): every tool but the declared read tools (``@effects`` with no ``writes``, tau2's read
  tools), the tools that end the conversation, the customer's own tools (tau2 telecom's
  ``user:`` tools, which the agent cannot call: only asks for) and the writes declared
  ``confirm=False`` (a record the service keeps of its own, a quote: no mistake on its own);
- the tools whose call the customer must confirm first: those the domain's confirmation rules
  judge (an ``unconfirmed`` predicate's tools, filled from ``@effects(confirm=...)`` when the
  rule names none), and the rule ids that judge them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, FrozenSet, Optional, Tuple

from tau_shaped.env.tool_effects import effects_of
from tau_shaped.reward.checks import kind_of, walk
from tau_shaped.tasks.persona_check import USER_SIDE


@dataclass(frozen=True)
class Argument:
    name: str
    type: Optional[str]  # "number", "integer", "string", "boolean", "array", "object" or None
    enum: Tuple[Any, ...] = ()
    required: bool = False


def _one_type(prop: Dict[str, Any]) -> Tuple[Optional[str], Tuple[Any, ...]]:
    """The type and enum of a schema property (an ``Optional[X]`` is X's)."""
    if "enum" in prop and isinstance(prop["enum"], list):
        return prop.get("type") if isinstance(prop.get("type"), str) else "string", tuple(prop["enum"])
    if "const" in prop:
        return None, ()
    kind = prop.get("type")
    if isinstance(kind, str):
        return kind, ()
    if isinstance(kind, list):
        named = [k for k in kind if k != "null"]
        return (named[0] if len(named) == 1 and isinstance(named[0], str) else None), ()
    for branch in prop.get("anyOf", ()) or ():
        if isinstance(branch, dict) and branch.get("type") != "null":
            return _one_type(branch)
    return None, ()


_ARGUMENTS: Dict[Any, Dict[str, Argument]] = {}  # by tool class: a schema does not change


def tool_arguments(tool: Any) -> Dict[str, Argument]:
    """The arguments a tool declares in its schema (empty when it has none readable)."""
    try:
        found = _ARGUMENTS.get(tool)
    except TypeError:  # an unhashable tool object: read each time
        return _read_arguments(tool)
    if found is None:
        found = _ARGUMENTS[tool] = _read_arguments(tool)
    return found


def _read_arguments(tool: Any) -> Dict[str, Argument]:
    try:
        params = tool.get_info()["function"]["parameters"]
    except Exception:  # noqa: BLE001 - a tool whose schema cannot be read declares nothing
        return {}
    props = params.get("properties") if isinstance(params, dict) else None
    if not isinstance(props, dict):
        return {}
    required = set(params.get("required") or ())
    out = {}
    for name, prop in props.items():
        if isinstance(prop, dict):
            kind, enum = _one_type(prop)
            out[name] = Argument(name, kind, enum, name in required)
    return out


@dataclass(frozen=True)
class Declarations:
    arguments: Dict[str, Dict[str, Argument]]
    write_tools: Tuple[str, ...]
    confirm_tools: FrozenSet[str]
    confirm_rules: FrozenSet[str]


def declarations(env: Any, task: Any) -> Declarations:
    """The env's tools as its domain declares them, for ``task`` (its bound rules)."""
    tools = dict(getattr(env, "tools_map", {}) or {})
    reads = set(getattr(env, "read_tools", ()) or ())
    ends = set(getattr(env, "terminate_tools", ()) or ())
    writes = tuple(n for n in tools if n not in reads and n not in ends and not n.startswith(USER_SIDE)
                   and getattr(effects_of(tools[n]), "confirm", True))
    confirm_tools: set = set()
    confirm_rules: set = set()
    rules = env.bound_rules(task) if hasattr(env, "bound_rules") else []
    for rule in rules:
        for node in walk(rule.when):
            kind = kind_of(node)
            if kind.key.startswith("unconfirmed"):
                confirm_rules.add(rule.id)
                confirm_tools.update(kind.tools(node))
    return Declarations({n: tool_arguments(t) for n, t in tools.items()}, writes,
                        frozenset(confirm_tools), frozenset(confirm_rules))
