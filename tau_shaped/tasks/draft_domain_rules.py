"""A domain's rules and tools read as data for ``tau-shaped tasks draft`` (issue 45): the money
events the rules sum and the kinds they count, the identity ids the facts count apart, the
events the rules read one by one, each tool's declared events and enumerated arguments.
"""

from __future__ import annotations

from typing import Any, Dict, Iterator, List, Optional, Set, Tuple

from tau_shaped.env.tool_effects import effects_of


def walk(node: Any) -> Iterator[Dict[str, Any]]:
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from walk(value)
    elif isinstance(node, list):
        for value in node:
            yield from walk(value)


def _rule_nodes(env: Any) -> Iterator[Tuple[Any, Dict[str, Any]]]:
    rules = getattr(env, "policy_rules", None)
    for rule in getattr(rules, "rules", None) or []:
        for node in walk(rule.when):
            yield rule, node


def money_kinds(env: Any) -> Tuple[Set[str], Optional[Set[str]]]:
    """(the event types the domain's rules sum, the kinds they count; None: every kind)."""
    types: Set[str] = set()
    kinds: Set[str] = set()
    for _rule, node in _rule_nodes(env):
        if isinstance(node.get("event_sum"), str):
            types.add(node["event_sum"])
            kind = (node.get("where") or {}).get("kind")
            if isinstance(kind, str):
                kinds.add(kind)
            elif isinstance(kind, dict) and isinstance(kind.get("in"), list):
                kinds.update(k for k in kind["in"] if isinstance(k, str))
    return types, (kinds or None)


def ids_apart(env: Any) -> Set[str]:
    """Identity ids the domain's facts sum apart (``apology``)."""
    rules = getattr(env, "policy_rules", None)
    apart: Set[str] = set()
    for fact in (getattr(rules, "facts", None) or {}).values():
        apart.update(getattr(fact, "except_identities", None) or ())
        apart.update(getattr(fact, "only_identities", None) or ())
    return apart


def events_read(env: Any) -> Set[str]:
    """The event types the domain's rules read one by one (``event``, ``by: {event}``)."""
    return {node["event"] for _rule, node in _rule_nodes(env) if isinstance(node.get("event"), str)}


def declared_events(env: Any) -> Dict[str, Set[str]]:
    """Each tool's declared events (``@effects``), in the domain's tool order."""
    out: Dict[str, Set[str]] = {}
    for name, tool in env.tools_map.items():
        declared = effects_of(tool)
        out[name] = set(declared.events) if declared is not None else set()
    return out


def enum_args(env: Any, name: str) -> Dict[str, List[Any]]:
    """The enumerated arguments of a tool (its JSON schema's ``enum``)."""
    tool = env.tools_map.get(name)
    try:
        props = tool.get_info()["function"]["parameters"]["properties"]
    except (AttributeError, KeyError, TypeError):
        return {}
    return {arg: list(spec["enum"]) for arg, spec in props.items() if isinstance(spec, dict) and isinstance(spec.get("enum"), list)}
